"""Who reads which note. Every read of notes — API, exports, history, admin — starts here.

A side note is read by the people appearing for its party *now* (an ended appearance reads nothing,
including its own notes); a staff note by Board staff; a case note by everyone who sees the case."""

from __future__ import annotations

from typing import Any

from django.db.models import F, Func, Q, QuerySet

from core.actors import is_staff
from elections.models import Appearance
from notes.models import Note, Visibility


def readable_filter(user: Any) -> Q:
    """The notes ``user`` may read, as one filter (nothing for anonymous callers)."""
    if not getattr(user, "is_authenticated", False):
        return Q(pk__in=[])
    if is_staff(user):
        return Q(visibility__in=[Visibility.STAFF, Visibility.CASE])
    appearances = Appearance.objects.filter(user=user)
    return Q(visibility=Visibility.CASE, case_id__in=appearances.values("party__case_id")) | Q(
        visibility=Visibility.SIDE, party_id__in=appearances.values("party_id")
    )


def notes_for(user: Any) -> QuerySet[Note]:
    """Every note ``user`` may read, with what the API shows of each (one query per page)."""
    return (
        Note.objects.filter(readable_filter(user))
        .select_related("case", "author", "party")
        .order_by("created_at", "id")
    )


def note_history(note: Note) -> list[Any]:
    """Every version of a note, oldest first (the caller has checked that the note is readable)."""
    return list(note.history.select_related("history_user").order_by("history_date", "history_id"))


def changes_readable(user: Any, filters: dict[str, Any]) -> QuerySet[Any]:
    """A number that moves whenever a note ``user`` may read under ``filters`` is written or edited: each note
    counts its revisions plus one (written: 1; each edit: one more). Notes move no case version (a side note
    would move the other side's tag); this moves only the tags of those who may read the note
    (``core.api.conditional.register_audience_part``). A scalar subquery: SUM with no GROUP BY."""
    return (
        Note.objects.filter(readable_filter(user), **filters)
        .order_by()
        .annotate(changes=Func(F("revision") + 1, function="SUM"))
        .values("changes")
    )
