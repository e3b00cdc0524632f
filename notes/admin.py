"""Notes in the staff workplace: staff and case notes only, read-only. A side note is a party's work
product and never reaches the admin — not in the list, not by its id, not in a search, not in a history
page (the queryset every admin view starts from excludes it)."""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.contrib.admin.utils import unquote
from django.db.models import QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from simple_history.admin import SimpleHistoryAdmin

from core.admin_kit import NoDeleteMixin
from core.admin_local_time import LocalTimeAdmin
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
