"""The iCalendar feed of a user's deadlines (RFC 5545, built with ``icalendar``).

Each deadline of the user's cases still open for their own party (staff: for any party) is an all-day event on its due date (calendar apps show all-day items
at the top of the day, where a filing deadline belongs); the 11:59 p.m. cutoff, its zone, the citation and the
explanation are in the description. The UID is stable per deadline, so a moved (superseded) date disappears and
its replacement appears on the next refresh of the subscription.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

from django.db.models import Q
from icalendar import Calendar
from icalendar import Event as CalendarEvent

from core import clock
from core.links import url_of
from elections.law.local_time import local_date
from proceedings import deadline_records, selectors
from proceedings.due_words import due_words
from proceedings.law.deadlines import SOURCE_LABELS, Status, flag
from proceedings.models import Deadline

MAX_EVENTS = 2000


def feed_url(token: str) -> str:
    return url_of("calendar-feed", token=token)


def deadlines_in_feed(user: Any, *, now: datetime | None = None) -> list[Deadline]:
    """The caller's open deadlines: their own party's time that still runs (staff: any party's), each at the
    caller's own due moment (an extension granted to their party alone moves it)."""
    now = now or clock.now()
    listed = []
    for deadline in (
        selectors.deadlines_for(user, now=now)
        .filter(Q(caller_status=Status.OPEN))
        .order_by("due_at", "id")[:MAX_EVENTS]
    ):
        view = deadline_records.caller_view(deadline, now=now)
        if view.due_at != deadline.due_at:
            deadline.due_at, deadline.due_on = view.due_at, local_date(view.due_at, deadline.zone)
        listed.append(deadline)
    return listed


def _description(deadline: Deadline) -> str:
    lines = [
        f"{deadline.case.number} — {deadline.case.name}",
        f"{deadline.label}: {due_words(deadline)}"
        + (
            " (a target for the Region, not a filing deadline)."
            if deadline.target_only
            else " (29 CFR 102.2(b))."
        ),
    ]
    if deadline.citation:
        lines.append(f"Rule: {deadline.citation} ({deadline.rule_set} rules).")
    source = SOURCE_LABELS.get(deadline.source, deadline.source)
    lines.append(f"Source: {source} ({'verified' if deadline.verified else 'not verified'}).")
    if deadline.party_id and deadline.party:
        lines.append(f"Filing party: {deadline.party.name}.")
    if flag(source=deadline.source, verified=deadline.verified) == "UNVERIFIED":
        lines.append(
            "UNVERIFIED: the rule behind this date is not confirmed against a primary source; check it."
        )
    lines += ["", deadline.explanation]
    return "\n".join(lines)


def build(user: Any, *, now: datetime | None = None) -> bytes:
    now = now or clock.now()
    cal = Calendar()
    cal.add("prodid", "-//nlrb-tracker//deadlines//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", f"NLRB deadlines ({user.get_username()})")
    cal.add("x-wr-timezone", "UTC")
    for deadline in deadlines_in_feed(user, now=now):
        event = CalendarEvent()
        event.add("uid", f"deadline-{deadline.pk}@nlrb-tracker")
        event.add("dtstamp", now)
        event.add("last-modified", deadline.updated_at)
        event.add("dtstart", deadline.due_on)
        event.add("dtend", deadline.due_on + timedelta(days=1))
        shown = flag(source=deadline.source, verified=deadline.verified)
        due = "target date" if deadline.target_only else "due"
        event.add(
            "summary", f"{deadline.case.number}: {deadline.label} {due}{f' ({shown})' if shown else ''}"
        )
        event.add("description", _description(deadline))
        event.add("categories", [deadline.code])
        event.add("transp", "TRANSPARENT")
        cal.add_component(event)
    return bytes(cal.to_ical())
