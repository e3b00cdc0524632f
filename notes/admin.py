"""Notes in the staff workplace: staff and case notes only, read-only. A side note is a party's work
product and never reaches the admin — not in the list, not by its id, not in a search, not in a history
page (the queryset every admin view starts from excludes it)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.core.exceptions import PermissionDenied
from django.core.paginator import Paginator
from django.db.models import DateTimeField, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.template.response import TemplateResponse
from simple_history.admin import SimpleHistoryAdmin

from core.admin_kit import NoDeleteMixin
from core.admin_local_time import LocalTimeAdmin
from elections.law.local_time import local_time
from elections.models import Case
from notes import history
from notes.models import Note, Visibility


@admin.register(Note)
class NoteAdmin(LocalTimeAdmin, NoDeleteMixin, SimpleHistoryAdmin):
    list_display = ["id", "case", "subject_type", "visibility", "author", "revision", "updated_at"]
    list_filter = ["visibility"]
    search_fields = ["body", "case__number"]
    list_select_related = ["case", "author"]
    fields = ["case", "challenge", "objection", "visibility", "author", "body", "revision", "created_at"]
    readonly_fields = fields

    def get_queryset(self, request: HttpRequest) -> QuerySet[Note]:
        return super().get_queryset(request).exclude(visibility=Visibility.SIDE)

    def _readable_or_404(self, request: HttpRequest, object_id: str) -> None:
        # simple-history's history pages fall back to the history rows when the queryset has no such
        # note, which would show a side note's every version: refuse first.
        try:
            pk = int(unquote(object_id))
        except (TypeError, ValueError):
            raise Http404 from None
        if not self.get_queryset(request).filter(pk=pk).exists():
            raise Http404

    def history_view(self, request: HttpRequest, object_id: str, extra_context: Any = None) -> HttpResponse:
        self._readable_or_404(request, object_id)
        return super().history_view(request, object_id, extra_context=extra_context)

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: Any = None
    ) -> HttpResponse:
        self._readable_or_404(request, object_id)
        return super().history_form_view(request, object_id, version_id, extra_context=extra_context)

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False  # notes are written through the API (services.note_create)

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- the case's history ------------------------------------------------------------------------------------

HISTORY_PER_PAGE = 100

RECORD_LABELS = {
    "case": "Case",
    "related_case": "Related case",
    "party": "Party",
    "appearance": "Appearance",
    "election": "Election",
    "tally": "Tally",
    "challenge": "Challenge",
    "objection": "Objection",
    "ruling": "Ruling",
    "proceeding_event": "Proceeding event",
    "deadline": "Deadline",
    "note": "Note",
}


def _shown(field: Any, value: Any, zone: str) -> str:
    """A value of the history as staff read it: a choice's label beside its code, a time on the office's
    clock, "—" for nothing."""
    if value is None or value == "":
        return "—"
    if isinstance(field, DateTimeField) and isinstance(value, str):
        return local_time(datetime.fromisoformat(value), zone)
    choices = dict(getattr(field, "flatchoices", None) or ())
    if choices and value in choices:
        return f"{choices[value]} ({value})"
    return str(value)


def case_history_rows(case: Case, entries: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """The API's history entries (``notes.history``), worded for the admin's page."""
    models = history.record_models()
    rows = []
    for entry in entries:
        kind = entry["record"]["type"]
        fields = {f.name: f for f in models[kind]._meta.get_fields() if hasattr(f, "attname")}
        changes = [
            (
                str(getattr(fields.get(name), "verbose_name", name)),
                _shown(fields.get(name), change["before"], case.office_zone),
                _shown(fields.get(name), change["after"], case.office_zone),
            )
            for name, change in entry["changes"].items()
        ]
        rows.append(
            {
                "at": local_time(entry["at"], case.office_zone),
                "user": entry["user"] or "a command or task",
                "record": f"{RECORD_LABELS.get(kind, kind)} {entry['record']['id']}",
                "action": entry["action"],
                "changes": changes,
                "reason": entry["reason"],
            }
        )
    return rows


def case_history_page(
    model_admin: Any, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None
) -> HttpResponse:
    """The case page's HISTORY button (``staff.admin`` makes it the case page's ``history_view``): every change under the case — parties, elections, tallies,
    challenges, objections, rulings, events, deadlines, staff and case notes — as ``cases/{number}/history/``
    shows it, not only the case row's own versions."""
    case = model_admin.get_object(request, unquote(object_id))
    if case is None:
        raise Http404(f"No case {object_id}.")
    if not model_admin.has_view_or_change_permission(request, case):
        raise PermissionDenied
    paginator = Paginator(history.changes_under(case), HISTORY_PER_PAGE)
    page = paginator.get_page(request.GET.get("p"))
    context = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.opts,
        "object": case,
        "title": f"History of {case.number}: every change under the case",
        "rows": case_history_rows(case, history.entries(list(page.object_list))),
        "page": page,
        **(extra_context or {}),
    }
    return TemplateResponse(request, "admin/notes/case_history.html", context)
