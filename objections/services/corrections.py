"""Staff correct the record: an objection's category or statement (``objection_correct``), a ruling's
note (``ruling_note_correct``), and a counsel-stated filing time settled (``objection_confirm_filing``).
"""

from __future__ import annotations

from django.db import transaction

from core.actors import Actor, require_staff, stamp
from core.errors import TransitionNotAllowed
from elections.law import filing_time
from objections import notices
from objections.models import Objection, Ruling
from objections.services._shared import _checked_category, _checked_statement, _local, _locked


@transaction.atomic
def objection_correct(
    *, objection: Objection, actor: Actor, category: str | None = None, statement: str | None = None
) -> Objection:
    """Staff correct an objection's category or statement, under the rules of ``objection_file``."""
    require_staff(actor, "correct an objection")
    objection = _locked(objection)
    if category is not None:
        objection.category = _checked_category(category)
    if statement is not None:
        objection.statement = _checked_statement(statement)
    stamp(objection, actor)
    objection.save(update_fields=["category", "statement", "updated_at"])
    return objection


@transaction.atomic
def ruling_note_correct(*, ruling: Ruling, note: str, actor: Actor) -> Ruling:
    """Staff correct the note of a ruling; its level, disposition and date are never edited."""
    require_staff(actor, "correct a ruling's note")
    ruling = Ruling.objects.select_for_update().get(pk=ruling.pk)
    ruling.note = (note or "").strip()
    stamp(ruling, actor)
    ruling.save(update_fields=["note"])
    return ruling


@transaction.atomic
def objection_confirm_filing(
    *, objection: Objection, actor: Actor, late: bool = False, notify: bool = True
) -> Objection:
    """Staff settle a counsel-stated filing time that reached the tracker after the period closed: confirm
    it (``timely`` true) or record the filing as late (``timely`` false). The other side is told either way.
    Already confirmed → 409."""
    require_staff(actor, "confirm a filing time")
    objection = _locked(objection)
    case = objection.election.case
    zone = case.office_zone
    if objection.filing_confirmed and objection.offer_of_proof_confirmed:
        raise TransitionNotAllowed(
            f"The filing time of {notices.label(objection)} ({_local(objection.filed_at, zone)}) is already "
            f"settled; timely: {objection.timely}."
        )
    # Settle only what waits: an objection confirmed at filing keeps its ``timely`` when only its offer of
    # proof waited, and the reverse.
    if not objection.filing_confirmed:
        objection.timely = filing_time.timely_when_settled(late=late)
    if not objection.offer_of_proof_confirmed and late and objection.offer_of_proof_received_at is not None:
        # The stated time is not accepted: the offer counts as filed when the tracker received it, after
        # it was due (``offer_of_proof_timely`` is derived from the filing time).
        objection.offer_of_proof_filed_at = objection.offer_of_proof_received_at
    objection.filing_confirmed = True
    objection.offer_of_proof_confirmed = True
    stamp(objection, actor)
    objection.save(
        update_fields=[
            "filing_confirmed",
            "offer_of_proof_confirmed",
            "timely",
            "offer_of_proof_filed_at",
            "updated_at",
        ]
    )
    if notify:
        notices.filing_time_settled(objection, late=late, zone=zone)
    return objection
