"""File a paper (``filing_file``), now or from a draft (``filing_draft_file``, ``filing_draft_update``): the
deadline it answers checked and met, the ladder event it records, late filings refused, a stated time
that waits for staff.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db import transaction
from django.db.models import F, Q

from core import clock
from core.actors import Actor, acting_user, is_staff_or_system, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import calendar, filing_time
from elections.law.local_time import local_date, local_time
from elections.models import Case, Election, Party
from elections.services import parties_served
from filings import notices
from filings.law import extensions
from filings.law.kinds import (
    ANSWERS,
    EARLIEST_RUNNING,
    KIND_LABELS,
    LADDER_EVENT,
    NEEDS_FILED,
    STATE_LABELS,
    Kind,
    State,
)
from filings.models import Filing
from filings.services._shared import (
    _aware,
    _checked_confirmation,
    _checked_grounds,
    _checked_kind,
    _checked_service_method,
    _checked_title,
    _choices,
    _deadline_of_case,
    _election,
    _live,
    _refuse_a_second_paper_for,
    _related,
)
from filings.services.permissions import filing_authorize_draft, filing_authorize_file
from proceedings import services as proceeding_services
from proceedings.law.deadlines import Status
from proceedings.law.owed_by import PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent


def _answered_deadline(
    case: Case,
    election: Election,
    kind: str,
    party: Party,
    answers: Deadline | None,
    filed_at: datetime | None = None,
) -> Deadline | None:
    codes = ANSWERS.get(kind, ())
    label = KIND_LABELS[kind].lower()
    if answers is not None:
        if codes and answers.code not in codes:
            raise RuleViolation(
                "answers",
                f"A filing of kind {kind} answers a deadline of code {' or '.join(codes)}; deadline "
                f"{answers.pk} is {answers.code}.",
            )
        live = _live(answers)
        proceeding_services.deadline_owner_check(deadline=live, party=party)
        return live
    if not codes:
        return None
    found = (
        Deadline.objects.filter(election=election, code__in=codes)
        .exclude(status=Status.SUPERSEDED)
        .filter(party__isnull=True)
        .order_by("-trigger_on", "-id")
        .first()
    )
    own = (
        Deadline.objects.filter(election=election, code__in=codes, party=party)
        .exclude(status=Status.SUPERSEDED)
        .order_by("-trigger_on", "-id")
        .first()
    )
    running = _still_running(election, codes, party, filed_at) if kind in EARLIEST_RUNNING else None
    found = running or own or found
    if found is None:
        raise RuleViolation(
            "kind",
            f"No period for a {label} runs in election {election.sequence} of {case.number}: a {label} answers "
            f"a deadline of code {' or '.join(codes)}, and the record has none (see deadlines/?case="
            f"{case.number}).",
        )
    return found


def _still_running(
    election: Election, codes: tuple[str, ...], party: Party, filed_at: datetime | None
) -> Deadline | None:
    """Where a kind answers two periods that run at once (a reply brief to the (b) or to the (d) answering
    brief, 102.46(e)), the one a paper filed at ``filed_at`` is in time for and nothing has met yet, the
    earliest due first; None when there is no such choice to make."""
    if filed_at is None:
        return None
    running = (
        Deadline.objects.filter(election=election, code__in=codes, status=Status.OPEN, due_at__gte=filed_at)
        .filter(Q(party__isnull=True) | Q(party=party))
        .order_by("due_at", F("party_id").desc(nulls_last=True), "id")
    )
    return running.first()


def _check_fits_the_stage(case: Case, election: Election, kind: str, party: Party) -> None:
    needed = NEEDS_FILED.get(kind)
    if needed:
        filed = Filing.objects.filter(election=election, kind__in=needed, state=State.FILED).exists()
        if Kind.ANSWERING_BRIEF in needed:
            filed = (
                filed
                or ProceedingEvent.objects.filter(
                    election=election, event="answering_brief_filed", voided=False
                ).exists()
            )
        if not filed:
            wanted = " or ".join(KIND_LABELS[k].lower() for k in needed)
            raise RuleViolation(
                "kind",
                f"A {KIND_LABELS[kind].lower()} answers a {wanted}, and none is on file in election "
                f"{election.sequence} of {case.number} (29 CFR 102.46).",
            )
    if kind == Kind.CROSS_EXCEPTIONS:
        excepted = Filing.objects.filter(
            election=election, kind=Kind.EXCEPTIONS, party=party, state=State.FILED
        ).exists() or (
            ProceedingEvent.objects.filter(
                election=election, event="exceptions_filed", party=party, voided=False
            ).exists()
        )
        if excepted:
            raise RuleViolation(
                "kind",
                f"{party.name} has filed exceptions: only a party that has not previously filed exceptions may "
                "file cross-exceptions (29 CFR 102.46(c)).",
            )


def _due_for(deadline: Deadline, party: Party) -> datetime:
    """When ``party``'s time under ``deadline`` ends: its own row's moment (an extension granted to it alone),
    else the deadline's."""
    row = (
        DeadlineParty.objects.filter(deadline=deadline, party=party).values_list("due_at", flat=True).first()
    )
    return row if row is not None and row > deadline.due_at else deadline.due_at


def _late_message(deadline: Deadline, filed_at: datetime, what: str) -> str:
    zone = deadline.zone
    return (
        f"{what} comes too late: the {deadline.label[:1].lower()}{deadline.label[1:]} was due "
        f"{local_time(deadline.due_at, zone)} ({zone}; {deadline.citation}, and the 11:59 p.m. e-filing cutoff "
        f"of 29 CFR 102.2(b)); filed {local_time(filed_at, zone)}. A paper filed late needs a motion showing "
        "excusable neglect (29 CFR 102.2(d)); ask staff to record it."
    )


def _check_extension(
    deadline: Deadline | None, filed_at: datetime, grounds: str, *, timely: bool | None, party: Party
) -> None:
    if deadline is None:
        raise RuleViolation(
            "answers",
            "Name the deadline the extension is asked for: its id in deadlines/ (29 CFR 102.2(c)).",
        )
    refusal = extensions.NOT_EXTENDABLE.get(deadline.code)
    if refusal:
        raise RuleViolation("answers", refusal)
    # Judged for the requesting party: another party's filing does not end its time (product.md v1.4).
    row = DeadlineParty.objects.filter(deadline=deadline, party=party).first()
    state = row.status if row is not None else deadline.status
    if state == PartyStatus.MET or (deadline.status == Status.MOOT and (row is None or state != "open")):
        raise TransitionNotAllowed(
            f"The {deadline.label.lower()} deadline is {state} for {party.name}: there is nothing left to "
            "extend."
        )
    filed_on = local_date(filed_at, deadline.zone)
    short_notice = extensions.needs_grounds(filed_on, deadline.due_on, calendar.is_business_day)
    if timely is not False and short_notice and not grounds:
        raise RuleViolation(
            "unforeseeable_grounds",
            f"Filed {filed_on.isoformat()}, within 3 days of the due date {deadline.due_on.isoformat()}: "
            + extensions.GROUNDS_RULE
            + ". State them in unforeseeable_grounds.",
        )


@transaction.atomic
def filing_file(
    *,
    case: Case,
    kind: str,
    party: Party,
    title: str,
    filed_at: datetime,
    actor: Actor,
    election: Election | int | None = None,
    confirmation_number: str = "",
    served_on: Iterable[Any] = (),
    service_method: str = "",
    answers: Deadline | int | None = None,
    relates_to: Filing | int | None = None,
    unforeseeable_grounds: str = "",
    state: str = "filed",
    notify: bool = True,
) -> Filing:
    """File (counsel, for their own party) or record (staff) a paper in ``case`` (module docstring);
    ``state`` ``draft``: counsel save it for their side alone, filed later by ``filing_draft_file``."""
    case = Case.objects.select_for_update().get(pk=case.pk)
    _checked_kind(kind)
    if party.case_id != case.pk:
        raise RuleViolation(
            "party",
            f"Party {party.pk} is not a party of {case.number} (ids in cases/{case.number}/parties/).",
        )
    filing_authorize_file(case=case, actor=actor, party=party)
    title = _checked_title(title)
    filed_at = _aware(filed_at, "filed_at")
    if local_date(filed_at, case.office_zone) < case.petition_filed_on:
        raise RuleViolation(
            "filed_at",
            f"{case.number} was petitioned on {case.petition_filed_on}: no paper is filed in it before that "
            f"({local_time(filed_at, case.office_zone)}).",
        )
    confirmation_number = _checked_confirmation(case, confirmation_number)
    service_method = _checked_service_method(service_method)
    grounds = _checked_grounds(unforeseeable_grounds)
    chosen = _election(case, election)
    served = parties_served(case, served_on)
    related = _related(case, kind, relates_to)

    staff = is_staff_or_system(actor)
    if state not in STATE_LABELS:
        raise RuleViolation(
            "state", f"{state!r} is not a state of a paper; allowed: {_choices(STATE_LABELS)}."
        )
    drafting = state == State.DRAFT
    if drafting and staff:
        raise RuleViolation(
            "state", "Staff record papers as filed: a draft is counsel's own, seen by their side alone."
        )
    filing = Filing(
        case=case,
        election=chosen,
        kind=kind,
        party=party,
        title=title,
        state=state,
        filed_at=filed_at,
        received_at=None,
        timely=None,
        confirmation_number=confirmation_number,
        service_method=service_method,
        answers=_deadline_of_case(case, answers),
        relates_to=related,
        unforeseeable_grounds=grounds,
        recorded_by=acting_user(actor),
    )
    if drafting:
        stamp(filing, actor)
        filing.save()
        filing.served_on.set(served)
        return filing
    return _file(filing, served=served, staff=staff, actor=actor, notify=notify)


def _file(filing: Filing, *, served: list[Party], staff: bool, actor: Actor, notify: bool) -> Filing:
    """Make ``filing`` (new, or a draft) a paper of its case: the deadline it answers, whether it is timely,
    the ladder event it records, the deadline it meets, and the other side's notice."""
    case, chosen, kind, party, filed_at = (
        filing.case,
        filing.election,
        filing.kind,
        filing.party,
        filing.filed_at,
    )
    grounds = filing.unforeseeable_grounds
    deadline = filing.answers
    if kind != Kind.EXTENSION_REQUEST:
        deadline = _answered_deadline(case, chosen, kind, party, deadline, filed_at)
        _check_fits_the_stage(case, chosen, kind, party)
    elif deadline is not None:
        deadline = _live(deadline)
        proceeding_services.deadline_owner_check(deadline=deadline, party=party)
    received_at = clock.now()
    timely: bool | None = True
    confirmed = True
    if deadline is not None:
        due_at = _due_for(deadline, party)
        timely = calendar.is_timely(filed_at, due_at)
        what = (
            "The extension request" if kind == Kind.EXTENSION_REQUEST else f"The {KIND_LABELS[kind].lower()}"
        )
        if timely is False and not staff:
            message = _late_message(deadline, filed_at, what)
            if kind == Kind.EXTENSION_REQUEST:
                message = (
                    f"An extension must be requested no later than the due date ({extensions.CITATION}). "
                    + message
                )
            raise RuleViolation("filed_at", message)
        confirmed = filing_time.stated_time_stands(
            by_staff=staff,
            stated_timely=timely,
            received_timely=calendar.is_timely(received_at, due_at),
        )
        timely = filing_time.timely_while_waiting(confirmed=confirmed, stated_timely=timely)
    if kind == Kind.EXTENSION_REQUEST:
        _check_extension(deadline, filed_at, grounds, timely=timely, party=party)

    filing.state = State.FILED
    filing.received_at = received_at
    filing.filing_confirmed = confirmed
    filing.timely = timely
    filing.answers = deadline
    stamp(filing, actor)
    filing.save()
    filing.served_on.set(served)

    event_code = LADDER_EVENT.get(kind)
    zone = case.office_zone
    if event_code is not None:
        try:
            event = proceeding_services.event_record(
                case=case,
                event=event_code,
                occurred_on=local_date(filed_at, zone),
                election=chosen,
                details={"party": party.pk},
                actor=actor,
                notify=False,
                party_filing=True,
            )
        except RuleViolation as exc:
            field = "filed_at" if exc.field == "occurred_on" else exc.field
            raise RuleViolation(field, exc.message) from None
        filing.event = event
        filing.save(update_fields=["event"])
    elif deadline is not None and kind in ANSWERS and timely is True:
        proceeding_services.deadline_met_by_filing(
            deadline=deadline, filed_on=local_date(filed_at, deadline.zone), actor=actor
        )
    if deadline is not None and kind in ANSWERS and timely is True:
        proceeding_services.deadline_met_by_party_filing(
            deadline=deadline,
            party=party,
            filing_id=filing.pk,
            filed_on=local_date(filed_at, deadline.zone),
            actor=actor,
        )

    if notify:
        notices.filing_filed(filing)
    return filing


def _own_draft(filing: Filing, actor: Actor) -> Filing:
    """The draft, locked, if the actor is counsel of its party; a paper already filed → 409."""
    Case.objects.select_for_update().get(pk=filing.case_id)
    filing = (
        Filing.objects.select_for_update(of=("self",))
        .select_related("case", "party", "election", "answers")
        .get(pk=filing.pk)
    )
    filing_authorize_draft(filing=filing, actor=actor)
    if filing.state != State.DRAFT:
        raise TransitionNotAllowed(
            f"Filing {filing.pk} was filed {local_time(filing.received_at or filing.filed_at, filing.case.office_zone)}"
            ": only a draft is filed or edited."
        )
    return filing


@transaction.atomic
def filing_draft_file(
    *, filing: Filing, actor: Actor, filed_at: datetime | None = None, notify: bool = True
) -> Filing:
    """File a draft: from now on it is a paper of the case (received now), served, on the docket, in the
    other side's notices and the staff queue — checked exactly as a paper filed at once."""
    filing = _own_draft(filing, actor)
    _refuse_a_second_paper_for(filing.case, filing.confirmation_number, draft=filing)
    filing.filed_at = _aware(filed_at or clock.now(), "filed_at")
    served = list(filing.served_on.all())
    return _file(filing, served=served, staff=False, actor=actor, notify=notify)


DRAFT_FIELDS = frozenset(
    {
        "kind",
        "title",
        "election",
        "confirmation_number",
        "served_on",
        "service_method",
        "answers",
        "relates_to",
        "unforeseeable_grounds",
    }
)


@transaction.atomic
def filing_draft_update(*, filing: Filing, changes: dict[str, Any], actor: Actor) -> Filing:
    """Edit a draft (contract v1.4: "readable and editable by its own side only"): only counsel of its
    party, only while it is a draft (a paper filed → 409). Each field given is checked exactly as
    ``filing_file`` checks it; the party stays (a draft is its own side's), and the time stated is given
    when it is filed (``filing_draft_file``). Nothing is served, noticed or queued: it is still a draft."""
    filing = _own_draft(filing, actor)
    case = filing.case
    unknown = sorted(set(changes) - DRAFT_FIELDS)
    if unknown:
        raise RuleViolation(
            unknown[0], f"A draft's {unknown[0]} is not edited; editable: {_choices(sorted(DRAFT_FIELDS))}."
        )
    if "kind" in changes:
        filing.kind = _checked_kind(changes["kind"])
    if "title" in changes:
        filing.title = _checked_title(changes["title"])
    if "confirmation_number" in changes:
        filing.confirmation_number = _checked_confirmation(case, changes["confirmation_number"], draft=filing)
    if "service_method" in changes:
        filing.service_method = _checked_service_method(changes["service_method"])
    if "unforeseeable_grounds" in changes:
        filing.unforeseeable_grounds = _checked_grounds(changes["unforeseeable_grounds"])
    if "election" in changes:
        filing.election = _election(case, changes["election"])
    if "answers" in changes:
        filing.answers = _deadline_of_case(case, changes["answers"])
    if "relates_to" in changes or "kind" in changes:
        filing.relates_to = _related(case, filing.kind, changes.get("relates_to", filing.relates_to))
    served = parties_served(case, changes["served_on"]) if "served_on" in changes else None
    stamp(filing, actor)
    filing.save()
    if served is not None:
        filing.served_on.set(served)
    return filing
