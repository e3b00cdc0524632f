"""Reads of a case's proceeding: its elections (the current one and the one in proceeding), the live
events, the ladder replayed from them, and the objections and exceptions periods.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db import connection
from django.db.models import QuerySet

from core import clock
from elections.law.local_time import local_date, local_time
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Tally
from elections.selectors import original_tally
from objections import selectors as objection_selectors
from objections.models import Objection
from proceedings.law import ladder, windows
from proceedings.law.deadlines import CONSENT_AGREEMENTS, Status
from proceedings.models import Deadline, ProceedingEvent


def elections_of(case: Case) -> list[Election]:
    """The case's elections, oldest first, with their tallies (``election.tallies_in_order()``): one
    query, a LEFT JOIN with a row per tally, written by hand because the ORM would need a second query for the
    tallies (the prefetch), which measured slower.

    Nothing else is joined to it: the status call's counts cost more to plan as aggregates joined here than
    as a query of their own. The measurements: docs/site/performance/history.md."""
    election_fields = Election._meta.concrete_fields
    tally_fields = Tally._meta.concrete_fields
    columns = [f'e."{f.column}"' for f in election_fields] + [f't."{f.column}"' for f in tally_fields]
    sql = (
        f"SELECT {', '.join(columns)} FROM {Election._meta.db_table} e"
        f" LEFT JOIN {Tally._meta.db_table} t ON t.election_id = e.id"
        f" WHERE e.case_id = %s ORDER BY e.sequence, t.revision"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [case.pk])
        rows = cursor.fetchall()
    read_election, read_tally = _row_reader(election_fields), _row_reader(tally_fields)
    election_names = [f.attname for f in election_fields]
    tally_names = [f.attname for f in tally_fields]
    elections: dict[int, Election] = {}
    tallies_of: dict[int, list[Tally]] = {}
    for row in rows:
        election_values, tally_values = row[: len(election_fields)], row[len(election_fields) :]
        election = elections.get(election_values[0])
        if election is None:
            election = Election.from_db(connection.alias, election_names, read_election(election_values))
            election.case = case
            elections[election.pk] = election
            tallies_of[election.pk] = []
        if tally_values[0] is None:
            continue  # an election not tallied yet: the LEFT JOIN's one empty row
        tally = Tally.from_db(connection.alias, tally_names, read_tally(tally_values))
        tally.election = election
        tallies_of[election.pk].append(tally)
    for election in elections.values():
        election.keep_tallies(tallies_of[election.pk])
    return list(elections.values())


def _row_reader(fields: Sequence[Any]) -> Callable[[Sequence[Any]], list[Any]]:
    """Turns a hand-written query's values for ``fields`` into what the ORM would have given (the backend's
    converters and the fields' own: JSON decoded, SQLite's dates parsed)."""
    converters = []
    for f in fields:
        expression = f.get_col(f.model._meta.db_table)
        converters.append(
            (expression, connection.ops.get_db_converters(expression) + f.get_db_converters(connection))
        )

    def read(values: Sequence[Any]) -> list[Any]:
        out = []
        for value, (expression, convert) in zip(values, converters, strict=True):
            for converter in convert:
                value = converter(value, expression, connection)
            out.append(value)
        return out

    return read


@dataclass(frozen=True)
class Elections:
    current: Election | None  # the highest sequence
    proceeding: Election | None  # the election whose proceeding is live: the current one once tallied


def current_and_proceeding(elections: Sequence[Election]) -> Elections:
    """The current election, and the one whose proceeding events are recorded on by default.

    While a rerun or runoff that was ordered has not been tallied, the proceeding that ordered it is still the
    live one (a request for review of the order, exceptions to the Board, the Board's ruling belong to it)."""
    if not elections:
        return Elections(None, None)
    current = elections[-1]
    tallied = [e for e in elections if original_tally(e) is not None]
    if original_tally(current) is not None:
        return Elections(current, current)
    return Elections(current, tallied[-1] if tallied else None)


def live_events(election: Election) -> list[ProceedingEvent]:
    return list(
        ProceedingEvent.objects.filter(election=election, voided=False)
        .select_related("party")
        .order_by("occurred_on", "id")
    )


def live_events_before_election(case: Case) -> list[ProceedingEvent]:
    """The case's events recorded before it had any election (``ProceedingEvent.election`` None)."""
    return list(
        ProceedingEvent.objects.filter(case=case, election__isnull=True, voided=False)
        .select_related("party")
        .order_by("occurred_on", "id")
    )


def replay_before_election(
    events: Sequence[ProceedingEvent] = (), *, facts: Sequence[ladder.Fact] | None = None
) -> ladder.Replay:
    """The case's proceeding before it has any election: it awaits the election, and only the ends of a case
    move it (a dismissal and its review, a withdrawal, a disclaimer, a Board's bargaining order, a block, a
    transfer). ``ReplayFailed`` if ``facts`` put one out of order."""
    return ladder.replay(
        tallied=False, facts=facts if facts is not None else facts_of(e for e in events if not e.voided)
    )


def facts_of(events: Iterable[ProceedingEvent]) -> list[ladder.Fact]:
    return [fact_of(e) for e in events]


def fact_of(event: ProceedingEvent, ref: int | None = None) -> ladder.Fact:
    return ladder.Fact(
        step=step_of(ladder.Event(event.event), event.details or {}),
        occurred_on=event.occurred_on,
        ref=ref if ref is not None else event.pk,
    )


def step_of(event: ladder.Event, details: Mapping[str, Any]) -> ladder.Step:
    """The ladder's step for an event and its details (a dismissal's ``kind`` says how it was made)."""

    def text(key: str) -> str | None:
        value = details.get(key)
        return value if isinstance(value, str) else None

    kind, by = text("kind"), text("by")
    if event is ladder.Event.PETITION_DISMISSED:
        kind = "administrative" if details.get("administrative") is True else "decision"
    if event is ladder.Event.PETITION_WITHDRAWN:
        by = text("approved_by")
    if event is ladder.Event.DISCLAIMER_FILED:
        kind = text("effect")  # dispositions.disclaimer_effect, written by the service
    return ladder.Step(event=event, outcome=text("outcome"), order=text("order"), kind=kind, by=by)


@dataclass(frozen=True)
class Period:
    """The objections period of an election: when it ends, and whether it has."""

    ends_on: date | None
    ends_at: datetime | None
    over: bool


def objections_period(
    election: Election, tally: Tally | None, *, now: datetime, deadlines: Sequence[Deadline] | None = None
) -> Period:
    """From the objections deadline of ``tally``, the tally of ballots (29 CFR 102.69(a)(8)); computed on the
    fly when no deadline row exists (a tally recorded before this app was installed). A revised tally's
    102.69(e) period does not reopen this one: the steps taken after the first period closed stay where they
    are (a certification inside the revised tally's window is refused instead, ``proceedings.law.windows``).
    ``deadlines``: the case's deadlines when the caller has read them already."""
    if tally is None:
        return Period(None, None, False)
    row: tuple[date, datetime] | None
    if deadlines is not None:
        live = [
            d
            for d in deadlines
            if d.election_id == election.pk
            and d.code == DeadlineCode.OBJECTIONS
            and d.trigger_tally_id == tally.pk
            and d.status != Status.SUPERSEDED
        ]
        latest_live = max(live, key=lambda d: d.due_at) if live else None
        row = (latest_live.due_on, latest_live.due_at) if latest_live is not None else None
    else:
        row = (
            Deadline.objects.filter(election=election, code=DeadlineCode.OBJECTIONS, trigger_tally=tally)
            .exclude(status=Status.SUPERSEDED)
            .order_by("-due_at")
            .values_list("due_on", "due_at")
            .first()
        )
    if row is None:
        computed = objection_selectors.objections_deadline_of(election, tally)
        if computed is None or computed.due_at is None:
            return Period(None, None, True)
        row = (local_date(computed.due_at, computed.zone), computed.due_at)
    return Period(row[0], row[1], now > row[1])


def pending_after_period(
    election: Election, latest: Tally | None, objections_live: bool | None = None
) -> bool:
    """Something for the Region to decide: live objections, or determinative challenged ballots.
    ``objections_live``: whether the election has objections not withdrawn, when the caller knows it."""
    if latest is not None and latest.assessment.challenges_determinative:
        return True
    if objections_live is not None:
        return objections_live
    return Objection.objects.filter(election=election).exclude(status=Objection.Status.WITHDRAWN).exists()


def replay(
    election: Election,
    *,
    events: Sequence[ProceedingEvent] | None = None,
    facts: Sequence[ladder.Fact] | None = None,
    now: datetime | None = None,
    deadlines: Sequence[Deadline] | None = None,
    objections_live: bool | None = None,
) -> ladder.Replay:
    """The state of ``election``'s proceeding (``ReplayFailed`` if ``facts`` put an event out of order)."""
    now = now or clock.now()
    tally = original_tally(election)
    if facts is None:
        facts = facts_of(events if events is not None else live_events(election))
    if tally is None:
        return ladder.replay(
            tallied=False,
            election_kind=election.kind,
            facts=facts,
            consent=election.agreement in CONSENT_AGREEMENTS,
        )
    period = objections_period(election, tally, now=now, deadlines=deadlines)
    zone = election.case.office_zone
    # What the Region found when the period closed: the tally in force that day, not a revision made later
    # (a revised tally changes what comes next, never the steps already taken).
    in_force = [
        t
        for t in election.tallies_in_order()
        if period.ends_on is None or local_date(t.prepared_at, zone) <= period.ends_on
    ]
    at_close = max(in_force, key=lambda t: t.revision) if in_force else tally
    exceptions = exceptions_period(election, facts, now=now, deadlines=deadlines)
    return ladder.replay(
        tallied=True,
        election_kind=election.kind,
        tally_on=local_date(tally.prepared_at, zone),
        period_ends_on=period.ends_on,
        period_over=period.over,
        pending_after_period=pending_after_period(election, at_close, objections_live),
        facts=facts,
        exceptions_end_on=exceptions.ends_on,
        exceptions_over=exceptions.over,
        consent=election.agreement in CONSENT_AGREEMENTS,
    )


def exceptions_period(
    election: Election,
    facts: Sequence[ladder.Fact],
    *,
    now: datetime,
    deadlines: Sequence[Deadline] | None = None,
) -> Period:
    """The last day for exceptions to the Board from an ALJ's decision or a judge's bargaining order (102.46(a),
    as extended by any order): the latest live ``exceptions_to_board`` deadline of the election set by one of
    them among ``facts`` (or by an order). After it, with none filed, the judge's recommended order takes
    effect (102.48(a), ``ladder.lapse_recommended_order``)."""
    decisions = {f.ref for f in facts if _judges_order(f.step)}
    if not decisions:
        return Period(None, None, False)
    code = DeadlineCode.EXCEPTIONS_TO_BOARD
    if deadlines is not None:
        live = [
            d
            for d in deadlines
            if d.election_id == election.pk and d.code == code and d.status != Status.SUPERSEDED
        ]
    else:
        live = list(Deadline.objects.filter(election=election, code=code).exclude(status=Status.SUPERSEDED))
    live = [d for d in live if d.trigger_event_id is None or d.trigger_event_id in decisions]
    if not live:
        return Period(None, None, False)
    latest = max(live, key=lambda d: d.due_at)
    return Period(latest.due_on, latest.due_at, now > latest.due_at)


def _judges_order(step: ladder.Step) -> bool:
    """An order an administrative law judge recommends: a decision, or a bargaining order (Cemex, Gissel)."""
    return step.event == ladder.Event.ALJ_DECISION or (
        step.event == ladder.Event.BARGAINING_ORDER and step.by == "administrative_law_judge"
    )


def events_for_case(case: Case) -> QuerySet[ProceedingEvent]:
    return (
        ProceedingEvent.objects.filter(case=case)
        .select_related("election", "recorded_by", "party")
        .order_by("occurred_on", "id")
    )


def live_events_of_case(case: Case, elections: Sequence[Election]) -> list[ProceedingEvent]:
    """The case's events not voided, oldest first, with who recorded them (what the status shows of its last
    event). Each event's election is taken from ``elections`` (``elections_of(case)``, read already) rather
    than joined again: the two joins ``events_for_case`` adds were a third of the read
    (docs/site/performance/history.md)."""
    by_id = {election.pk: election for election in elections}
    events = list(
        ProceedingEvent.objects.filter(case=case, voided=False)
        .select_related("recorded_by")
        .order_by("occurred_on", "id")
    )
    for event in events:
        if event.election_id in by_id:
            event.election = by_id[event.election_id]
    return events


def objections_windows(election: Election) -> list[windows.Window]:
    """The objections periods of the election's tallies (of ballots, and each revised one: 29 CFR
    102.69(a)(8), (e)), with the objections filed in each (not withdrawn), for ``proceedings.law.windows``."""
    rows = list(
        Deadline.objects.filter(
            election=election, code=DeadlineCode.OBJECTIONS, trigger_tally__isnull=False
        ).exclude(status=Status.SUPERSEDED)
    )
    filed: dict[int, set[int]] = {}
    for pk, tally_id in (
        Objection.objects.filter(election=election)
        .exclude(status=Objection.Status.WITHDRAWN)
        .values_list("pk", "answers_tally_id")
    ):
        filed.setdefault(tally_id, set()).add(pk)
    return [
        windows.Window(
            label=d.label,
            citation=d.citation,
            opens_on=d.trigger_on,
            closes_on=d.due_on,
            closes_at=local_time(d.due_at, d.zone),
            filed=frozenset(filed.get(d.trigger_tally_id or 0, ())),
        )
        for d in rows
    ]
