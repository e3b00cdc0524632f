"""The staff desk for filings: a filing's page shows its documents, provenance and service; staff rule on
motions and extension requests (the work queue's "Motions and extension requests awaiting a ruling" links
here) and settle stated filing times — every change through ``filings.services``. Filings are made by
counsel (or staff) through the API: the admin adds none and deletes none."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.contrib.admin.widgets import AdminDateWidget
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html, format_html_join
from simple_history.admin import SimpleHistoryAdmin

from core import admin_kit, clock
from core.admin_kit import ActionPage, NoDeleteMixin, ServiceActionMixin
from core.admin_local_time import LocalTimeAdmin
from elections.law import case_numbers
from elections.law.local_time import local_time
from filings import services
from filings.law.kinds import RULED_KINDS, RULING_LEVELS, Ruling, State
from filings.models import LEVEL_CHOICES, Document, Filing

CaseNumberFilter = admin_kit.CaseNumberFilter.at("case__number", case_numbers.normalize_typed)


class AwaitingRulingFilter(admin.SimpleListFilter):
    title = "ruling"
    parameter_name = "awaiting"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return [("yes", "Motions and extension requests awaiting a ruling")]

    def queryset(self, request: HttpRequest, queryset: QuerySet[Filing]) -> QuerySet[Filing]:
        if self.value() == "yes":
            return queryset.filter(kind__in=list(RULED_KINDS), ruling="")
        return queryset


class RulingForm(forms.Form):
    ruling = forms.ChoiceField(choices=[(r.value, r.value.replace("_", " ")) for r in Ruling])
    decided_on = forms.DateField(widget=AdminDateWidget, help_text="The date of the order.")
    by = forms.ChoiceField(choices=LEVEL_CHOICES, initial=RULING_LEVELS[2], label="Ruled by")
    until = forms.DateField(
        widget=AdminDateWidget,
        required=False,
        label="New due date",
        help_text="An extension granted: the requesting party's time moves to this date, with what runs from "
        "the deadline's last day.",
    )
    all_parties = forms.BooleanField(
        required=False,
        label="For every party",
        help_text="The extension moves the deadline itself for every party (source: order), with everything "
        "counted from it.",
    )


class DocumentInline(admin.TabularInline[Document, Filing]):
    model = Document
    fields = (
        "title",
        "pages",
        "bytes",
        "sha256",
        "text_status",
        "text_note",
        "uploaded_by",
        "uploaded_at",
        "download",
    )
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = False

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.display(description="download")
    def download(self, document: Document) -> str:
        url = reverse("document-download", kwargs={"document_id": document.pk})
        return format_html('<a href="{}">Download (PDF)</a>', url)


@admin.register(Filing)
class FilingAdmin(LocalTimeAdmin, ServiceActionMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = [
        "__str__",
        "case_number",
        "kind",
        "party",
        "filed_at",
        "timely",
        "filing_confirmed",
        "ruling",
    ]
    list_filter = [CaseNumberFilter, AwaitingRulingFilter, "kind", "timely", "filing_confirmed", "ruling"]
    search_fields = ["title", "confirmation_number", "case__number", "party__name"]
    list_select_related = ["case", "party"]
    list_per_page = 100
    ordering = ["-filed_at", "-id"]
    inlines = [DocumentInline]
    actions = ["rule_on_it", "confirm_filing_time", "record_filing_as_late"]
    fieldsets = [
        (None, {"fields": ["case", "election", "kind", "party", "title", "state", "event", "relates_to"]}),
        (
            "Provenance (as for objections: the time stated, and when the tracker received it)",
            {"fields": ["filed_at_local", "received_at_local", "filing_confirmed", "timely", "answers_due"]},
        ),
        ("Service", {"fields": ["served_on_names", "service_method", "confirmation_number"]}),
        (
            "Ruling (motions and extension requests)",
            {
                "fields": [
                    "unforeseeable_grounds",
                    "ruling",
                    "decided_on",
                    "ruled_by_level",
                    "until",
                    "order_deadline",
                ]
            },
        ),
    ]
    # The page is read only: every field of the fieldsets.
    readonly_fields = [name for _, options in fieldsets for name in options["fields"]]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # counsel file through the API; staff record a filing there too

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_staff)  # the page is read only; actions change through the services

    def get_queryset(self, request: HttpRequest) -> QuerySet[Filing]:
        # A draft is its side's alone: staff see papers once they are filed.
        queryset = super().get_queryset(request).filter(state=State.FILED)
        return queryset.select_related("case", "party", "answers", "election")

    @admin.display(description="case", ordering="case__number")
    def case_number(self, filing: Filing) -> str:
        return filing.case.number

    @admin.display(description="filed (stated)")
    def filed_at_local(self, filing: Filing) -> str:
        return local_time(filing.filed_at, filing.case.office_zone)

    @admin.display(description="received by the tracker")
    def received_at_local(self, filing: Filing) -> str:
        if filing.received_at is None:
            return "—"  # a draft: never shown here, but a row without a reception says so
        return local_time(filing.received_at, filing.case.office_zone)

    @admin.display(description="answers")
    def answers_due(self, filing: Filing) -> str:
        deadline = filing.answers
        if deadline is None:
            return "—"
        due = local_time(deadline.due_at, deadline.zone)
        return f"{deadline.label}, due {due} ({deadline.citation}; {deadline.get_status_display().lower()})"

    @admin.display(description="served on")
    def served_on_names(self, filing: Filing) -> str:
        parties = list(filing.served_on.all())
        if not parties:
            return "—"
        return format_html_join(", ", "{}", ((p.name,) for p in parties))

    @admin.action(description="Rule on the selected motion or extension request")
    def rule_on_it(self, request: HttpRequest, queryset: QuerySet[Filing]) -> HttpResponse | None:
        filings = list(queryset.select_related("case", "party", "answers")[:2])
        if len(filings) != 1:
            self.message_user(request, "Select exactly one motion or extension request.", messages.WARNING)
            return None
        filing = filings[0]
        initial = {"decided_on": clock.today(filing.case.office_zone)}

        def rule(data: dict[str, Any]) -> Filing:
            # The form's fields are the service's (tests/test_write_inputs.py holds them equal).
            return services.filing_rule(filing=filing, actor=request.user, **data)

        def ruled(done: Filing) -> None:
            moved = f"; now due {done.order_deadline.due_on}" if done.order_deadline else ""
            if done.order_deadline is None and done.until is not None:
                moved = f"; now due {done.until} for {done.party.name} alone"
            self.message_user(request, f"Recorded: {done} — {done.ruling}{moved}.", messages.SUCCESS)

        return self.service_form(
            request,
            RulingForm(self.applied(request), initial=initial),
            rule,
            ruled,
            ActionPage(
                title=f"Rule on: {filing}",
                intro=self.answers_due(filing) if filing.answers_id else "A motion: record the ruling.",
                submit_label="Record the ruling",
            ),
            listed=[filing],
            action="rule_on_it",
        )

    def _settle(self, request: HttpRequest, queryset: QuerySet[Filing], *, late: bool) -> None:
        settled, refused = 0, []
        for filing in queryset:
            try:
                services.filing_confirm(filing=filing, actor=request.user, late=late)
                settled += 1
            except self.refusals as exc:
                refused.append(f"{filing}: {self.refusal_text(exc)}")
        if settled:
            self.message_user(request, f"Settled {settled} filing times.", messages.SUCCESS)
        for text in refused:
            self.message_user(request, text, messages.WARNING)

    @admin.action(description="Confirm the stated filing time (timely)")
    def confirm_filing_time(self, request: HttpRequest, queryset: QuerySet[Filing]) -> None:
        self._settle(request, queryset, late=False)

    @admin.action(description="Record the filing as late")
    def record_filing_as_late(self, request: HttpRequest, queryset: QuerySet[Filing]) -> None:
        self._settle(request, queryset, late=True)
