"""State changes to objections and rulings.

Each function is one transaction: it locks the rows it changes (``select_for_update``), checks the rule or the
transition, writes, names the actor in the history (django-simple-history), queues the notices through the
outbox (``core.outbox.notify``: delivered after commit, once per key and person) and publishes a
domain event (``objections.events``) that the apps above subscribe to. The API views, the admin actions and
the demo loader all call these functions; nobody writes ``status`` by hand.

Errors: ``RuleViolation(field, message)`` → 400 naming the field and the rule; ``TransitionNotAllowed`` →
409; ``NotPermitted`` → 403. Who may act is decided here, so that the API, the admin and the demo cannot
differ: counsel file for their own party, counsel of the filing party (or staff) withdraw an objection or file
its offer of proof, and only staff record rulings, extensions, corrections and confirmations. ``actor=None``
is the system itself (the demo loader, a command) and may do anything. The ``*_authorize_*`` functions are
the same checks for a caller that must refuse before it reads the input (the API: a 403 before a 400). The
law too depends on who acts: a counsel's late filing is refused, while staff may record it so that the record
is complete (flagged ``timely=False``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime, timedelta
from typing import Any

from django.db import transaction
from django.db.models import Max

from core import clock
from core.actors import Actor, acting_user, is_staff, is_staff_or_system, require_staff, stamp
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from elections.law import filing_time
from elections.law.calendar import is_timely
from elections.law.local_time import local_date, local_time
from elections.law.service import METHOD_LABELS
from elections.models import Election, Party
from elections.selectors import counsel_party_ids, original_tally
from elections.services import parties_served
from objections import events, notices
from objections.law import rulings as rules
from objections.law.deadlines import CONDUCT, OBJECTS_TO, NoRevisedTally
from objections.models import MAX_NUMBER, MAX_STATEMENT, Objection, Ruling
from objections.selectors import deadline_answered, ruling_facts

# A client's clock may run a little ahead of ours; beyond this a filing time is "in the future".
CLOCK_SKEW = timedelta(minutes=5)


def _aware(value: datetime, field: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise RuleViolation(
            field, "Give a date and time with its UTC offset, e.g. 2021-04-16T17:00:00-04:00."
        )
    return value


def _not_in_future(value: datetime, field: str, what: str) -> None:
    if value > clock.now() + CLOCK_SKEW:
        raise RuleViolation(field, f"{what} ({value.isoformat()}) cannot be in the future.")


def _local(value: datetime, zone: str) -> str:
    return local_time(value, zone)


def _checked_category(category: str) -> str:
    if category not in Objection.Category.values:
        raise RuleViolation(
            "category", f"{category!r} is not a category; allowed: {', '.join(Objection.Category.values)}."
        )
    return category


def _checked_statement(statement: str | None) -> str:
    """The statement as stored (trimmed): one is required (102.69(a)(8)), within ``MAX_STATEMENT``."""
    statement = (statement or "").strip()
    if not statement:
        raise RuleViolation(
            "statement", "State the objection: a short statement of the reasons (102.69(a)(8))."
        )
    if len(statement) > MAX_STATEMENT:
        raise RuleViolation("statement", f"Keep the statement under {MAX_STATEMENT} characters.")
    return statement


# --- who may act --------------------------------------------------------------------------------------


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


# --- filing --------------------------------------------------------------------------------------------


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


# --- rulings -------------------------------------------------------------------------------------------


def _possible(facts: Sequence[rules.RulingFact], level: str, decided_on: date) -> list[str]:
    """The dispositions of ``level`` that the ladder would accept next."""
    allowed = []
    for disposition in rules.allowed_dispositions(level):
        try:
            rules.status_after(facts, rules.RulingFact(level, disposition, decided_on, 2**62))
        except rules.NothingToReverse:
            continue
        allowed.append(disposition)
    return allowed


def _pairs(objections_dispositions: Any) -> list[tuple[Objection, str]]:
    items = (
        objections_dispositions.items()
        if isinstance(objections_dispositions, Mapping)
        else objections_dispositions
    )
    return [(objection, disposition) for objection, disposition in items]


@transaction.atomic
def rulings_record_batch(
    *,
    objections_dispositions: Mapping[Objection, str] | Iterable[tuple[Objection, str]],
    level: str,
    decided_on: date,
    note: str = "",
    actor: Actor,
    notify: bool = True,
) -> list[Ruling]:
    """Record one report's rulings: at ``level`` on ``decided_on``, a disposition for each objection.

    All or nothing: any objection that is withdrawn (409), already has this very ruling (409), or whose
    disposition does not belong to ``level`` (400 on ``disposition``) stops the whole batch. Each objection's
    status is re-derived from its rulings (``objections.law.rulings.derive_status``). Counsel of every party of
    the case get **one** notice per report listing every ruling in it, not one per objection.
    Returns the new rulings in the order given.
    """
    require_staff(actor, "record rulings")
    if level not in rules.LEVELS:
        raise RuleViolation("level", f"{level!r} is not a level; allowed: {', '.join(rules.LEVELS)}.")
    pairs = _pairs(objections_dispositions)
    if not pairs:
        raise RuleViolation("objections", "Select at least one objection to rule on.")
    ids = [objection.pk for objection, _ in pairs]
    if len(set(ids)) != len(ids):
        raise RuleViolation("objections", "Each objection appears once in a report's rulings.")
    for objection, disposition in pairs:
        try:
            rules.check_disposition(level, disposition)
        except rules.DispositionNotAllowed as exc:
            prefix = "" if len(pairs) == 1 else f"Objection {objection.pk}: "
            raise RuleViolation("disposition", prefix + str(exc)) from None
    if not isinstance(decided_on, date) or isinstance(decided_on, datetime):
        raise RuleViolation("decided_on", "Give the date of the ruling as YYYY-MM-DD.")
    note = (note or "").strip()

    locked = {
        o.pk: o
        for o in Objection.objects.select_for_update()
        .select_related("election__case", "filed_by")
        .filter(pk__in=ids)
        .order_by("pk")
    }
    missing = [pk for pk in ids if pk not in locked]
    if missing:
        raise RuleViolation("objections", f"No objection {missing[0]}.")
    cases = {o.election.case_id for o in locked.values()}
    if len(cases) != 1:
        raise RuleViolation(
            "objections", "One report rules on the objections of one case; select them by case."
        )
    case = next(iter(locked.values())).election.case
    zone = case.office_zone
    today = clock.today(zone)
    if decided_on > today:
        raise RuleViolation(
            "decided_on", f"A ruling cannot be dated in the future ({decided_on}; today is {today})."
        )

    existing: dict[int, list[Ruling]] = {pk: [] for pk in ids}
    for r in Ruling.objects.filter(objection_id__in=ids).order_by("decided_on", "id"):
        existing[r.objection_id].append(r)

    plans: list[tuple[Objection, str, str, rules.StatusDerivation]] = []
    for objection_ref, disposition in pairs:
        objection = locked[objection_ref.pk]
        label = notices.label(objection)
        if objection.status == Objection.Status.WITHDRAWN:
            when = f" on {_local(objection.withdrawn_at, zone)}" if objection.withdrawn_at else ""
            raise TransitionNotAllowed(f"{label} was withdrawn{when}; no ruling can be recorded on it.")
        filed_on = local_date(objection.filed_at, zone)
        if decided_on < filed_on:
            raise RuleViolation(
                "decided_on", f"{label} was filed on {filed_on}; a ruling on it cannot be dated {decided_on}."
            )
        for r in existing[objection.pk]:
            if (r.level, r.disposition, r.decided_on) == (level, disposition, decided_on):
                raise TransitionNotAllowed(
                    f"{label} already has this ruling: {r.get_level_display()} {disposition} on {decided_on}."
                )
        facts = ruling_facts(existing[objection.pk])
        try:
            derived = rules.status_after(facts, rules.RulingFact(level, disposition, decided_on, 2**62))
        except rules.NothingToReverse as exc:
            raise TransitionNotAllowed(
                f"{label}: {exc}", allowed=_possible(facts, level, decided_on)
            ) from None
        plans.append((objection, disposition, objection.status, derived))

    created: list[Ruling] = []
    user = acting_user(actor)
    for objection, disposition, _previous, _derived in plans:
        ruling = Ruling(
            objection=objection,
            level=level,
            disposition=disposition,
            decided_on=decided_on,
            note=note,
            recorded_by=user,
        )
        stamp(ruling, actor)
        ruling.save()
        existing[objection.pk].append(ruling)
        # Re-derive with the real id, so that ties on one day follow the recorded order.
        derived = rules.derive_status(ruling_facts(existing[objection.pk]))
        if objection.status != derived.status:
            objection.status = derived.status
            stamp(objection, actor)
            objection.save(update_fields=["status", "updated_at"])
        created.append(ruling)

    if notify:
        notices.rulings_recorded(
            case,
            [(objection, disposition, previous) for objection, disposition, previous, _ in plans],
            created,
            level=level,
            decided_on=decided_on,
            note=note,
        )
    batch = tuple(r.pk for r in created)
    for (objection, _d, previous, _p), ruling in zip(plans, created, strict=True):
        events.ruling_recorded.send(
            sender=Ruling,
            ruling=ruling,
            objection=objection,
            previous_status=previous,
            actor=actor,
            batch=batch,
        )
    return created


def ruling_record(
    *,
    objection: Objection,
    level: str,
    disposition: str,
    decided_on: date,
    note: str = "",
    actor: Actor,
    notify: bool = True,
) -> Ruling:
    """Record one ruling on one objection and re-derive its status (see ``rulings_record_batch``)."""
    return rulings_record_batch(
        objections_dispositions=[(objection, disposition)],
        level=level,
        decided_on=decided_on,
        note=note,
        actor=actor,
        notify=notify,
    )[0]


# --- withdrawal and the offer of proof ------------------------------------------------------------------


def _locked(objection: Objection) -> Objection:
    return (
        Objection.objects.select_for_update()
        .select_related("election__case", "filed_by")
        .get(pk=objection.pk)
    )


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
