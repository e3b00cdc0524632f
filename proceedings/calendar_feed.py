"""The iCalendar feed of a user's deadlines (RFC 5545, built with ``icalendar``).

Each deadline of the user's cases still open for their own party (staff: for any party; read by
``proceedings.selectors.deadlines_in_feed``) is an all-day event on its due date (calendar apps show all-day
items at the top of the day, where a filing deadline belongs); the 11:59 p.m. cutoff, its zone, the citation
and the explanation are in the description. The UID is stable per deadline, so a moved (superseded) date
disappears and its replacement appears on the next refresh of the subscription.

Each event carries its case's desk page (``URL``, and the last line of the description) and three alarms
(``VALARM``), as the e-mailed reminders count: at 9 a.m. in the office's zone 5 and 1 business days before the
due date (``elections.law.calendar.business_days_before``, weekends, holidays and closures skipped) and on the
morning of the due day. Their triggers are absolute moments in UTC, so a calendar in another zone rings at the
office's 9 a.m., not its own.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from icalendar import Alarm, Calendar
from icalendar import Event as CalendarEvent

from core import clock
from core.links import desk_url, url_of
from elections.law.calendar import business_days_before
from proceedings import selectors
from proceedings.due_words import due_words
from proceedings.law.deadlines import COURT_SOURCES, SOURCE_LABELS, flag
from proceedings.models import Deadline

ALARM_BUSINESS_DAYS = (5, 1)  # and the morning of the due day
ALARM_HOUR = time(9, 0)  # in the office's zone


def feed_url(token: str) -> str:
    return url_of("calendar-feed", token=token)


def _description(deadline: Deadline) -> str:
    in_court = deadline.source in COURT_SOURCES
    if deadline.target_only:
        cutoff = " (a target for the Region, not a filing deadline)."
    elif in_court:
        cutoff = " (FRAP 26(a)(4)(A): electronic filing ends at midnight in the court's zone)."
    else:
        cutoff = " (29 CFR 102.2(b))."
    lines = [
        f"{deadline.case.number} — {deadline.case.name}",
        f"{deadline.label}: {due_words(deadline)}{cutoff}",
    ]
    if deadline.citation:
        # A period in court is the court rule's or the statute's, whatever the case's Part 102 rule set.
        within = "" if in_court else f" ({deadline.rule_set} rules)"
        lines.append(f"Rule: {deadline.citation}{within}.")
    source = SOURCE_LABELS.get(deadline.source, deadline.source)
    lines.append(f"Source: {source} ({'verified' if deadline.verified else 'not verified'}).")
    if deadline.party_id and deadline.party:
        lines.append(f"Filing party: {deadline.party.name}.")
    if flag(source=deadline.source, verified=deadline.verified) == "UNVERIFIED":
        lines.append(
            "UNVERIFIED: the rule behind this date is not confirmed against a primary source; check it."
        )
    lines += ["", deadline.explanation, "", f"The case: {_link(deadline)}"]
    return "\n".join(lines)


def _link(deadline: Deadline) -> str:
    return desk_url(deadline.case.number, anchor=f"deadline-{deadline.pk}")


def alarm_days(due_on: date) -> list[tuple[str, date]]:
    """(how long before, the day) of each alarm of a deadline due on ``due_on``."""
    days = [
        (f"{n} business day{'s' if n > 1 else ''} before", business_days_before(due_on, n))
        for n in ALARM_BUSINESS_DAYS
    ]
    return [*days, ("today", due_on)]


def _alarms(deadline: Deadline, summary: str) -> list[Alarm]:
    zone = ZoneInfo(deadline.zone)
    alarms = []
    for before, day in alarm_days(deadline.due_on):
        alarm = Alarm()
        alarm.add("action", "DISPLAY")
        alarm.add("description", f"{summary} ({before})")
        alarm.add("trigger", datetime.combine(day, ALARM_HOUR, tzinfo=zone).astimezone(UTC))
        alarms.append(alarm)
    return alarms


def build(user: Any, *, now: datetime | None = None) -> bytes:
    now = now or clock.now()
    cal = Calendar()
    cal.add("prodid", "-//nlrb-tracker//deadlines//EN")
    cal.add("version", "2.0")
    cal.add("calscale", "GREGORIAN")
    cal.add("method", "PUBLISH")
    cal.add("x-wr-calname", f"NLRB deadlines ({user.get_username()})")
    cal.add("x-wr-timezone", "UTC")
    for deadline in selectors.deadlines_in_feed(user, now=now):
        event = CalendarEvent()
        event.add("uid", f"deadline-{deadline.pk}@nlrb-tracker")
        event.add("dtstamp", now)
        event.add("last-modified", deadline.updated_at)
        event.add("dtstart", deadline.due_on)
        event.add("dtend", deadline.due_on + timedelta(days=1))
        shown = flag(source=deadline.source, verified=deadline.verified)
        due = "target date" if deadline.target_only else "due"
        summary = f"{deadline.case.number}: {deadline.label} {due}{f' ({shown})' if shown else ''}"
        event.add("summary", summary)
        event.add("description", _description(deadline))
        event.add("url", _link(deadline))
        event.add("categories", [deadline.code])
        event.add("transp", "TRANSPARENT")
        for alarm in _alarms(deadline, summary):
            event.add_component(alarm)
        cal.add_component(event)
    return bytes(cal.to_ical())
