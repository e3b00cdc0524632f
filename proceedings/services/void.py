"""Void a wrong proceeding event (``event_void``): the ladder replayed without it, the case's status
and transfers brought back in line.
"""

from __future__ import annotations

from django.db import transaction

from core import clock
from core.actors import Actor, acting_user, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections import services as election_services
from elections.models import Case
from proceedings import notifications, selectors
from proceedings.law import ca_case as toc
from proceedings.law import dispositions, ladder
from proceedings.models import ProceedingEvent
from proceedings.services import deadline_records
from proceedings.services._shared import MAX_REASON, _certification_of, _locked_case, _replay, _transfer


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
