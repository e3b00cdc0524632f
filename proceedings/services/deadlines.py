"""Deadlines set by order and met: ``deadline_set``, met by a filing or marked met by staff, and each
party's own row of a deadline (``deadline_owner_check``: a party's paper meets only its own deadlines).
"""

from __future__ import annotations

import re
from datetime import date

from django.db import transaction

from core.actors import Actor, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections import services as election_services
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Party
from objections import services as objection_services
from objections.models import Objection
from proceedings import selectors
from proceedings.law import ladder, owed_by
from proceedings.law.deadlines import Source, Status
from proceedings.law.owed_by import OwedBy, PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent
from proceedings.services import deadline_records
from proceedings.services._shared import MAX_REASON, _election_of, _locked_case

EARLIEST_DATE = date(1935, 7, 5)  # the National Labor Relations Act


LATEST_DATE = date(2199, 12, 31)


CODE_PATTERN = r"^[a-z][a-z0-9_]{1,39}$"


@transaction.atomic
def deadline_set(
    *,
    case: Case,
    code: str,
    due_on: date,
    reason: str,
    source: str = Source.ORDER,
    label: str = "",
    election: Election | int | None = None,
    party: Party | int | None = None,
    actor: Actor,
) -> Deadline:
    """Staff enter a deadline set by an order (an extension granted, a date in an order) or by hand; it
    supersedes the live deadline of that code (for everyone, or for the named party only)."""
    require_staff(actor, "set a deadline")
    case = _locked_case(case)
    code = (code or "").strip()
    if not re.match(CODE_PATTERN, code):
        raise RuleViolation("code", "A deadline code is lower-case letters, digits and _ (e.g. exceptions).")
    if code == DeadlineCode.OBJECTIONS:
        raise RuleViolation(
            "code",
            "The objections deadline cannot be extended (29 CFR 102.69(a)(8)); only the offer of proof can, "
            "through the objection's extend-offer-of-proof step.",
        )
    if source not in (Source.ORDER, Source.MANUAL):
        raise RuleViolation("source", "source is order (a date set by an order) or manual.")
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation(
            "reason", "Say what sets the date (the order and its date, or why it is entered)."
        )
    if len(reason) > MAX_REASON:
        raise RuleViolation("reason", f"The reason is limited to {MAX_REASON} characters.")
    if not EARLIEST_DATE <= due_on <= LATEST_DATE:
        raise RuleViolation(
            "due_on", f"A due date lies between {EARLIEST_DATE} (the Act) and {LATEST_DATE}; got {due_on}."
        )
    elections = selectors.elections_of(case)
    if not elections and not case.proceeding_events.filter(voided=False).exists():
        raise RuleViolation("election", f"{case.number} has no election to attach a deadline to.")
    # No election yet, but an end of the case recorded (the review of a dismissal): the deadline is the
    # case's, before any election, like the ones that event opened.
    chosen = (
        _election_of(case, elections, election)
        if election is not None
        else (selectors.current_and_proceeding(elections).proceeding or elections[-1] if elections else None)
    )
    party_id: int | None = None
    if party is not None:
        party_id = party.pk if isinstance(party, Party) else int(party)
        if not case.parties.filter(pk=party_id).exists():
            raise RuleViolation("party", f"Party {party_id} is not a party of {case.number}.")
    deadline = deadline_records.set_by_order(
        case=case,
        election=chosen,
        code=code,
        label=(label or "").strip(),
        due_on=due_on,
        reason=reason,
        source=source,
        party_id=party_id,
        actor=actor,
    )
    deadline_records.refresh(chosen, case=case)
    if chosen is not None:
        _reopen_if_no_longer_lapsed(case, chosen, actor)
        if code == DeadlineCode.OFFER_OF_PROOF:
            _offers_follow_the_order(chosen, deadline, party_id, reason, actor)
    deadline.refresh_from_db()
    return deadline


def _offers_follow_the_order(
    election: Election, deadline: Deadline, party_id: int | None, reason: str, actor: Actor
) -> None:
    """An order extending the offer of proof moves each objection's own ``offer_of_proof_due_at`` with it,
    through the objection's extension step, so the objection and the deadline never read two dates (issue 31,
    item 2). Offers already filed, objections withdrawn and dates the order does not move later stay."""
    pending = Objection.objects.filter(
        election=election, offer_of_proof_filed_at__isnull=True, offer_of_proof_due_at__lt=deadline.due_at
    ).exclude(status=Objection.Status.WITHDRAWN)
    if party_id is not None:
        pending = pending.filter(filed_by_id=party_id)
    for objection in pending.order_by("pk"):
        objection_services.offer_of_proof_extend(
            objection=objection, until=deadline.due_at, reason=reason, actor=actor
        )


def _reopen_if_no_longer_lapsed(case: Case, election: Election, actor: Actor) -> None:
    """An order extending the exceptions period to a judge's bargaining order that had lapsed into force
    (102.48(a)) gives the parties their time back: the case the lapse closed is open again."""
    if case.status != Case.Status.CLOSED:
        return
    judges_order = ProceedingEvent.objects.filter(
        election=election,
        voided=False,
        event=ladder.Event.BARGAINING_ORDER,
        details__by="administrative_law_judge",
    )
    if judges_order.exists() and selectors.replay(election).state.ended is None:
        election_services.case_update(case=case, status=Case.Status.OPEN, actor=actor)


@transaction.atomic
def deadline_met_by_filing(*, deadline: Deadline, filed_on: date, actor: Actor) -> Deadline:
    """A party's timely filing of a paper the ladder has no event for (cross-exceptions, a brief on review)
    meets its deadline. Called by ``filings.services``, which has checked the filer and the time."""
    deadline = Deadline.objects.select_for_update().get(pk=deadline.pk)
    if deadline.marked_met_on is None:
        deadline.marked_met_on, deadline.met_by_filing = filed_on, True
        stamp(deadline, actor)
        deadline.save(update_fields=["marked_met_on", "met_by_filing", "updated_at"])
    deadline_records.refresh(deadline.election, case=deadline.case)
    deadline.refresh_from_db()
    return deadline


def deadline_row_of(deadline: Deadline, party: Party) -> DeadlineParty | None:
    """``party``'s row of ``deadline`` (None: the deadline is not that party's to file by, or the agency's)."""
    row = DeadlineParty.objects.filter(deadline=deadline, party=party).first()
    if row is None and any(p.pk == party.pk for p in deadline_records.concerned_parties(deadline, [party])):
        row = DeadlineParty.objects.create(deadline=deadline, party=party, due_at=deadline.due_at)
    return row


def deadline_owner_check(*, deadline: Deadline, party: Party, field: str = "answers") -> DeadlineParty:
    """A party's paper meets (or asks more time for) its own deadline only: one owed by another party, by
    the agency, or not this party's to file by (its own exceptions' answering brief) is a 400 naming the
    field (issue 36: one side's filing must never meet the other side's deadline)."""
    whose = owed_by.whose(deadline.code, party_named=deadline.party_id is not None)
    if whose.owed_by is OwedBy.AGENCY:
        raise RuleViolation(
            field,
            f"Deadline {deadline.pk} ({deadline.label}) is the agency's, not a party's: no party's filing meets it.",
        )
    row = deadline_row_of(deadline, party)
    if row is None or row.status == PartyStatus.NOT_APPLICABLE:
        owners = ", ".join(
            r.party.name
            for r in DeadlineParty.objects.filter(deadline=deadline)
            .exclude(status=PartyStatus.NOT_APPLICABLE)
            .select_related("party")
        )
        raise RuleViolation(
            field,
            f"Deadline {deadline.pk} ({deadline.label}) is not {party.name}'s"
            + (f" but {owners}'s" if owners else "")
            + f": a filing of {party.name} meets only {party.name}'s own deadlines (see deadlines/?mine=true).",
        )
    return row


@transaction.atomic
def deadline_met_by_party_filing(
    *, deadline: Deadline, party: Party, filing_id: int, filed_on: date, actor: Actor
) -> Deadline:
    """A party's timely filing meets that party's row of the deadline, and only that (the other parties'
    time runs on). Called by ``filings.services``, which has checked the filer, the owner and the time."""
    deadline = Deadline.objects.select_for_update().get(pk=deadline.pk)
    row = deadline_row_of(deadline, party)
    if row is not None and row.met_by_filing_id is None:
        row.met_by_filing_id, row.met_on = filing_id, filed_on
        row.save(update_fields=["met_by_filing_id", "met_on", "updated_at"])
    deadline_records.refresh(deadline.election, case=deadline.case)
    deadline.refresh_from_db()
    return deadline


@transaction.atomic
def deadline_mark_met(*, deadline: Deadline, met_on: date, actor: Actor) -> Deadline:
    """Staff record that a filing the tracker has no event for (a post-hearing brief, an ordered filing)
    came in."""
    require_staff(actor, "mark a deadline met")
    deadline = Deadline.objects.select_for_update().get(pk=deadline.pk)
    if deadline.status == Status.SUPERSEDED:
        raise TransitionNotAllowed("A superseded deadline is not marked met; mark the one that replaced it.")
    deadline.marked_met_on, deadline.met_by_filing = met_on, False
    stamp(deadline, actor)
    deadline.save(update_fields=["marked_met_on", "met_by_filing", "updated_at"])
    deadline_records.refresh(deadline.election, case=deadline.case)
    deadline.refresh_from_db()
    return deadline
