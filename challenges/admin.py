"""The staff workplace for the challenged-ballot ledger.

The list filters by case, region, election, status, ground and challenger, searches by voter name and
identifier, and shows each election's live state (pending, to open, determinative or not) at a constant
number of queries per page. Actions resolve a batch through an intermediate form and mark the rest moot;
an import page takes a CSV file. Every change goes through ``challenges.services``; history is shown by
django-simple-history; nothing is deleted.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.admin.views.main import ChangeList
from django.contrib.admin.widgets import AdminDateWidget, AdminTimeWidget
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from challenges import csv_import, selectors, services
from challenges.api.serializers import ChallengeInputSerializer, OpenAndCountInputSerializer
from challenges.models import BOARD_AGENT, LEVEL_CHOICES, Challenge, ElectionLedger
from challenges.validation import (
    JOB_CLASSIFICATION_MAX,
    VOTER_IDENTIFIER_MAX,
    VOTER_NAME_MAX,
    FieldProblem,
    clean_text,
    duplicate_column,
)
from core import admin_kit, clock
from core.admin_kit import (
    ActionPage,
    InputFilter,
    NoDeleteMixin,
    ServiceActionMixin,
    ServiceSaveMixin,
    saved_as,
)
from core.admin_local_time import LocalTimeAdmin
from core.api.inputs import handed
from core.errors import TransitionNotAllowed
from elections.law import case_numbers, levels
from elections.law.local_time import in_zone
from elections.law.regions import REGIONS, RETIRED_REGIONS, RetiredRegion
from elections.models import Case, Election, Party, Tally

# --- filters ------------------------------------------------------------------------------------------


CaseNumberFilter = admin_kit.CaseNumberFilter.at("election__case__number", case_numbers.normalize_typed)


class ElectionIdFilter(InputFilter):
    title = "election id"
    parameter_name = "election"
    placeholder = "id"

    def queryset(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> QuerySet[Challenge]:
        value = (self.value() or "").strip()
        if not value:
            return queryset
        if not value.isdigit() or len(value) > 18:
            return queryset.none()
        return queryset.filter(election_id=int(value))


class RegionFilter(admin.SimpleListFilter):
    title = "region"
    parameter_name = "region"
    case_path = "election__case"  # from the listed model to its case

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        """Every active Region, and each retired one (merged, 2012–2013) that has cases here: an imported
        case keeps its old number (``elections.law.regions.RETIRED_REGIONS``)."""
        active = [(n, f"{n} — {r.office}") for n, r in REGIONS.items()]
        held = (
            Case.objects.filter(region__in=list(RETIRED_REGIONS)).values_list("region", flat=True).distinct()
        )
        retired = [(n, _retired_label(RETIRED_REGIONS[n])) for n in set(held)]
        return [(str(n), label) for n, label in sorted(active + retired)]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> QuerySet[Challenge]:
        value = self.value()
        if value and value.isdigit():
            return queryset.filter(**{f"{self.case_path}__region": int(value)})
        return queryset


def _retired_label(region: RetiredRegion) -> str:
    merged = f", merged into {region.successor}" if region.successor is not None else ", retired"
    return f"{region.number} — {region.office}{merged}"


class ElectionRegionFilter(RegionFilter):
    case_path = "case"


class ChallengerFilter(admin.SimpleListFilter):
    """The Board agent, a party role in any case, or — once a case is chosen — each party of it."""

    title = "challenger"
    parameter_name = "challenger"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        options = [(BOARD_AGENT, "Board agent")]
        options += [(f"role:{code}", f"any {label.lower()}") for code, label in Party.Role.choices]
        normalized = CaseNumberFilter.number(request.GET.get(CaseNumberFilter.parameter_name, ""))
        if normalized is not None:
            parties = Party.objects.filter(case__number=normalized).order_by("pk")
            options += [(f"party:{p.pk}", p.name) for p in parties]
        return options

    def queryset(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> QuerySet[Challenge]:
        value = self.value() or ""
        if value == BOARD_AGENT:
            return queryset.filter(challenged_by__isnull=True)
        kind, _, rest = value.partition(":")
        if kind == "role" and rest in Party.Role.values:
            return queryset.filter(challenged_by__role=rest)
        if kind == "party" and rest.isdigit() and len(rest) <= 18:
            return queryset.filter(challenged_by_id=int(rest))
        return queryset


# --- forms --------------------------------------------------------------------------------------------


class ChallengeAdminForm(forms.ModelForm[Challenge]):
    """Adding logs through the service; editing corrects the voter's particulars. Both check the
    one-live-challenge-per-voter rule here, so that a clash is a form error, not a crash."""

    class Meta:
        model = Challenge
        fields = [
            "election",
            "challenged_by",
            "voter_name",
            "voter_identifier",
            "job_classification",
            "ground",
            "reason",
        ]
        help_texts = {"challenged_by": "Leave empty for a challenge by the Board agent."}

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        election: Election | None = data.get("election") or getattr(self.instance, "election", None)
        try:
            for name, limit in [
                ("voter_name", VOTER_NAME_MAX),
                ("voter_identifier", VOTER_IDENTIFIER_MAX),
                ("job_classification", JOB_CLASSIFICATION_MAX),
            ]:
                if name in data:
                    data[name] = clean_text(
                        name, data[name] or "", max_length=limit, required=name == "voter_name"
                    )
        except FieldProblem as problem:
            self.add_error(problem.field if problem.field in self.fields else None, problem.message)
            return data
        party = data.get("challenged_by")
        if election is not None and party is not None and party.case_id != election.case_id:
            self.add_error("challenged_by", f"{party.name} is not a party to {election.case.number}.")
        if election is not None and data.get("voter_name"):
            key = Challenge.key_for(
                voter_name=data["voter_name"], voter_identifier=data.get("voter_identifier", "")
            )
            clash = (
                Challenge.objects.live().filter(election=election, voter_key=key).exclude(pk=self.instance.pk)
            )
            other = clash.first()
            if other is not None:
                column = duplicate_column(data.get("voter_identifier", ""))
                self.add_error(
                    column, f"This voter already has a live challenge in this election ({other.pk})."
                )
        return data


class ResolveForm(forms.Form):
    outcome = forms.ChoiceField(
        choices=[(Challenge.Status.SUSTAINED, "Sustained"), (Challenge.Status.OVERRULED, "Overruled")]
    )
    method = forms.ChoiceField(choices=Challenge.Method.choices)
    decided_on = forms.DateField(help_text="YYYY-MM-DD; not in the future")
    level = forms.ChoiceField(choices=[("", "—"), *LEVEL_CHOICES], required=False)
    basis = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 80}),
        required=False,
        max_length=5000,
        help_text="Why: the finding, the agreement of the parties, or the order's reasoning (kept on each "
        "challenge).",
    )


class ImportForm(forms.Form):
    election = forms.IntegerField(min_value=1, max_value=2**62, help_text="The election's id")
    file = forms.FileField(
        help_text="CSV (UTF-8) with a header row: voter_name, voter_identifier, job_classification, "
        "challenged_by (party id, exact party name or board_agent), ground, reason"
    )


def _mark_moot(
    model_admin: admin.ModelAdmin[Any], request: HttpRequest, elections: Iterable[Election]
) -> None:
    """Mark each election's pending challenges moot, or say why not (the admin actions' shared step)."""
    for election in elections:
        try:
            result = services.challenges_mark_moot(election=election, actor=request.user)
        except TransitionNotAllowed as exc:
            model_admin.message_user(request, f"{election}: {exc.detail}", messages.WARNING)
        else:
            model_admin.message_user(
                request,
                f"{election}: {len(result.challenges)} pending challenges marked moot "
                f"(not determinative against tally revision {result.tally.revision}).",
                messages.SUCCESS,
            )


# --- the admin ----------------------------------------------------------------------------------------


DISPOSITION_FIELDS = (
    "status",
    "resolution_method",
    "resolved_on",
    "resolved_level",
    "resolution_basis",
    "awaiting_count",
    "counted_in",
    "ledger",
)
RECORD_FIELDS = ("logged_by", "logged_at", "updated_at")


# Registered by the staff app (staff.admin), with its consequences said.
class ChallengeAdmin(LocalTimeAdmin, ServiceActionMixin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    form = ChallengeAdminForm
    list_display = [
        "voter_name",
        "voter_identifier",
        "case_number",
        "election_sequence",
        "challenger",
        "ground",
        "status",
        "resolved_on",
        "ledger",
    ]
    list_filter = [
        CaseNumberFilter,
        RegionFilter,
        ElectionIdFilter,
        "status",
        "ground",
        ChallengerFilter,
        "synthetic",
    ]
    search_fields = ["voter_name", "=voter_identifier", "=election__case__number"]
    list_select_related = ["election__case", "challenged_by"]
    list_per_page = 100
    show_full_result_count = False  # a second COUNT over a million rows buys nothing
    autocomplete_fields = ["election", "challenged_by"]
    actions = ["resolve_selected", "mark_pending_moot"]
    # The disposition and the record are the services' to write: shown, never edited here.
    readonly_fields = (*DISPOSITION_FIELDS, *RECORD_FIELDS, "synthetic")
    fieldsets = [
        (None, {"fields": ["election", "challenged_by", "ground", "reason"]}),
        ("Voter", {"fields": ["voter_name", "voter_identifier", "job_classification", "synthetic"]}),
        ("Disposition", {"fields": DISPOSITION_FIELDS}),
        ("Record", {"fields": RECORD_FIELDS, "classes": ["collapse"]}),
    ]

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> Any:
        fields = list(super().get_readonly_fields(request, obj))
        if obj is not None:
            fields += ["election", "challenged_by"]  # withdraw and log anew to change who challenged
        return fields

    def get_changelist_instance(self, request: HttpRequest) -> ChangeList:
        """Attach each row's election ledger state, fetched for the whole page in two queries."""
        changelist = super().get_changelist_instance(request)
        rows = list(changelist.result_list)
        states = selectors.ledger_states({c.election_id for c in rows})
        for challenge in rows:
            challenge._ledger_state = states.get(challenge.election_id)
        return changelist

    @admin.display(description="Case", ordering="election__case__number")
    def case_number(self, challenge: Challenge) -> str:
        return challenge.election.case.number

    @admin.display(description="Election", ordering="election__sequence")
    def election_sequence(self, challenge: Challenge) -> int:
        return challenge.election.sequence

    @admin.display(description="Challenged by", ordering="challenged_by__name")
    def challenger(self, challenge: Challenge) -> str:
        return challenge.challenger_name

    @admin.display(description="Election's challenges now")
    def ledger(self, challenge: Challenge) -> str:
        state = getattr(challenge, "_ledger_state", None)
        if state is None:
            if challenge.pk is None:
                return "—"
            state = selectors.ledger_state(challenge.election)
        return str(state.summary())

    def save_model(self, request: HttpRequest, obj: Challenge, form: Any, change: bool) -> None:
        if change:
            changes = {k: form.cleaned_data[k] for k in form.changed_data if k in services.CORRECTABLE}
            saved = services.challenge_correct(challenge_id=obj.pk, actor=request.user, **changes)
            saved_as(obj, saved)
            return
        # The form names a party row (none: the Board agent); the input names it by id, as the API does.
        challenger = obj.challenged_by_id if obj.challenged_by_id is not None else BOARD_AGENT
        saved = services.challenge_log(
            election=obj.election,
            actor=request.user,
            **handed(ChallengeInputSerializer, {**form.cleaned_data, "challenged_by": challenger}),
        )
        obj.pk, obj.voter_key, obj.logged_at = saved.pk, saved.voter_key, saved.logged_at

    # --- actions ---

    @admin.action(description="Resolve selected challenges…")
    def resolve_selected(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> HttpResponse | None:
        # Today in the regional office's zone: the service refuses a decision dated after that day, and in the
        # evening (Central time) UTC's date is already tomorrow.
        first = queryset.select_related("election__case").first()
        today = clock.today(first.election.case.office_zone if first else "UTC")
        form = ResolveForm(self.applied(request), initial={"decided_on": today})

        def resolve(data: dict[str, Any]) -> services.BatchResult:
            # The form's fields are the service's (tests/test_write_inputs.py holds them equal).
            return services.challenges_resolve(
                challenge_ids=list(queryset.values_list("pk", flat=True)), actor=request.user, **data
            )

        def resolved(result: services.BatchResult) -> None:
            outcome, level = form.cleaned_data["outcome"], form.cleaned_data["level"]
            if levels.is_recommendation(level):
                self.message_user(
                    request,
                    f"{len(result.resolved)} recommendations to {services.RECOMMENDED[outcome]} recorded; "
                    "the challenges stay pending until the Regional Director rules.",
                    messages.SUCCESS,
                )
            else:
                self.message_user(request, f"{len(result.resolved)} challenges {outcome}.", messages.SUCCESS)
            if result.skipped:
                listed = ", ".join(f"{c.voter_name} ({c.status})" for c in result.skipped[:20])
                more = f" and {len(result.skipped) - 20} more" if len(result.skipped) > 20 else ""
                self.message_user(
                    request,
                    f"{len(result.skipped)} skipped, no longer pending: {listed}{more}.",
                    messages.WARNING,
                )

        return self.service_form(
            request,
            form,
            resolve,
            resolved,
            ActionPage(
                title="Resolve selected challenges",
                submit_label="Resolve",
                template="admin/challenges/challenge/resolve.html",
            ),
            action="resolve_selected",
            context=lambda: {
                "challenges": list(queryset.select_related("election__case", "challenged_by")[:100]),
                "total": queryset.count(),
                "pending": queryset.filter(status=Challenge.Status.PENDING).count(),
            },
        )

    @admin.action(description="Mark pending as moot (elections of the selected challenges)")
    def mark_pending_moot(self, request: HttpRequest, queryset: QuerySet[Challenge]) -> None:
        election_ids = sorted(set(queryset.values_list("election_id", flat=True)))
        _mark_moot(self, request, Election.objects.filter(pk__in=election_ids).select_related("case"))

    # --- import ---

    def get_urls(self) -> list[URLPattern]:
        extra = [
            path(
                "import/",
                self.admin_site.admin_view(self.import_view),
                name="challenges_challenge_import",
            )
        ]
        return extra + super().get_urls()

    def import_view(self, request: HttpRequest) -> HttpResponse:
        if not self.has_add_permission(request):
            raise PermissionDenied
        errors: list[str] = []
        if request.method == "POST":
            form = ImportForm(request.POST, request.FILES)
            if form.is_valid():
                election = Election.objects.filter(pk=form.cleaned_data["election"]).first()
                upload = form.cleaned_data["file"]
                if election is None:
                    form.add_error("election", "No election with this id.")
                else:
                    try:
                        csv_import.check_size(upload.size)
                        result = services.challenges_import(
                            election=election, data=upload.read(), actor=request.user
                        )
                    except (csv_import.CsvRejected, services.ImportRejected) as exc:
                        errors = exc.errors
                    else:
                        self.message_user(
                            request, f"{result.count} challenges imported into {election}.", messages.SUCCESS
                        )
                        url = reverse("admin:challenges_challenge_changelist")
                        return HttpResponseRedirect(f"{url}?election={election.pk}")
        else:
            form = ImportForm(initial={"election": request.GET.get("election", "")})
        return self.action_page(
            request,
            form,
            ActionPage(
                title="Import challenged ballots",
                submit_label="Import",
                template="admin/challenges/challenge/import.html",
            ),
            context=lambda: {
                "errors": errors,
                "max_mb": csv_import.MAX_FILE_BYTES // 1_048_576,
                "max_rows": csv_import.MAX_ROWS,
            },
        )


# --- the ledger of each election ------------------------------------------------------------------------


class OpenAndCountForm(forms.Form):
    """The votes found in the opened ballots — one field per union on this election's ballot — and when the
    revised tally was prepared: the objections period it opens runs from that moment (29 CFR 102.69(e))."""

    votes_against = forms.IntegerField(min_value=0, max_value=services.MAX_COUNT)
    void = forms.IntegerField(min_value=0, max_value=services.MAX_COUNT, initial=0)
    prepared_on = forms.DateField(widget=AdminDateWidget, label="Revised tally prepared on")
    prepared_time = forms.TimeField(widget=AdminTimeWidget, label="at")

    def __init__(self, *args: Any, unions: list[str], zone: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.unions, self.zone = unions, zone
        for index, union in enumerate(unions):
            self.fields[f"votes_for_{index}"] = forms.IntegerField(
                label=f"Votes for {union}", min_value=0, max_value=services.MAX_COUNT
            )
        now = in_zone(clock.now(), zone)
        self.fields["prepared_on"].initial = now.date()
        self.fields["prepared_time"].initial = now.time().replace(second=0, microsecond=0)
        self.fields["prepared_time"].help_text = (
            f"Local time of the regional office ({zone}). The objections period to the revised tally runs "
            "from this moment (29 CFR 102.69(e))."
        )
        self.order_fields(
            [f"votes_for_{i}" for i in range(len(unions))]
            + ["votes_against", "void", "prepared_on", "prepared_time"]
        )

    def votes_for(self) -> dict[str, int]:
        return {union: self.cleaned_data[f"votes_for_{i}"] for i, union in enumerate(self.unions)}

    def prepared_at(self) -> datetime:
        data = self.cleaned_data
        return datetime.combine(data["prepared_on"], data["prepared_time"], tzinfo=ZoneInfo(self.zone))


# The service names the figures of the revised tally; the form has a field per union for ``votes_for``.
OPEN_AND_COUNT_FIELDS = {"prepared_at": "prepared_on", "votes_for": "votes_for_0"}


# Registered by the staff app (staff.admin), with its consequences said.
class ElectionLedgerAdmin(
    LocalTimeAdmin, ServiceActionMixin, NoDeleteMixin, admin.ModelAdmin[ElectionLedger]
):
    """Each election with its challenges now: pending, released and waiting to be opened, and whether
    they can still change the latest tally — with the two steps that follow: open and count, or moot."""

    list_display = ["__str__", "latest_revision", "pending", "to_open", "determinative", "challenges_link"]
    list_filter = [ElectionRegionFilter, "kind", "mode"]
    search_fields = ["=case__number", "case__name"]
    list_select_related = ["case"]
    list_per_page = 100
    actions = ["open_and_count", "mark_pending_moot"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_active and request.user.is_staff)

    def get_changelist_instance(self, request: HttpRequest) -> ChangeList:
        changelist = super().get_changelist_instance(request)
        rows = list(changelist.result_list)
        states = selectors.ledger_states(e.pk for e in rows)
        for election in rows:
            election._ledger_state = states[election.pk]
        return changelist

    def _state(self, election: Election) -> selectors.LedgerState:
        state = getattr(election, "_ledger_state", None)
        return state if state is not None else selectors.ledger_state(election)

    @admin.display(description="Latest tally")
    def latest_revision(self, election: Election) -> str:
        tally = self._state(election).latest_tally
        return "none yet" if tally is None else f"revision {tally.revision} ({tally.challenged} challenged)"

    @admin.display(description="Pending")
    def pending(self, election: Election) -> int:
        return self._state(election).pending

    @admin.display(description="To open and count")
    def to_open(self, election: Election) -> int:
        return self._state(election).awaiting_count

    @admin.display(description="Still determinative", boolean=True)
    def determinative(self, election: Election) -> bool | None:
        return self._state(election).determinative

    @admin.display(description="Challenges")
    def challenges_link(self, election: Election) -> str:
        url = reverse("admin:challenges_challenge_changelist")
        return format_html('<a href="{}?election={}">ledger</a>', url, election.pk)

    @admin.action(description="Mark pending challenges moot")
    def mark_pending_moot(self, request: HttpRequest, queryset: QuerySet[ElectionLedger]) -> None:
        _mark_moot(self, request, queryset.select_related("case"))

    @admin.action(description="Open and count the released ballots…")
    def open_and_count(self, request: HttpRequest, queryset: QuerySet[ElectionLedger]) -> HttpResponse | None:
        elections = list(queryset.select_related("case")[:2])
        if len(elections) != 1:
            self.message_user(request, "Select one election to open and count.", messages.WARNING)
            return None
        return self._open_and_count(request, elections[0], action="open_and_count")

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        """The page of one election's ledger: where its challenged ballots stand, and the form that opens
        and counts the released ones (the list's action, on the page the election links to)."""
        election = self.get_object(request, unquote(object_id))
        if election is None:
            raise Http404(f"No election {object_id}.")
        if request.method == "POST" and not request.user.has_perm("challenges.change_challenge"):
            raise PermissionDenied
        page = self._open_and_count(request, election, action="")
        return page if page is not None else HttpResponseRedirect(request.path)

    def _open_and_count(
        self, request: HttpRequest, election: Election, *, action: str
    ) -> HttpResponse | None:
        zone = election.case.office_zone
        form = OpenAndCountForm(self.applied(request), unions=list(election.choices), zone=zone)

        def count(data: dict[str, Any]) -> Tally | None:
            try:
                # One field per choice on the ballot, and a day and a time: the input's votes and moment.
                shaped = {**data, "votes_for": form.votes_for(), "prepared_at": form.prepared_at()}
                return services.challenges_open_and_count(
                    election=election, actor=request.user, **handed(OpenAndCountInputSerializer, shaped)
                )
            except TransitionNotAllowed as exc:  # nothing to open (or the ledger is off): back to the list
                self.message_user(request, exc.detail, messages.WARNING)
                return None

        def counted(tally: Tally | None) -> None:
            if tally is not None:
                self.message_user(
                    request,
                    f"{election}: revised tally {tally.revision} recorded. {tally.assessment.explanation}",
                    messages.SUCCESS,
                )

        state = selectors.ledger_state(election)
        return self.service_form(
            request,
            form,
            count,
            counted,
            ActionPage(
                title=f"The ledger of {election}" if not action else f"Open and count — {election}",
                submit_label="Record the revised tally",
                template="admin/challenges/electionledger/open_and_count.html",
            ),
            fields=OPEN_AND_COUNT_FIELDS,
            action=action,
            context=lambda: {
                "state": state,
                "election": election,
                "challenges_url": reverse("admin:challenges_challenge_changelist")
                + f"?election={election.pk}",
                "election_url": reverse("admin:elections_election_change", args=[election.pk]),
            },
        )
