"""An objection withdrawn by its filer's counsel or by staff (``objection_withdraw``)."""

from __future__ import annotations

from datetime import datetime

from django.db import transaction

from core import clock
from core.actors import Actor, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from objections import events, notices
from objections.models import Objection
from objections.services._shared import _aware, _local, _locked, _not_in_future
from objections.services.permissions import objection_authorize_withdraw


@transaction.atomic
def objection_withdraw(
    *, objection: Objection, actor: Actor, withdrawn_at: datetime | None = None, notify: bool = True
) -> Objection:
    """The filing party withdraws its objection (or staff record that it did). Withdrawn again → 409.

    A withdrawn objection is ``withdrawn`` whatever its rulings were; no ruling can follow."""
    objection = _locked(objection)
    objection_authorize_withdraw(objection=objection, actor=actor)
    case = objection.election.case
    zone = case.office_zone
    if objection.status == Objection.Status.WITHDRAWN:
        when = f" on {_local(objection.withdrawn_at, zone)}" if objection.withdrawn_at else ""
        raise TransitionNotAllowed(f"{notices.label(objection)} was already withdrawn{when}.")
    withdrawn_at = clock.now() if withdrawn_at is None else _aware(withdrawn_at, "withdrawn_at")
    _not_in_future(withdrawn_at, "withdrawn_at", "The withdrawal time")
    if withdrawn_at < objection.filed_at:
        raise RuleViolation(
            "withdrawn_at",
            f"{notices.label(objection)} was filed {_local(objection.filed_at, zone)}; it cannot be withdrawn "
            f"before that ({_local(withdrawn_at, zone)}).",
        )
    previous = objection.status
    objection.status = Objection.Status.WITHDRAWN
    objection.withdrawn_at = withdrawn_at
    stamp(objection, actor)
    objection.save(update_fields=["status", "withdrawn_at", "updated_at"])
    if notify:
        notices.objection_withdrawn(objection, withdrawn_at=withdrawn_at, zone=zone)
    events.objection_withdrawn.send(
        sender=Objection, objection=objection, previous_status=previous, actor=actor
    )
    return objection
