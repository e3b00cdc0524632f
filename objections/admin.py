"""The staff workplace for objections and rulings.

Everything that changes an objection's standing goes through ``objections.services`` — filing (or recording a
late filing), a report's rulings on many objections at once, the extension of an offer of proof, withdrawal
— through forms that show the service's refusal next to the field it names. Computed fields (due time,
timeliness, status) are read-only; only the category and the statement can be corrected in place, and the
history shows who did it. Nothing is deleted.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.utils import unquote
from django.contrib.admin.widgets import (
    AdminDateWidget,
    AdminTimeWidget,
    AutocompleteSelect,
    AutocompleteSelectMultiple,
)
from django.core.exceptions import PermissionDenied
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.urls import URLPattern, path, reverse
from django.utils.html import format_html
from simple_history.admin import SimpleHistoryAdmin

from core import admin_kit
from core.admin_kit import ActionPage, NoDeleteMixin, ServiceActionMixin, ServiceSaveMixin, saved_as
from core.admin_local_time import LocalTimeAdmin
from core.api.inputs import handed
from core.errors import TransitionNotAllowed
from elections.law import case_numbers
from elections.law.local_time import local_time
from elections.law.service import METHOD_LABELS
from elections.models import Election, Party
from objections import selectors, services
from objections.api.serializers import (
    ObjectionInputSerializer,
    ObjectionRulingInputSerializer,
    ObjectionWithdrawInputSerializer,
    OfferOfProofExtendInputSerializer,
)
from objections.law import rulings as rules
from objections.law.deadlines import CONDUCT
from objections.models import LEVEL_CHOICES, MAX_NUMBER, MAX_STATEMENT, OBJECTS_TO_CHOICES, Objection, Ruling

MAX_BATCH = 500
DISPOSITION_CHOICES = [(d, rules.DISPOSITION_LABELS[d]) for d in rules.ALL_DISPOSITIONS]


def _zoned(day: date, at: time | None, zone: str) -> datetime:
    return datetime.combine(day, at or time(12, 0), tzinfo=ZoneInfo(zone))


def _zone_of(objection: Objection) -> str:
    return objection.election.case.office_zone


# --- list filters -------------------------------------------------------------------------------------


CaseNumberFilter = admin_kit.CaseNumberFilter.at("election__case__number", case_numbers.normalize_typed)


class FilingPartyFilter(admin.SimpleListFilter):
    """The parties of the case chosen in the case filter (hidden until a case is chosen)."""

    title = "filing party"
    parameter_name = "filed_by"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        normalized = CaseNumberFilter.number(request.GET.get(CaseNumberFilter.parameter_name, ""))
        if normalized is None:
            return []
        parties = Party.objects.filter(case__number=normalized).order_by("id")
        return [(str(p.pk), f"{p.name} ({p.get_role_display()})") for p in parties]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Objection]) -> QuerySet[Objection]:
        value = self.value()
        if value and value.isdigit() and len(value) < 18:
            return queryset.filter(filed_by_id=int(value))
        return queryset


# --- inlines --------------------------------------------------------------------------------------------


class RulingInline(admin.TabularInline[Ruling, Objection]):
    model = Ruling
    extra = 0
    can_delete = False
    fields = ("decided_on", "level", "disposition", "note", "recorded_by")
    readonly_fields = fields
    verbose_name_plural = "Rulings (recorded with the “Record rulings” button above)"

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def get_queryset(self, request: HttpRequest) -> QuerySet[Ruling]:
        return super().get_queryset(request).select_related("recorded_by").order_by("decided_on", "id")


# --- forms ----------------------------------------------------------------------------------------------


class FilingForm(forms.Form):
    """File or record an objection; times are the regional office's local time."""

    election = forms.ModelChoiceField(
        queryset=Election.objects.select_related("case"),
        widget=AutocompleteSelect(Objection._meta.get_field("election"), admin.site),
    )
    filed_by = forms.ModelChoiceField(
        queryset=Party.objects.select_related("case"),
        widget=AutocompleteSelect(Objection._meta.get_field("filed_by"), admin.site),
        label="Filing party",
    )
    number = forms.IntegerField(
        min_value=1,
        max_value=MAX_NUMBER,
        required=False,
        help_text="Leave blank for the party's next number.",
    )
    category = forms.ChoiceField(choices=Objection.Category.choices)
    objects_to = forms.TypedChoiceField(
        choices=OBJECTS_TO_CHOICES,
        initial=CONDUCT,
        required=False,
        empty_value=CONDUCT,
        label="Objects to",
        help_text="Conduct objections are due with the tally of ballots' period (102.69(a)(8)); only an "
        "objection to a revised tally itself answers that tally's period (102.69(e)).",
    )
    statement = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 5, "cols": 80}), max_length=MAX_STATEMENT
    )
    filed_on = forms.DateField(widget=AdminDateWidget, label="Filed on")
    filed_time = forms.TimeField(
        widget=AdminTimeWidget, label="at", help_text="Local time of the regional office."
    )
    offer_filed_on = forms.DateField(widget=AdminDateWidget, required=False, label="Offer of proof filed on")
    offer_filed_time = forms.TimeField(widget=AdminTimeWidget, required=False, label="at")
    # Service as the filing shows it (29 CFR 102.69(a)(8)): objections served on no one are recorded and
    # marked "not served", as at the counsel desk and in the API.
    served_on = forms.ModelMultipleChoiceField(
        queryset=Party.objects.select_related("case"),
        widget=AutocompleteSelectMultiple(Objection._meta.get_field("served_on"), admin.site),
        required=False,
        label="Served on",
        help_text="The other parties the objections were served on (each a party of the case).",
    )
    service_method = forms.ChoiceField(
        label="Served by", choices=[("", "—"), *METHOD_LABELS.items()], required=False
    )
    certificate_of_service = forms.BooleanField(
        label="A certificate of service was filed with the objections", required=False
    )
    confirmation_number = forms.CharField(
        label="E-filing confirmation number", max_length=services.MAX_CONFIRMATION, required=False
    )


class ReportRulingsForm(forms.Form):
    """One report (a hearing officer's, an ALJ's, the RD's…) ruling on many objections at once."""

    level = forms.ChoiceField(choices=LEVEL_CHOICES)
    decided_on = forms.DateField(widget=AdminDateWidget, label="Date of the report")
    note = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 2, "cols": 80}),
        required=False,
        max_length=5000,
        help_text="Recorded on every ruling of the report (e.g. the report's title or pages).",
    )
    default_disposition = forms.ChoiceField(
        choices=[("", "— none: objections left blank get no ruling —"), *DISPOSITION_CHOICES],
        required=False,
        label="Every objection left blank",
        help_text="E.g. “recommend overrule” to overrule the rest.",
    )

    def __init__(self, *args: Any, objections: Sequence[Objection], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.objections = list(objections)
        for objection in self.objections:
            self.fields[f"disposition_{objection.pk}"] = forms.ChoiceField(
                choices=[("", "— as above —"), *DISPOSITION_CHOICES],
                required=False,
                label=f"{objection.filed_by.name} objection {objection.number}",
                help_text=format_html(
                    "{} · now {} · {}",
                    objection.get_category_display(),
                    objection.get_status_display().lower(),
                    objection.statement[:200],
                ),
            )

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        level = cleaned.get("level")
        if not level:
            return cleaned
        allowed = rules.allowed_dispositions(level)
        message = f"Not a disposition of {rules.LEVEL_LABELS[level]}; allowed: {rules.allowed_text(level)}."
        default = cleaned.get("default_disposition") or ""
        if default and default not in allowed:
            self.add_error("default_disposition", message)
        pairs = []
        for objection in self.objections:
            name = f"disposition_{objection.pk}"
            chosen = cleaned.get(name) or default
            if not chosen:
                continue
            if chosen not in allowed:
                if cleaned.get(name):
                    self.add_error(name, message)
                continue
            pairs.append((objection, chosen))
        if not pairs and not self.errors:
            raise forms.ValidationError("Give a disposition for at least one objection.")
        cleaned["pairs"] = pairs
        return cleaned


class ExtendOfferForm(forms.Form):
    until_on = forms.DateField(widget=AdminDateWidget, label="Offer of proof now due on")
    until_time = forms.TimeField(
        widget=AdminTimeWidget,
        initial=time(23, 59),
        label="at",
        help_text="Local time of the regional office (11:59 p.m. is the e-filing cutoff, 29 CFR 102.2(b)).",
    )
    reason = forms.CharField(
        widget=forms.Textarea(attrs={"rows": 3, "cols": 80}),
        max_length=2000,
        help_text="The good cause the Regional Director found (29 CFR 102.69(a)(8)). The objections "
        "themselves are never extended.",
    )


class WithdrawForm(forms.Form):
    withdrawn_on = forms.DateField(widget=AdminDateWidget, required=False, help_text="Blank: now.")
    withdrawn_time = forms.TimeField(
        widget=AdminTimeWidget, required=False, label="at", help_text="Local time of the regional office."
    )


# --- objections -----------------------------------------------------------------------------------------


# Registered by the staff app (staff.admin), with its consequences said.
class ObjectionAdmin(LocalTimeAdmin, ServiceActionMixin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = [
        "__str__",
        "case_number",
        "election_sequence",
        "category",
        "status",
        "timely",
        "rule_verified",
        "filed_at",
        "due",
        "offer_of_proof_due_at",
    ]
    list_filter: Sequence[Any] = [
        CaseNumberFilter,
        FilingPartyFilter,
        ("filed_by__role", admin.ChoicesFieldListFilter),
        "category",
        "status",
        "timely",
        # Whether the rule is verified follows from the rule set (``due_explanation`` says which figure): the
        # rule-set filter is that filter.
        "election__case__rule_set",
    ]
    search_fields = ["statement", "election__case__number", "filed_by__name"]
    list_select_related = ["election__case", "filed_by", "answers_tally"]
    list_per_page = 100
    ordering = ["election__case__number", "election__sequence", "filed_by_id", "number"]
    inlines = [RulingInline]
    actions = [
        "record_report_rulings",
        "extend_offer_of_proof",
        "record_withdrawal",
        "confirm_filing_time",
        "record_filing_as_late",
    ]
    fieldsets = [
        (None, {"fields": ["election", "filed_by", "number", "category", "statement"]}),
        (
            "Deadline (29 CFR 102.69(a)(8), 102.2)",
            {
                "fields": [
                    "filed_at",
                    "received_at",
                    "filing_confirmed",
                    "answers_tally",
                    "due",
                    "timely",
                    "rule_verified",
                    "due_explanation",
                ]
            },
        ),
        (
            "Offer of proof",
            {
                "fields": [
                    "offer_of_proof_filed_at",
                    "offer_of_proof_due_at",
                    "offer_of_proof_extended_until",
                    "offer_of_proof_extension_reason",
                ]
            },
        ),
        (
            "Service (29 CFR 102.69(a)(8))",
            {
                "fields": [
                    "served_on",
                    "service_method",
                    "certificate_of_service",
                    "confirmation_number",
                    "service_flag",
                ]
            },
        ),
        ("Standing", {"fields": ["status", "status_explanation", "withdrawn_at"]}),
        ("Record", {"fields": ["recorded_by", "created_at", "updated_at"], "classes": ["collapse"]}),
    ]
    readonly_fields = [
        "election",
        "filed_by",
        "number",
        "filed_at",
        "received_at",
        "filing_confirmed",
        "answers_tally",
        "objects_to",
        "due",
        "timely",
        "rule_verified",
        "due_explanation",
        "offer_of_proof_filed_at",
        "offer_of_proof_due_at",
        "offer_of_proof_extended_until",
        "offer_of_proof_extension_reason",
        "status",
        "status_explanation",
        "withdrawn_at",
        "served_on",
        "service_method",
        "certificate_of_service",
        "confirmation_number",
        "service_flag",
        "recorded_by",
        "created_at",
        "updated_at",
    ]

    @admin.display(description="Service")
    def service_flag(self, objection: Objection) -> str:
        return objection.service_flag or "Served on every other party, with a certificate of service"

    @admin.display(description="Case", ordering="election__case__number")
    def case_number(self, objection: Objection) -> str:
        return objection.election.case.number

    @admin.display(description="Election", ordering="election__sequence")
    def election_sequence(self, objection: Objection) -> int:
        return objection.election.sequence

    # The due date is the law's computation over the tally the filing answers (``Objection.deadline``); within
    # a case it runs in the order of the tallies, so the column sorts by them.
    @admin.display(description="Due at", ordering="answers_tally__prepared_at")
    def due(self, objection: Objection) -> str:
        if objection.due_at is None:
            return "No deadline computed"
        return local_time(objection.due_at, objection.deadline.zone)

    @admin.display(description="Verified", boolean=True)
    def rule_verified(self, objection: Objection) -> bool:
        return objection.verified

    @admin.display(description="Why this status")
    def status_explanation(self, objection: Objection) -> str:
        return selectors.status_derivation(objection).explanation

    def save_model(self, request: HttpRequest, obj: Objection, form: Any, change: bool) -> None:
        # Only corrections of the category and statement reach here; filing goes through ``add_view``.
        changes = {k: form.cleaned_data[k] for k in form.changed_data if k in ("category", "statement")}
        saved = services.objection_correct(objection=obj, actor=request.user, **changes)
        saved_as(obj, saved)

    # --- filing ---------------------------------------------------------------------------------------

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """File or record an objection through ``services.objection_file`` (late filings are flagged)."""

        def file(data: dict[str, Any]) -> Objection:
            zone = data["election"].case.office_zone
            offer = None
            if data.get("offer_filed_on"):
                offer = _zoned(data["offer_filed_on"], data.get("offer_filed_time"), zone)
            # The times are typed as a day and a time on the office's clock; the input names the moment.
            times = {
                "filed_at": _zoned(data["filed_on"], data["filed_time"], zone),
                "offer_of_proof_filed_at": offer,
            }
            served = {"served_on": [party.pk for party in data["served_on"]]}  # the ids the API's input takes
            return services.objection_file(
                election=data["election"],
                actor=request.user,
                **handed(ObjectionInputSerializer, {**data, **times, **served}),
            )

        def filed(objection: Objection) -> HttpResponse:
            level = messages.SUCCESS if objection.timely is not False else messages.WARNING
            late = " — recorded after the deadline, flagged untimely" if objection.timely is False else ""
            self.message_user(request, f"Recorded {objection}{late}.", level)
            return HttpResponseRedirect(reverse("admin:objections_objection_change", args=[objection.pk]))

        return self.service_form(
            request,
            FilingForm(request.POST or None),
            file,
            filed,
            ActionPage(
                title="File or record an objection",
                intro="The due time is computed from the tally of ballots and the case's rule set. A filing "
                "after it is recorded and flagged untimely.",
                submit_label="File objection",
            ),
            fields={"filed_at": "filed_on", "offer_of_proof_filed_at": "offer_filed_on"},
        )

    # --- actions ----------------------------------------------------------------------------------------

    def _selected(self, request: HttpRequest, queryset: QuerySet[Objection]) -> list[Objection] | None:
        objections = list(queryset.select_related("election__case", "filed_by").order_by(*self.ordering))
        if len(objections) > MAX_BATCH:
            self.message_user(request, f"Select at most {MAX_BATCH} objections at once.", messages.ERROR)
            return None
        return objections

    @admin.action(description="Record a report's rulings…")
    def record_report_rulings(
        self, request: HttpRequest, queryset: QuerySet[Objection]
    ) -> HttpResponse | None:
        objections = self._selected(request, queryset)
        if objections is None:
            return None
        return self._rulings_page(request, objections, action="record_report_rulings")

    def _rulings_page(
        self,
        request: HttpRequest,
        objections: list[Objection],
        *,
        action: str = "",
        then: str | None = None,
    ) -> HttpResponse | None:
        """The report's form: one level and date, a disposition per objection. ``then`` is where a page of
        its own goes once the rulings are recorded (an action returns to the list)."""

        def record(data: dict[str, Any]) -> list[Ruling]:
            # One disposition per objection (disposition_<id>), gathered into the form's pairs.
            return services.rulings_record_batch(
                objections_dispositions=data["pairs"],
                actor=request.user,
                **handed(ObjectionRulingInputSerializer, data),
            )

        def recorded(created: list[Ruling]) -> HttpResponse | None:
            data = form.cleaned_data
            self.message_user(
                request,
                f"Recorded {len(created)} rulings of {rules.LEVEL_LABELS[data['level']]} of "
                f"{data['decided_on']}; counsel of every party get one notice.",
                messages.SUCCESS,
            )
            return HttpResponseRedirect(then) if then else None

        form = ReportRulingsForm(self.applied(request), objections=objections)
        return self.service_form(
            request,
            form,
            record,
            recorded,
            ActionPage(
                title="Record a report's rulings",
                intro="One report, one level and date; a disposition per objection (or one for all left "
                "blank). Statuses follow from the controlling rulings.",
                submit_label="Record rulings",
            ),
            action=action,
        )

    def get_urls(self) -> list[URLPattern]:
        return [
            path(
                "<path:object_id>/rulings/",
                self.admin_site.admin_view(self.rulings_view),
                name="objections_objection_rulings",
            ),
            *super().get_urls(),
        ]

    def rulings_view(self, request: HttpRequest, object_id: str) -> HttpResponse:
        """From an objection's page: record a report's rulings on it and the other objections of its
        election (each left blank gets no ruling)."""
        objection = self.get_object(request, unquote(object_id))
        if objection is None:
            raise Http404(f"No objection {object_id}.")
        if not self.has_change_permission(request, objection):
            raise PermissionDenied
        objections = list(
            Objection.objects.filter(election_id=objection.election_id)
            .exclude(status=Objection.Status.WITHDRAWN)
            .select_related("election__case", "filed_by")
            .order_by(*self.ordering)[:MAX_BATCH]
        )
        back = reverse("admin:objections_objection_change", args=[objection.pk])
        page = self._rulings_page(request, objections, then=back)
        return page if page is not None else HttpResponseRedirect(back)

    @admin.action(description="Extend the offer of proof…")
    def extend_offer_of_proof(
        self, request: HttpRequest, queryset: QuerySet[Objection]
    ) -> HttpResponse | None:
        objections = self._selected(request, queryset)
        if objections is None:
            return None

        def extend(data: dict[str, Any]) -> None:
            for objection in objections:
                until = _zoned(data["until_on"], data["until_time"], _zone_of(objection))
                services.offer_of_proof_extend(
                    objection=objection,
                    actor=request.user,
                    **handed(OfferOfProofExtendInputSerializer, {**data, "until": until}),
                )

        def extended(_: None) -> None:
            self.message_user(
                request, f"Extended the offer of proof of {len(objections)} objections.", messages.SUCCESS
            )

        return self.service_form(
            request,
            ExtendOfferForm(self.applied(request)),
            extend,
            extended,
            ActionPage(
                title="Extend the offer of proof",
                intro="The Regional Director may extend the offer of proof, not the objections, for good "
                "cause.",
                submit_label="Extend",
            ),
            fields={"until": "until_on"},
            action="extend_offer_of_proof",
        )

    def _settle_filings(self, request: HttpRequest, queryset: QuerySet[Objection], *, late: bool) -> None:
        """Confirm (or record as late) each selected counsel filing whose stated time awaits staff; the
        others are reported, not changed (``services.objection_confirm_filing`` refuses them)."""
        settled, refused = [], []
        for objection in queryset.select_related("filed_by"):
            try:
                services.objection_confirm_filing(objection=objection, actor=request.user, late=late)
            except TransitionNotAllowed as exc:
                refused.append(exc.detail)
            else:
                settled.append(str(objection))
        if settled:
            verdict = "recorded as late" if late else "confirmed"
            self.message_user(request, f"Filing time {verdict}: {', '.join(settled)}.", messages.SUCCESS)
        for detail in refused:
            self.message_user(request, detail, messages.WARNING)

    @admin.action(description="Confirm the stated filing time of the selected objections")
    def confirm_filing_time(self, request: HttpRequest, queryset: QuerySet[Objection]) -> None:
        self._settle_filings(request, queryset, late=False)

    @admin.action(description="Record the selected filings as late (received after the period)")
    def record_filing_as_late(self, request: HttpRequest, queryset: QuerySet[Objection]) -> None:
        self._settle_filings(request, queryset, late=True)

    @admin.action(description="Record withdrawal…")
    def record_withdrawal(self, request: HttpRequest, queryset: QuerySet[Objection]) -> HttpResponse | None:
        objections = self._selected(request, queryset)
        if objections is None:
            return None

        def withdraw(data: dict[str, Any]) -> None:
            for objection in objections:
                at = (
                    _zoned(data["withdrawn_on"], data.get("withdrawn_time"), _zone_of(objection))
                    if data.get("withdrawn_on")
                    else None
                )
                services.objection_withdraw(
                    objection=objection,
                    actor=request.user,
                    **handed(ObjectionWithdrawInputSerializer, {**data, "withdrawn_at": at}),
                )

        def withdrawn(_: None) -> None:
            self.message_user(request, f"Withdrew {len(objections)} objections.", messages.SUCCESS)

        return self.service_form(
            request,
            WithdrawForm(self.applied(request)),
            withdraw,
            withdrawn,
            ActionPage(
                title="Record withdrawal",
                intro="The filing party withdraws these objections; no ruling can follow.",
                submit_label="Withdraw",
            ),
            fields={"withdrawn_at": "withdrawn_on"},
            action="record_withdrawal",
        )


# --- rulings --------------------------------------------------------------------------------------------


@admin.register(Ruling)
class RulingAdmin(LocalTimeAdmin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    """Every ruling, by level and date (a report's rulings side by side). Recorded through the objection
    actions; only the note can be corrected here."""

    list_display = ["decided_on", "level", "disposition", "objection", "case_number", "recorded_by"]
    list_filter = ["level", "disposition", "decided_on"]
    search_fields = ["objection__election__case__number", "note", "objection__filed_by__name"]
    list_select_related = ["objection__election__case", "objection__filed_by", "recorded_by"]
    date_hierarchy = "decided_on"
    list_per_page = 100
    fields = ("objection", "level", "disposition", "decided_on", "note", "recorded_by", "created_at")
    readonly_fields = tuple(name for name in fields if name != "note")  # only the note is corrected here

    @admin.display(description="Case", ordering="objection__election__case__number")
    def case_number(self, ruling: Ruling) -> str:
        return ruling.objection.election.case.number

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def save_model(self, request: HttpRequest, obj: Ruling, form: Any, change: bool) -> None:
        saved = services.ruling_note_correct(
            ruling=obj, note=form.cleaned_data.get("note", ""), actor=request.user
        )
        obj.note = saved.note
