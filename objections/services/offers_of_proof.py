"""An objection's offer of proof: filed (``offer_of_proof_file``) and its time extended by staff
(``offer_of_proof_extend``, 102.69(a)(8)).
"""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from core import clock
from core.actors import Actor, is_staff, is_staff_or_system, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import filing_time
from elections.law.calendar import is_timely
from objections import events, notices
from objections.models import Objection
from objections.services._shared import _aware, _local, _locked, _not_in_future
from objections.services.permissions import offer_of_proof_authorize_file


@transaction.atomic
def offer_of_proof_extend(
    *, objection: Objection, until: datetime, reason: str, actor: Actor, notify: bool = True
) -> Objection:
    """Staff record the Regional Director's extension of the offer of proof, for good cause.

    Only the offer of proof may be extended; the objections' own ``due_at`` never moves
    (29 CFR 102.69(a)(8)). ``until`` must be later than the offer's current due time."""
    require_staff(actor, "extend an offer of proof")
    objection = _locked(objection)
    case = objection.election.case
    zone = case.office_zone
    if objection.status == Objection.Status.WITHDRAWN:
        raise TransitionNotAllowed(
            f"{notices.label(objection)} was withdrawn; there is no offer of proof to extend."
        )
    if objection.offer_of_proof_filed_at is not None:
        raise TransitionNotAllowed(
            f"The offer of proof for {notices.label(objection)} was filed "
            f"{_local(objection.offer_of_proof_filed_at, zone)}; there is nothing to extend."
        )
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation(
            "reason", "Give the good cause for extending the offer of proof (29 CFR 102.69(a)(8))."
        )
    until = _aware(until, "until")
    previous = objection.offer_of_proof_due_at
    if previous is not None and until <= previous:
        raise RuleViolation(
            "until",
            f"An extension ends after the offer of proof's current due time, {_local(previous, zone)}; "
            f"{_local(until, zone)} does not.",
        )
    objection.offer_of_proof_due_at = until
    objection.offer_of_proof_extended_until = until
    objection.offer_of_proof_extension_reason = reason
    stamp(objection, actor)
    objection.save(
        update_fields=[
            "offer_of_proof_due_at",
            "offer_of_proof_extended_until",
            "offer_of_proof_extension_reason",
            "updated_at",
        ]
    )
    if notify:
        notices.offer_of_proof_extended(objection, until=until, previous=previous, reason=reason, zone=zone)
    events.offer_of_proof_extended.send(
        sender=Objection, objection=objection, previous_due_at=previous, reason=reason, actor=actor
    )
    return objection


@transaction.atomic
def offer_of_proof_file(*, objection: Objection, filed_at: datetime, actor: Actor) -> Objection:
    """Record the filing of the offer of proof when it did not come with the objections.

    Due with the objections unless extended (``offer_of_proof_due_at``); a counsel's late filing is refused,
    staff may record it (``offer_of_proof_timely`` is then false). Filed already → 409."""
    objection = _locked(objection)
    offer_of_proof_authorize_file(objection=objection, actor=actor)
    zone = objection.election.case.office_zone
    if objection.status == Objection.Status.WITHDRAWN:
        raise TransitionNotAllowed(f"{notices.label(objection)} was withdrawn.")
    if objection.offer_of_proof_filed_at is not None:
        raise TransitionNotAllowed(
            f"The offer of proof for {notices.label(objection)} was already filed "
            f"{_local(objection.offer_of_proof_filed_at, zone)}."
        )
    filed_at = _aware(filed_at, "filed_at")
    _not_in_future(filed_at, "filed_at", "The filing time")
    if filed_at < objection.filed_at:
        raise RuleViolation(
            "filed_at",
            f"The offer of proof supports {notices.label(objection)}, filed {_local(objection.filed_at, zone)}; "
            f"record the offer filed with it or after it, not {_local(filed_at, zone)}.",
        )
    objection.offer_of_proof_filed_at = filed_at
    objection.offer_of_proof_received_at = clock.now()
    due = objection.offer_of_proof_due_at
    objection.offer_of_proof_confirmed = due is None or filing_time.stated_time_stands(
        by_staff=is_staff_or_system(actor),
        stated_timely=is_timely(filed_at, due),
        received_timely=is_timely(objection.offer_of_proof_received_at, due),
    )
    if objection.offer_of_proof_timely is False and not is_staff(actor):
        due = objection.offer_of_proof_due_at
        assert due is not None
        raise RuleViolation(
            "filed_at",
            f"The offer of proof was due {_local(due, zone)}"
            + (" (as extended)" if objection.offer_of_proof_extended_until else " with the objections")
            + f", 29 CFR 102.69(a)(8); filed {_local(filed_at, zone)}. Only the Regional Director may extend "
            "it, for good cause.",
        )
    stamp(objection, actor)
    objection.save(
        update_fields=[
            "offer_of_proof_filed_at",
            "offer_of_proof_received_at",
            "offer_of_proof_confirmed",
            "updated_at",
        ]
    )
    events.offer_of_proof_filed.send(sender=Objection, objection=objection, actor=actor)
    return objection
