"""Who may act, for a caller that must refuse before it reads the input (the API: a 403 before a 400):
counsel file for their own party; counsel of the filing party, or staff, withdraw an objection or file its
offer of proof.
"""

from __future__ import annotations

from core.actors import Actor, is_staff
from core.errors import NotPermitted
from elections.models import Election, Party
from elections.selectors import counsel_party_ids
from objections.models import Objection


def objection_authorize_file(*, election: Election, actor: Actor, filed_by: Party | None = None) -> None:
    """Counsel of record file objections for their own party; staff (and the system) record them for any
    party. Without ``filed_by``: whether the actor may file in this election at all."""
    if actor is None or is_staff(actor):
        return
    counsel_for = counsel_party_ids(actor, election.case_id)
    if not counsel_for:
        raise NotPermitted("Only counsel of record for a party, or Board staff, file objections.")
    if filed_by is not None and filed_by.pk not in counsel_for:
        raise NotPermitted(f"You are not counsel for {filed_by.name}; counsel file for their own party.")


def _require_filer_or_staff(objection: Objection, actor: Actor, doing: str) -> None:
    """Staff, or counsel of the party that filed the objection; anyone else who can see it: NotPermitted."""
    if actor is None or is_staff(actor):
        return
    if objection.filed_by_id in counsel_party_ids(actor, objection.election.case_id):
        return
    raise NotPermitted(
        f"Only counsel for {objection.filed_by.name}, which filed this objection, or Board staff may {doing}."
    )


def objection_authorize_withdraw(*, objection: Objection, actor: Actor) -> None:
    """Counsel of the filing party, or staff, withdraw an objection."""
    _require_filer_or_staff(objection, actor, "withdraw it")


def offer_of_proof_authorize_file(*, objection: Objection, actor: Actor) -> None:
    """Counsel of the filing party, or staff, file the offer of proof of an objection."""
    _require_filer_or_staff(objection, actor, "file its offer of proof")
