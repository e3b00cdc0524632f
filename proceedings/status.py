"""``cases/{number}/status/``: where the case is and what is due next, in one call with a constant number of
queries (about ten, whatever the number of ballots, objections or events)."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db.models import Count

from challenges.models import Challenge
from elections.models import Case, Election
from objections.models import Objection
from proceedings import clock, selectors
from proceedings.law import ladder
from proceedings.models import ProceedingEvent


def _counts(model: Any, election: Election | None, statuses: list[str]) -> dict[str, int]:
    counts = dict.fromkeys(statuses, 0)
    if election is not None:
        for row in model.objects.filter(election=election).values("status").annotate(n=Count("id")):
            counts[row["status"]] = row["n"]
    return counts


def case_status(case: Case, *, now: datetime | None = None) -> dict[str, Any]:
    """The data of the status call; the API serializer shapes the tally, the deadline and the event."""
    now = now or clock.now()
    elections = selectors.elections_of(case)
    picked = selectors.current_and_proceeding(elections)
    current, proceeding = picked.current, picked.proceeding
    replayed = selectors.replay(proceeding, now=now) if proceeding is not None else None
    current_tallied = current is not None and selectors.original_tally(current) is not None
    view = ladder.case_view(
        current_kind=current.kind if current is not None else "initial",
        current_tallied=current_tallied,
        proceeding=replayed.state if replayed is not None and current_tallied else None,
    )
    counted = proceeding or current
    last_event = (
        ProceedingEvent.objects.filter(case=case, voided=False)
        .select_related("election", "recorded_by")
        .order_by("-occurred_on", "-id")
        .first()
    )
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
        "challenges": _counts(Challenge, counted, list(Challenge.Status.values)),
        "objections": _counts(Objection, counted, list(Objection.Status.values)),
        "next_deadline": selectors.next_deadline(case, now=now),
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
