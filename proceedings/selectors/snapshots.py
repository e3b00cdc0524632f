"""The case as staff see it, read before and after a change (``proceedings.consequences`` says the
difference): each election's stage, outcome, result and challenged ballots, the case's status, its deadlines
and objections with their status, and the notices queued. ``cases_of_elections``: the cases an action on
some elections touches, each read so."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

from challenges import selectors as ledger_selectors
from challenges.models import Challenge
from core.models import Notification
from elections.law.local_time import local_time
from elections.models import Case, Election
from objections.models import Objection
from proceedings.law import ladder
from proceedings.models import Deadline
from proceedings.selectors.proceeding import elections_of, replay


@dataclass(frozen=True)
class ElectionState:
    sequence: int
    stage: str
    outcome: str
    result: str
    determinative: bool | None
    challenges: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class Snapshot:
    case_status: str
    elections: dict[int, ElectionState]
    deadlines: dict[int, tuple[str, str]]  # id → (status, "label, due …")
    objections: dict[int, tuple[str, str]]  # id → (status, "RWDSU objection 3")
    notifications: int


def _deadline_text(deadline: Deadline) -> str:
    return f"{deadline.label} ({deadline.on_election}), due {local_time(deadline.due_at, deadline.zone)}"


def snapshot(case: Case) -> Snapshot:
    case = Case.objects.get(pk=case.pk)
    elections: dict[int, ElectionState] = {}
    election_list = elections_of(case)
    states = ledger_selectors.ledger_states(e.pk for e in election_list)
    challenge_counts: dict[int, Counter[str]] = {e.pk: Counter() for e in election_list}
    for election_id, status in Challenge.objects.filter(election__case=case).values_list(
        "election_id", "status"
    ):
        challenge_counts.setdefault(election_id, Counter())[status] += 1
    for election in election_list:
        replayed = replay(election)
        outcome = ladder.outcome_of(replayed.state)
        tally = election.latest_tally
        ledger = states.get(election.pk)
        elections[election.pk] = ElectionState(
            sequence=election.sequence,
            stage=ladder.STAGE_LABELS[replayed.state.stage],
            outcome=ladder.OUTCOME_LABELS[outcome] if outcome is not None else "",
            result=str(tally.assessment.result).replace("_", " ") if tally is not None else "",
            determinative=ledger.determinative if ledger is not None else None,
            challenges=tuple(sorted(challenge_counts.get(election.pk, Counter()).items())),
        )
    deadlines = {
        d.pk: (str(d.status), _deadline_text(d))
        for d in Deadline.objects.filter(case=case).select_related("election")
    }
    objections = {
        o.pk: (str(o.status), f"{o.filed_by.name} objection {o.number} (election {o.election.sequence})")
        for o in Objection.objects.filter(election__case=case).select_related("filed_by", "election")
    }
    return Snapshot(
        case_status=case.get_status_display(),
        elections=elections,
        deadlines=deadlines,
        objections=objections,
        notifications=Notification.objects.filter(case=case).count(),
    )


def cases_of_elections(election_ids: Iterable[int]) -> list[Case]:
    return list(
        Case.objects.filter(pk__in=Election.objects.filter(pk__in=list(election_ids)).values("case_id"))
    )
