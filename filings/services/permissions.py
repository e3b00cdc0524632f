"""Who may act: counsel of record file, draft and attach documents for their own party; staff (and the
system) for any. Asked by the API before it reads a body (a 403 before any 400).
"""

from __future__ import annotations

from core.actors import Actor, acting_user, is_staff
from core.errors import NotPermitted
from elections.models import Appearance, Case, Party
from elections.selectors import counsel_party_ids
from filings.models import Filing


def filing_authorize_file(*, case: Case, actor: Actor, party: Party | None = None) -> None:
    """Counsel of record file for their own party; staff (and the system) for any. Without ``party``:
    whether the actor may file in this case at all (the API's 403 before a 400)."""
    if actor is None or is_staff(actor):
        return
    counsel_for = counsel_party_ids(actor, case.pk)
    if not counsel_for:
        raise NotPermitted("Only counsel of record for a party, or Board staff, file papers.")
    if party is not None and party.pk not in counsel_for:
        raise NotPermitted(f"You are not counsel for {party.name}; counsel file for their own party.")


def document_authorize_attach(*, actor: Actor, filing: Filing | None = None) -> None:
    """Counsel of the filing's party, or staff, attach its documents. Without ``filing``: whether the actor
    is counsel anywhere at all (the API's 403 before it reads the upload)."""
    if actor is None or is_staff(actor):
        return
    if filing is None:
        if not Appearance.objects.filter(
            user=acting_user(actor), capacity=Appearance.Capacity.COUNSEL
        ).exists():
            raise NotPermitted("Only counsel of record, or Board staff, file documents.")
        return
    if filing.party_id not in counsel_party_ids(actor, filing.case_id):
        raise NotPermitted(
            f"Only counsel for {filing.party.name}, which made this filing, or Board staff may attach its "
            "documents."
        )


def filing_authorize_draft(*, filing: Filing, actor: Actor) -> None:
    """Only counsel of a draft's party file or edit it; staff record papers, and see no one's drafts."""
    if actor is not None and is_staff(actor):
        raise NotPermitted("A draft is its own side's: counsel of its party file it.")
    filing_authorize_file(case=filing.case, actor=actor, party=filing.party)
