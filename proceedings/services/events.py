"""Record a proceeding event (``event_record``): lock the case, check the step against the ladder and the
record, write it, and carry out its consequences (the next election, the certification, related cases, the
rulings on the objections), the deadlines and the notices.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction

from core import clock
from core.actors import Actor, acting_user, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections import services as election_services
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Party, RelatedCase
from elections.selectors import original_tally
from objections import services as objection_services
from objections.models import Objection
from proceedings import notifications, selectors
from proceedings.law import ca_case as toc
from proceedings.law import dispositions, ladder
from proceedings.law.deadlines import Status, review_refusal, untimely_exceptions_refusal
from proceedings.law.details import RULING_LEVELS, DetailsError, clean_details
from proceedings.models import Deadline, ProceedingEvent
from proceedings.services import deadline_records
from proceedings.services._shared import (
    _certification_of,
    _election_of,
    _locked_case,
    _next_election,
    _replay,
    _str,
    _transfer,
)
from proceedings.services.certification import (
    _check_certification_follows_votes,
    _check_certification_kind,
    _check_election_decided,
    _check_further_election,
    _check_no_open_window,
    _check_runoff,
)
from proceedings.services.orders import recommended_orders_settle

NEW = 2**62  # the replay's reference for the event being recorded: after every other event of its day


@transaction.atomic
def event_record(
    *,
    case: Case,
    event: str,
    occurred_on: date,
    election: Election | int | None = None,
    details: Any = None,
    actor: Actor,
    notify: bool = True,
    party_filing: bool = False,
) -> ProceedingEvent:
    """Record a step of the proceeding of ``election`` (by default the case's live proceeding, see
    ``selectors.current_and_proceeding``) and carry out what follows from it.

    ``party_filing``: the filing event of a party's own filing (``filings.services.filing_file``, which has
    checked that the actor is counsel for ``details.party`` or staff); any other event stays staff-only."""
    if not (party_filing and code_is_filing(event)):
        require_staff(actor, "record a proceeding event")
    case = _locked_case(case)
    try:
        code = ladder.Event(event)
    except ValueError:
        raise RuleViolation(
            "event", f"{event!r} is not a proceeding event; allowed: {', '.join(ladder.Event)}."
        ) from None
    elections = selectors.elections_of(case)
    certification = _certification_of(case) if code in ladder.SIDE_TRACK else None
    if election is None and code in ladder.SIDE_TRACK:
        election = _certified_election(case, certification)
    chosen = _election_for(case, elections, election, code)
    consent = review_refusal(code, agreement=chosen.agreement if chosen is not None else None)
    if consent is not None:
        raise TransitionNotAllowed(consent, allowed=[])
    tally = original_tally(chosen) if chosen is not None else None
    ended_before_tally = tally is None and _replay(case, chosen).state.ended is not None
    if (
        chosen is not None
        and tally is None
        and code not in dispositions.END_EVENTS
        and not ended_before_tally
    ):
        raise TransitionNotAllowed(
            f"Election {chosen.sequence} of {case.number} has no tally yet: its proceeding starts with the "
            "tally of ballots.",
            allowed=[],
        )
    zone = case.office_zone
    today = clock.today(zone)
    if not isinstance(occurred_on, date):
        raise RuleViolation("occurred_on", "Give the date of the event as YYYY-MM-DD.")
    if occurred_on > today:
        raise RuleViolation(
            "occurred_on", f"An event cannot be dated in the future ({occurred_on}; today is {today})."
        )
    if code is ladder.Event.EXCEPTIONS_FILED and chosen is not None:
        _check_exceptions_in_time(chosen, occurred_on, details)
    tally_on = local_date(tally.prepared_at, zone) if tally is not None else occurred_on
    if chosen is not None and occurred_on < tally_on and code not in dispositions.END_EVENTS:
        raise RuleViolation(
            "occurred_on",
            f"The proceeding of election {chosen.sequence} starts with its tally of {tally_on}; "
            f"an event cannot be dated {occurred_on}.",
        )
    events = (
        selectors.live_events(chosen) if chosen is not None else selectors.live_events_before_election(case)
    )
    _check_not_before_what_it_answers(code, occurred_on, events)
    party_ids = set(case.parties.values_list("pk", flat=True))
    try:
        cleaned = clean_details(code, details, occurred_on=occurred_on, party_ids=party_ids)
    except DetailsError as exc:
        raise RuleViolation("details", exc.message) from None
    objections = _objections_ruled(case, chosen, cleaned)
    _check_parties(case, code, cleaned)
    _disclaimer_effect(case, code, cleaned)
    _check_repeated_request(case, code, cleaned, occurred_on, events)

    new = ladder.Fact(step=selectors.step_of(code, cleaned), occurred_on=occurred_on, ref=NEW)
    try:
        replayed = _replay(case, chosen, facts=[*selectors.facts_of(events), new])
    except ladder.ReplayFailed as failure:
        if failure.fact.ref == NEW:
            raise TransitionNotAllowed(failure.error.message, allowed=list(failure.error.allowed)) from None
        standing = _replay(case, chosen, events=events)
        later = next((e for e in events if e.pk == failure.fact.ref), None)
        which = f"{later.event_label} of {later.occurred_on}" if later else "a later event"
        raise TransitionNotAllowed(
            f"{ladder.event_label(code)} dated {occurred_on} would put the {which} out of order: "
            f"{failure.error.message}",
            allowed=list(ladder.allowed_events(standing.state)),
        ) from None
    before = replayed.before[NEW]
    after = before if code in ladder.SIDE_TRACK else ladder.advance(before, new.step)
    if code in ladder.SIDE_TRACK:
        _check_test_of_certification(case, certification, code, occurred_on, cleaned)
    _check_certification_kind(code, cleaned, before)
    if chosen is not None:
        _check_no_open_window(chosen, code, cleaned, occurred_on, objections, before)
        _check_runoff(chosen, elections, cleaned, before, objections)
        _check_further_election(chosen, elections, cleaned, before)
        _check_certification_follows_votes(chosen, elections, code, cleaned, before)

    party = cleaned.get("party")
    record = ProceedingEvent(
        case=case,
        election=chosen,
        event=code.value,
        occurred_on=occurred_on,
        details=cleaned,
        party_id=party if isinstance(party, int) else None,
        recorded_by=acting_user(actor),
    )
    stamp(record, actor)
    record.save()

    _consequences(record, after, objections, actor)
    _ends(record, before, after, actor)
    _off_the_ballot(record, actor)
    # After the consequences: rulings recorded with this very decision may be what disposes of the last
    # objections. A refusal rolls the whole event back.
    if chosen is not None:
        _check_election_decided(record, chosen, before)
    deadline_records.create_for_event(record, actor)
    deadline_records.refresh(chosen, case=case)
    if notify:
        notifications.event_recorded(record)
    recommended_orders_settle(case=case)  # a write after a lapse shows it (102.48(a))
    return record


def _election_for(
    case: Case, elections: list[Election], election: Election | int | None, code: ladder.Event
) -> Election | None:
    """The election an event is recorded on; None for an end of the case (or the review of one) before the
    case has any election."""
    if not elections and election is None:
        ended = selectors.replay_before_election(selectors.live_events_before_election(case)).state.ended
        if code in dispositions.END_EVENTS or ended is not None:
            return None
    untallied_end = elections and selectors.current_and_proceeding(elections).proceeding is None
    if election is None and (code in dispositions.END_EVENTS or untallied_end):
        # An end of the case before any tally (or the review of one) is on the current election.
        election = _current_election(case, elections) if code in dispositions.END_EVENTS else elections[-1]
        if code not in dispositions.END_EVENTS and selectors.replay(election).state.ended is None:
            election = None
    return _election_of(case, elections, election)


def _certified_election(case: Case, certification: ProceedingEvent | None) -> int | None:
    if certification is None:
        raise TransitionNotAllowed(
            f"{case.number} has no certification of representative: a test of certification (a refusal to "
            "bargain, the CA case, the courts) follows one (Boire v. Greyhound, 376 U.S. 473 (1964)).",
            allowed=[],
        )
    return certification.election_id


def _current_election(case: Case, elections: list[Election]) -> Election:
    if not elections:
        raise TransitionNotAllowed(
            f"{case.number} has no election on the tracker: record the election (elections/) first; the "
            "case's proceeding events are recorded on it.",
            allowed=[],
        )
    return elections[-1]


def _check_parties(case: Case, code: ladder.Event, cleaned: dict[str, object]) -> None:
    """Who may do what: the petitioner withdraws its petition (102.60(a)); a union on the ballot
    disclaims; the aggrieved party petitions for review (Section 10(f))."""
    party_id = cleaned.get("party")
    party = case.parties.filter(pk=party_id).first() if isinstance(party_id, int) else None
    if code is ladder.Event.PETITION_WITHDRAWN and party is not None and party.role != Party.Role.PETITIONER:
        raise RuleViolation(
            "details",
            f"party {party.pk} ({party.name}) is the {party.role}: only the petitioner withdraws it",
        )
    if code is ladder.Event.DISCLAIMER_FILED and party is not None:
        on_ballot = {c for e in Election.objects.filter(case=case) for c in e.choices}
        if party.role == Party.Role.EMPLOYER or (on_ballot and party.name not in on_ballot):
            raise RuleViolation(
                "details",
                f"party {party.pk} ({party.name}) is not a union on the ballot: a disclaimer is a union's "
                f"(on the ballot: {', '.join(sorted(on_ballot)) or 'none'})",
            )
    kind = cleaned.get("kind", "petition_for_review")
    if code is ladder.Event.COURT_PETITION_FILED and kind == "petition_for_review" and party is None:
        raise RuleViolation(
            "details", "party is required for a petition for review: the aggrieved party's id (Section 10(f))"
        )
    dockets = cleaned.get("dockets")
    lead = cleaned.get("lead_docket")
    if code is ladder.Event.COURT_CASES_CONSOLIDATED and isinstance(dockets, list) and lead not in dockets:
        raise RuleViolation("details", f"lead_docket must be one of the dockets ({', '.join(dockets)})")


def _disclaimer_effect(case: Case, code: ladder.Event, cleaned: dict[str, object]) -> None:
    """What a disclaimer does follows who disclaims (``dispositions.disclaimer_effect``): kept in its details
    so that the replay reads it."""
    party_id = cleaned.get("party")
    if code is not ladder.Event.DISCLAIMER_FILED or not isinstance(party_id, int):
        return
    party = case.parties.get(pk=party_id)
    cleaned["effect"] = dispositions.disclaimer_effect(role=party.role, case_type=case.case_type)


def _off_the_ballot(record: ProceedingEvent, actor: Actor) -> None:
    """An intervenor's disclaimer takes its union off the ballot of every election not yet tallied."""
    if (
        record.event != ladder.Event.DISCLAIMER_FILED
        or record.details.get("effect") != dispositions.OFF_THE_BALLOT
    ):
        return
    party = record.case.parties.get(pk=record.details["party"])
    for election in Election.objects.filter(case=record.case, tallies__isnull=True):
        left = [c for c in election.choices if c != party.name]
        if left and left != election.choices:
            election_services.election_update(election=election, choices=left, actor=actor)


def _check_repeated_request(
    case: Case,
    code: ladder.Event,
    cleaned: dict[str, object],
    occurred_on: date,
    events: list[ProceedingEvent],
) -> None:
    """A second request for review by the same party of the same decision of the Regional Director is
    refused (``ladder.REPETITIVE_REQUEST``, 102.67(i)(1)); another party's request is not."""
    party = cleaned.get("party")
    if code is not ladder.Event.REQUEST_FOR_REVIEW_FILED or not isinstance(party, int):
        return
    actions = [e for e in events if e.event in ladder.REVIEWABLE_ACTIONS and e.occurred_on <= occurred_on]
    if not actions:
        return
    action = max(actions, key=lambda e: (e.occurred_on, e.pk))
    since = [
        e
        for e in events
        if e.event == ladder.Event.REQUEST_FOR_REVIEW_FILED
        and (e.occurred_on, e.pk) > (action.occurred_on, action.pk)
    ]
    if not ladder.repeated_request(party=party, requests_since_action=[e.party_id for e in since]):
        return
    first = next(e for e in since if e.party_id == party)
    raise TransitionNotAllowed(
        f"A request for review by party {party} of the {action.event_label.lower()} of {action.occurred_on} in "
        f"{case.number} was filed on {first.occurred_on}: {ladder.REPETITIVE_REQUEST}.",
        allowed=[],
    )


def _check_test_of_certification(
    case: Case,
    certification: ProceedingEvent | None,
    code: ladder.Event,
    occurred_on: date,
    cleaned: dict[str, object],
) -> None:
    """The test of certification replayed with the new event (a 409 with what may come next)."""
    facts = [
        toc.TocFact(ladder.Event(e.event), e.occurred_on, e.details, e.pk)
        for e in ProceedingEvent.objects.filter(case=case, voided=False, event__in=sorted(ladder.SIDE_TRACK))
    ]
    facts.append(toc.TocFact(code, occurred_on, cleaned, NEW))
    try:
        toc.replay(certified_on=certification.occurred_on if certification else None, facts=facts)
    except toc.TocRefused as refused:
        if refused.fact.ref == NEW:
            raise TransitionNotAllowed(refused.message, allowed=list(refused.allowed)) from None
        raise TransitionNotAllowed(
            f"{ladder.event_label(code)} dated {occurred_on} would put a later event of the test of "
            f"certification out of order: {refused.message}",
            allowed=[],
        ) from None


def _ends(record: ProceedingEvent, before: ladder.State, after: ladder.State, actor: Actor) -> None:
    """What an end of the case does to the case: closes it (only these events do), reopens it when the
    Board reverses a dismissal, and moves it to the receiving office on a transfer (102.72(b))."""
    case = record.case
    closes = after.ended is not None and after.stage is ladder.Stage.CLOSED and before.ended is None
    if closes and case.status != Case.Status.CLOSED:
        election_services.case_update(
            case=case, status=Case.Status.CLOSED, closed_by=record.event, actor=actor
        )
    if before.ended is not None and after.ended is None and case.status == Case.Status.CLOSED:
        election_services.case_update(case=case, status=Case.Status.OPEN, actor=actor)
    if record.event == ladder.Event.CASE_TRANSFERRED:
        transfers = ProceedingEvent.objects.filter(
            case=case, voided=False, event=ladder.Event.CASE_TRANSFERRED
        )
        _transfer(case, transfers.order_by("-occurred_on", "-id").first(), actor)


def code_is_filing(event: str) -> bool:
    """A party's own filing (exceptions, answering brief, request for review, opposition)."""
    return event in PARTY_FILINGS


PARTY_FILINGS = frozenset(
    {
        ladder.Event.EXCEPTIONS_FILED,
        ladder.Event.ANSWERING_BRIEF_FILED,
        ladder.Event.REQUEST_FOR_REVIEW_FILED,
        ladder.Event.OPPOSITION_FILED,
    }
)


def _check_not_before_what_it_answers(
    code: ladder.Event, occurred_on: date, events: list[ProceedingEvent]
) -> None:
    """A 400 on ``occurred_on`` (before the ladder's 409) for a filing or decision dated before every
    recorded event it could answer: exceptions before the report, a request for review before the
    decision. With nothing recorded that it answers, the ladder says what is allowed instead."""
    answered = ladder.ANSWERS.get(code)
    if not answered:
        return
    candidates = [e for e in events if e.event in answered]
    if candidates and all(e.occurred_on > occurred_on for e in candidates):
        first = min(candidates, key=lambda e: e.occurred_on)
        raise RuleViolation(
            "occurred_on",
            f"{ladder.event_label(code)} answers the {first.event_label.lower()} of {first.occurred_on}; "
            f"it cannot be dated {occurred_on}.",
        )


def _objections_ruled(
    case: Case, election: Election | None, cleaned: dict[str, object]
) -> dict[int, Objection]:
    rulings = cleaned.get("objection_rulings")
    if not isinstance(rulings, list) or election is None:
        return {}
    ids = [int(item["objection"]) for item in rulings]
    found = {o.pk: o for o in Objection.objects.filter(pk__in=ids, election=election)}
    for pk in ids:
        if pk not in found:
            raise RuleViolation(
                "details",
                f"objection_rulings: {pk} is not an objection to election {election.sequence} of {case.number}.",
            )
    return found


def _consequences(
    record: ProceedingEvent, after: ladder.State, objections: dict[int, Objection], actor: Actor
) -> None:
    case, details, code = record.case, record.details, record.event
    kind = ladder.ORDERS_NEW_ELECTION.get(after.order or "")
    if (
        kind is not None
        and record.election is not None
        and code
        in (ladder.Event.REGIONAL_DIRECTOR_DECISION, ladder.Event.ALJ_DECISION, ladder.Event.BOARD_DECISION)
        and after.stage in (ladder.Stage.RERUN_PENDING, ladder.Stage.RUNOFF_PENDING)
    ):
        ordered, created = _next_election(record.election, kind, actor, mode=_str(details.get("mode")))
        record.ordered_election, record.created_election = ordered, created
        record.save(update_fields=["ordered_election", "created_election"])
    certifies = code == ladder.Event.CERTIFICATION_ISSUED or (
        code == ladder.Event.REGIONAL_DIRECTOR_DECISION and after.certification is not None
    )  # after a consent election the Regional Director's decision is the certification (102.69(c)(2))
    if certifies and case.status != Case.Status.CERTIFIED:
        election_services.case_update(case=case, status=Case.Status.CERTIFIED, actor=actor)
    ulp_case = details.get("ulp_case")
    if ulp_case:
        try:
            election_services.related_case_add(
                case=case,
                kind=RelatedCase.Kind.UNFAIR_LABOR_PRACTICE,
                number=str(ulp_case),
                description=f"{record.event_label}, {record.occurred_on.isoformat()}"[:300],
                actor=actor,
            )
        except RuleViolation as exc:
            raise RuleViolation("details", f"ulp_case: {exc.message}") from None
    if (
        code == ladder.Event.COURT_PETITION_FILED
        and not case.related_cases.filter(
            kind=RelatedCase.Kind.COURT_OF_APPEALS, number=str(details["docket"])
        ).exists()
    ):
        election_services.related_case_add(
            case=case,
            kind=RelatedCase.Kind.COURT_OF_APPEALS,
            number=str(details["docket"]),
            court=str(details["court"])[:80],
            description=f"Petition filed {record.occurred_on.isoformat()}",
            actor=actor,
        )
    rulings = details.get("objection_rulings")
    if isinstance(rulings, list) and rulings:
        _record_rulings(record, rulings, objections, actor)


def _check_exceptions_in_time(election: Election, occurred_on: date, details: Any) -> None:
    """Late exceptions to a judge's recommended order reopen nothing (102.48(a)) unless accepted (102.2(d))."""
    exceptions = (
        Deadline.objects.filter(election=election, code=DeadlineCode.EXCEPTIONS_TO_BOARD, party__isnull=True)
        .exclude(status=Status.SUPERSEDED)
        .order_by("-due_at", "-id")
        .first()
    )
    if exceptions is None:
        return
    accepted = isinstance(details, dict) and details.get("accepted_late") is True
    refusal = untimely_exceptions_refusal(
        filed_on=occurred_on, due_on=exceptions.due_on, accepted_late=accepted
    )
    if refusal is not None:
        raise TransitionNotAllowed(refusal, allowed=[])


def _record_rulings(
    record: ProceedingEvent, rulings: list[Any], objections: dict[int, Objection], actor: Actor
) -> None:
    level = RULING_LEVELS[ladder.Event(record.event)]
    pairs = [(objections[int(item["objection"])], str(item["disposition"])) for item in rulings]
    try:
        objection_services.rulings_record_batch(
            objections_dispositions=pairs,
            level=level,
            decided_on=record.occurred_on,
            note=f"Recorded with the {record.event_label.lower()} of {record.occurred_on.isoformat()} "
            f"(proceeding event {record.pk}).",
            actor=actor,
        )
    except RuleViolation as exc:
        raise RuleViolation("details", f"objection_rulings: {exc.message}") from None
    except TransitionNotAllowed as exc:
        raise TransitionNotAllowed(f"objection_rulings: {exc.detail}", allowed=exc.allowed) from None
