"""File objections (``objection_file``): the period of 102.69(a), the time stated and received, the
parties served; a counsel's late filing refused, staff's recorded as late.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import Max

from core import clock
from core.actors import Actor, acting_user, is_staff, is_staff_or_system, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import filing_time
from elections.law.service import METHOD_LABELS
from elections.models import Election, Party
from elections.selectors import original_tally
from elections.services import parties_served
from objections import events, notices
from objections.law.deadlines import CONDUCT, OBJECTS_TO, NoRevisedTally
from objections.models import MAX_NUMBER, Objection
from objections.selectors import deadline_answered
from objections.services._shared import _aware, _checked_category, _checked_statement, _local, _not_in_future
from objections.services.permissions import objection_authorize_file


def _received(received_at: datetime | None, filed_at: datetime, actor: Actor) -> datetime:
    """When the filing reached the Region: now, or — for history staff enter after the fact — the time the
    record gives (never before the filing, never in the future)."""
    if received_at is None:
        return clock.now()
    require_staff(actor, "state when a filing was received")
    received_at = _aware(received_at, "received_at")
    _not_in_future(received_at, "received_at", "The time of receipt")
    if received_at < filed_at:
        raise RuleViolation("received_at", "A filing is received when it is filed or after, not before.")
    return received_at


@transaction.atomic
def objection_file(
    *,
    election: Election,
    filed_by: Party,
    category: str,
    statement: str,
    filed_at: datetime,
    offer_of_proof_filed_at: datetime | None = None,
    number: int | None = None,
    objects_to: str = CONDUCT,
    received_at: datetime | None = None,
    served_on: Iterable[Any] = (),
    service_method: str = "",
    certificate_of_service: bool = False,
    confirmation_number: str = "",
    actor: Actor,
    notify: bool = True,
) -> Objection:
    """File (or, for staff, record) an objection to the conduct of ``election`` by ``filed_by``, or
    (``objects_to`` ``revised_tally``) to its latest revised tally.

    The due time is computed from the tally of ballots (revision 0) and the case's rule set
    (29 CFR 102.69(a)(8), 102.2): a counsel's filing after it is refused with the due time, zone and rule;
    staff may record it, flagged ``timely=False``. No tally yet → 409. ``number`` is the next free number of
    the filing party in this election unless given; a number already used → 400. ``notify=False`` records
    without e-mailing (the demo loader entering history). ``received_at``: when the filing reached the
    Region, for history entered after the fact (staff or the system only; default: now).
    """
    election = Election.objects.select_for_update().select_related("case").get(pk=election.pk)
    case = election.case
    if filed_by.case_id != case.pk:
        raise RuleViolation("filed_by", f"Party {filed_by.pk} is not a party to {case.number}.")
    objection_authorize_file(election=election, actor=actor, filed_by=filed_by)
    category = _checked_category(category)
    statement = _checked_statement(statement)
    filed_at = _aware(filed_at, "filed_at")
    _not_in_future(filed_at, "filed_at", "The filing time")

    tally = original_tally(election)
    if tally is None:
        raise TransitionNotAllowed(
            f"Objections are filed after the tally of ballots; election {election.sequence} of {case.number} "
            "has no tally yet."
        )
    if objects_to not in OBJECTS_TO:
        raise RuleViolation(
            "objects_to",
            f"{objects_to!r} is not what an objection objects to; allowed: {', '.join(OBJECTS_TO)}.",
        )
    try:
        deadline, answered = deadline_answered(election, tally, filed_at=filed_at, objects_to=objects_to)
    except NoRevisedTally as exc:
        raise RuleViolation("objects_to", f"{str(exc)[:1].upper()}{str(exc)[1:]}.") from None
    zone = deadline.zone
    if filed_at < tally.prepared_at:
        raise RuleViolation(
            "filed_at",
            f"Objections are filed after the tally of ballots, prepared {_local(tally.prepared_at, zone)}; "
            f"filed {_local(filed_at, zone)}.",
        )
    timely = deadline.is_timely(filed_at)
    staff = is_staff(actor)
    if timely is False and not staff:
        raise RuleViolation("filed_at", deadline.late_message(filed_at))
    received_at = _received(received_at, filed_at, actor)
    confirmed = filing_time.stated_time_stands(
        by_staff=is_staff_or_system(actor),
        stated_timely=timely,
        received_timely=deadline.is_timely(received_at),
    )
    timely = filing_time.timely_while_waiting(confirmed=confirmed, stated_timely=timely)

    if offer_of_proof_filed_at is not None:
        offer_of_proof_filed_at = _aware(offer_of_proof_filed_at, "offer_of_proof_filed_at")
        _not_in_future(offer_of_proof_filed_at, "offer_of_proof_filed_at", "The offer of proof's filing time")
        if offer_of_proof_filed_at < tally.prepared_at:
            raise RuleViolation(
                "offer_of_proof_filed_at",
                f"The offer of proof supports objections to the tally of {_local(tally.prepared_at, zone)}; "
                f"it cannot be filed before it ({_local(offer_of_proof_filed_at, zone)}).",
            )
        if deadline.offer_is_timely(offer_of_proof_filed_at) is False and not staff:
            raise RuleViolation(
                "offer_of_proof_filed_at",
                deadline.late_message(offer_of_proof_filed_at, what="The offer of proof", verb="was")
                + " Only the Regional Director may extend it, for good cause; ask staff to record the "
                "extension, then file the offer.",
            )

    served = [p for p in parties_served(case, served_on) if p.pk != filed_by.pk]  # the filer serves no one
    service_method = _checked_method(service_method)
    if not isinstance(certificate_of_service, bool):
        raise RuleViolation("certificate_of_service", "true or false: was a certificate of service filed?")
    confirmation_number = (confirmation_number or "").strip()
    if len(confirmation_number) > MAX_CONFIRMATION:
        raise RuleViolation("confirmation_number", f"At most {MAX_CONFIRMATION} characters.")

    used = Objection.objects.filter(election=election, filed_by=filed_by)
    next_number = (used.aggregate(last=Max("number"))["last"] or 0) + 1
    if number is None:
        number = next_number
    elif isinstance(number, bool) or not isinstance(number, int) or not 1 <= number <= MAX_NUMBER:
        raise RuleViolation("number", f"An objection number is a whole number from 1 to {MAX_NUMBER}.")
    elif used.filter(number=number).exists():
        raise RuleViolation(
            "number",
            f"{filed_by.name} already filed objection {number} in election {election.sequence}; "
            f"numbers are unique per filing party per election (next free: {next_number}).",
        )
    if number > MAX_NUMBER:
        raise RuleViolation("number", f"{filed_by.name} has used every objection number up to {MAX_NUMBER}.")

    objection = Objection(
        election=election,
        filed_by=filed_by,
        number=number,
        category=category,
        statement=statement,
        filed_at=filed_at,
        offer_of_proof_filed_at=offer_of_proof_filed_at,
        answers_tally=answered,
        objects_to=objects_to,
        timely=timely,
        received_at=received_at,
        filing_confirmed=confirmed,
        offer_of_proof_received_at=received_at if offer_of_proof_filed_at is not None else None,
        offer_of_proof_confirmed=offer_of_proof_filed_at is None
        or filing_time.stated_time_stands(
            by_staff=is_staff_or_system(actor),
            stated_timely=deadline.offer_is_timely(offer_of_proof_filed_at),
            received_timely=deadline.offer_is_timely(received_at),
        ),
        offer_of_proof_due_at=deadline.offer_of_proof_due_at,
        status=Objection.Status.PENDING,
        service_method=service_method,
        certificate_of_service=certificate_of_service,
        confirmation_number=confirmation_number,
        recorded_by=acting_user(actor),
    )
    stamp(objection, actor)
    objection.save()
    objection.served_on.set(served)

    if notify:
        notices.objection_filed(objection, due_at=deadline.due_at, zone=zone)
    events.objection_filed.send(sender=Objection, objection=objection, actor=actor)
    return objection


MAX_CONFIRMATION = 60


def _checked_method(method: str) -> str:
    if method and method not in METHOD_LABELS:
        raise RuleViolation(
            "service_method",
            f"{method!r} is not a method of service; allowed: {', '.join(str(m) for m in METHOD_LABELS)}.",
        )
    return method or ""
