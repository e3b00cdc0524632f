"""The deadlines of a user's calendar feed (``proceedings.calendar_feed`` writes them as iCalendar): each
deadline of the user's cases still open for their own party (staff: for any party), at most ``MAX_EVENTS``."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Q

from core import clock
from elections.law.local_time import local_date
from proceedings.law.deadlines import Status
from proceedings.models import Deadline
from proceedings.selectors.deadlines import caller_view, deadlines_for

MAX_EVENTS = 2000


def deadlines_in_feed(user: Any, *, now: datetime | None = None) -> list[Deadline]:
    """The caller's open deadlines: their own party's time that still runs (staff: any party's), each at the
    caller's own due moment (an extension granted to their party alone moves it)."""
    now = now or clock.now()
    listed = []
    for deadline in (
        deadlines_for(user, now=now)
        .filter(Q(caller_status=Status.OPEN))
        .order_by("due_at", "id")[:MAX_EVENTS]
    ):
        view = caller_view(deadline, now=now)
        if view.due_at != deadline.due_at:
            deadline.due_at, deadline.due_on = view.due_at, local_date(view.due_at, deadline.zone)
        listed.append(deadline)
    return listed
