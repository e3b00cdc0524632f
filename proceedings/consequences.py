"""What a staff action changed, in sentences: read the case before and after, and say the difference.

The admin wraps each action (record an event, resolve challenges, rule on objections, record a tally) in
``watch(case)``; after the service commits, ``Watch.lines()`` says what moved: the stage of each election's
proceeding, whether the challenged ballots are still determinative, the result, the outcome, the case's
status, objections and challenges whose standing changed, deadlines created, met, mooted or superseded, a
new election, and the notices queued. Reads only; the services did the writing.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from challenges import selectors as ledger_selectors
from challenges.models import Challenge
from core.models import Notification
from elections.law.local_time import local_time
from elections.models import Case, Election
from objections.models import Objection
from proceedings import selectors
from proceedings.law import ladder
from proceedings.law.deadlines import Status
from proceedings.models import Deadline


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
    election_list = selectors.elections_of(case)
    states = ledger_selectors.ledger_states(e.pk for e in election_list)
    challenge_counts: dict[int, Counter[str]] = {e.pk: Counter() for e in election_list}
    for election_id, status in Challenge.objects.filter(election__case=case).values_list(
        "election_id", "status"
    ):
        challenge_counts.setdefault(election_id, Counter())[status] += 1
    for election in election_list:
        replayed = selectors.replay(election)
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


def _counts(pairs: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{n} {status}" for status, n in pairs) or "none"


def _determinative(value: bool | None) -> str:
    return {True: "determinative", False: "not determinative", None: "no tally yet"}[value]


def difference(case_number: str, before: Snapshot, after: Snapshot) -> list[str]:
    """The sentences that say what changed from ``before`` to ``after`` (empty if nothing did)."""
    lines: list[str] = []
    if before.case_status != after.case_status:
        lines.append(f"Case {case_number}: status {before.case_status} → {after.case_status}.")
    for pk, now in after.elections.items():
        was = before.elections.get(pk)
        name = f"Election {now.sequence}"
        if was is None:
            lines.append(f"{name} was created: {now.stage.lower()}.")
            continue
        if was.stage != now.stage:
            lines.append(f"{name}: stage {was.stage} → {now.stage}.")
        if was.determinative != now.determinative:
            lines.append(
                f"{name}: challenged ballots {_determinative(was.determinative)} → "
                f"{_determinative(now.determinative)}."
            )
        if was.result != now.result:
            lines.append(f"{name}: result {was.result or 'none'} → {now.result or 'none'}.")
        if was.outcome != now.outcome and now.outcome:
            lines.append(f"{name}: outcome — {now.outcome}.")
        if was.challenges != now.challenges:
            lines.append(f"{name}: challenges {_counts(was.challenges)} → {_counts(now.challenges)}.")
    for pk, (status, text) in after.objections.items():
        previous = before.objections.get(pk)
        if previous is not None and previous[0] != status:
            lines.append(f"{text}: {previous[0].replace('_', ' ')} → {status.replace('_', ' ')}.")
    created = [text for pk, (_s, text) in after.deadlines.items() if pk not in before.deadlines]
    if created:
        lines.append("Deadlines created: " + "; ".join(created) + ".")
    for status, verb in (
        (Status.MET, "met"),
        (Status.MOOT, "mooted"),
        (Status.SUPERSEDED, "superseded"),
        (Status.MISSED, "missed"),
        (Status.OPEN, "reopened"),
    ):
        changed = [
            text
            for pk, (now_status, text) in after.deadlines.items()
            if pk in before.deadlines and before.deadlines[pk][0] != now_status and now_status == status
        ]
        if changed:
            lines.append(f"Deadlines {verb}: " + "; ".join(changed) + ".")
    sent = after.notifications - before.notifications
    if sent > 0:
        lines.append(
            f"Notices queued: {sent} e-mail(s) to counsel and paralegals of record, sent after this change."
        )
    return lines


@dataclass
class Watch:
    case: Case
    before: Snapshot
    after: Snapshot | None = None

    def lines(self) -> list[str]:
        if self.after is None:
            return []
        return difference(self.case.number, self.before, self.after)


@contextmanager
def watch(case: Case) -> Iterator[Watch]:
    """Snapshot ``case`` now and again when the block ends without an error."""
    watched = Watch(case=case, before=snapshot(case))
    yield watched
    watched.after = snapshot(case)


def cases_of_elections(election_ids: Iterable[int]) -> list[Case]:
    return list(
        Case.objects.filter(pk__in=Election.objects.filter(pk__in=list(election_ids)).values("case_id"))
    )
