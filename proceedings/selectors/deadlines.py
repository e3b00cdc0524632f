"""Reads of deadlines, scoped to the caller: the status each has now (``with_effective_status``, between two
refreshes), what the caller reads of each (``with_caller_state``, ``caller_view``: their own party's row),
the case's live deadlines and the next one, and the time bucket of conditional reads.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db import models
from django.db.models import (
    CharField,
    Exists,
    F,
    IntegerField,
    OuterRef,
    Prefetch,
    Q,
    QuerySet,
    Subquery,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from core import clock
from core.actors import is_staff
from elections.models import Appearance, Case
from proceedings.law import deadlines as law
from proceedings.law import owed_by
from proceedings.law.deadlines import Status, rank_of
from proceedings.law.owed_by import PartyStatus
from proceedings.models import Deadline, DeadlineParty


def with_effective_status(queryset: QuerySet[Deadline], *, now: datetime | None = None) -> QuerySet[Deadline]:
    """Annotate ``effective_status``: the stored status, or what a deadline that passed since the last
    refresh is now — moot if optional or a target, missed if a filing was required — and a response whose
    parent passed with nothing filed is moot."""
    now = now or clock.now()
    open_ = Q(status=Status.OPEN)
    return queryset.annotate(
        effective_status=models.Case(  # SQL's CASE WHEN (elections' Case is the case)
            When(
                open_ & Q(responds_to__status=Status.OPEN, responds_to__due_at__lt=now),
                then=Value(Status.MOOT.value),
            ),
            # One link further (102.46(c)-(e)): no exceptions, so nothing for the answer to cross-exceptions.
            When(
                open_
                & Q(
                    responds_to__responds_to__status=Status.OPEN,
                    responds_to__responds_to__due_at__lt=now,
                ),
                then=Value(Status.MOOT.value),
            ),
            # And one more (102.46(e)): nothing to cross-except, so no reply to the answer to cross-exceptions.
            When(
                open_
                & Q(
                    responds_to__responds_to__responds_to__status=Status.OPEN,
                    responds_to__responds_to__responds_to__due_at__lt=now,
                ),
                then=Value(Status.MOOT.value),
            ),
            When(open_ & Q(due_at__lt=now, obliged=True), then=Value(Status.MISSED.value)),
            When(open_ & Q(due_at__lt=now), then=Value(Status.MOOT.value)),
            default=F("status"),
            output_field=CharField(),
        )
    )


def effective_note(deadline: Deadline) -> str:
    """The status note, including what time has done since the last refresh."""
    effective = getattr(deadline, "effective_status", deadline.status)
    if effective == deadline.status:
        return deadline.status_note
    if deadline.responds_to_id is not None and effective == Status.MOOT and not deadline.due_at < clock.now():
        return "Nothing to answer: the filing it answers was not made by its due date."
    return law.lapsed(code=deadline.code, target_only=deadline.target_only, obliged=deadline.obliged).note


def row_status(row: DeadlineParty, now: datetime) -> str:
    """A party's state now: an open row whose moment passed since the last refresh is missed (the party had
    to file) or waived."""
    if row.status == PartyStatus.OPEN and row.due_at < now:
        return owed_by.lapsed(obliged=row.obliged).value
    return str(row.status)


def _as_deadline_status(now: datetime) -> models.Case:
    """A party's row said in the deadline's own words (the top-level ``status`` keeps its values): open, met,
    missed; a right that lapsed unused (waived) or another party's (not applicable) is moot to this party."""
    open_ = Q(status=PartyStatus.OPEN)
    return models.Case(
        When(open_ & Q(due_at__gte=now), then=Value(Status.OPEN.value)),
        When(open_ & Q(obliged=True), then=Value(Status.MISSED.value)),
        When(status=PartyStatus.MET, then=Value(Status.MET.value)),
        When(status=PartyStatus.MISSED, then=Value(Status.MISSED.value)),
        default=Value(Status.MOOT.value),
        output_field=CharField(),
    )


def own_party_ids(user: Any) -> QuerySet[Any]:
    """The parties the user appears for, as a subquery (no query of its own); none for an anonymous caller."""
    if not getattr(user, "is_authenticated", False):
        return Appearance.objects.none().values("party_id")
    return Appearance.objects.filter(user=user).values("party_id")


def with_caller_state(
    queryset: QuerySet[Deadline], user: Any, *, now: datetime | None = None
) -> QuerySet[Deadline]:
    """Annotate what the caller reads of each deadline (product.md, "Deadlines belong to parties"):
    ``caller_status``, their own party's state (staff: open while any party's time runs, else the deadline's),
    and ``caller_party``, the party whose row they read (none for staff, or when no row is theirs). Needs
    ``with_effective_status`` first. ``user`` None reads as staff do. ``caller_due_at``: the caller's own
    due moment (staff: the earliest among the parties whose time runs)."""
    now = now or clock.now()
    rows = DeadlineParty.objects.filter(deadline=OuterRef("pk"))
    superseded = Q(status=Status.SUPERSEDED)
    if user is None or is_staff(user):  # None: the system's view, staff's
        running = rows.filter(status=PartyStatus.OPEN, due_at__gte=now)
        return queryset.annotate(
            caller_status=models.Case(
                When(superseded, then=Value(Status.SUPERSEDED.value)),
                When(Q(effective_status=Status.MOOT, due_at__gte=now), then=Value(Status.MOOT.value)),
                When(Exists(running), then=Value(PartyStatus.OPEN.value)),
                default=F("effective_status"),
                output_field=CharField(),
            ),
            caller_party=Value(None, output_field=IntegerField()),
            caller_due_at=Coalesce(
                Subquery(running.order_by("due_at", "party_id").values("due_at")[:1]), F("due_at")
            ),
        )
    own = (
        rows.filter(party_id__in=own_party_ids(user))
        .annotate(now_status=_as_deadline_status(now))
        .annotate(running=models.Case(When(now_status=Status.OPEN, then=Value(0)), default=Value(1)))
        .order_by("running", "due_at", "party_id")
    )
    return queryset.annotate(
        caller_party=Subquery(own.values("party_id")[:1]),
        caller_due_at=Coalesce(Subquery(own.values("due_at")[:1]), F("due_at")),
        caller_status=models.Case(
            When(superseded, then=Value(Status.SUPERSEDED.value)),
            # Moot for a reason before its date (nothing to answer, the case closed): moot for every party.
            When(Q(effective_status=Status.MOOT, due_at__gte=now), then=Value(Status.MOOT.value)),
            # A deadline with rows for other parties only is theirs, not the caller's: nothing for them to do.
            When(~Exists(own) & Exists(rows), then=Value(Status.MOOT.value)),
            default=Coalesce(Subquery(own.values("now_status")[:1]), F("effective_status")),
            output_field=CharField(),
        ),
    )


def prefetch_party_rows(queryset: QuerySet[Deadline]) -> QuerySet[Deadline]:
    return queryset.prefetch_related(
        Prefetch("party_rows", queryset=DeadlineParty.objects.select_related("party").order_by("party_id"))
    )


@dataclass(frozen=True)
class CallerView:
    """What one caller reads of a deadline: ``status``, ``due_at`` and ``note`` at the top level, and the row
    they come from (their own party's; staff: the earliest open)."""

    status: str
    due_at: datetime
    note: str
    row: DeadlineParty | None


def caller_view(deadline: Deadline, *, now: datetime | None = None) -> CallerView:
    """From ``with_caller_state`` (and ``prefetch_party_rows`` for the row and its note); a deadline read
    without them is read as the deadline's own status and date."""
    now = now or clock.now()
    rows = list(deadline.party_rows.all()) if _prefetched(deadline) else []
    effective = str(getattr(deadline, "effective_status", deadline.status))
    status = str(getattr(deadline, "caller_status", effective))
    due_at = getattr(deadline, "caller_due_at", None) or deadline.due_at
    party = getattr(deadline, "caller_party", None)
    if deadline.status == Status.SUPERSEDED:
        return CallerView(Status.SUPERSEDED.value, deadline.due_at, effective_note(deadline), None)
    if party is not None:
        row = next((r for r in rows if r.party_id == party), None)
        if row is not None:
            # Moot for a reason the row does not know yet (nothing to answer): the deadline's own note.
            note = effective_note(deadline) if status == Status.MOOT and row.status == "open" else ""
            return CallerView(status, row.due_at, note or row_note(row, now), row)
        return CallerView(status, due_at, "", None)
    running = [r for r in rows if row_status(r, now) == PartyStatus.OPEN]
    if status == PartyStatus.OPEN and running:
        first = min(running, key=lambda r: (r.due_at, r.party_id))
        return CallerView(PartyStatus.OPEN.value, first.due_at, effective_note(deadline), first)
    return CallerView(status, due_at, effective_note(deadline), None)


def row_note(row: DeadlineParty, now: datetime) -> str:
    """The row's note, including what time has done since the last refresh."""
    if row.status == PartyStatus.OPEN and row.due_at < now:
        return law.lapsed(code="", target_only=False, obliged=row.obliged).note
    return row.note


def _prefetched(deadline: Deadline) -> bool:
    return "party_rows" in getattr(deadline, "_prefetched_objects_cache", {})


def deadlines_for(user: Any, *, now: datetime | None = None) -> QuerySet[Deadline]:
    """Deadlines of the caller's cases, with ``effective_status`` (what the status is now), what the caller
    reads of each (``caller_status``, ``caller_party``: their own party's state) and every party's row."""
    now = now or clock.now()
    queryset: QuerySet[Deadline] = Deadline.objects.visible_to(user).select_related(
        "case", "election", "party", "trigger_event", "trigger_tally"
    )
    queryset = with_effective_status(queryset, now=now)
    queryset = with_caller_state(queryset, user, now=now)
    return prefetch_party_rows(queryset).order_by("due_at", "id")


def deadline_passed(now: datetime, filters: dict[str, Any]) -> QuerySet[Any]:
    """The time bucket of conditional reads (core/api/conditional.py): the latest due moment already passed
    among the deadlines ``filters`` select. A deadline's effective status, and the objections period's end,
    change when ``now`` passes a ``due_at`` (``with_effective_status``, ``objections_period``: strictly
    after), so this value changes exactly then."""
    return Deadline.objects.filter(due_at__lt=now, **filters).order_by("-due_at").values("due_at")


def party_deadline_passed(now: datetime, filters: dict[str, Any]) -> QuerySet[Any]:
    """The same for each party's own due moment (a row extended for one party lapses after its deadline's)."""
    return (
        DeadlineParty.objects.filter(due_at__lt=now, **{f"deadline__{k}": v for k, v in filters.items()})
        .order_by("-due_at")
        .values("due_at")
    )


def live_deadlines(case: Case, *, now: datetime | None = None, user: Any = None) -> list[Deadline]:
    """The case's deadlines that no other replaced, with ``effective_status`` (a handful per case), what
    ``user`` reads of each (``with_caller_state``; None: as staff do)."""
    now = now or clock.now()
    queryset = with_effective_status(
        Deadline.objects.filter(case=case).exclude(status=Status.SUPERSEDED), now=now
    )
    queryset = with_caller_state(queryset, user, now=now)
    return list(queryset.order_by("due_at", "id"))


def next_deadline(deadlines: Sequence[Deadline], *, now: datetime | None = None) -> Deadline | None:
    """The earliest of ``deadlines`` (``live_deadlines`` of a case) that is still open now for the caller
    (their own party's; staff: any party's), by the caller's own due moment."""
    now = now or clock.now()
    views = {d.pk: caller_view(d, now=now) for d in deadlines}
    candidates = [d for d in deadlines if views[d.pk].status == Status.OPEN]
    if not candidates:
        return None
    return min(candidates, key=lambda d: (views[d.pk].due_at, rank_of(d.code), d.pk))


def caller_due_at(deadline: Deadline | None, *, now: datetime | None = None) -> datetime | None:
    """The caller's own due moment of ``deadline`` (read through ``deadlines_for`` or ``live_deadlines``)."""
    return caller_view(deadline, now=now).due_at if deadline is not None else None
