"""State changes of the appeal ladder: record an event, void one, set a deadline by order, calendar feeds.

Each function is one transaction. It locks the case (events of one case are recorded one at a time, so two
staff members cannot both move the same ladder), checks the step against the ladder (``proceedings.law``),
writes, carries out the consequences (the next election, the certification, related cases, the rulings on the
objections), creates and refreshes the deadlines, records who did it (django-simple-history) and queues the
notices through the outbox (``core.outbox.notify``, delivered after commit).

Errors: ``RuleViolation`` → 400 naming the field (``details`` for anything inside ``details``);
``TransitionNotAllowed`` → 409 with the events allowed next; ``NotPermitted`` → 403 for anyone but Board staff
(or the system, ``actor=None``) recording, voiding or setting anything.
"""

from __future__ import annotations

import re
import threading
from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.db.models import Q

from challenges.selectors import ledger_state
from core import bulk_insert, clock
from core.actors import Actor, acting_user, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections import services as election_services
from elections.law import calendar
from elections.law import tally as tally_law
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Party, RelatedCase, Tally
from elections.selectors import original_tally
from objections import selectors as objection_selectors
from objections import services as objection_services
from objections.models import Objection
from proceedings import deadline_records, notifications, selectors
from proceedings.law import ca_case as toc
from proceedings.law import dispositions, ladder, owed_by
from proceedings.law import windows as law_windows
from proceedings.law.deadlines import (
    CERTIFYING_OUTCOMES,
    Source,
    Status,
    moved_with,
    review_refusal,
    untimely_exceptions_refusal,
)
from proceedings.law.details import RULING_LEVELS, DetailsError, clean_details
from proceedings.law.owed_by import OwedBy, PartyStatus
from proceedings.models import CalendarFeed, Deadline, DeadlineParty, DocketEntry, ProceedingEvent

NEW = 2**62  # the replay's reference for the event being recorded: after every other event of its day
MAX_REASON = 2000
EARLIEST_DATE = date(1935, 7, 5)  # the National Labor Relations Act
LATEST_DATE = date(2199, 12, 31)


def _locked_case(case: Case) -> Case:
    return Case.objects.select_for_update().get(pk=case.pk)


def _election_of(case: Case, elections: list[Election], election: Election | int | None) -> Election:
    if election is None:
        chosen = selectors.current_and_proceeding(elections).proceeding
        if chosen is None:
            raise TransitionNotAllowed(
                f"{case.number} has no tallied election: its proceeding starts with the tally of ballots.",
                allowed=[],
            )
        return chosen
    pk = election.pk if isinstance(election, Election) else election
    found = next((e for e in elections if e.pk == pk), None)
    if found is None:
        raise RuleViolation("election", f"Election {pk} is not an election of {case.number}.")
    return found


election_of = _election_of  # for the services above (filings): the same choice and the same refusals


# --- events --------------------------------------------------------------------------------------------------


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


def _replay(
    case: Case,
    election: Election | None,
    *,
    events: list[ProceedingEvent] | None = None,
    facts: list[ladder.Fact] | None = None,
) -> ladder.Replay:
    """The replay of ``election``'s proceeding, or of the case's before it had any election."""
    if election is not None:
        return selectors.replay(election, events=events, facts=facts)
    if facts is None and events is None:
        events = selectors.live_events_before_election(case)
    return selectors.replay_before_election(events or (), facts=facts)


def _certification_of(case: Case) -> ProceedingEvent | None:
    """The case's first live certification of representative: what a test of certification tests."""
    return (
        ProceedingEvent.objects.filter(
            case=case, voided=False, event=ladder.Event.CERTIFICATION_ISSUED, details__kind="representative"
        )
        .order_by("occurred_on", "id")
        .first()
    )


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


def _str(value: object) -> str | None:
    return value if isinstance(value, str) else None


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


def _check_certification_kind(code: ladder.Event, cleaned: dict[str, object], before: ladder.State) -> None:
    if code is not ladder.Event.CERTIFICATION_ISSUED:
        return
    ordered = {ladder.CERTIFY_REPRESENTATIVE: "representative", ladder.CERTIFY_RESULTS: "results"}.get(
        before.order or ""
    )
    if ordered is not None and cleaned.get("kind") != ordered:
        raise RuleViolation(
            "details",
            f"kind must be {ordered}: the decision in force orders a certification of {ordered} "
            f"({before.order}).",
        )


def _check_runoff(
    election: Election,
    elections: list[Election],
    cleaned: dict[str, object],
    before: ladder.State,
    ruled_now: dict[int, Objection],
) -> None:
    """A decision ordering a runoff: one runoff per case (102.70(a)), none after an equal division
    (102.70(d)) — ``tally_law.runoff_refusal`` — and none while a timely objection is undecided: the Regional
    Director conducts the runoff when no choice has a majority "and no objections are filed" (102.70(a)).
    Objections ruled on in the same decision are decided."""
    if ladder.RUNOFF_ELECTION not in (cleaned.get("outcome"), cleaned.get("order")):
        return
    latest = election.latest_tally
    why = tally_law.runoff_refusal(
        # Runoffs up to this election; a later one is the election this order calls for, loaded before it.
        runoffs_held=sum(
            1 for e in elections if e.kind == Election.Kind.RUNOFF and e.sequence <= election.sequence
        ),
        result=str(latest.assessment.result) if latest is not None else "",
    )
    if why is None:
        undecided = [o for o in objection_selectors.open_objections(election) if o.pk not in ruled_now]
        if undecided:
            named = ", ".join(
                f"{o.filed_by.name} objection {o.number} ({o.status.replace('_', ' ')})" for o in undecided
            )
            why = (
                '29 CFR 102.70(a) holds a runoff when no choice has a majority "and no objections are filed"; '
                f"objections to election {election.sequence} are undecided ({named}): rule on them first, "
                "or in the same decision (objection_rulings)"
            )
    if why is not None:
        raise TransitionNotAllowed(
            f"A runoff cannot be ordered in {election.case.number}: {why}.",
            allowed=[e.value for e in ladder.allowed_events(before)],
        )


# What a decision orders, as the kind of certification it calls for.
_ORDERED_KIND = {ladder.CERTIFY_REPRESENTATIVE: "representative", ladder.CERTIFY_RESULTS: "results"}


def _kind_certified(code: ladder.Event, cleaned: dict[str, object]) -> str | None:
    """The kind of certification an event issues or orders (None: it neither issues nor orders one)."""
    if code is ladder.Event.CERTIFICATION_ISSUED:
        return _str(cleaned.get("kind"))
    if code in (ladder.Event.REGIONAL_DIRECTOR_DECISION, ladder.Event.ALJ_DECISION):
        return _ORDERED_KIND.get(_str(cleaned.get("outcome")) or "")
    if code is ladder.Event.BOARD_DECISION:
        return _ORDERED_KIND.get(_str(cleaned.get("order")) or "")
    return None


def _nullities_before(election: Election, elections: list[Election]) -> int:
    """The case's earlier elections whose latest tally was an equal division (102.70(d))."""
    return sum(
        1
        for e in elections
        if e.sequence < election.sequence
        and e.latest_tally is not None
        and e.latest_tally.assessment.result == tally_law.Result.NEW_ELECTION_REQUIRED
    )


def _votes(tally: Tally) -> str:
    counted = [f"{votes} for {union}" for union, votes in tally.votes_for.items()]
    return ", ".join([*counted, f"{tally.votes_against} against", f"{tally.challenged} challenged"])


def _check_certification_follows_votes(
    election: Election,
    elections: list[Election],
    code: ladder.Event,
    cleaned: dict[str, object],
    before: ladder.State,
) -> None:
    """A certification (issued, or ordered by a decision) follows the latest tally read with the ledger:
    ``tally_law.certification_refusal``. A 409 naming the tally. (A certifying event on a tally still
    undetermined or calling for a runoff is refused after its consequences by ``_check_election_decided``,
    which also names the open objections.)"""
    kind = _kind_certified(code, cleaned)
    tally = election.tallies.order_by("-revision").first()
    if kind is None or tally is None:
        return
    assessment = _decided_by_ledger(election, tally)
    result = str(assessment.result)
    if _certifying(code, cleaned) and result in UNDECIDED_RESULTS:
        return
    why = tally_law.certification_refusal(
        kind=kind,
        result=result,
        winner=assessment.winner,
        further_election_held=_nullities_before(election, elections) > 0,
    )
    if why is None:
        return
    raise TransitionNotAllowed(
        f"A certification of {kind} cannot follow election {election.sequence} of {election.case.number}: "
        f"tally revision {tally.revision} ({_votes(tally)}) — {why}.",
        allowed=[e.value for e in ladder.allowed_events(before)],
    )


def _check_further_election(
    election: Election, elections: list[Election], cleaned: dict[str, object], before: ladder.State
) -> None:
    """A rerun ordered on an equal division is 102.70(d)'s further election: only one is held in a case."""
    if ladder.RERUN_ELECTION not in (cleaned.get("outcome"), cleaned.get("order")):
        return
    latest = election.latest_tally
    if latest is None or latest.assessment.result != tally_law.Result.NEW_ELECTION_REQUIRED:
        return
    if _nullities_before(election, elections) == 0:
        return
    raise TransitionNotAllowed(
        f"A further election cannot be ordered in {election.case.number}: {tally_law.FURTHER_ELECTION_DONE}. "
        f"Tally revision {latest.revision} of election {election.sequence} ({_votes(latest)}) elects no one: "
        "what follows is a certification of the results (certification_issued, kind results).",
        allowed=[e.value for e in ladder.allowed_events(before)],
    )


def _certifying(code: ladder.Event, cleaned: dict[str, object]) -> bool:
    if code is ladder.Event.CERTIFICATION_ISSUED:
        return True
    return code is ladder.Event.REGIONAL_DIRECTOR_DECISION and cleaned.get("outcome") in CERTIFYING_OUTCOMES


def _check_no_open_window(
    election: Election,
    code: ladder.Event,
    cleaned: dict[str, object],
    occurred_on: date,
    ruled_now: dict[int, Objection],
    before: ladder.State,
) -> None:
    """No certifying decision while an objections window is open (29 CFR 102.69(a)(8), (e)): a 409 naming
    the window and its close, unless the decision rules on every objection filed in it
    (``proceedings.law.windows``)."""
    if not _certifying(code, cleaned):
        return
    windows = selectors.objections_windows(election)
    disposed = set(ruled_now) | {
        o.pk
        for o in Objection.objects.filter(election=election).only("pk", "status")
        if o.status in (Objection.Status.SUSTAINED, Objection.Status.OVERRULED)
    }
    why = law_windows.certification_refusal(decided_on=occurred_on, windows=windows, ruled=disposed)
    if why is None:
        return
    allowed = [e.value for e in ladder.allowed_events(before) if not _certifying(e, {})]
    raise TransitionNotAllowed(
        f"{ladder.event_label(code)} dated {occurred_on} cannot certify election {election.sequence} of "
        f"{election.case.number}: {why}.",
        allowed=allowed,
    )


UNDECIDED_RESULTS = ("undetermined", "runoff_required")


def _certifies(record: ProceedingEvent) -> bool:
    if record.event == ladder.Event.CERTIFICATION_ISSUED:
        return True
    return (
        record.event == ladder.Event.REGIONAL_DIRECTOR_DECISION
        and record.details.get("outcome") in CERTIFYING_OUTCOMES
    )


def _decided_by_ledger(election: Election, tally: Tally) -> tally_law.TallyAssessment:
    """The latest tally read against the ledger: its challenged ballots all resolved (sustained, or opened
    and counted) leave the counted votes to decide (``tally_law.challenged_outstanding``)."""
    ledger = ledger_state(election)
    outstanding = tally_law.challenged_outstanding(
        on_tally=tally.challenged, in_ledger=ledger.ledger_count, unresolved=ledger.unresolved
    )
    if outstanding == tally.challenged:
        return tally.assessment
    return tally_law.assess(tally.figures(challenged=outstanding))


def _check_election_decided(record: ProceedingEvent, election: Election, before: ladder.State) -> None:
    """A certification needs a decided election (29 CFR 102.69(b)–(c)): its latest tally neither
    undetermined (determinative challenges unresolved) nor calling for a runoff, and no objection to it
    pending or set for hearing. The 409 names what stands in the way and what may come next."""
    if not _certifies(record):
        return
    obstacles: list[str] = []
    next_steps: list[str] = []
    tally = election.tallies.order_by("-revision").first()
    assessment = _decided_by_ledger(election, tally) if tally is not None else None
    if tally is not None and assessment is not None and str(assessment.result) in UNDECIDED_RESULTS:
        result = str(assessment.result)
        if result == "undetermined":
            open_challenges = ledger_state(election).unresolved
            obstacles.append(
                f"tally revision {tally.revision} is undetermined: its {tally.challenged} challenged ballots "
                f"are determinative ({open_challenges} open challenges in the ledger)"
            )
            next_steps.append(
                "resolve the challenges and open and count the released ballots into a revised tally"
            )
        else:
            obstacles.append(f"tally revision {tally.revision} requires a runoff election")
            next_steps.append(
                "order the runoff election (regional_director_decision, outcome runoff_election)"
            )
    open_objections = list(objection_selectors.open_objections(election))
    if open_objections:
        named = ", ".join(
            f"{o.filed_by.name} objection {o.number} ({o.status.replace('_', ' ')})" for o in open_objections
        )
        obstacles.append(f"objections are still open: {named}")
        next_steps.append("rule on the objections (a Regional Director's decision with objection_rulings)")
    if not obstacles:
        return
    allowed = [e.value for e in ladder.allowed_events(before) if e is not ladder.Event.CERTIFICATION_ISSUED]
    raise TransitionNotAllowed(
        f"Election {election.sequence} of {election.case.number} is not decided, so it cannot be certified: "
        + "; ".join(obstacles)
        + ". Next: "
        + "; ".join(next_steps)
        + ".",
        allowed=allowed,
    )


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


def recommended_orders_take_effect(*, case: Case | None = None, actor: Actor = None) -> int:
    """A judge's recommended order takes effect when the exceptions period ends with none filed (29 CFR
    102.48(a)). The replay applies the lapse (``ladder.lapse_recommended_order``); this carries it into the
    record: an order of a new election creates the election it orders (the Board's adoption creates it with
    the Board's decision instead), and a bargaining order closes the case. Run hourly with the reminders, and
    by the demo loader; idempotent; one transaction per order. Returns how many orders took effect."""
    require_staff(actor, "apply a recommended order")
    decisions = ProceedingEvent.objects.filter(
        event=ladder.Event.ALJ_DECISION,
        voided=False,
        ordered_election__isnull=True,
        details__outcome__in=sorted(ladder.ORDERS_NEW_ELECTION),
    )
    bargaining_orders = ProceedingEvent.objects.filter(
        event=ladder.Event.BARGAINING_ORDER, voided=False, details__by="administrative_law_judge"
    ).exclude(case__status=Case.Status.CLOSED)
    if case is not None:
        decisions, bargaining_orders = decisions.filter(case=case), bargaining_orders.filter(case=case)
    applied = 0
    for decision in decisions.order_by("occurred_on", "id"):
        with transaction.atomic():
            applied += _new_election_takes_effect(decision, actor)
    for order in bargaining_orders.order_by("occurred_on", "id"):
        with transaction.atomic():
            applied += _bargaining_order_takes_effect(order, actor)
    return applied


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


_settling = threading.local()


def recommended_orders_settle(*, case: Case, now: datetime | None = None) -> int:
    """Apply a judge's recommended order as soon as the record shows it took effect (102.48(a): "If no timely
    or proper exceptions are filed, ... automatically become the decision and order of the Board"): on the
    write or the read that finds the exceptions period over, not only when the hourly task runs, so the
    election it orders exists with no worker. Cheap when nothing is due (one query); the change itself is
    ``recommended_orders_take_effect`` (the case locked, each order re-checked under the lock: idempotent, and
    two readers at once create one election). Re-entry (the created election's own receivers) is a no-op."""
    if getattr(_settling, "active", False):
        return 0
    now = now or clock.now()
    passed = Deadline.objects.filter(
        case=case, code=DeadlineCode.EXCEPTIONS_TO_BOARD, due_at__lt=now
    ).exclude(status=Status.SUPERSEDED)
    pending = ProceedingEvent.objects.filter(case=case, voided=False).filter(
        Q(
            event=ladder.Event.ALJ_DECISION,
            ordered_election__isnull=True,
            details__outcome__in=sorted(ladder.ORDERS_NEW_ELECTION),
        )
        | (
            Q(event=ladder.Event.BARGAINING_ORDER, details__by="administrative_law_judge")
            & ~Q(case__status=Case.Status.CLOSED)
        )
    )
    if not (passed.exists() and pending.exists()):
        return 0
    _settling.active = True
    try:
        return recommended_orders_take_effect(case=case)
    finally:
        _settling.active = False


def _new_election_takes_effect(decision: ProceedingEvent, actor: Actor) -> int:
    case = _locked_case(decision.case)
    decision = ProceedingEvent.objects.get(pk=decision.pk)  # re-read under the case's lock
    if decision.voided or decision.ordered_election_id is not None:
        return 0  # applied meanwhile (another reader, the task)
    election = next(e for e in selectors.elections_of(case) if e.pk == decision.election_id)
    state = selectors.replay(election).state
    kind = ladder.ORDERS_NEW_ELECTION.get(state.order or "")
    if kind is None or state.stage not in (ladder.Stage.RERUN_PENDING, ladder.Stage.RUNOFF_PENDING):
        return 0
    later = ProceedingEvent.objects.filter(
        election=election,
        voided=False,
        occurred_on__gte=decision.occurred_on,
        ordered_election__isnull=False,
    ).exclude(pk=decision.pk)
    if later.exists():
        return 0  # the Board's adoption already created it
    ordered, created = _next_election(election, kind, actor, mode=_str(decision.details.get("mode")))
    decision.ordered_election, decision.created_election = ordered, created
    stamp(decision, actor)
    decision.save(update_fields=["ordered_election", "created_election"])
    return 1


def _bargaining_order_takes_effect(order: ProceedingEvent, actor: Actor) -> int:
    """A judge's bargaining order with no exceptions by their due date is the Board's: the case closes, with a
    history row saying why and a notice to counsel, as when the Board's adoption closes it."""
    case = _locked_case(order.case)
    if case.status == Case.Status.CLOSED:
        return 0
    election = next(e for e in selectors.elections_of(case) if e.pk == order.election_id)
    replayed = selectors.replay(election)
    state = replayed.state
    if state.stage is not ladder.Stage.CLOSED or state.ended != ladder.Outcome.BARGAINING_ORDER:
        return 0
    lapsed_on = next(
        (p.on for p in reversed(replayed.path) if p.event is None and p.stage is ladder.Stage.CLOSED), None
    )
    if lapsed_on is None:
        return 0  # closed by an event (the Board's adoption), which closed the case itself
    election_services.case_update(
        case=case,
        status=Case.Status.CLOSED,
        closed_by=f"the judge's bargaining order, no exceptions by {lapsed_on.isoformat()} (102.48(a))",
        actor=actor,
    )
    notifications.recommended_order_took_effect(order, lapsed_on)
    return 1


def _next_election(
    election: Election, kind: str, actor: Actor, *, mode: str | None = None
) -> tuple[Election, bool]:
    """The election the order calls for: an existing later election is reused (the demo loads the 2022 rerun
    before its order), else created with the same ballot — for a runoff, the two choices the tally's arithmetic
    names (102.70(c)) when it names them. It carries the election agreement (a rerun or runoff after a consent
    election is still one: the Regional Director's rulings stay final, 102.62(a); 102.69(c)(2)) and the voting
    unit, and the mode unless the order names another (``mode``)."""
    later = (
        Election.objects.filter(case_id=election.case_id, sequence__gt=election.sequence)
        .order_by("sequence")
        .first()
    )
    if later is not None:
        return later, False
    disclaimed = set(
        Party.objects.filter(
            pk__in=ProceedingEvent.objects.filter(
                case_id=election.case_id,
                voided=False,
                event=ladder.Event.DISCLAIMER_FILED,
                details__effect=dispositions.OFF_THE_BALLOT,
            ).values_list("party_id", flat=True)
        ).values_list("name", flat=True)
    )
    choices = [c for c in election.choices if c not in disclaimed] or list(election.choices)
    tally = election.latest_tally
    if kind == "runoff" and tally is not None and tally.assessment.runoff_choices:
        # In the order of the original ballot (a tally's votes may come back from the database reordered).
        unions = [c for c in choices if c in tally.assessment.runoff_choices]
        choices = unions or choices
    created = election_services.election_create(
        case=election.case,
        choices=choices,
        kind=kind,
        mode=mode or election.mode,
        agreement=election.agreement,
        voting_unit=election.voting_unit,
        actor=actor,
    )
    return created, True


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


@transaction.atomic
def event_void(*, event: ProceedingEvent, reason: str, actor: Actor, notify: bool = True) -> ProceedingEvent:
    """Void a wrong event (never deleted): the ladder is replayed without it. Refused (409) while a later
    event depends on it — void those first — and for an order that created an election (elections are
    never deleted: record the decision that replaces the order instead)."""
    require_staff(actor, "void a proceeding event")
    case = _locked_case(event.case)
    event = (
        ProceedingEvent.objects.select_for_update(of=("self",))
        .select_related("election", "ordered_election")
        .get(pk=event.pk)
    )
    reason = (reason or "").strip()
    if not reason:
        raise RuleViolation("reason", "Say why the event is voided; the reason stays on the record.")
    if len(reason) > MAX_REASON:
        raise RuleViolation("reason", f"The reason is limited to {MAX_REASON} characters.")
    if event.voided:
        raise TransitionNotAllowed(f"Event {event.pk} ({event.event_label}) is already voided.")
    if event.created_election and event.ordered_election is not None:
        ordered = event.ordered_election
        raise TransitionNotAllowed(
            f"This {event.event_label.lower()} created election {ordered.sequence} ({ordered.kind}) of "
            f"{case.number}, and an election is never deleted: record the decision that replaces the order "
            "instead.",
        )
    election = event.election
    on_election = (
        selectors.live_events(election)
        if election is not None
        else selectors.live_events_before_election(case)
    )
    others = [e for e in on_election if e.pk != event.pk]
    if event.event in ladder.SIDE_TRACK:
        _check_test_without(case, event)
    try:
        _replay(case, election, events=others)
    except ladder.ReplayFailed as failure:
        dependent = next((e for e in others if e.pk == failure.fact.ref), None)
        which = (
            f"event {dependent.pk} ({dependent.event_label}, {dependent.occurred_on})"
            if dependent
            else "a later event"
        )
        raise TransitionNotAllowed(
            f"Without this {event.event_label.lower()}, {which} would be out of order: void it first.",
        ) from None
    event.voided = True
    event.void_reason = reason
    event.voided_at = clock.now()
    event.voided_by = acting_user(actor)
    stamp(event, actor)
    event.save(update_fields=["voided", "void_reason", "voided_at", "voided_by"])

    deadline_records.moot_for_voided(event, actor)
    deadline_records.refresh(election, case=case)
    _resync_case_status(case, event, actor)
    if notify:
        notifications.event_voided(event)
    return event


def _check_test_without(case: Case, voided: ProceedingEvent) -> None:
    """Voiding a step of the test of certification that a later one rests on is refused (void that first)."""
    certification = _certification_of(case)
    facts = [
        toc.TocFact(ladder.Event(e.event), e.occurred_on, e.details, e.pk)
        for e in ProceedingEvent.objects.filter(case=case, voided=False, event__in=sorted(ladder.SIDE_TRACK))
        if e.pk != voided.pk
    ]
    try:
        toc.replay(certified_on=certification.occurred_on if certification else None, facts=facts)
    except toc.TocRefused as refused:
        dependent = ProceedingEvent.objects.filter(pk=refused.fact.ref).first()
        which = (
            f"event {dependent.pk} ({dependent.event_label}, {dependent.occurred_on})"
            if dependent
            else "a later event"
        )
        raise TransitionNotAllowed(
            f"Without this {voided.event_label.lower()}, {which} would be out of order: void it first."
        ) from None


def _resync_case_status(case: Case, voided: ProceedingEvent, actor: Actor) -> None:
    """Undo what the voided event did to the case's status, if nothing else still holds it there."""
    live = ProceedingEvent.objects.filter(case=case, voided=False)
    certified = live.filter(event=ladder.Event.CERTIFICATION_ISSUED).exists()
    closed = (
        live.filter(event__in=sorted(dispositions.CLOSING_EVENTS))
        .exclude(event=ladder.Event.DISCLAIMER_FILED, details__effect=dispositions.OFF_THE_BALLOT)
        .exists()
    )
    if (
        voided.event == ladder.Event.CERTIFICATION_ISSUED
        and case.status == Case.Status.CERTIFIED
        and not certified
    ):
        election_services.case_update(case=case, status=Case.Status.OPEN, actor=actor)
    if voided.event in dispositions.CLOSING_EVENTS and case.status == Case.Status.CLOSED and not closed:
        back = Case.Status.CERTIFIED if certified else Case.Status.OPEN
        election_services.case_update(case=case, status=back, actor=actor)
    if voided.event == ladder.Event.CASE_TRANSFERRED:
        latest = live.filter(event=ladder.Event.CASE_TRANSFERRED).order_by("-occurred_on", "-id").first()
        _transfer(case, latest, actor)


def _transfer(case: Case, latest: ProceedingEvent | None, actor: Actor) -> None:
    """The case's office from the latest live transfer (102.72(b)): its Region and the day it took over."""
    region = latest.details.get("region") if latest is not None else None
    if latest is None or region in (None, case.region):
        election_services.case_update(case=case, transferred_to=None, transferred_on=None, actor=actor)
    else:
        election_services.case_update(
            case=case, transferred_to=region, transferred_on=latest.occurred_on, actor=actor
        )
    deadline_records.rezone_for_transfer(case, actor)


# --- deadlines -----------------------------------------------------------------------------------------------

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
def deadline_extend_for_party(
    *, deadline: Deadline, party: Party, due_on: date, reason: str, filing_id: int, actor: Actor
) -> DeadlineParty:
    """An extension granted to one party: its row falls due at 11:59 p.m. on ``due_on`` (29 CFR 102.2(b));
    the other parties' dates stay. What runs from the deadline's last day (an answering brief runs from the
    last date on which exceptions may be filed, 102.46(b)(1)) moves for every party with it."""
    require_staff(actor, "extend a deadline")
    deadline = Deadline.objects.select_for_update().get(pk=deadline.pk)
    row = deadline_owner_check(deadline=deadline, party=party, field="party")
    due_at = calendar.due_at_cutoff(due_on, deadline.zone)
    if due_at <= row.due_at:
        raise RuleViolation(
            "until",
            f"An extension moves the due date later: {party.name}'s {deadline.label.lower()} is due "
            f"{local_date(row.due_at, deadline.zone).isoformat()}; {due_on.isoformat()} is not after it.",
        )
    row.due_at, row.extended_by_filing_id = due_at, filing_id
    row.note = f"Extended for {party.name} alone to {due_on.isoformat()}: {reason}"[:2000]
    row.save(update_fields=["due_at", "extended_by_filing_id", "note", "updated_at"])
    _move_responses(deadline, due_on, filing_id)
    _move_party_followers(deadline, party, due_at, filing_id)
    deadline_records.refresh(deadline.election, case=deadline.case)
    return DeadlineParty.objects.select_related("party").get(pk=row.pk)


def _move_party_followers(leader: Deadline, party: Party, due_at: datetime, filing_id: int) -> None:
    """What is due "at the same time as" ``leader`` (102.69(c)(2): the request for review of the direction of
    election with the exceptions to the ALJ's decision) moves with it for the party it was extended for."""
    for code in moved_with(leader.code):
        followers = Deadline.objects.filter(
            case_id=leader.case_id, election=leader.election, code=code
        ).exclude(status__in=[Status.SUPERSEDED, Status.MET])
        for row in DeadlineParty.objects.filter(deadline__in=followers, party=party, due_at__lt=due_at):
            row.due_at, row.extended_by_filing_id = due_at, filing_id
            row.note = (
                f"Due at the same time as the {leader.label.lower()} (29 CFR 102.69(c)(2)), extended for "
                f"{party.name}."
            )[:2000]
            row.save(update_fields=["due_at", "extended_by_filing_id", "note", "updated_at"])


def _move_responses(parent: Deadline, last_day: date, filing_id: int) -> None:
    """Each live response to ``parent`` falls due its period after ``last_day`` for every party (when that
    is later than its date now), and what responds to it in turn."""
    for response in parent.responses.exclude(status=Status.SUPERSEDED):
        period = deadline_records.period_for(response.rule_set, response.code)
        if period is None:
            continue
        computed = calendar.compute_deadline(
            period=period,
            rule_set=response.rule_set,
            trigger_on=last_day,
            region=response.case.region_at(last_day),
        )
        moved_on = computed.due_on
        for row in DeadlineParty.objects.filter(deadline=response, due_at__lt=computed.due_at):
            row.due_at, row.extended_by_filing_id = computed.due_at, filing_id
            row.note = (
                f"Runs from {last_day.isoformat()}, the last day of the {parent.label.lower()} as extended "
                f"for one party: due {moved_on.isoformat()}."
            )
            row.save(update_fields=["due_at", "extended_by_filing_id", "note", "updated_at"])
        _move_responses(response, moved_on, filing_id)


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


# --- calendar feed -------------------------------------------------------------------------------------------


@transaction.atomic
def calendar_feed_ensure(*, user: Any) -> CalendarFeed:
    """The user's live feed, created on first use. A live feed whose secret cannot be shown again (issued
    before secrets were stored hashed, or under another ``SECRET_KEY``) is replaced by a new one."""
    feed = CalendarFeed.objects.select_for_update().filter(user=user, revoked_at__isnull=True).first()
    if feed is None:
        feed = CalendarFeed.objects.create(user=user)
    elif feed.token is None:
        return calendar_feed_rotate(user=user)
    return feed


@transaction.atomic
def calendar_feed_rotate(*, user: Any) -> CalendarFeed:
    """Revoke the user's feed (its URL answers 404 from now on) and issue a new one."""
    CalendarFeed.objects.select_for_update().filter(user=user, revoked_at__isnull=True).update(
        revoked_at=clock.now()
    )
    return CalendarFeed.objects.create(user=user)


@transaction.atomic
def calendar_feed_revoke(*, feed: CalendarFeed) -> CalendarFeed:
    feed = CalendarFeed.objects.select_for_update().get(pk=feed.pk)
    if feed.revoked_at is None:
        feed.revoked_at = clock.now()
        feed.save(update_fields=["revoked_at"])
    return feed


@transaction.atomic(savepoint=False)
def docket_entries_sync(*, entries: list[tuple[Case, dict[str, Any]]]) -> tuple[int, int]:
    """Cases' public docket from the public record: add the lines not yet here (by case and ``key``) and
    update the link of those that changed. Lines are never removed: the docket is a record. Returns (added,
    updated); one read and at most two writes whatever the number of cases and lines."""
    case_ids = {case.pk for case, _ in entries}
    existing = (
        {(e.case_id, e.key): e for e in DocketEntry.objects.filter(case_id__in=case_ids)} if entries else {}
    )
    new, changed = [], []
    for case, entry in entries:
        current = existing.get((case.pk, entry["key"]))
        if current is None:
            new.append(DocketEntry(case=case, **entry))
        elif current.url != entry["url"]:
            current.url = entry["url"]
            changed.append(current)
    bulk_insert.insert(new)
    DocketEntry.objects.bulk_update(changed, ["url"], batch_size=1000)
    return len(new), len(changed)
