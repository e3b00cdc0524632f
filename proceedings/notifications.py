"""Notices of the appeal ladder, through the outbox (``core.outbox.notify``): one row per key and
person, written in the transaction that caused it, delivered after commit — never lost, never sent twice.

- Every new event (and every void) goes to the counsel of record of the case.
- ``send_deadline_reminders``: each counsel and paralegal gets one digest of their cases' open deadlines due
  within ``settings.REMINDER_BUSINESS_DAYS`` business days — their own party's only (its row open, by its
  own due date: an extension granted to that party alone moves its reminders); a ``Reminder`` row per (deadline, person,
  threshold), under a unique constraint, makes a second run (or two workers at once) send nothing more.
"""

from __future__ import annotations

import hashlib
import re
from collections import defaultdict
from collections.abc import Iterable, Sequence
from copy import copy
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.db.models import Exists, OuterRef, Q

from core import clock, outbox
from core.links import desk_url
from elections import recipients
from elections.law import calendar
from elections.law.local_time import local_date
from elections.models import Appearance, Case
from proceedings.due_words import due_words
from proceedings.event_details import detail_lines
from proceedings.law.deadlines import Status, flag
from proceedings.law.owed_by import PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent, Reminder
from proceedings.selectors import with_effective_status


def what_is_due(deadlines: Iterable[Deadline]) -> list[str]:
    """The lines of a notice that say what a change made due: each deadline with its date, time and zone
    (11:59 p.m. in the regional office's, 29 CFR 102.2), its rule, and whether it is a target or unverified."""
    lines = []
    for d in sorted(deadlines, key=lambda d: (d.due_at, d.pk)):
        marked = flag(source=d.source, verified=d.verified)
        lines.append(
            f"- {d.label}: {due_words(d)} ({d.citation or d.rule_set})" + (f" [{marked}]" if marked else "")
        )
    return ["What this makes due:", *lines] if lines else ["It opens no deadline."]


def _to_counsel(case: Case, *, key: str, subject: str, lines: list[str]) -> list[int]:
    """A notice to the case's counsel of record: the case's name above the lines, its desk page below."""
    body = [
        f"{case.number} — {case.name}",
        "",
        *lines,
        "",
        f"The case, its ladder and deadlines: {desk_url(case.number)}",
    ]
    return outbox.notify(
        recipients=recipients.counsel_of_record(case),
        key=key,
        subject=subject,
        body="\n".join(body),
        case=case,
    )


def event_recorded(event: ProceedingEvent) -> list[int]:
    case = event.case
    opened = Deadline.objects.filter(trigger_event=event).exclude(status=Status.SUPERSEDED)
    return _to_counsel(
        case,
        key=f"proceeding:{event.pk}:recorded",
        subject=f"{case.number}: {event.event_label} ({event.occurred_on.isoformat()})",
        lines=[
            f"{event.event_label}: {event.occurred_on.isoformat()} ({event.on_election}).",
            *(f"  {line}" for line in detail_lines(event)),
            "",
            *what_is_due(opened),
        ],
    )


def event_voided(event: ProceedingEvent) -> list[int]:
    case = event.case
    return _to_counsel(
        case,
        key=f"proceeding:{event.pk}:voided",
        subject=f"{case.number}: {event.event_label} of {event.occurred_on.isoformat()} voided",
        lines=[
            f"The {event.event_label.lower()} of {event.occurred_on.isoformat()} was voided: {event.void_reason}",
            "The ladder and its deadlines have been recomputed without it.",
        ],
    )


def recommended_order_took_effect(order: ProceedingEvent, lapsed_on: date) -> list[int]:
    """A judge's recommended order that became the Board's with no exceptions filed (29 CFR 102.48(a))."""
    case = order.case
    return _to_counsel(
        case,
        key=f"proceeding:{order.pk}:took_effect",
        subject=f"{case.number}: {order.event_label} took effect ({lapsed_on.isoformat()})",
        lines=[
            f"The {order.event_label.lower()} of {order.occurred_on.isoformat()}, recommended by the "
            f"administrative law judge, is now the Board's order: no exceptions were filed by "
            f"{lapsed_on.isoformat()} (29 CFR 102.48(a)).",
            "The case is closed.",
        ],
    )


# --- reminders -----------------------------------------------------------------------------------------------


def thresholds() -> list[int]:
    """The configured thresholds in business days, largest first (values below 1 are ignored)."""
    values = {int(v) for v in getattr(settings, "REMINDER_BUSINESS_DAYS", [5, 1]) if int(v) >= 1}
    return sorted(values, reverse=True)


def _due_line(deadline: Deadline) -> str:
    shown = flag(source=deadline.source, verified=deadline.verified)
    verified = {None: "", "UNVERIFIED": " — UNVERIFIED rule, check the date"}.get(shown, f" — {shown}")
    party = f" [{deadline.party.name}]" if deadline.party_id and deadline.party else ""
    return (
        f"- {deadline.case.number} {deadline.label}{party}: {due_words(deadline)} "
        f"({deadline.citation or deadline.get_source_display()}){verified}"
    )


# Any run of whitespace or control characters, line breaks of every kind included (CR, LF, NEL, U+2028/9).
_NOT_ONE_LINE = re.compile(r"[\s\x00-\x1f\x7f-\x9f]+")
MAX_SUBJECT = 300  # the outbox's subject column


def one_line(text: str) -> str:
    """``text`` as one header line: every break, tab or control character a party could type becomes a
    space (a subject with a line break would be refused by the mail library, or worse, read as headers)."""
    return _NOT_ONE_LINE.sub(" ", text).strip()


def reminder_subject(deadlines: Sequence[Deadline]) -> str:
    """A reminder's subject: the case, the item and the date of the soonest deadline, and how many more the
    digest holds — ``10-RC-269250: Objections due Fri, April 16, 2021 (+1 more)``."""
    first = min(deadlines, key=lambda d: (d.due_at, d.pk))
    on = first.due_on
    due = "target date" if first.target_only else "due"
    more = len(deadlines) - 1
    subject = f"{first.case.number}: {first.label} {due} {on:%a}, {on:%B} {on.day}, {on.year}"
    return one_line(subject + (f" (+{more} more)" if more else ""))[:MAX_SUBJECT]


def send_deadline_reminders(*, now: datetime | None = None, levels: Sequence[int] | None = None) -> int:
    """E-mail each counsel and paralegal one digest of their open deadlines due within the thresholds.

    A deadline is due "within N business days" when its due date is no later than the N-th business day
    after today in its office's zone (``elections.law.calendar.add_business_days``) and it has not passed.
    Returns the number of digests queued."""
    now = now or clock.now()
    levels = sorted({int(v) for v in (levels or thresholds()) if int(v) >= 1}, reverse=True)
    if not levels:
        return 0
    cutoffs: dict[tuple[str, int], date] = {}

    def cutoff(zone: str, days: int) -> date:
        if (zone, days) not in cutoffs:
            cutoffs[(zone, days)] = calendar.add_business_days(clock.today(zone), days)
        return cutoffs[(zone, days)]

    horizon = calendar.add_business_days(now.date(), max(levels) + 1)
    # A deadline still open, or one whose time still runs for some party (an extension granted to it alone).
    running = DeadlineParty.objects.filter(
        deadline=OuterRef("pk"), status=PartyStatus.OPEN, due_at__gte=now, due_at__lte=_end_of(horizon)
    )
    candidates = list(
        with_effective_status(
            Deadline.objects.exclude(status=Status.SUPERSEDED).filter(
                Q(status=Status.OPEN, due_at__gte=now, due_on__lte=horizon) | Q(Exists(running))
            ),
            now=now,
        )
        .select_related("case", "party")
        .prefetch_related("party_rows")
        .order_by("due_at", "id")
    )
    people = _people_by_case({d.case_id for d in candidates})
    owed: dict[int, list[tuple[Deadline, int]]] = defaultdict(list)
    users: dict[int, Any] = {}
    hits: set[int] = set()
    for deadline in candidates:
        for party_id, user in people.get(deadline.case_id, []):
            # Each party is reminded of its own time only: its row open, by its own due date.
            theirs = _as_owed_by(deadline, party_id, now)
            if theirs is None:
                continue
            reached = [days for days in levels if theirs.due_on <= cutoff(theirs.zone, days)]
            if not reached:
                continue
            users[user.pk] = user
            hits.add(deadline.pk)
            for days in reached:
                if all((d.pk, n) != (theirs.pk, days) for d, n in owed[user.pk]):
                    owed[user.pk].append((theirs, days))
    sent_before = set(
        Reminder.objects.filter(deadline_id__in=list(hits), user_id__in=list(users)).values_list(
            "deadline_id", "user_id", "threshold"
        )
    )
    digests = 0
    for user_id, items in owed.items():
        new = [(d, days) for d, days in items if (d.pk, user_id, days) not in sent_before]
        if new and _send_digest(users[user_id], new):
            digests += 1
    return digests


def _end_of(day: date) -> datetime:
    return datetime.combine(day + timedelta(days=2), time.min, tzinfo=UTC)


def _as_owed_by(deadline: Deadline, party_id: int, now: datetime) -> Deadline | None:
    """``deadline`` as ``party_id`` owes it (its own due date), or None when that party's time does not run:
    met, waived, not its deadline. A deadline with no party rows (the Region's target) is everyone's."""
    rows = list(deadline.party_rows.all())
    if not rows:
        if getattr(deadline, "effective_status", deadline.status) != Status.OPEN:
            return None
        return deadline if deadline.party_id in (None, party_id) else None
    row = next((r for r in rows if r.party_id == party_id), None)
    if row is None or row.status != PartyStatus.OPEN or row.due_at < now:
        return None
    if row.due_at == deadline.due_at:
        return deadline
    theirs = copy(deadline)
    theirs.due_at, theirs.due_on = row.due_at, local_date(row.due_at, deadline.zone)
    return theirs


def _people_by_case(case_ids: Iterable[int]) -> dict[int, list[tuple[int, Any]]]:
    people: dict[int, list[tuple[int, Any]]] = defaultdict(list)
    appearances = Appearance.objects.filter(party__case_id__in=list(case_ids)).select_related("user", "party")
    for appearance in appearances.order_by("id"):
        if appearance.user.is_active and appearance.user.email:
            people[appearance.party.case_id].append((appearance.party_id, appearance.user))
    return people


def _send_digest(user: Any, items: Sequence[tuple[Deadline, int]]) -> bool:
    pairs = sorted((d.pk, days) for d, days in items)
    fingerprint = hashlib.sha256(repr(pairs).encode()).hexdigest()[:32]
    key = f"deadline-reminders:{user.pk}:{fingerprint}"
    deadlines: dict[int, Deadline] = {}
    for deadline, _days in items:
        deadlines.setdefault(deadline.pk, deadline)
    try:
        with transaction.atomic():
            Reminder.objects.bulk_create(
                [Reminder(deadline=d, user=user, threshold=days, notification_key=key) for d, days in items]
            )
            lines = [_due_line(d) for d in sorted(deadlines.values(), key=lambda d: (d.due_at, d.pk))]
            outbox.notify(
                recipients=[user],
                key=key,
                subject=reminder_subject(list(deadlines.values())),
                body="\n".join(
                    [
                        "These deadlines in your cases are due soon:",
                        "",
                        *lines,
                        "",
                        f"All your cases and what is due next: {desk_url()}",
                        "Every date is computed under 29 CFR 102.2; check any marked UNVERIFIED.",
                    ]
                ),
            )
    except IntegrityError:
        return False  # another run reminded this person of these deadlines at the same moment
    return True
