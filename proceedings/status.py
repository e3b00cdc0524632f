"""``cases/{number}/status/``: where the case is and what is due next, in one call with a constant number of
queries (five, whatever the number of elections, ballots, objections or events)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import connection

from challenges.models import Challenge
from core import clock
from elections.models import Case, Election
from elections.selectors import original_tally
from objections.models import Objection
from proceedings import selectors
from proceedings.law import ladder


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


def case_status(case: Case, *, now: datetime | None = None) -> dict[str, Any]:
    """The data of the status call; the API serializer shapes the tally, the deadline and the event."""
    now = now or clock.now()
    elections = selectors.elections_of(case)
    picked = selectors.current_and_proceeding(elections)
    current, proceeding = picked.current, picked.proceeding
    # One read each of the case's live events and deadlines serves the replay, the last event and the
    # next deadline; the counts tell the replay whether objections are live.
    events = selectors.live_events_of_case(case, elections)
    deadlines = selectors.live_deadlines(case, now=now)
    challenges, objections, ledger_matches = _counts(proceeding or current)
    replayed = (
        selectors.replay(
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
    view = ladder.case_view(
        current_kind=current.kind if current is not None else "initial",
        current_tallied=current_tallied,
        proceeding=replayed.state if replayed is not None and current_tallied else None,
    )
    last_event = max(events, key=lambda e: (e.occurred_on, e.pk)) if events else None
    return {
        "case": case.number,
        "stage": view.stage.value,
        "stage_label": ladder.STAGE_LABELS[view.stage],
        "outcome": view.outcome.value if view.outcome else None,
        "outcome_label": ladder.OUTCOME_LABELS[view.outcome] if view.outcome else None,
        "rule_set": case.rule_set,
        "current_election": current,
        "proceeding_election": proceeding,
        "track": replayed.state.track.value if replayed is not None else None,
        "challenges": challenges,
        "objections": objections,
        # False flags a ledger that holds fewer (or more) challenges than the latest tally's challenged
        # ballots: a tally to revise, or challenges still to log.
        "ledger_matches_tally": ledger_matches,
        "next_deadline": selectors.next_deadline(deadlines),
        "allowed_events": [e.value for e in ladder.allowed_events(replayed.state)] if replayed else [],
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
