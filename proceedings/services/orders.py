"""A judge's recommended order takes effect when the exceptions period ends with none filed (29 CFR
102.48(a)): the new election it orders is created, or the case closed by its bargaining order.
"""

from __future__ import annotations

import threading
from datetime import datetime

from django.db import transaction
from django.db.models import Q

from core import clock
from core.actors import Actor, require_staff, stamp
from elections import services as election_services
from elections.law.rule_sets import DeadlineCode
from elections.models import Case
from proceedings import notifications, selectors
from proceedings.law import ladder
from proceedings.law.deadlines import Status
from proceedings.models import Deadline, ProceedingEvent
from proceedings.services._shared import _locked_case, _next_election, _str


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
