"""Reads of the appeal ladder: the state of an election's proceeding, events and deadlines scoped to the
caller. Query counts are constant in the number of rows (pinned in tests/proceedings)."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any, cast

from django.db import connection
from django.db.models import QuerySet

from challenges.models import Challenge
from core import clock
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Tally
from elections.selectors import original_tally
from objections import selectors as objection_selectors
from objections.models import Objection
from proceedings import deadline_records
from proceedings.law import ladder
from proceedings.law.deadlines import CODE_RANK, Status
from proceedings.models import Deadline, ProceedingEvent


def elections_of(case: Case, *, with_counts: bool = False) -> list[Election]:
    """The case's elections, oldest first, with their tallies (``election.tallies.all()``, by revision): one
    query, a LEFT JOIN with a row per tally, written by hand because the ORM would need a second query for
    the tallies and costs more to compile than the round trip it would save.

    ``with_counts``: each election also carries ``challenge_counts`` and ``objection_counts`` (by status,
    every status present) and ``settled_after`` ({revision: challenges settled after that tally}), from
    aggregates joined to the same query (the status call's counts, without a round trip of their own)."""
    election_fields = Election._meta.concrete_fields
    tally_fields = Tally._meta.concrete_fields
    columns = [f'e."{f.column}"' for f in election_fields] + [f't."{f.column}"' for f in tally_fields]
    joins, params = "", cast(list[str | int], [])
    challenge_statuses = [s.value for s in Challenge.Status]
    objection_statuses = [s.value for s in Objection.Status]
    if with_counts:
        of_case = f"election_id IN (SELECT id FROM {Election._meta.db_table} WHERE case_id = %s)"

        def by_status(table: str, statuses: list[str], alias: str) -> str:
            sums = ", ".join(f"SUM(CASE WHEN status = %s THEN 1 ELSE 0 END) AS n{i}" for i in range(len(statuses)))
            params.extend([*statuses, case.pk])
            return (
                f" LEFT JOIN (SELECT election_id, {sums} FROM {table} WHERE {of_case} GROUP BY election_id)"
                f" {alias} ON {alias}.election_id = e.id"
            )

        joins += by_status(Challenge._meta.db_table, challenge_statuses, "cc")
        joins += by_status(Objection._meta.db_table, objection_statuses, "oc")
        joins += (
            f" LEFT JOIN (SELECT election_id, settled_after_revision, COUNT(*) AS n FROM {Challenge._meta.db_table}"
            f" WHERE settled_after_revision IS NOT NULL AND {of_case} GROUP BY election_id, settled_after_revision)"
            f" sa ON sa.election_id = e.id AND sa.settled_after_revision = t.revision"
        )
        params.append(case.pk)
        columns += [f"cc.n{i}" for i in range(len(challenge_statuses))]
        columns += [f"oc.n{i}" for i in range(len(objection_statuses))]
        columns.append("sa.n")
    params.append(case.pk)
    sql = (
        f"SELECT {', '.join(columns)} FROM {Election._meta.db_table} e"
        f" LEFT JOIN {Tally._meta.db_table} t ON t.election_id = e.id{joins}"
        f" WHERE e.case_id = %s ORDER BY e.sequence, t.revision"
    )
    read_election, read_tally = _row_reader(election_fields), _row_reader(tally_fields)
    election_names = [f.attname for f in election_fields]
    tally_names = [f.attname for f in tally_fields]
    elections: dict[int, Election] = {}
    tallies_of: dict[int, list[Tally]] = {}
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        rows = cursor.fetchall()
    for row in rows:
        election_values = row[: len(election_fields)]
        tally_values = row[len(election_fields) : len(election_fields) + len(tally_fields)]
        election = elections.get(election_values[0])
        if election is None:
            election = Election.from_db(connection.alias, election_names, read_election(election_values))
            election.case = case
            elections[election.pk] = election
            tallies_of[election.pk] = []
            if with_counts:
                counts = [int(n or 0) for n in row[len(election_fields) + len(tally_fields) : -1]]
                n_challenges = len(challenge_statuses)
                election.challenge_counts = dict(zip(challenge_statuses, counts[:n_challenges], strict=True))  # type: ignore[attr-defined]
                election.objection_counts = dict(zip(objection_statuses, counts[n_challenges:], strict=True))  # type: ignore[attr-defined]
                election.settled_after = {}  # type: ignore[attr-defined]
        if tally_values[0] is None:
            continue  # an election not tallied yet: the LEFT JOIN's one empty row
        tally = Tally.from_db(connection.alias, tally_names, read_tally(tally_values))
        tally.election = election
        tallies_of[election.pk].append(tally)
        if with_counts and row[-1]:
            election.settled_after[tally.revision] = int(row[-1])  # type: ignore[attr-defined]
    for election in elections.values():
        # ``election.tallies.all()`` answers from the rows read, as it would after a prefetch.
        tallies = election.tallies.all()
        tallies._result_cache = tallies_of[election.pk]
        tallies._prefetch_done = True  # type: ignore[attr-defined]
        election._prefetched_objects_cache = {"tallies": tallies}  # type: ignore[attr-defined]
    return list(elections.values())


def _row_reader(fields: Sequence[Any]) -> Callable[[Sequence[Any]], list[Any]]:
    """Turns a hand-written query's values for ``fields`` into what the ORM would have given (the backend's
    converters and the fields' own: JSON decoded, SQLite's dates parsed)."""
    converters = []
    for f in fields:
        expression = f.get_col(f.model._meta.db_table)
        converters.append((expression, connection.ops.get_db_converters(expression) + f.get_db_converters(connection)))

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


def facts_of(events: Iterable[ProceedingEvent]) -> list[ladder.Fact]:
    return [fact_of(e) for e in events]


def fact_of(event: ProceedingEvent, ref: int | None = None) -> ladder.Fact:
    details = event.details or {}
    return ladder.Fact(
        step=ladder.Step(
            event=ladder.Event(event.event),
            outcome=details.get("outcome"),
            order=details.get("order"),
            kind=details.get("kind"),
        ),
        occurred_on=event.occurred_on,
        ref=ref if ref is not None else event.pk,
    )


@dataclass(frozen=True)
class Period:
    """The objections period of an election: when it ends, and whether it has."""

    ends_on: date | None
    ends_at: datetime | None
    over: bool


def objections_period(
    election: Election, tally: Tally | None, *, now: datetime, deadlines: Sequence[Deadline] | None = None
) -> Period:
    """From the election's live objections deadline (an order may have replaced the computed one); computed on
    the fly when no deadline row exists (a tally recorded before this app was installed). ``deadlines``: the
    case's deadlines when the caller has read them already."""
    if tally is None:
        return Period(None, None, False)
    row: tuple[date, datetime] | None
    if deadlines is not None:
        live = [
            d
            for d in deadlines
            if d.election_id == election.pk and d.code == DeadlineCode.OBJECTIONS and d.status != Status.SUPERSEDED
        ]
        latest_live = max(live, key=lambda d: d.due_at) if live else None
        row = (latest_live.due_on, latest_live.due_at) if latest_live is not None else None
    else:
        row = (
            Deadline.objects.filter(election=election, code=DeadlineCode.OBJECTIONS)
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
        return ladder.replay(tallied=False, election_kind=election.kind, facts=facts)
    period = objections_period(election, tally, now=now, deadlines=deadlines)
    latest = election.latest_tally
    return ladder.replay(
        tallied=True,
        election_kind=election.kind,
        tally_on=local_date(tally.prepared_at, election.case.office_zone),
        period_ends_on=period.ends_on,
        period_over=period.over,
        pending_after_period=pending_after_period(election, latest, objections_live),
        facts=facts,
    )


def events_for_case(case: Case) -> QuerySet[ProceedingEvent]:
    return (
        ProceedingEvent.objects.filter(case=case)
        .select_related("election", "recorded_by", "party")
        .order_by("occurred_on", "id")
    )


def deadlines_for(user: Any, *, now: datetime | None = None) -> QuerySet[Deadline]:
    """Deadlines of the caller's cases, with ``effective_status`` (what the status is now)."""
    queryset = Deadline.objects.visible_to(user).select_related("case", "election", "party", "trigger_event")
    return deadline_records.with_effective_status(queryset, now=now).order_by("due_at", "id")


def live_deadlines(case: Case, *, now: datetime | None = None) -> list[Deadline]:
    """The case's deadlines that no other replaced, with ``effective_status`` (a handful per case)."""
    return list(
        deadline_records.with_effective_status(
            Deadline.objects.filter(case=case).exclude(status=Status.SUPERSEDED), now=now
        ).order_by("due_at", "id")
    )


def next_deadline(deadlines: Sequence[Deadline]) -> Deadline | None:
    """The earliest of ``deadlines`` (``live_deadlines`` of a case) that is still open now."""
    candidates = [d for d in deadlines if getattr(d, "effective_status", None) == Status.OPEN]
    if not candidates:
        return None
    return min(candidates, key=lambda d: (d.due_at, CODE_RANK.get(d.code, 99), d.pk))
