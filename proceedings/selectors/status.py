"""``cases/{number}/status/``: where the case is and what is due next, in one call with a constant number of
queries (five, whatever the number of elections, ballots, objections or events)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection

from challenges.models import Challenge
from core import clock
from elections.models import Case, Election
from elections.selectors import original_tally
from objections.models import Objection
from proceedings.law import ca_case as toc
from proceedings.law import dispositions, ladder
from proceedings.models import ProceedingEvent
from proceedings.selectors.deadlines import live_deadlines, next_deadline
from proceedings.selectors.proceeding import (
    current_and_proceeding,
    elections_of,
    live_events_of_case,
    replay,
    replay_before_election,
)


def _counts(election: Election | None) -> tuple[dict[str, int], dict[str, int], bool | None]:
    """Challenged ballots and objections of ``election`` by status, every status present, and whether the
    ledger matches the latest tally's challenged ballots (``None`` before a tally): one query."""
    challenges = dict.fromkeys((status.value for status in Challenge.Status), 0)
    objections = dict.fromkeys((status.value for status in Objection.Status), 0)
    settled: dict[str, int] = {}
    if election is None:
        return challenges, objections, None
    table = Challenge._meta.db_table
    sql = (
        f"SELECT 'c', status, COUNT(*) FROM {table} WHERE election_id = %s GROUP BY status "
        f"UNION ALL "
        f"SELECT 'o', status, COUNT(*) FROM {Objection._meta.db_table} WHERE election_id = %s GROUP BY status "
        f"UNION ALL "
        f"SELECT 's', CAST(settled_after_revision AS VARCHAR(10)), COUNT(*) FROM {table} "
        f"WHERE election_id = %s AND settled_after_revision IS NOT NULL GROUP BY settled_after_revision"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [election.pk, election.pk, election.pk])
        for kind, key, count in cursor.fetchall():
            {"c": challenges, "o": objections, "s": settled}[kind][key] = count
    tally = election.latest_tally
    if tally is None:
        return challenges, objections, None
    ledger = challenges[Challenge.Status.PENDING] + settled.get(str(tally.revision), 0)
    # The tally serializer's ledger_count (elections.selectors.tallies_with_ledger_count annotates lists
    # the same way): counted here already, so the nested tally of the status says it too.
    tally.ledger_count = ledger  # type: ignore[attr-defined]
    return challenges, objections, ledger == tally.challenged


def case_status(case: Case, *, now: datetime | None = None, user: Any = None) -> dict[str, Any]:
    """The data of the status call; the API serializer shapes the tally, the deadline and the event.
    ``next_deadline`` is ``user``'s own (their party's; staff, and ``user`` None: any party's)."""
    now = now or clock.now()
    elections = elections_of(case)
    picked = current_and_proceeding(elections)
    current, proceeding = picked.current, picked.proceeding
    # One read each of the case's live events and deadlines serves the replay, the last event and the
    # next deadline; the counts tell the replay whether objections are live.
    events = live_events_of_case(case, elections)
    deadlines = live_deadlines(case, now=now, user=user)
    challenges, objections, ledger_matches = _counts(proceeding or current)
    replayed = (
        replay(
            proceeding,
            events=[e for e in events if e.election_id == proceeding.pk],
            now=now,
            deadlines=deadlines,
            objections_live=sum(n for status, n in objections.items() if status != Objection.Status.WITHDRAWN)
            > 0,
        )
        if proceeding is not None
        else None
    )
    current_tallied = current is not None and original_tally(current) is not None
    # Before its tally the current election can only be blocked, ended or transferred (dispositions).
    untallied = (
        replay(current, events=[e for e in events if e.election_id == current.pk], now=now)
        if current is not None and not current_tallied
        else None
    )
    if current is None:  # no election yet: what was recorded on the case before it (an end, a block)
        untallied = replay_before_election([e for e in events if e.election_id is None])
    view = ladder.case_view(
        current_kind=current.kind if current is not None else "initial",
        current_tallied=current_tallied,
        proceeding=replayed.state if replayed is not None and current_tallied else None,
    )
    held = untallied if untallied is not None and len(untallied.path) > 1 else None
    if held is not None:  # blocked, ended (and its review) before the tally
        view = ladder.CaseView(held.state.stage, ladder.outcome_of(held.state))
    climbing = held or replayed
    test = test_of_certification(events)
    stage = beside(view.stage, test)
    ending = untallied.state if untallied is not None else (replayed.state if replayed is not None else None)
    last_event = max(events, key=lambda e: (e.occurred_on, e.pk)) if events else None
    return {
        "case": case.number,
        "stage": stage.value,
        "stage_label": ladder.STAGE_LABELS[stage],
        "outcome": view.outcome.value if view.outcome else None,
        "outcome_label": ladder.OUTCOME_LABELS[view.outcome] if view.outcome else None,
        "test_of_certification": toc.as_status(test.current) if test is not None else None,
        "ending_events": [e.value for e in dispositions.end_events_allowed(ending)] if ending else [],
        "office_region": case.office_region,
        "rule_set": case.rule_set,
        "current_election": current,
        "proceeding_election": proceeding,
        "track": replayed.state.track.value if replayed is not None else None,
        "challenges": challenges,
        "objections": objections,
        # False flags a ledger that holds fewer (or more) challenges than the latest tally's challenged
        # ballots: a tally to revise, or challenges still to log.
        "ledger_matches_tally": ledger_matches,
        "next_deadline": next_deadline(deadlines, now=now),
        "allowed_events": [
            *([e.value for e in ladder.allowed_events(climbing.state)] if climbing else []),
            *(e.value for e in toc.allowed(test.current if test else None, certified=_certified(events))),
        ],
        "last_event": last_event,
        "path": [
            {
                "stage": entry.stage.value,
                "stage_label": ladder.STAGE_LABELS[entry.stage],
                "on": entry.on,
                "event": entry.event.value if entry.event else None,
            }
            for entry in (replayed.path if replayed is not None else ())
        ],
    }


def _certified(events: Sequence[ProceedingEvent]) -> bool:
    return any(
        e.event == ladder.Event.CERTIFICATION_ISSUED and e.details.get("kind") == "representative"
        for e in events
    )


def test_of_certification(events: Sequence[ProceedingEvent]) -> toc.TocReplay | None:
    """The case's tests of certification, from its live events (read already; no query)."""
    certified = [
        e.occurred_on
        for e in events
        if e.event == ladder.Event.CERTIFICATION_ISSUED and e.details.get("kind") == "representative"
    ]
    side = [
        toc.TocFact(ladder.Event(e.event), e.occurred_on, e.details, e.pk)
        for e in events
        if e.event in ladder.SIDE_TRACK
    ]
    if not side:
        return None
    try:
        return toc.replay(certified_on=min(certified, default=None), facts=side)
    except toc.TocRefused:
        return None  # recorded before these rules: shown without a test rather than failing the status


def beside(stage: ladder.Stage, test: toc.TocReplay | None) -> ladder.Stage:
    """The case's stage with its test of certification beside it: once certified, the test is where the case
    is (``test_of_certification``, ``court_of_appeals``); a closed test leaves it ``certified``. The test never
    closes the representation case, and a stage before certification (a request for review pending) stands."""
    current = test.current if test is not None else None
    if stage is not ladder.Stage.CERTIFIED or current is None:
        return stage
    toc_stage = toc.derive_stage(current)
    if toc_stage is toc.TocStage.CLOSED:
        return stage
    return (
        ladder.Stage.COURT_OF_APPEALS
        if toc_stage is toc.TocStage.COURT
        else ladder.Stage.TEST_OF_CERTIFICATION
    )
