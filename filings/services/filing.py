"""State changes to filings, rulings on motions and extension requests, and documents.

Each function is one transaction: it locks the case, checks the caller and the law, writes, records who
did it (django-simple-history) and queues the notices through the outbox (delivered after commit).

- ``filing_file``: counsel file for their own party, staff record for any. A filing of a kind the ladder
  knows records the matching proceeding event through ``proceedings.services.event_record`` (the one way
  an event is written); a paper that answers a period meets its deadline; the other side is notified.
  Provenance as for objections: ``filed_at`` is the time stated, ``received_at`` when the tracker got it;
  a counsel's late filing is refused with the due time, zone and rule; a stated time inside the period on
  a filing received after it waits for staff (``timely`` null, ``filing_confirmed`` false).
- ``filing_rule``: staff rule on a motion or an extension request; a granted extension moves the deadline
  (source ``order``) and every deadline counted from it (``proceedings.services.deadline_set``).
- ``document_attach``: a PDF checked by its content (``filings.pdf``), stored through Django's storage API.

Errors: ``RuleViolation`` → 400 naming the field; ``TransitionNotAllowed`` → 409; ``NotPermitted`` → 403.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import date, datetime, timedelta
from typing import IO, Any

from django.conf import settings
from django.core.files import File
from django.db import transaction
from django.db.models import F, Q

from core import clock
from core.actors import Actor, acting_user, is_staff, is_staff_or_system, require_staff, stamp
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from core.text import refuse_breaks
from elections.law import calendar, filing_time, levels
from elections.law.local_time import local_date, local_time
from elections.law.rule_sets import DeadlineCode
from elections.models import Appearance, Case, Election, Party
from elections.selectors import counsel_party_ids
from elections.services import parties_served
from filings import notices, pdf
from filings.law import extensions
from filings.law.kinds import (
    ANSWERS,
    EARLIEST_RUNNING,
    GRANTS,
    KIND_LABELS,
    LADDER_EVENT,
    NEEDS_FILED,
    RULED_KINDS,
    RULING_LEVELS,
    STATE_LABELS,
    Kind,
    Ruling,
    ServiceMethod,
    State,
)
from filings.models import Document, Filing
from objections import services as objection_services
from objections.models import Objection
from proceedings import selectors as proceeding_selectors
from proceedings import services as proceeding_services
from proceedings.law.deadlines import Source, Status
from proceedings.law.owed_by import PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent

log = logging.getLogger(__name__)

CLOCK_SKEW = timedelta(minutes=5)
MAX_TITLE = 300
MAX_CONFIRMATION = 60
MAX_GROUNDS = 5000


def _choices(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in values)


# --- who may act ---------------------------------------------------------------------------------------


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


# --- filing --------------------------------------------------------------------------------------------


def _aware(value: Any, field: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise RuleViolation(
            field, "Give a date and time with its UTC offset, e.g. 2022-09-16T17:00:00-04:00."
        )
    if value > clock.now() + CLOCK_SKEW:
        raise RuleViolation(field, f"The filing time ({value.isoformat()}) cannot be in the future.")
    return value


def _election(case: Case, election: Election | int | None) -> Election:
    return proceeding_services.election_of(case, proceeding_selectors.elections_of(case), election)


def _deadline_of_case(case: Case, deadline: Deadline | int | None, field: str = "answers") -> Deadline | None:
    if deadline is None:
        return None
    pk = deadline.pk if isinstance(deadline, Deadline) else deadline
    found = Deadline.objects.filter(pk=pk, case=case).first()
    if found is None:
        raise RuleViolation(
            field, f"Deadline {pk} is not a deadline of {case.number} (see deadlines/?case=)."
        )
    return found


def _live(deadline: Deadline) -> Deadline:
    """The deadline in force: the one that superseded ``deadline``, if it was replaced (an extension)."""
    seen = 0
    while deadline.status == Status.SUPERSEDED and deadline.superseded_by_id is not None and seen < 50:
        deadline = Deadline.objects.get(pk=deadline.superseded_by_id)
        seen += 1
    return deadline


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


def _refuse_a_second_paper_for(case: Case, confirmation_number: str, *, draft: Filing | None = None) -> None:
    """One e-filing is one paper: the Agency's confirmation number is unique within a case (contract v1.4),
    among its filed papers and its objections, compared without regard to letter case. The case row is
    locked by the caller, so two requests with the same number cannot both pass. A second paper is a 409
    naming the first (issue 36, item 7). Drafts hold no number yet: another side's draft is never named."""
    if not confirmation_number:
        return
    first = (
        Filing.objects.filter(case=case, state=State.FILED, confirmation_number__iexact=confirmation_number)
        .exclude(pk=draft.pk if draft is not None else 0)
        .select_related("party")
        .order_by("pk")
        .first()
    )
    if first is not None:
        raise TransitionNotAllowed(
            f"E-filing confirmation number {confirmation_number} is already on filing {first.pk} of "
            f"{case.number} ({first.get_kind_display().lower()} of {first.party.name}: {first.title}); "
            "one e-filing is one paper."
        )
    objection = (
        Objection.objects.filter(election__case=case, confirmation_number__iexact=confirmation_number)
        .order_by("pk")
        .first()
    )
    if objection is not None:
        raise TransitionNotAllowed(
            f"E-filing confirmation number {confirmation_number} is already on objection {objection.pk} of "
            f"{case.number}; one e-filing is one paper."
        )


def _checked_kind(kind: str) -> str:
    if kind not in KIND_LABELS:
        raise RuleViolation("kind", f"{kind!r} is not a kind of filing; allowed: {_choices(KIND_LABELS)}.")
    return kind


def _checked_title(title: str) -> str:
    title = refuse_breaks("title", (title or "").strip())
    if not title:
        raise RuleViolation("title", "Give the paper's title, as on its cover page.")
    if len(title) > MAX_TITLE:
        raise RuleViolation("title", f"A title is at most {MAX_TITLE} characters.")
    return title


def _checked_confirmation(case: Case, confirmation_number: str, *, draft: Filing | None = None) -> str:
    confirmation_number = refuse_breaks("confirmation_number", (confirmation_number or "").strip())
    if len(confirmation_number) > MAX_CONFIRMATION:
        raise RuleViolation("confirmation_number", f"At most {MAX_CONFIRMATION} characters.")
    _refuse_a_second_paper_for(case, confirmation_number, draft=draft)
    return confirmation_number


def _checked_service_method(service_method: str) -> str:
    if service_method and service_method not in ServiceMethod.__members__.values():
        raise RuleViolation(
            "service_method",
            f"{service_method!r} is not a method of service; allowed: {_choices(m.value for m in ServiceMethod)}.",
        )
    return service_method


def _checked_grounds(unforeseeable_grounds: str) -> str:
    grounds = (unforeseeable_grounds or "").strip()
    if len(grounds) > MAX_GROUNDS:
        raise RuleViolation("unforeseeable_grounds", f"At most {MAX_GROUNDS} characters.")
    return grounds


def _related(case: Case, kind: str, relates_to: Filing | int | None) -> Filing | None:
    """The filed paper of ``case`` a paper concerns; a response must name one."""
    if relates_to is None:
        if kind == Kind.RESPONSE:
            raise RuleViolation(
                "relates_to", "A response names the filing it answers (relates_to, a filing id)."
            )
        return None
    pk = relates_to.pk if isinstance(relates_to, Filing) else relates_to
    related = Filing.objects.filter(pk=pk, case=case, state=State.FILED).first()
    if related is None:
        raise RuleViolation("relates_to", f"Filing {pk} is not a filing of {case.number}.")
    return related


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


def filing_authorize_draft(*, filing: Filing, actor: Actor) -> None:
    """Only counsel of a draft's party file or edit it; staff record papers, and see no one's drafts."""
    if actor is not None and is_staff(actor):
        raise NotPermitted("A draft is its own side's: counsel of its party file it.")
    filing_authorize_file(case=filing.case, actor=actor, party=filing.party)


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


@transaction.atomic
def filing_confirm(*, filing: Filing, actor: Actor, late: bool = False, notify: bool = True) -> Filing:
    """Staff settle a counsel-stated filing time received after the period closed: confirm it (timely) or
    record the paper as late (``elections.law.filing_time``). Counsel of record are told either way.
    Already settled → 409."""
    require_staff(actor, "confirm a filing time")
    filing = (
        Filing.objects.select_for_update(of=("self",)).select_related("answers", "case").get(pk=filing.pk)
    )
    if filing.filing_confirmed:
        raise TransitionNotAllowed(
            f"The filing time of filing {filing.pk} is already settled; timely: {filing.timely}."
        )
    filing.timely = filing_time.timely_when_settled(late=late)
    filing.filing_confirmed = True
    stamp(filing, actor)
    filing.save(update_fields=["timely", "filing_confirmed"])
    deadline = filing.answers
    if deadline is not None and not late and filing.kind in ANSWERS and filing.kind not in LADDER_EVENT:
        proceeding_services.deadline_met_by_filing(
            deadline=deadline, filed_on=local_date(filing.filed_at, deadline.zone), actor=actor
        )
    if deadline is not None and not late and filing.kind in ANSWERS:
        proceeding_services.deadline_met_by_party_filing(
            deadline=deadline,
            party=filing.party,
            filing_id=filing.pk,
            filed_on=local_date(filing.filed_at, deadline.zone),
            actor=actor,
        )
    if notify:
        notices.filing_time_settled(filing, late=late, zone=filing.case.office_zone)
    return filing


# --- rulings -------------------------------------------------------------------------------------------


@transaction.atomic
def filing_rule(
    *,
    filing: Filing,
    ruling: str,
    decided_on: date,
    by: str,
    actor: Actor,
    until: date | None = None,
    notify: bool = True,
    all_parties: bool = False,
) -> Filing:
    """Staff record the ruling on a motion or an extension request. A granted extension moves the time of the
    party that asked for it to ``until`` (its row of the deadline), and what runs from it; ``all_parties``
    moves the deadline itself for everyone (source ``order``), and every deadline counted from it. An offer
    of proof is extended through the objection's own step (29 CFR 102.69(a)(8)), which moves both at once."""
    require_staff(actor, "rule on a motion")
    Case.objects.select_for_update().get(pk=filing.case_id)
    filing = (
        Filing.objects.select_for_update(of=("self",))
        .select_related("case", "party", "answers", "election")
        .get(pk=filing.pk)
    )
    case = filing.case
    if filing.state != State.FILED:
        raise TransitionNotAllowed(f"Filing {filing.pk} is a draft: nothing has been filed to rule on.")
    if filing.kind not in RULED_KINDS:
        raise TransitionNotAllowed(
            f"Only motions and extension requests are ruled on; filing {filing.pk} is a "
            f"{filing.get_kind_display().lower()}."
        )
    if filing.ruling:
        raise TransitionNotAllowed(
            f"Filing {filing.pk} was already ruled on: {filing.ruling} on {filing.decided_on}."
        )
    if ruling not in Ruling.__members__.values():
        raise RuleViolation(
            "ruling", f"{ruling!r} is not a ruling; allowed: {_choices(r.value for r in Ruling)}."
        )
    if by not in RULING_LEVELS:
        raise RuleViolation("by", f"{by!r} is not who rules on a motion; allowed: {_choices(RULING_LEVELS)}.")
    zone = case.office_zone
    if not isinstance(decided_on, date) or isinstance(decided_on, datetime):
        raise RuleViolation("decided_on", "Give the date of the ruling as YYYY-MM-DD.")
    today = clock.today(zone)
    filed_on = local_date(filing.filed_at, zone)
    if decided_on > today:
        raise RuleViolation(
            "decided_on", f"A ruling cannot be dated in the future ({decided_on}; today is {today})."
        )
    if decided_on < filed_on:
        raise RuleViolation(
            "decided_on", f"The ruling answers a paper filed {filed_on}; it cannot be dated {decided_on}."
        )
    grants_extension = filing.kind == Kind.EXTENSION_REQUEST and ruling in GRANTS
    if until is not None and not grants_extension:
        raise RuleViolation(
            "until", "until is the new due date of an extension that is granted; leave it out otherwise."
        )
    order: Deadline | None = None
    if grants_extension:
        current = _live(filing.answers) if filing.answers is not None else None
        if current is None:
            raise TransitionNotAllowed("The extension request names no deadline to extend.")
        if until is None:
            raise RuleViolation("until", "Give the new due date the extension grants (YYYY-MM-DD).")
        refusal = extensions.grantor_refusal(current.code, by, label=current.label)
        if refusal is not None:
            raise RuleViolation("by", refusal)
        if until <= current.due_on:
            raise RuleViolation(
                "until",
                f"An extension moves the due date later: the {current.label.lower()} is due "
                f"{current.due_on.isoformat()}; {until.isoformat()} is not after it.",
            )
        title = levels.TITLES[levels.Level(by)]
        reason = (
            f"Extension of time granted by the {title} on {decided_on.isoformat()} "
            f"(filing {filing.pk}: {filing.title})"
        )[:2000]
        if current.code == DeadlineCode.OFFER_OF_PROOF:
            _extend_offer_of_proof(filing, current, until, reason, actor, all_parties=all_parties)
        elif all_parties or current.party_id is not None:
            # For every party (or the deadline is one party's already): the deadline itself moves.
            order = proceeding_services.deadline_set(
                case=case,
                code=current.code,
                due_on=until,
                reason=reason,
                source=Source.ORDER,
                label=current.label,
                election=current.election_id,
                party=current.party_id,
                actor=actor,
            )
        else:
            proceeding_services.deadline_extend_for_party(
                deadline=current,
                party=filing.party,
                due_on=until,
                reason=reason,
                filing_id=filing.pk,
                actor=actor,
            )
    filing.ruling = ruling
    filing.decided_on = decided_on
    filing.ruled_by_level = by
    filing.until = until if grants_extension else None
    filing.order_deadline = order
    stamp(filing, actor)
    filing.save(update_fields=["ruling", "decided_on", "ruled_by_level", "until", "order_deadline"])
    if notify:
        notices.filing_ruled(filing, order=order, zone=zone)
    return filing


def _extend_offer_of_proof(
    filing: Filing, deadline: Deadline, until: date, reason: str, actor: Actor, *, all_parties: bool
) -> None:
    """An offer of proof is extended through the objection's own step: the objection's
    ``offer_of_proof_due_at`` and the party's offer-of-proof deadline move together, once (29 CFR
    102.69(a)(8)). The requesting party's objections, or with ``all_parties`` every party's."""
    due_at = calendar.due_at_cutoff(until, deadline.zone)
    pending = Objection.objects.filter(
        election=deadline.election, offer_of_proof_filed_at__isnull=True
    ).exclude(status=Objection.Status.WITHDRAWN)
    if not all_parties:
        pending = pending.filter(filed_by=filing.party)
    if deadline.trigger_tally_id is not None:
        pending = pending.filter(answers_tally_id=deadline.trigger_tally_id)
    objections = list(pending.order_by("id"))
    if not objections:
        raise TransitionNotAllowed(
            f"No offer of proof of {filing.party.name} is pending: there is nothing to extend."
        )
    for objection in objections:
        objection_services.offer_of_proof_extend(
            objection=objection, until=due_at, reason=reason, actor=actor, notify=False
        )


# --- documents -----------------------------------------------------------------------------------------


def document_attach(*, filing: Filing, upload: IO[bytes], actor: Actor, title: str = "") -> Document:
    """Attach a PDF to ``filing``: checked by its content (not its name), its page count, size and SHA-256
    kept, the file stored through Django's storage API. A file that is not a readable, unencrypted PDF:
    400 on ``file``.

    The PDF is read (``filings.pdf.inspect``, a child process with a hard budget) before the transaction, so
    no lock is held while it is read (issue 36, item 3); the transaction only writes the row. Its text for
    search is read after commit by a task (``filings.tasks.read_document_text``; inline in the embedded
    default), and the document says until then that it is not read yet (``text_status``)."""
    filing = Filing.objects.select_related("party", "case").get(pk=filing.pk)
    document_authorize_attach(actor=actor, filing=filing)
    title = refuse_breaks("title", (title or "").strip()) or filing.title
    if len(title) > MAX_TITLE:
        raise RuleViolation("title", f"A title is at most {MAX_TITLE} characters.")
    limit = int(settings.DOCUMENT_MAX_BYTES)
    try:
        inspected = pdf.inspect(upload)
    except pdf.NotAcceptable as exc:
        raise RuleViolation("file", exc.message) from None
    if inspected.bytes > limit:
        raise RuleViolation("file", f"The file is {inspected.bytes:,} bytes; the limit is {limit:,}.")
    return _document_store(filing=filing, upload=upload, title=title, inspected=inspected, actor=actor)


@transaction.atomic
def _document_store(
    *, filing: Filing, upload: IO[bytes], title: str, inspected: pdf.Inspected, actor: Actor
) -> Document:
    filing = Filing.objects.select_for_update().select_related("party", "case").get(pk=filing.pk)
    document_authorize_attach(
        actor=actor, filing=filing
    )  # again, under the lock: an appearance may have ended
    document = Document(
        filing=filing,
        title=title,
        pages=inspected.pages,
        bytes=inspected.bytes,
        sha256=inspected.sha256,
        text="",
        text_status="pending",
        uploaded_by=acting_user(actor),
        uploaded_at=clock.now(),
    )
    upload.seek(0)
    document.file.save("document.pdf", File(upload), save=False)
    stored = document.file.name or ""
    try:
        stamp(document, actor)
        document.save()
    except Exception:
        document.file.storage.delete(stored)  # nothing half written
        raise
    transaction.on_commit(lambda: _queue_text(document.pk))
    return document


def _queue_text(document_id: int) -> None:
    from filings import tasks

    try:
        tasks.read_document_text.delay(document_id)
    except Exception:  # broker down: the paper is stored; the sweep reads its text later
        log.warning("document %s: text not queued now; the sweep reads it", document_id, exc_info=True)


def document_text_read(*, document_id: int) -> Document | None:
    """Read a stored document's text for search (``filings.pdf.read_text``: a child process, within a budget
    and a quota) outside any transaction, then write it in a short one, saying how much is searchable. A
    document already read, or gone, is left alone (a task run twice does the work once)."""
    document = Document.objects.filter(pk=document_id, text_status="pending").first()
    if document is None:
        return None
    with document.file.open("rb") as stream:
        text = pdf.read_text(stream, pages=document.pages)
    with transaction.atomic():
        Document.objects.filter(pk=document_id, text_status="pending").update(
            text=text.text,
            text_status="complete" if text.complete else "partial",
            text_note=text.note[:300],
        )
    return Document.objects.filter(pk=document_id).first()


def documents_pending_text() -> list[int]:
    """Documents whose text is not read yet: their task was lost (broker down, worker killed)."""
    return list(Document.objects.filter(text_status="pending").order_by("pk").values_list("pk", flat=True))
