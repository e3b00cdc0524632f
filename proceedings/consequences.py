"""What a staff action changed, in sentences: read the case before and after
(``proceedings.selectors.snapshot``), and say the difference.

The admin wraps each action (record an event, resolve challenges, rule on objections, record a tally) in
``watch(case)``; after the service commits, ``Watch.lines()`` says what moved: the stage of each election's
proceeding, whether the challenged ballots are still determinative, the result, the outcome, the case's
status, objections and challenges whose standing changed, deadlines created, met, mooted or superseded, a
new election, and the notices queued. Reads only; the services did the writing.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass

from elections.models import Case
from proceedings import selectors
from proceedings.law.deadlines import Status


def _counts(pairs: Iterable[tuple[str, int]]) -> str:
    return ", ".join(f"{n} {status}" for status, n in pairs) or "none"


def _determinative(value: bool | None) -> str:
    return {True: "determinative", False: "not determinative", None: "no tally yet"}[value]


def difference(case_number: str, before: selectors.Snapshot, after: selectors.Snapshot) -> list[str]:
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
    before: selectors.Snapshot
    after: selectors.Snapshot | None = None

    def lines(self) -> list[str]:
        if self.after is None:
            return []
        return difference(self.case.number, self.before, self.after)


@contextmanager
def watch(case: Case) -> Iterator[Watch]:
    """Snapshot ``case`` now and again when the block ends without an error."""
    watched = Watch(case=case, before=selectors.snapshot(case))
    yield watched
    watched.after = selectors.snapshot(case)
