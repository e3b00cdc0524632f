"""Domain events of the apps below, received inside their transactions (what we write commits or rolls back
with their change): the tally of ballots opens the objections period; objections filed, withdrawn or ruled on,
and an offer of proof extended, change what the deadlines wait for."""

from __future__ import annotations

from typing import Any

from elections.models import Election, Tally
from proceedings import deadlines
from proceedings.law.deadlines import Source, Status
from proceedings.models import Deadline


def tally_recorded(sender: Any, *, tally: Tally, actor: Any = None, **kwargs: Any) -> None:
    deadlines.create_for_tally(tally, actor)
    deadlines.refresh(tally.election)


def objections_changed(sender: Any, *, objection: Any, **kwargs: Any) -> None:
    election = Election.objects.filter(pk=objection.election_id).first()
    if election is not None:
        deadlines.refresh(election)


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
        election=election, code="offer_of_proof", party_id=objection.filed_by_id, due_at=until
    ).exclude(status=Status.SUPERSEDED)
    if not already.exists():
        deadlines.set_by_order(
            case=election.case,
            election=election,
            code="offer_of_proof",
            label="",
            due_on=deadlines.local_date(until, election.case.office_zone),
            reason=f"offer of proof extended by the Regional Director: {reason}".strip(),
            source=Source.ORDER,
            party_id=objection.filed_by_id,
            actor=actor,
            due_at=until,
        )
    deadlines.refresh(election)
