"""What answers a deadline: the filing, event or objection that meets it, on which day and whether in time;
and the parties a general deadline does not speak for. Shared by ``status`` and ``parties``.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Any

from elections.law import calendar
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from objections.models import Objection
from proceedings.law import deadlines as law
from proceedings.models import Deadline, ProceedingEvent


@dataclass(frozen=True)
class _Answer:
    on: date
    in_time: bool


def _general_excludes(live: Sequence[Deadline]) -> dict[str, set[int]]:
    """code → the parties with a deadline of their own: a general deadline does not speak for them."""
    own: dict[str, set[int]] = defaultdict(set)
    for d in live:
        if d.party_id is not None:
            own[d.code].add(d.party_id)
    return own


def _meeting_objection(d: Deadline, mine: Sequence[Mapping[str, Any]]) -> int | None:
    """The party's objection that answers ``d``: its first (objections), or the one whose offer of proof came
    last (the offer of proof)."""
    live = [o for o in mine if o["status"] != Objection.Status.WITHDRAWN]
    kinds = law.rule_of(d.code).answered_by
    if "objection" in kinds and mine:
        return int(min(mine, key=lambda o: o["filed_at"])["pk"])
    if "offer_of_proof" in kinds and live and all(o["offer_of_proof_filed_at"] for o in live):
        return int(max(live, key=lambda o: o["offer_of_proof_filed_at"])["pk"])
    return None


def _answer(
    d: Deadline,
    events: Sequence[ProceedingEvent],
    objections: Sequence[Mapping[str, Any]],
    parties: set[int] | None,
    excluded: set[int],
) -> tuple[_Answer | None, bool]:
    """The filing that answers ``d`` (earliest), and whether objections were filed (for the offer of proof)."""

    def concerns(party_id: int | None) -> bool:
        if party_id is not None and party_id in excluded:
            return False
        return parties is None or party_id is None or party_id in parties

    relevant = [o for o in objections if concerns(o["filed_by_id"]) and _answers(d, o)]
    objections_filed = any(o["status"] != Objection.Status.WITHDRAWN for o in relevant)
    kinds = law.rule_of(d.code).answered_by
    if "objection" in kinds:
        if not relevant:
            return None, objections_filed
        first = min(o["filed_at"] for o in relevant)
        return _Answer(local_date(first, d.zone), calendar.is_timely(first, d.due_at)), objections_filed
    if "offer_of_proof" in kinds:
        live = [o for o in relevant if o["status"] != Objection.Status.WITHDRAWN]
        if not live or any(o["offer_of_proof_filed_at"] is None for o in live):
            return None, objections_filed
        last = max(o["offer_of_proof_filed_at"] for o in live)
        return _Answer(local_date(last, d.zone), calendar.is_timely(last, d.due_at)), objections_filed
    for event in events:
        if event.event in kinds and event.occurred_on >= d.trigger_on and concerns(event.party_id):
            return _Answer(event.occurred_on, event.occurred_on <= d.due_on), objections_filed
    return None, objections_filed


def _answers(d: Deadline, objection: Mapping[str, Any]) -> bool:
    """Whether ``objection`` is a filing of ``d``'s period. A tally's objections period (and its offer of
    proof) is answered by the objections that answer that tally (``Objection.answers_tally``: conduct
    objections the tally of ballots', an objection to a revised tally that one's, 102.69(a)(8), (e)). An
    offer of proof extended by order waits for the objections already on file, whenever the order came.
    Anything else: the filings made from its trigger day on."""
    if d.trigger_tally_id is not None:
        return bool(objection["answers_tally_id"] == d.trigger_tally_id)
    if d.code == DeadlineCode.OFFER_OF_PROOF:
        return True
    return local_date(objection["filed_at"], d.zone) >= d.trigger_on
