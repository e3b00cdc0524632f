"""The staff workplace for cases, parties, elections and tallies. Computed figures are read-only;
every save goes through the same services as the API (``core.admin_kit.ServiceSaveMixin``): a refusal is
shown on the form and nothing is written. Tallies are added as revisions, never edited in place."""

from __future__ import annotations

from typing import Any, ClassVar, cast

from django import forms
from django.contrib import admin
from django.db.models import QuerySet
from django.http import HttpRequest
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from core.admin_kit import NoDeleteMixin, ServiceSaveMixin, saved_as, saves
from core.admin_local_time import LocalTimeAdmin
from core.api.inputs import InputSerializer, handed, input_names
from core.models import Notification
from elections import services
from elections.api.serializers import (
    AppearanceInputSerializer,
    CaseInputSerializer,
    CasePatchSerializer,
    ElectionInputSerializer,
    ElectionPatchSerializer,
    PartyInputSerializer,
    TallyInputSerializer,
)
from elections.law.tally import MAX_COUNT
from elections.models import Appearance, Case, Counsel, Election, Party, RelatedCase, Tally


class PartyInline(NoDeleteMixin, admin.TabularInline[Party, Case]):
    model = Party
    extra = 0
    fields = ["role", "name", "counsel_of_record", "appearances_link"]
    readonly_fields = ["counsel_of_record", "appearances_link"]

    @admin.display(description="Counsel of record")
    def counsel_of_record(self, party: Party) -> str:
        if not party.pk:
            return "—"
        return "; ".join(f"{c.name}, {c.firm}" if c.firm else c.name for c in party.counsel.all()) or "—"

    @admin.display(description="Appearances")
    def appearances_link(self, party: Party) -> str:
        if not party.pk:
            return "—"
        url = reverse("admin:elections_party_change", args=[party.pk])
        people = ", ".join(f"{a.user.username} ({a.capacity})" for a in party.appearances.all()) or "none"
        return format_html('<a href="{}">{}</a>', url, people)

    def get_queryset(self, request: HttpRequest) -> QuerySet[Party]:
        return super().get_queryset(request).prefetch_related("appearances__user", "counsel")


class ElectionInline(NoDeleteMixin, admin.TabularInline[Election, Case]):
    model = Election
    extra = 0
    # Read-only here: an election is added and changed on its own page, through the election services.
    fields = (
        "sequence",
        "kind",
        "voting_unit",
        "mode",
        "agreement",
        "choices",
        "voting_opens_on",
        "voting_closes_on",
        "count_on",
        "link",
    )
    readonly_fields = fields
    show_change_link = True

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="Tallies")
    def link(self, election: Election) -> str:
        if not election.pk:
            return "—"
        return format_html(
            '<a href="{}">open</a>', reverse("admin:elections_election_change", args=[election.pk])
        )


class RelatedCaseInline(NoDeleteMixin, admin.TabularInline[RelatedCase, Case]):
    model = RelatedCase
    extra = 0

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # added through ``services.related_case_add``; a wrong one stays on the record


def _changes(form: Any, fields: Any) -> dict[str, Any]:
    return {name: form.cleaned_data[name] for name in form.changed_data if name in fields}


def _changed(form: Any, declaration: type[InputSerializer]) -> dict[str, Any]:
    """The fields of a write's input declaration that the form changed: what an update is handed."""
    return handed(declaration, {name: form.cleaned_data[name] for name in form.changed_data})


def _save_party_or_related(request: HttpRequest, form: Any, case: Case) -> None:
    obj = form.instance
    if isinstance(obj, Party):
        if obj.pk is None:
            saved = services.party_create(
                case=case, actor=request.user, **handed(PartyInputSerializer, form.cleaned_data)
            )
        else:
            saved = services.party_update(
                party=obj, actor=request.user, **_changed(form, PartyInputSerializer)
            )
        saved_as(obj, saved)
    elif isinstance(obj, RelatedCase) and obj.pk is None:
        saved_as(
            obj,
            services.related_case_add(
                case=case,
                kind=form.cleaned_data["kind"],
                number=form.cleaned_data["number"],
                court=form.cleaned_data.get("court") or "",
                description=form.cleaned_data.get("description") or "",
                actor=request.user,
            ),
        )


# Registered by the staff app (staff.admin), with the ladder, the docket and the case's history added.
class CaseAdmin(LocalTimeAdmin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["number", "name", "region", "case_type", "rule_set", "status", "petition_filed_on"]
    list_filter = ["region", "case_type", "status", "rule_set"]
    search_fields = ["=number", "number", "name"]
    date_hierarchy = "petition_filed_on"
    readonly_fields = [
        "region",
        "case_type",
        "rule_set",
        "regional_office",
        "office_zone",
        # A case is closed only by the event that ends it (case_update): shown, never typed here.
        "closed_on",
        "closing_reason",
        "created_at",
        "updated_at",
    ]
    inlines = [PartyInline, RelatedCaseInline, ElectionInline]
    list_per_page = 100
    fieldsets = [
        (
            None,
            {
                "fields": [
                    "number",
                    "name",
                    "petition_filed_on",
                    "unit_description",
                    "status",
                    "closed_on",
                    "closing_reason",
                ]
            },
        ),
        ("Derived", {"fields": ["region", "case_type", "regional_office", "office_zone", "rule_set"]}),
        ("Record", {"fields": ["created_at", "updated_at"], "classes": ["collapse"]}),
    ]

    @admin.display(description="Regional office")
    def regional_office(self, case: Case) -> str:
        return case.regional_office

    def save_model(self, request: HttpRequest, obj: Case, form: Any, change: bool) -> None:
        if change:
            saved = services.case_update(case=obj, actor=request.user, **_changed(form, CasePatchSerializer))
        else:
            # The parties come from the inline, each through party_create (save_formset).
            saved = services.case_create(actor=request.user, **handed(CaseInputSerializer, form.cleaned_data))
        saved_as(obj, saved)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        for inline_form in formset.forms:
            if saves(inline_form):
                _save_party_or_related(request, inline_form, form.instance)

    @admin.display(description="Filing cutoff zone")
    def office_zone(self, case: Case) -> str:
        return case.office_zone


class CounselInline(NoDeleteMixin, admin.StackedInline[Counsel, Party]):
    """Counsel of record: who the parties serve. Not users: an appearance is what lets a person in."""

    model = Counsel
    extra = 0
    fields = [("name", "firm"), "address", "phone", "source"]
    readonly_fields = ["source"]


class AppearanceInline(NoDeleteMixin, admin.TabularInline[Appearance, Party]):
    model = Appearance
    extra = 1
    autocomplete_fields = ["user"]
    exclude = ["ended_at"]  # the inline lists current appearances; one ends through appearance_end
    readonly_fields = ["takes_notices"]  # the paralegal's own choice (appearance_set_notices)


@admin.register(Party)
class PartyAdmin(LocalTimeAdmin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["name", "role", "case"]
    list_filter = ["role"]
    search_fields = ["name", "case__number"]
    list_select_related = ["case"]
    inlines = [CounselInline, AppearanceInline]
    autocomplete_fields = ["case"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        return ["case"] if obj is not None else []  # a party belongs to one case

    def save_model(self, request: HttpRequest, obj: Party, form: Any, change: bool) -> None:
        if change:
            saved = services.party_update(
                party=obj, actor=request.user, **_changed(form, PartyInputSerializer)
            )
        else:
            saved = services.party_create(
                case=form.cleaned_data["case"],
                actor=request.user,
                **handed(PartyInputSerializer, form.cleaned_data),
            )
        saved_as(obj, saved)

    def save_formset(self, request: HttpRequest, form: Any, formset: Any, change: bool) -> None:
        for inline_form in formset.forms:
            if not saves(inline_form):
                continue
            if formset.model is Counsel:
                _save_counsel(request, inline_form, party=form.instance)
            else:
                _save_appearance(request, inline_form, party=form.instance)


def _save_counsel(request: HttpRequest, form: Any, *, party: Party) -> None:
    obj = form.instance
    fields = ("name", "firm", "address", "phone")
    if obj.pk is None:
        changes: dict[str, Any] = {name: form.cleaned_data.get(name) or "" for name in fields}
        saved = services.counsel_record(party=party, actor=request.user, **changes)
    else:
        saved = services.counsel_record(
            party=party, counsel=obj, actor=request.user, **_changes(form, fields)
        )
    saved_as(obj, saved)


def _save_appearance(request: HttpRequest, form: Any, *, party: Party | None = None) -> None:
    obj = form.instance
    data = form.cleaned_data
    if obj.pk is None:
        # On a party's page the party is the page's; on the appearance's own page it is the form's.
        given = {**data, "party": party or data["party"]}
        saved = services.appearance_create(actor=request.user, **handed(AppearanceInputSerializer, given))
    else:
        saved = services.appearance_update(
            appearance=obj, actor=request.user, **_changes(form, ("user", "party", "capacity"))
        )
    saved_as(obj, saved)


@admin.register(Appearance)
class AppearanceAdmin(LocalTimeAdmin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["user", "capacity", "party", "case_number", "ended_at"]
    list_filter = ["capacity"]
    search_fields = ["user__username", "party__name", "party__case__number"]
    list_select_related = ["user", "party__case"]
    autocomplete_fields = ["user", "party"]
    # Ended through appearance_end (the API's DELETE), never by hand; the notices a paralegal takes are their
    # own choice (appearance_set_notices, the desk's notices page).
    readonly_fields = ["ended_at", "takes_notices"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Appearance]:
        # Ended appearances too (the default manager hides them): staff look up who appeared, and until when.
        ordering = self.get_ordering(request)
        return Appearance.all_objects.order_by(*ordering) if ordering else Appearance.all_objects.all()

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        if obj is not None and obj.ended_at is not None:
            return False  # an ended appearance is a record, read-only
        return super().has_change_permission(request, obj)

    @admin.display(description="Case", ordering="party__case__number")
    def case_number(self, appearance: Appearance) -> str:
        return appearance.party.case.number

    def save_model(self, request: HttpRequest, obj: Appearance, form: Any, change: bool) -> None:
        _save_appearance(request, form)


class TallyInline(admin.TabularInline[Tally, Election]):
    model = Tally
    extra = 0
    can_delete = False
    fields = (
        "revision",
        "prepared_at",
        "votes",
        "void",
        "challenged",
        "valid_votes_counted",
        "result",
        "challenges_determinative",
    )
    readonly_fields = fields

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # tallies are recorded through "Add tally", which numbers the revision

    @admin.display(description="Votes")
    def votes(self, tally: Tally) -> str:
        return votes_table(tally)

    @admin.display(description="Valid votes")
    def valid_votes_counted(self, tally: Tally) -> int:
        return tally.assessment.valid_votes_counted

    @admin.display(description="Result")
    def result(self, tally: Tally) -> str:
        return str(tally.assessment.result)

    @admin.display(description="Challenges determinative", boolean=True)
    def challenges_determinative(self, tally: Tally) -> bool:
        return tally.assessment.challenges_determinative


@admin.register(Election)
class ElectionAdmin(LocalTimeAdmin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["__str__", "kind", "voting_unit", "mode", "agreement", "count_on", "latest_result"]
    list_filter = ["kind", "mode", "agreement", "case__region"]
    search_fields = ["case__number", "case__name"]
    list_select_related = ["case"]
    inlines = [TallyInline]
    autocomplete_fields = ["case"]
    readonly_fields = ["latest_tally_explanation", "ledger", "ballot"]

    def get_queryset(self, request: HttpRequest) -> QuerySet[Election]:
        return cast(QuerySet[Election], super().get_queryset(request).prefetch_related("tallies"))

    # Kept as created, as the API's edit keeps them (ElectionPatchSerializer): the case, the sequence and the
    # voting unit. The kind of election is staff's to correct until the ballot is tallied.
    KEPT = ["case", "sequence", "voting_unit"]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += self.KEPT
            if obj.tallies.exists():
                fields += ["kind"]  # the ballot locks once it has been tallied ("ballot" shows it)
        return fields

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = [f for f in super().get_fields(request, obj) if f != "ballot"]
        if obj is not None and obj.tallies.exists():
            fields = ["ballot" if f == "choices" else f for f in fields]
        return fields

    @admin.display(description="Choices on the ballot")
    def ballot(self, election: Election) -> str:
        return format_html(
            "<ol class='ballot'>{}</ol>",
            format_html_join("", "<li>{}</li>", ((c,) for c in election.choices)),
        )

    def save_model(self, request: HttpRequest, obj: Election, form: Any, change: bool) -> None:
        if change:
            saved = services.election_update(
                election=obj,
                actor=request.user,
                **_changes(form, {"kind", *input_names(ElectionPatchSerializer)}),
            )
        else:
            # The case is the form's row, where the API names it by number.
            saved = services.election_create(
                actor=request.user, **handed(ElectionInputSerializer, form.cleaned_data)
            )
        saved_as(obj, saved)

    @admin.display(description="Latest result")
    def latest_result(self, election: Election) -> str:
        tally = election.latest_tally
        return str(tally.assessment.result) if tally else "awaiting tally"

    @admin.display(description="Challenged ballots")
    def ledger(self, election: Election) -> str:
        # By URL name: the ledger lives in the challenges app, above this one.
        if not election.pk:
            return "—"
        url = reverse("admin:challenges_electionledger_change", args=[election.pk])
        tally_url = reverse("admin:elections_tally_add") + f"?election={election.pk}"
        return format_html(
            '<a href="{}">The ledger: pending, determinative, open and count</a> · '
            '<a href="{}">Record a tally or a revised tally</a>',
            url,
            tally_url,
        )

    @admin.display(description="Latest tally")
    def latest_tally_explanation(self, election: Election) -> str:
        tally = election.latest_tally
        return tally.assessment.explanation if tally else "No tally yet."


class TallyForm(forms.ModelForm[Tally]):
    """The figures of a new tally or revision: a number per choice on the ballot, against, void and
    challenged. ``services.tally_record`` checks them when saving (``tally_form_for`` adds the per-choice
    fields once the election is known)."""

    choices: ClassVar[list[str]] = []
    refusal_fields: ClassVar[dict[str, str]] = {"votes_for": "votes_for_0"}

    class Meta:
        model = Tally
        fields = ["election", "prepared_at", "votes_against", "void", "challenged"]

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        election = data.get("election")
        if election is not None and list(election.choices) != self.choices:
            # The fields were built for another election (or none): the form is shown again with them.
            raise forms.ValidationError(
                "Give the votes for each choice on this election's ballot in the fields now shown."
            )
        return data

    def votes_for(self) -> dict[str, int]:
        return {choice: self.cleaned_data[f"votes_for_{i}"] for i, choice in enumerate(self.choices)}


def tally_form_for(election: Election | None) -> type[TallyForm]:
    """The tally form with a number field per choice on ``election``'s ballot (none until it is chosen)."""
    choices = list(election.choices) if election is not None else []
    attrs: dict[str, Any] = {"choices": choices}
    for index, choice in enumerate(choices):
        attrs[f"votes_for_{index}"] = forms.IntegerField(
            label=f"Votes for {choice}", min_value=0, max_value=MAX_COUNT
        )
    return type("TallyForm", (TallyForm,), attrs)


def _chosen_election(request: HttpRequest) -> Election | None:
    """The election the add page is for: chosen on the form, or named by the link (``?election=``)."""
    pk = request.POST.get("election") or request.GET.get("election") or ""
    return Election.objects.filter(pk=int(pk)).first() if pk.isdigit() else None


def votes_table(tally: Tally) -> str:
    """A tally's votes as a small table: each choice on the ballot with its votes, then against."""
    rows = [(choice, tally.votes_for.get(choice, 0)) for choice in tally.election.choices]
    rows.append(("Against (no union)", tally.votes_against))
    return format_html(
        "<table class='votes'>{}</table>",
        format_html_join("", "<tr><th scope='row'>{}</th><td>{}</td></tr>", rows),
    )


# Registered by the staff app (staff.admin), with its consequences said.
class TallyAdmin(LocalTimeAdmin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    form = TallyForm
    list_display = ["election", "revision", "prepared_at", "votes_against", "challenged", "result"]
    list_select_related = ["election__case"]
    search_fields = ["election__case__number"]
    autocomplete_fields = ["election"]
    readonly_fields = ["revision", "votes", "explanation"]

    FIGURES = ["votes_against", "void", "challenged"]

    def get_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        if obj is not None:
            return ["election", "revision", "prepared_at", "votes", *self.FIGURES, "explanation"]
        election = _chosen_election(request)
        per_choice = [f"votes_for_{i}" for i in range(len(election.choices))] if election else []
        return ["election", "prepared_at", *per_choice, *self.FIGURES]

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        if obj is None:
            kwargs["form"] = tally_form_for(_chosen_election(request))
        return super().get_form(request, obj, change=change, **kwargs)

    @admin.display(description="Result")
    def result(self, tally: Tally) -> str:
        return str(tally.assessment.result)

    @admin.display(description="Votes")
    def votes(self, tally: Tally) -> str:
        return votes_table(tally) if tally.pk else "—"

    @admin.display(description="Arithmetic")
    def explanation(self, tally: Tally) -> str:
        return tally.assessment.explanation if tally.pk else "—"

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        # A tally is never edited in place: a correction is the next revision ("Add tally").
        return obj is None and super().has_change_permission(request, obj)

    def save_model(self, request: HttpRequest, obj: Tally, form: Any, change: bool) -> None:
        if change:  # pragma: no cover - has_change_permission refuses the change form's POST
            raise PermissionError("tallies are never edited in place")
        # One field per choice on the ballot (votes_for_0, …), gathered into the input's votes_for.
        data = {**form.cleaned_data, "votes_for": form.votes_for()}
        saved = services.tally_record(actor=request.user, **handed(TallyInputSerializer, data))
        saved_as(obj, saved)


@admin.register(Notification)
class NotificationAdmin(LocalTimeAdmin, NoDeleteMixin, admin.ModelAdmin[Notification]):
    list_display = ["subject", "recipient", "case", "created_at", "sent_at", "attempts", "failures"]
    list_filter = ["sent_at", "withheld_at", "failures"]
    search_fields = ["subject", "recipient__username", "key"]
    list_select_related = ["recipient", "case"]
    readonly_fields = [
        "recipient",
        "case",
        "key",
        "subject",
        "body",
        "renderer",
        "reference",
        "created_at",
        "sent_at",
        "withheld_at",
        "withheld_reason",
        "attempts",
        "failures",
        "last_error",
        "next_attempt_at",
        "handing_over_since",
        "idempotency_key",
    ]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # the delivery worker's record: a Save here would rewrite what it updates


admin.site.site_header = "nlrb-tracker — staff"
admin.site.site_title = "nlrb-tracker"
admin.site.index_title = "Representation cases after the ballots are cast"
