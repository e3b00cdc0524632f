"""The case's appeal ladder as a picture: one entry per election, its stages with dates, the current one
marked, the open deadlines beside it and what may come next. The staff desk (the admin's case ladder) and the
counsel desk (``desk/``) draw the same picture from it, with the template
``proceedings/ladder_picture.html``; each says where a deadline's link goes."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.db.models import Q

from core import clock
from elections.models import Case, Election
from proceedings.due_words import due_when
from proceedings.law import ladder
from proceedings.law.deadlines import Status
from proceedings.law.ladder import AFTER_CERTIFICATION, USUAL_CLIMB
from proceedings.models import Deadline
from proceedings.selectors.deadlines import with_effective_status
from proceedings.selectors.proceeding import (
    elections_of,
    live_events_before_election,
    replay,
    replay_before_election,
)


def ahead_of(state: ladder.State) -> list[dict[str, str]]:
    climb = USUAL_CLIMB[state.track]
    if state.stage in climb:
        rest = climb[climb.index(state.stage) + 1 :]
        labels = [ladder.STAGE_LABELS[s] for s in rest] + ["Certification, rerun or runoff"]
    elif state.stage in AFTER_CERTIFICATION:
        labels = [
            ladder.STAGE_LABELS[s] for s in AFTER_CERTIFICATION[AFTER_CERTIFICATION.index(state.stage) + 1 :]
        ]
    else:
        labels = []
    return [{"label": label} for label in labels[:4]]


def ladder_picture(case: Case, *, deadline_url: Callable[[Deadline], str]) -> list[dict[str, Any]]:
    """One entry per election, newest first: its steps (stage, date, event), the current one marked, and the
    open deadlines of each step (each linked to ``deadline_url(deadline)``)."""
    now = clock.now()
    elections = elections_of(case)
    open_deadlines = list(
        with_effective_status(Deadline.objects.filter(case=case), now=now)
        .filter(Q(effective_status=Status.OPEN))
        .order_by("due_at")
    )
    pictures = []
    # Before any election, what was recorded on the case (an end of it, a block, a transfer) is its ladder.
    before: list[Election | None] = [] if elections or not case.proceeding_events.exists() else [None]
    for election in [*reversed(elections), *before]:
        replayed = (
            replay(election, now=now)
            if election is not None
            else replay_before_election(live_events_before_election(case))
        )
        steps = []
        path = replayed.path
        for index, entry in enumerate(path):
            ends = path[index + 1].on if index + 1 < len(path) else None
            steps.append(
                {
                    "stage": entry.stage.value,
                    "label": ladder.STAGE_LABELS[entry.stage],
                    "on": entry.on,
                    "event": ladder.EVENT_LABELS[entry.event] if entry.event else "",
                    "current": index == len(path) - 1,
                    "until": ends,
                }
            )
        mine = [d for d in open_deadlines if d.election_id == (election.pk if election is not None else None)]
        outcome = ladder.outcome_of(replayed.state)
        pictures.append(
            {
                "election": election,
                "steps": steps,
                "ahead": ahead_of(replayed.state) if replayed.state.tallied else [],
                "deadlines": [
                    {
                        "label": d.label,
                        "due_on": d.due_on,
                        "due_text": due_when(d),
                        "zone": d.zone,
                        "verified": d.verified,
                        "target_only": d.target_only,
                        "citation": d.citation,
                        "url": deadline_url(d),
                    }
                    for d in mine
                ],
                "allowed": [ladder.EVENT_LABELS[e] for e in ladder.allowed_events(replayed.state)],
                "outcome": ladder.OUTCOME_LABELS[outcome] if outcome is not None else "",
                "track": replayed.state.track.value,
            }
        )
    return pictures
