"""Domain events of the apps below, received inside their transactions (what we write commits or rolls back
with their change): a tally is refused where the ladder forbids it (asked before it is written); the tally of
ballots opens the objections period; objections filed, withdrawn or ruled on, and an offer of proof
extended, change what the deadlines wait for."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.db.models import Q

from core.actors import stamp
from core.errors import TransitionNotAllowed
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Election, Tally
from proceedings import selectors
from proceedings.law import ladder
from proceedings.law.deadlines import CERTIFYING_OUTCOMES, Source, Status
from proceedings.models import Deadline, ProceedingEvent
from proceedings.services import deadline_records


def refuse_tally(sender: Any, *, tally: Tally, **kwargs: Any) -> None:
    """The ladder's answer to ``elections.events.tally_to_record``, asked by ``tally_record`` before the
    tally is written."""
    _refuse_after_certification(tally)
    _refuse_while_blocked(tally)


def tally_recorded(sender: Any, *, tally: Tally, actor: Any = None, **kwargs: Any) -> None:
    deadline_records.create_for_tally(tally, actor)
    deadline_records.refresh(tally.election)


def _refuse_after_certification(tally: Tally) -> None:
    """A certified election's count is settled (29 CFR 102.69(b)-(c)): a revised tally recorded after the
    certification could leave the record certifying an election it now calls undetermined. Staff void the
    certification first (the ladder's void), then record the revision. Raised before the tally is written."""
    if tally.revision == 0:
        return
    certification = (
        ProceedingEvent.objects.filter(election_id=tally.election_id, voided=False)
        .filter(
            Q(event=ladder.Event.CERTIFICATION_ISSUED)
            | Q(
                event=ladder.Event.REGIONAL_DIRECTOR_DECISION,
                details__outcome__in=sorted(CERTIFYING_OUTCOMES),
            )
        )
        .order_by("pk")
        .first()
    )  # the events ``services.certification._certifies`` accepts, found in one query
    if certification is not None:
        raise TransitionNotAllowed(
            f"Election {tally.election.sequence} was certified by the {certification.get_event_display()} of "
            f"{certification.occurred_on}: a revised tally cannot be recorded after it. Void that event first "
            "if the count must be reopened."
        )


def _refuse_while_blocked(tally: Tally) -> None:
    """A blocking charge holds the election (29 CFR 103.20): no tally, so no period runs, until the block
    is lifted. Raised before the tally is written."""
    last = (
        ProceedingEvent.objects.filter(
            election_id=tally.election_id,
            voided=False,
            event__in=[ladder.Event.ELECTION_BLOCKED, ladder.Event.BLOCK_LIFTED],
        )
        .order_by("-occurred_on", "-id")
        .first()
    )
    if last is not None and last.event == ladder.Event.ELECTION_BLOCKED:
        raise TransitionNotAllowed(
            f"Election {tally.election.sequence} is blocked by the charge in {last.details.get('ulp_case')} "
            f"since {last.occurred_on} (29 CFR 103.20): record block_lifted before its tally.",
            allowed=[ladder.Event.BLOCK_LIFTED.value],
        )


def elections_created(
    sender: Any, *, elections: Sequence[Election], actor: Any = None, **kwargs: Any
) -> None:
    """A case's first election takes over what was recorded on the case before it had one (a block, a
    transfer, an end of the case and its review): its proceeding starts from them, as if they had been recorded
    on it. An election is not added to a case those events have closed. One query for a batch."""
    firsts = {e.case_id: e for e in elections if e.sequence == 1}
    if not firsts:
        return
    before = list(
        ProceedingEvent.objects.filter(case_id__in=list(firsts), election__isnull=True).order_by(
            "occurred_on", "id"
        )
    )
    if not before:
        return
    for case_id in {e.case_id for e in before}:
        state = selectors.replay_before_election([e for e in before if e.case_id == case_id]).state
        if state.ended is not None and state.stage is ladder.Stage.CLOSED:
            raise TransitionNotAllowed(
                f"{firsts[case_id].case.number} was closed before any election ({state.ended}): an election "
                "cannot be added to it. Void the event that closed it first if it was wrong."
            )
    for event in before:
        event.election = firsts[event.case_id]
        stamp(event, actor)
        event._change_reason = "taken over by the case's first election"  # type: ignore[attr-defined]
        event.save(update_fields=["election"])
    deadlines = list(Deadline.objects.filter(case_id__in=list(firsts), election__isnull=True))
    for deadline in deadlines:
        deadline.election = firsts[deadline.case_id]
        stamp(deadline, actor)
        deadline._change_reason = "taken over by the case's first election"  # type: ignore[attr-defined]
        deadline.save(update_fields=["election"])
    for election in firsts.values():
        deadline_records.refresh(election)


def objections_changed(sender: Any, *, objection: Any, **kwargs: Any) -> None:
    election = Election.objects.filter(pk=objection.election_id).first()
    if election is not None:
        deadline_records.refresh(election)


def offer_of_proof_extended(
    sender: Any, *, objection: Any, reason: str = "", actor: Any = None, **kwargs: Any
) -> None:
    """The Regional Director extended a party's offer of proof (102.69(a)(8)): that party's offer_of_proof
    deadline moves by order (the objections themselves are never extended)."""
    until = objection.offer_of_proof_due_at
    election = Election.objects.select_related("case").filter(pk=objection.election_id).first()
    if until is None or election is None:
        return
    # An order for every party (or this one) already due then (``services.deadline_set``, which moved this
    # objection with it): nothing more to set.
    already = (
        Deadline.objects.filter(election=election, code=DeadlineCode.OFFER_OF_PROOF, due_at=until)
        .filter(Q(party_id=objection.filed_by_id) | Q(party__isnull=True))
        .exclude(status=Status.SUPERSEDED)
    )
    if not already.exists():
        deadline_records.set_by_order(
            case=election.case,
            election=election,
            code=DeadlineCode.OFFER_OF_PROOF,
            label="",
            due_on=local_date(until, election.case.office_zone),
            reason=f"offer of proof extended by the Regional Director: {reason}".strip(),
            source=Source.ORDER,
            party_id=objection.filed_by_id,
            actor=actor,
            due_at=until,
        )
    deadline_records.refresh(election)
