"""``cases/{number}/status/``: where the case is and what is due next, in one call with a constant number of
queries (four, whatever the number of elections, ballots, objections or events)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from challenges.models import Challenge
from core import clock
from elections.models import Case, Election
from objections.models import Objection
from proceedings import selectors
from proceedings.law import ladder


def _counts(election: Election | None) -> tuple[dict[str, int], dict[str, int], bool | None]:
    """Challenged ballots and objections of ``election`` by status, every status present, and whether the
    ledger matches the latest tally's challenged ballots (``None`` before a tally): read by
    ``selectors.elections_of(case, with_counts=True)`` in the elections' query."""
    if election is None:
        return (
            dict.fromkeys((status.value for status in Challenge.Status), 0),
            dict.fromkeys((status.value for status in Objection.Status), 0),
            None,
        )
    challenges: dict[str, int] = election.challenge_counts  # type: ignore[attr-defined]
    objections: dict[str, int] = election.objection_counts  # type: ignore[attr-defined]
    tally = election.latest_tally
    if tally is None:
        return challenges, objections, None
    ledger = challenges[Challenge.Status.PENDING] + election.settled_after.get(tally.revision, 0)  # type: ignore[attr-defined]
    # The tally serializer's ledger_count (elections.selectors.tallies_with_ledger_count annotates lists
    # the same way): counted here already, so the nested tally of the status says it too.
    tally.ledger_count = ledger  # type: ignore[attr-defined]
    return challenges, objections, ledger == tally.challenged


def case_status(case: Case, *, now: datetime | None = None) -> dict[str, Any]:
    """The data of the status call; the API serializer shapes the tally, the deadline and the event."""
    now = now or clock.now()
    elections = selectors.elections_of(case, with_counts=True)
    picked = selectors.current_and_proceeding(elections)
    current, proceeding = picked.current, picked.proceeding
    # One read each of the case's live events and deadlines serves the replay, the last event and the
    # next deadline; the counts tell the replay whether objections are live.
    events = list(selectors.events_for_case(case).filter(voided=False))
    deadlines = selectors.live_deadlines(case, now=now)
    challenges, objections, ledger_matches = _counts(proceeding or current)
    replayed = (
        selectors.replay(
            proceeding,
            events=[e for e in events if e.election_id == proceeding.pk],
            now=now,
            deadlines=deadlines,
            objections_live=sum(n for status, n in objections.items() if status != "withdrawn") > 0,
        )
        if proceeding is not None
        else None
    )
    current_tallied = current is not None and selectors.original_tally(current) is not None
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
