"""The staff workplace of the appeal ladder.

- **Case ladders** (a proxy of ``elections.Case``): the case page as a picture — each election's ladder, every
  stage reached with its date, the current one highlighted, the open deadlines beside it, and what may come
  next.
- **Proceeding events**: record an event on its own typed form (``admin_desk.record_event_view`` calls
  ``services.event_record``: an out-of-order event is refused with what is allowed), void with a reason (an action with an intermediate form). Never deleted or
  edited in place.
- **Deadlines**: filters by status, code, source, verified and case (``?case=<number>``); enter a deadline set
  by an order (``services.deadline_set``, which supersedes the live one); mark a filing the tracker has no event
  for as met.
- Reminders sent and calendar feeds (revocable), read-only.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils.html import format_html_join
from simple_history.admin import SimpleHistoryAdmin

from core import admin_kit, clock
from core.admin_kit import ActionPage, NoDeleteMixin, ServiceActionMixin, ServiceSaveMixin, saved_as
from core.admin_local_time import LocalTimeAdmin
from core.api.inputs import handed
from elections.admin import CaseAdmin
from elections.law import case_numbers
from elections.law.local_time import local_time
from elections.models import Case
from proceedings import admin_desk, selectors, services
from proceedings.admin_forms import sentence
from proceedings.api.serializers import DeadlineInputSerializer, VoidInputSerializer
from proceedings.event_details import detail_lines
from proceedings.law.deadlines import Source
from proceedings.law.ladder import event_label
from proceedings.models import CalendarFeed, CaseLadder, Deadline, ProceedingEvent, Reminder
from proceedings.selectors import case_status

# --- the ladder picture ------------------------------------------------------------------------------------


def _deadline_url(deadline: Deadline) -> str:
    return reverse("admin:proceedings_deadline_change", args=[deadline.pk])


def ladder_context(object_id: str) -> dict[str, Any]:
    """What the ladder template needs for the case ``object_id`` (nothing when there is no such case)."""
    try:
        case = Case.objects.filter(pk=int(object_id)).first()
    except (TypeError, ValueError):
        case = None
    if case is None:
        return {}
    status = case_status(case)
    return {
        "ladders": selectors.ladder_picture(case, deadline_url=_deadline_url),
        "case_status": status,
        "ending_labels": [event_label(e) for e in status["ending_events"]],
        "case_url": reverse("admin:elections_case_change", args=[case.pk]),
        "record_url": reverse("admin:proceedings_proceedingevent_add") + f"?case={case.pk}",
        "events_url": reverse("admin:proceedings_proceedingevent_changelist") + f"?case={case.number}",
        "deadlines_url": reverse("admin:proceedings_deadline_changelist") + f"?case={case.number}",
        "deadline_add_url": reverse("admin:proceedings_deadline_add") + f"?case={case.pk}",
    }


class CaseWithLadderAdmin(CaseAdmin):
    """The case page with its appeal ladder on top. The elections app cannot import the ladder
    (dependencies run downhill), so this app offers the case page with the picture added; the staff app
    registers the case page, with what the other apps add to it (``staff.admin``)."""

    change_form_template = "admin/proceedings/case_with_ladder/change_form.html"

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        context = {**(extra_context or {}), **ladder_context(object_id), "case_url": None}  # already here
        return super().change_view(request, object_id, form_url, extra_context=context)


@admin.register(CaseLadder)
class CaseLadderAdmin(LocalTimeAdmin, NoDeleteMixin, admin.ModelAdmin[CaseLadder]):
    """The case at a glance: open it from the case list, or from a case's page (see the lead's note)."""

    list_display = ["number", "name", "status", "rule_set", "petition_filed_on"]
    list_filter = ["status", "region", "rule_set"]
    search_fields = ["=number", "number", "name"]
    fields = ("number", "name", "status", "rule_set", "petition_filed_on")
    readonly_fields = fields
    change_form_template = "admin/proceedings/caseladder/change_form.html"
    list_per_page = 100

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # a picture, not a form: the case is edited on its own page

    def has_view_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return bool(request.user.is_active and request.user.is_staff)

    def change_view(
        self,
        request: HttpRequest,
        object_id: str,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        context = {**(extra_context or {}), **ladder_context(object_id)}
        return super().change_view(request, object_id, form_url, extra_context=context)


# --- events ---------------------------------------------------------------------------------------------------


# ``?case=10-RC-269250``: the links from a case ladder use it.
CaseNumberFilter = admin_kit.CaseNumberFilter.at("case__number", case_numbers.normalize_typed)


class VoidForm(forms.Form):
    reason = forms.CharField(widget=forms.Textarea(attrs={"rows": 3}), max_length=2000)


@admin.register(ProceedingEvent)
class ProceedingEventAdmin(LocalTimeAdmin, ServiceActionMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["occurred_on", "case_number", "election_sequence", "event", "voided", "recorded_by"]
    list_filter = [CaseNumberFilter, "event", "voided", "case__region"]
    search_fields = ["=case__number", "case__name"]
    list_select_related = ["case", "election", "recorded_by"]
    date_hierarchy = "occurred_on"
    actions = ["void_events"]
    # Events are recorded on the typed form (add_view) and never edited: the page of one is read-only.
    fields = readonly_fields = [
        "case",
        "election",
        "event",
        "occurred_on",
        "details_shown",
        "party",
        "ordered_election",
        "recorded_by",
        "created_at",
        "voided",
        "void_reason",
        "voided_at",
        "voided_by",
    ]

    def refusal_text(self, exc: Exception) -> str:
        return sentence(exc)  # labels, not event, stage and detail codes

    @admin.display(description="Details")
    def details_shown(self, event: ProceedingEvent) -> str:
        lines = detail_lines(event)
        return format_html_join("", "<p>{}</p>", ((line,) for line in lines)) if lines else "—"

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        """Each event is recorded with its own typed form (``admin_desk.record_event_view``), not JSON."""
        return admin_desk.record_event_view(self, request)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # events are voided, never edited

    @admin.display(description="Case", ordering="case__number")
    def case_number(self, event: ProceedingEvent) -> str:
        return event.case.number

    @admin.display(description="Election", ordering="election__sequence")
    def election_sequence(self, event: ProceedingEvent) -> int | str:
        return event.election.sequence if event.election is not None else "before any election"

    @admin.action(description="Void the selected events (with a reason)")
    def void_events(self, request: HttpRequest, queryset: QuerySet[ProceedingEvent]) -> HttpResponse | None:
        def void(data: dict[str, Any]) -> None:
            # Latest first: a later event must be voided before the one it depends on.
            for event in queryset.order_by("-occurred_on", "-id"):
                try:
                    services.event_void(event=event, actor=request.user, **handed(VoidInputSerializer, data))
                except self.refusals as exc:
                    self.message_user(request, f"Event {event.pk}: {self.refusal_text(exc)}", messages.ERROR)
                else:
                    self.message_user(request, f"Voided event {event.pk} ({event.event_label}).")

        return self.service_form(
            request,
            VoidForm(self.applied(request)),
            void,
            lambda _: None,
            ActionPage(
                title="Void proceeding events",
                intro="Voided events stay on the record with the reason; the ladder is recomputed without them.",
            ),
            listed=queryset,
            action="void_events",
        )

    # What voiding changed (the stage, deadlines restored or mooted) is said after the action.
    void_events = admin_desk.said(void_events, "election_id")


# --- deadlines ------------------------------------------------------------------------------------------------


class DeadlineForm(forms.ModelForm[Deadline]):
    source = forms.ChoiceField(
        choices=[(Source.ORDER.value, "Set by an order"), (Source.MANUAL.value, "Entered by staff")]
    )

    class Meta:
        model = Deadline
        fields = ["case", "election", "code", "label", "due_on", "party", "source", "reason"]

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        for name, required in (("election", False), ("label", False), ("reason", True)):
            if name in self.fields:
                self.fields[name].required = required


class DeadlineKindFilter(admin.SimpleListFilter):
    """The kinds of deadline on record, by their labels (the codes stay in the query string)."""

    title = "kind of deadline"
    parameter_name = "code"

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        labels = dict(Deadline.objects.order_by("code", "-pk").values_list("code", "label").distinct())
        return sorted(labels.items(), key=lambda item: item[1])

    def queryset(self, request: HttpRequest, queryset: QuerySet[Deadline]) -> QuerySet[Deadline]:
        return queryset.filter(code=self.value()) if self.value() else queryset


# What set a deadline off, besides an event (whose label ``event_label`` gives).
TRIGGER_LABELS = {"tally": "The tally of ballots", "order": "An order", "manual": "Entered by staff"}


class MarkMetForm(forms.Form):
    met_on = forms.DateField(help_text="The day the filing came in")


@admin.register(Deadline)
class DeadlineAdmin(LocalTimeAdmin, ServiceActionMixin, ServiceSaveMixin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = [
        "due_on",
        "case_number",
        "election_sequence",
        "label",
        "status_now",
        "parties_now",
        "source",
        "verified",
        "party",
    ]
    list_filter = [CaseNumberFilter, "status", DeadlineKindFilter, "source", "verified", "rule_set"]
    search_fields = ["=case__number", "case__name", "label"]
    list_select_related = ["case", "election", "party"]
    date_hierarchy = "due_on"
    form = DeadlineForm
    actions = ["mark_met"]
    autocomplete_fields = ["case", "election", "party"]

    def refusal_text(self, exc: Exception) -> str:
        return sentence(exc)  # labels, not event, stage and detail codes

    def get_queryset(self, request: HttpRequest) -> QuerySet[Deadline]:
        # With each party's row, so every party's state reads on the deadline's one line (issue 31, item 1).
        return selectors.prefetch_party_rows(selectors.with_effective_status(super().get_queryset(request)))

    def get_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return ["case", "election", "code", "label", "due_on", "party", "source", "reason"]
        return self.get_readonly_fields(request, obj)

    def get_readonly_fields(self, request: HttpRequest, obj: Any = None) -> list[str]:
        if obj is None:
            return []
        return [
            "case",
            "election",
            "code",
            "label",
            "due_on",
            "due_at",
            "zone",
            "trigger_shown",
            "trigger_on",
            "trigger_event",
            "trigger_tally",
            "responds_to",
            "rule_set",
            "citation",
            "explanation",
            "verified",
            "source",
            "party",
            "reason",
            "status",
            "status_note",
            "parties_now",
            "superseded_by",
            "marked_met_on",
            "created_by",
            "created_at",
        ]

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # superseded by a new order-set deadline, never edited

    def save_model(self, request: HttpRequest, obj: Deadline, form: Any, change: bool) -> None:
        data = form.cleaned_data
        recorded = services.deadline_set(
            case=data["case"], actor=request.user, **handed(DeadlineInputSerializer, data)
        )
        saved_as(obj, recorded)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        return None

    @admin.display(description="Case", ordering="case__number")
    def case_number(self, deadline: Deadline) -> str:
        return deadline.case.number

    @admin.display(description="Set off by")
    def trigger_shown(self, deadline: Deadline) -> str:
        return TRIGGER_LABELS.get(deadline.trigger) or event_label(deadline.trigger)

    @admin.display(description="Election", ordering="election__sequence")
    def election_sequence(self, deadline: Deadline) -> int | str:
        return deadline.election.sequence if deadline.election is not None else "before any election"

    @admin.display(description="Status now", ordering="status")
    def status_now(self, deadline: Deadline) -> str:
        return str(getattr(deadline, "effective_status", deadline.status))

    @admin.display(description="Each party now")
    def parties_now(self, deadline: Deadline) -> str:
        """Every party's own state on one line: "RWDSU: met · Amazon.com Services LLC: open (due …)"."""
        now = clock.now()
        shown = []
        for row in deadline.party_rows.all():
            text = f"{row.party.name}: {selectors.row_status(row, now).replace('_', ' ')}"
            if row.due_at != deadline.due_at:
                text += f" (due {local_time(row.due_at, deadline.zone)})"
            shown.append(text)
        return " · ".join(shown) or "the agency's (no party's)"

    @staticmethod
    def _today_of(deadlines: QuerySet[Deadline]) -> dict[str, Any]:
        """The form's first offer: today in the office's zone of the deadlines (at 8 p.m. Eastern UTC's date is
        already tomorrow's)."""
        zone = deadlines.values_list("zone", flat=True).first()
        return {"met_on": clock.today(zone)} if zone else {}

    @admin.action(description="Mark met (the filing came in)")
    def mark_met(self, request: HttpRequest, queryset: QuerySet[Deadline]) -> HttpResponse | None:
        def mark(data: dict[str, Any]) -> None:
            for deadline in queryset:
                try:
                    services.deadline_mark_met(deadline=deadline, actor=request.user, **data)
                except self.refusals as exc:
                    self.message_user(request, f"{deadline}: {self.refusal_text(exc)}", messages.ERROR)
            self.message_user(request, "Done.")

        return self.service_form(
            request,
            MarkMetForm(self.applied(request), initial=self._today_of(queryset)),
            mark,
            lambda _: None,
            ActionPage(
                title="Mark deadlines met",
                intro="For filings the tracker records no event for (a post-hearing brief, a filing an order "
                "required).",
            ),
            listed=queryset,
            action="mark_met",
        )

    mark_met = admin_desk.said(mark_met, "election_id")

    def add_view(
        self, request: HttpRequest, form_url: str = "", extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        parent = super().add_view
        case = admin_desk.case_posted(request, "case")
        return admin_desk.said_on_submit(
            self, request, case, lambda: parent(request, form_url, extra_context)
        )


@admin.register(Reminder)
class ReminderAdmin(LocalTimeAdmin, NoDeleteMixin, admin.ModelAdmin[Reminder]):
    list_display = ["created_at", "user", "deadline", "threshold"]
    list_select_related = ["user", "deadline__case"]
    search_fields = ["user__username", "deadline__case__number"]
    readonly_fields = ["deadline", "user", "threshold", "notification_key", "created_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(CalendarFeed)
class CalendarFeedAdmin(LocalTimeAdmin, NoDeleteMixin, admin.ModelAdmin[CalendarFeed]):
    list_display = ["user", "created_at", "revoked_at"]
    list_filter = ["revoked_at"]
    search_fields = ["user__username"]
    list_select_related = ["user"]
    fields = ("user", "created_at", "revoked_at")
    readonly_fields = fields
    actions = ["revoke"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    @admin.action(description="Revoke the selected feeds (their URLs answer 404)")
    def revoke(self, request: HttpRequest, queryset: QuerySet[CalendarFeed]) -> None:
        for feed in queryset:
            services.calendar_feed_revoke(feed=feed)
        self.message_user(request, f"Revoked {queryset.count()} feed(s).")
