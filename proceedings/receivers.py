"""Domain events of the apps below, received inside their transactions (what we write commits or rolls back
with their change): a tally is refused where the ladder forbids it (asked before it is written); the tally of
ballots opens the objections period; objections filed, withdrawn or ruled on, and an offer of proof
extended, change what the deadlines wait for."""

from __future__ import annotations

from typing import Any

from django.db.models import Q

from core.errors import TransitionNotAllowed
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Election, Tally
from proceedings import deadline_records
from proceedings.law import ladder
from proceedings.law.deadlines import CERTIFYING_OUTCOMES, Source, Status
from proceedings.models import Deadline, ProceedingEvent


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
    )  # the events ``services._certifies`` accepts, found in one query
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
    already = Deadline.objects.filter(
        election=election, code=DeadlineCode.OFFER_OF_PROOF, party_id=objection.filed_by_id, due_at=until
    ).exclude(status=Status.SUPERSEDED)
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
