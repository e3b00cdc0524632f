"""The post-election proceeding of one election as a state machine: stages, events, and what may come next.

Plain Python (no Django import). The codes are fixed by the v1 contract (product.md); the procedure is
../shared/docs/nlrb-procedure.md §5–7.

How a stage is derived (``replay``):

- An election with no tally is ``awaiting_tally`` (an initial election) or ``rerun_pending`` /
  ``runoff_pending`` (a rerun or runoff that has been ordered but not yet held); nothing can be recorded on it.
- From the tally of ballots the proceeding is in ``objections_period`` until the objections deadline passes
  (29 CFR 102.69(a)(8)). Then, if objections were filed or the challenged ballots are determinative, the Region
  investigates (``regional_investigation``, 102.69(c)(1)); otherwise nothing is pending and the Regional
  Director certifies "forthwith" (``awaiting_regional_director``, 102.69(b)). The close of the period is not an
  event anyone records: the replay applies it before the first event dated after the due date, or at the end
  once the deadline has passed.
- Then each recorded event, oldest first, moves the stage through ``TRANSITIONS``.

The transition table maps a stage to the events allowed in it and where each leads. A few moves depend on more
than the stage, and the state carries what they need:

- ``track``: who hears the objections. ``regional`` — a hearing officer reports to the Regional Director
  (102.69(c)(1)(iii)); exceptions go to the RD. ``alj`` — the objections were consolidated with an
  unfair-labor-practice complaint (Bessemer 2023–24): an administrative law judge decides and exceptions go to
  the Board (102.46).
- ``order``: what the decision in force ordered (certify the representative or the results, a rerun, a
  runoff). A Board decision that denies review or affirms leaves it standing, and the stage follows it.
- ``certification``: the kind of certification issued, if any. A test of certification (a refusal to bargain)
  only follows a certification of representative.
- ``round``: the events since the last decision. An answering brief needs exceptions in the round, an
  opposition a request for review; a second party's exceptions or request repeat a filing already in the
  round; the Board issues one order per round of a test of certification.

Decisions worth knowing (lawyers, check these):

- A hearing officer's report or an ALJ decision may be recorded without a ``hearing_closed`` event: the report
  implies the hearing closed (the closing date is often not in the public record).
- A Regional Director's decision to certify leads to ``review_period`` (a request for review may be filed,
  102.67(c)); the certification itself is the ``certification_issued`` event, which may come at once: under
  the 2014 and 2023 rules the RD certifies even while a request for review is possible or pending. A request
  for review may therefore also follow a certification.
- An ALJ decision is a recommended order (29 CFR 102.46, 102.48(a)): whatever it orders (a rerun, as in
  Bessemer 2024-11-05, a certification), the proceeding stays in ``exceptions_period`` with the order kept in
  ``order``. It takes effect when the Board adopts it (a ``board_decision``), or when the exceptions period
  ends with none filed: the replay applies that lapse like the close of the objections period
  (``lapse_recommended_order``), and only then is a rerun or runoff pending.
- A Board remand returns the case to the Regional Director (or, on the ALJ track, to the judge); a court
  remand returns the test of certification to the Board.
- The test of certification (``SIDE_TRACK``: the refusal to bargain, the CA case, the courts) runs beside the
  representation case in ``proceedings.law.ca_case``: its events never move this ladder, and a
  court's decision never closes the case. The table's entries for ``test_of_certification`` and
  ``court_of_appeals`` are no longer reached by replay; the status shows those stages for a certified case
  whose test is under way. The ends of a case (dismissal, withdrawal, disclaimer, bargaining order, block,
  transfer) are ``proceedings.law.dispositions``, which ``advance`` asks first.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from types import MappingProxyType
from typing import Final

from proceedings.law import dispositions

# The shared vocabulary (proceedings.law.states), re-exported: ``ladder.Event`` is the name most callers use.
from proceedings.law.states import (
    BARGAINING_ORDER as BARGAINING_ORDER,
)
from proceedings.law.states import (
    BOARD_OUTCOMES as BOARD_OUTCOMES,
)
from proceedings.law.states import (
    CERTIFICATION_KINDS as CERTIFICATION_KINDS,
)
from proceedings.law.states import (
    CERTIFY_REPRESENTATIVE as CERTIFY_REPRESENTATIVE,
)
from proceedings.law.states import (
    CERTIFY_RESULTS as CERTIFY_RESULTS,
)
from proceedings.law.states import (
    COURT_OUTCOMES as COURT_OUTCOMES,
)
from proceedings.law.states import (
    DECISION_EVENTS as DECISION_EVENTS,
)
from proceedings.law.states import (
    EVENT_LABELS as EVENT_LABELS,
)
from proceedings.law.states import (
    FILING_EVENTS as FILING_EVENTS,
)
from proceedings.law.states import (
    ORDERS as ORDERS,
)
from proceedings.law.states import (
    ORDERS_NEW_ELECTION as ORDERS_NEW_ELECTION,
)
from proceedings.law.states import (
    OUTCOME_LABELS as OUTCOME_LABELS,
)
from proceedings.law.states import (
    RERUN_ELECTION as RERUN_ELECTION,
)
from proceedings.law.states import (
    RUNOFF_ELECTION as RUNOFF_ELECTION,
)
from proceedings.law.states import (
    SIDE_TRACK as SIDE_TRACK,
)
from proceedings.law.states import (
    STAGE_LABELS as STAGE_LABELS,
)
from proceedings.law.states import (
    Event as Event,
)
from proceedings.law.states import (
    EventNotAllowed as EventNotAllowed,
)
from proceedings.law.states import (
    InvalidStep as InvalidStep,
)
from proceedings.law.states import (
    Outcome as Outcome,
)
from proceedings.law.states import (
    Stage as Stage,
)
from proceedings.law.states import (
    State as State,
)
from proceedings.law.states import (
    Step as Step,
)
from proceedings.law.states import (
    Track as Track,
)
from proceedings.law.states import (
    event_label as event_label,
)
from proceedings.law.states import (
    stage_label as stage_label,
)

# Both tracks share the way up to the exceptions; then the Regional Director decides on the regional track,
# the Board on the ALJ track (102.69(c)(1)(iii), 102.46).
_THROUGH_EXCEPTIONS: Final = (
    Stage.OBJECTIONS_PERIOD,
    Stage.REGIONAL_INVESTIGATION,
    Stage.HEARING_SCHEDULED,
    Stage.HEARING,
    Stage.AWAITING_REPORT,
    Stage.EXCEPTIONS_PERIOD,
)
USUAL_CLIMB: Mapping[Track, tuple[Stage, ...]] = MappingProxyType(
    {
        Track.REGIONAL: (
            *_THROUGH_EXCEPTIONS,
            Stage.AWAITING_REGIONAL_DIRECTOR,
            Stage.REVIEW_PERIOD,
            Stage.BOARD_REVIEW,
        ),
        Track.ALJ: (*_THROUGH_EXCEPTIONS, Stage.BOARD_REVIEW),
    }
)
"""The usual order of the stages on each track, from the tally up to the Board; a certification, a rerun or
a runoff follows. The usual climb, not the only one: ``TRANSITIONS`` allows skipping steps (no objections go
straight to the Regional Director, 102.69(b)) and going back (a remand). What the case page shows as still
ahead."""

AFTER_CERTIFICATION: tuple[Stage, ...] = (
    Stage.CERTIFIED,
    Stage.TEST_OF_CERTIFICATION,
    Stage.COURT_OF_APPEALS,
    Stage.CLOSED,
)
"""The usual order after a certification of representative: a refusal to bargain tests it before the Board,
the Board's order goes to a court of appeals, and the case closes."""


_COURT_OUTCOME: Mapping[str, Outcome] = MappingProxyType(
    {
        "enforced": Outcome.ORDER_ENFORCED,
        "denied": Outcome.ENFORCEMENT_DENIED,
        "dismissed": Outcome.PETITION_DISMISSED,
        "vacated": Outcome.ORDER_VACATED,
    }
)


# --- targets that depend on more than the stage ---------------------------------------------------------


def follow_order(state: State) -> Stage:
    """The stage the decision in force leads to (after a Board denial of review or an affirmance)."""
    if state.order == RERUN_ELECTION:
        return Stage.RERUN_PENDING
    if state.order == RUNOFF_ELECTION:
        return Stage.RUNOFF_PENDING
    if state.order in (CERTIFY_REPRESENTATIVE, CERTIFY_RESULTS) and state.certification is not None:
        return Stage.CERTIFIED
    # A certification ordered but not yet issued, or nothing standing: the Regional Director acts next.
    return Stage.AWAITING_REGIONAL_DIRECTOR


def _need(step: Step, choices: Sequence[str]) -> str:
    outcome = step.outcome
    if outcome is None or outcome not in choices:
        raise InvalidStep(f"{step.event} needs an outcome, one of {', '.join(choices)}; got {outcome!r}")
    return outcome


def _rd_decision(state: State, step: Step) -> State:
    order = _need(step, ORDERS)
    if state.consent and order in (CERTIFY_REPRESENTATIVE, CERTIFY_RESULTS):
        # 102.69(c)(2): the decision "may include a certification … and shall be final"; after a consent
        # election it "is not subject to Board review": certified, with no review period.
        kind = "representative" if order == CERTIFY_REPRESENTATIVE else "results"
        return replace(state, stage=Stage.CERTIFIED, order=order, certification=kind)
    to = {
        RERUN_ELECTION: Stage.RERUN_PENDING,
        RUNOFF_ELECTION: Stage.RUNOFF_PENDING,
    }.get(order, Stage.REVIEW_PERIOD)
    return replace(state, stage=to, order=order)


def _alj_decision(state: State, step: Step) -> State:
    if step.outcome is not None and step.outcome not in ORDERS:
        raise InvalidStep(f"alj_decision outcome must be one of {', '.join(ORDERS)}; got {step.outcome!r}")
    # Recommended until the Board adopts it or the exceptions period lapses (102.48(a)); filed, it transfers
    # the case to the Board (102.45(a)).
    return replace(state, stage=Stage.EXCEPTIONS_PERIOD, order=step.outcome, record_with_board=True)


def _board_decision(state: State, step: Step) -> State:
    outcome = _need(step, BOARD_OUTCOMES)
    if step.order is not None and step.order not in ORDERS:
        raise InvalidStep(f"board_decision order must be one of {', '.join(ORDERS)}; got {step.order!r}")
    if outcome == "review_granted":
        return replace(state, stage=Stage.BOARD_REVIEW, record_with_board=True)
    if outcome == "remanded":
        back = Stage.AWAITING_REPORT if state.track is Track.ALJ else Stage.AWAITING_REGIONAL_DIRECTOR
        return replace(state, stage=back, order=None, record_with_board=False)
    if outcome == "reversed" and step.order is None:
        return replace(state, stage=Stage.AWAITING_REGIONAL_DIRECTOR, order=None, record_with_board=False)
    standing = replace(state, order=step.order or state.order)
    return replace(standing, stage=follow_order(standing))


def _exceptions(state: State, step: Step) -> State:
    to = Stage.BOARD_REVIEW if state.track is Track.ALJ else Stage.AWAITING_REGIONAL_DIRECTOR
    return replace(state, stage=to)


def _certification(state: State, step: Step) -> State:
    if step.kind not in CERTIFICATION_KINDS:
        raise InvalidStep(f"certification_issued needs a kind, one of {', '.join(CERTIFICATION_KINDS)}")
    return replace(state, stage=Stage.CERTIFIED, certification=step.kind)


def _court_decision(state: State, step: Step) -> State:
    outcome = _need(step, COURT_OUTCOMES)
    if outcome == "remanded":
        return replace(state, stage=Stage.TEST_OF_CERTIFICATION, court_outcome=None)
    return replace(state, stage=Stage.CLOSED, court_outcome=outcome)


def _consolidate(state: State, step: Step) -> State:
    return replace(state, stage=Stage.HEARING_SCHEDULED, track=Track.ALJ)


def _sever(state: State, step: Step) -> State:
    """102.69(c)(1)(ii): after a consent election consolidated with a ULP case, the judge, "after issuing a
    decision, sever[s] the representation case and transfer[s] it to the Regional Director"."""
    return replace(
        state,
        stage=Stage.AWAITING_REGIONAL_DIRECTOR,
        track=Track.REGIONAL,
        order=None,
        record_with_board=False,
    )


@dataclass(frozen=True)
class Branch:
    """A move whose target depends on the event's details or the state; ``targets`` lists where it may go."""

    name: str
    move: Callable[[State, Step], State]
    targets: tuple[Stage, ...]


RD_DECISION = Branch(
    "by the Regional Director's outcome",
    _rd_decision,
    (Stage.REVIEW_PERIOD, Stage.RERUN_PENDING, Stage.RUNOFF_PENDING, Stage.CERTIFIED),
)
SEVERANCE = Branch("to the Regional Director", _sever, (Stage.AWAITING_REGIONAL_DIRECTOR,))
ALJ_DECISION = Branch(
    "recommended: exceptions to the Board",
    _alj_decision,
    (Stage.EXCEPTIONS_PERIOD,),
)
BOARD_DECISION = Branch(
    "by the Board's outcome and the order it leaves standing",
    _board_decision,
    (
        Stage.BOARD_REVIEW,
        Stage.AWAITING_REGIONAL_DIRECTOR,
        Stage.AWAITING_REPORT,
        Stage.RERUN_PENDING,
        Stage.RUNOFF_PENDING,
        Stage.CERTIFIED,
    ),
)
EXCEPTIONS = Branch(
    "to the Regional Director, or to the Board on the ALJ track",
    _exceptions,
    (Stage.AWAITING_REGIONAL_DIRECTOR, Stage.BOARD_REVIEW),
)
CERTIFICATION = Branch("certified", _certification, (Stage.CERTIFIED,))
COURT_DECISION = Branch(
    "closed, or back to the Board on a remand",
    _court_decision,
    (Stage.CLOSED, Stage.TEST_OF_CERTIFICATION),
)
CONSOLIDATION = Branch("hearing before an ALJ", _consolidate, (Stage.HEARING_SCHEDULED,))

Target = Stage | Branch

E, S = Event, Stage

# stage → event → next stage (or a Branch). The guards below narrow some entries.
TRANSITIONS: Mapping[Stage, Mapping[Event, Target]] = MappingProxyType(
    {
        S.AWAITING_TALLY: MappingProxyType({}),
        S.OBJECTIONS_PERIOD: MappingProxyType(
            {
                E.REGIONAL_INVESTIGATION: S.REGIONAL_INVESTIGATION,
                E.NOTICE_OF_HEARING: S.HEARING_SCHEDULED,
                E.CONSOLIDATED_WITH_ULP: CONSOLIDATION,
            }
        ),
        S.REGIONAL_INVESTIGATION: MappingProxyType(
            {
                E.REGIONAL_INVESTIGATION: S.REGIONAL_INVESTIGATION,
                E.NOTICE_OF_HEARING: S.HEARING_SCHEDULED,
                E.CONSOLIDATED_WITH_ULP: CONSOLIDATION,
                E.REGIONAL_DIRECTOR_DECISION: RD_DECISION,
                E.CERTIFICATION_ISSUED: CERTIFICATION,
            }
        ),
        S.HEARING_SCHEDULED: MappingProxyType(
            {
                E.NOTICE_OF_HEARING: S.HEARING_SCHEDULED,
                E.CONSOLIDATED_WITH_ULP: CONSOLIDATION,
                E.HEARING_OPENED: S.HEARING,
                E.REGIONAL_DIRECTOR_DECISION: RD_DECISION,
            }
        ),
        S.HEARING: MappingProxyType(
            {
                E.HEARING_CLOSED: S.AWAITING_REPORT,
                E.HEARING_OFFICER_REPORT: S.EXCEPTIONS_PERIOD,
                E.ALJ_DECISION: ALJ_DECISION,
            }
        ),
        S.AWAITING_REPORT: MappingProxyType(
            {
                E.HEARING_OFFICER_REPORT: S.EXCEPTIONS_PERIOD,
                E.ALJ_DECISION: ALJ_DECISION,
            }
        ),
        S.EXCEPTIONS_PERIOD: MappingProxyType(
            {
                E.EXCEPTIONS_FILED: EXCEPTIONS,
                E.REGIONAL_DIRECTOR_DECISION: RD_DECISION,
                E.BOARD_DECISION: BOARD_DECISION,
                E.SEVERED_AND_TRANSFERRED: SEVERANCE,
            }
        ),
        S.AWAITING_REGIONAL_DIRECTOR: MappingProxyType(
            {
                E.REGIONAL_INVESTIGATION: S.REGIONAL_INVESTIGATION,
                E.NOTICE_OF_HEARING: S.HEARING_SCHEDULED,
                E.CONSOLIDATED_WITH_ULP: CONSOLIDATION,
                E.EXCEPTIONS_FILED: S.AWAITING_REGIONAL_DIRECTOR,
                E.ANSWERING_BRIEF_FILED: S.AWAITING_REGIONAL_DIRECTOR,
                E.REGIONAL_DIRECTOR_DECISION: RD_DECISION,
                E.CERTIFICATION_ISSUED: CERTIFICATION,
            }
        ),
        S.REVIEW_PERIOD: MappingProxyType(
            {
                E.REQUEST_FOR_REVIEW_FILED: S.BOARD_REVIEW,
                E.CERTIFICATION_ISSUED: CERTIFICATION,
            }
        ),
        S.BOARD_REVIEW: MappingProxyType(
            {
                E.EXCEPTIONS_FILED: S.BOARD_REVIEW,
                E.ANSWERING_BRIEF_FILED: S.BOARD_REVIEW,
                E.REQUEST_FOR_REVIEW_FILED: S.BOARD_REVIEW,
                E.OPPOSITION_FILED: S.BOARD_REVIEW,
                E.BOARD_DECISION: BOARD_DECISION,
            }
        ),
        S.RERUN_PENDING: MappingProxyType(
            {
                E.REQUEST_FOR_REVIEW_FILED: S.BOARD_REVIEW,
                E.EXCEPTIONS_FILED: S.BOARD_REVIEW,
            }
        ),
        S.RUNOFF_PENDING: MappingProxyType(
            {
                E.REQUEST_FOR_REVIEW_FILED: S.BOARD_REVIEW,
                E.EXCEPTIONS_FILED: S.BOARD_REVIEW,
            }
        ),
        S.CERTIFIED: MappingProxyType(
            {
                E.REQUEST_FOR_REVIEW_FILED: S.BOARD_REVIEW,
                E.REFUSAL_TO_BARGAIN: S.TEST_OF_CERTIFICATION,
            }
        ),
        S.TEST_OF_CERTIFICATION: MappingProxyType(
            {
                E.BOARD_ORDER: S.TEST_OF_CERTIFICATION,
                E.COURT_PETITION_FILED: S.COURT_OF_APPEALS,
            }
        ),
        S.COURT_OF_APPEALS: MappingProxyType({E.COURT_DECISION: COURT_DECISION}),
        S.CLOSED: MappingProxyType({}),
        S.BLOCKED: MappingProxyType({}),
    }
)

Guard = Callable[[State], str | None]  # returns why the event is refused, or None


def _on_track(track: Track, why: str) -> Guard:
    return lambda state: None if state.track is track else why


def _after(event: Event, why: str) -> Guard:
    return lambda state: None if event in state.round else why


def _not_twice(event: Event, why: str) -> Guard:
    return lambda state: why if event in state.round else None


_REGIONAL_ONLY = "on the hearing-officer track the Regional Director decides (102.69(c)(1)(iii))"
_ALJ_ONLY = "only after consolidation with an unfair-labor-practice case (an ALJ hears it)"


def _certify(state: State) -> str | None:
    if state.certification is not None:
        return f"a certification of {state.certification} has already issued"
    if state.order in (RERUN_ELECTION, RUNOFF_ELECTION):
        return f"the decision in force orders a {ORDERS_NEW_ELECTION[state.order]} election"
    return None


def _severable(state: State) -> str | None:
    if state.track is not Track.ALJ:
        return "only a representation case consolidated with an unfair-labor-practice case is severed"
    if not state.consent:
        return (
            "only after a consent election (102.62(a), (c)) does the judge sever the case and transfer it to "
            "the Regional Director (102.69(c)(1)(ii)); otherwise exceptions go to the Board (102.46)"
        )
    return None


def _representative_certified(state: State) -> str | None:
    if state.certification == "representative":
        return None
    return "a test of certification follows a certification of representative only"


# (stage, event) → guard; an entry listed in TRANSITIONS is allowed only when its guard returns None.
GUARDS: Mapping[tuple[Stage, Event], Guard] = MappingProxyType(
    {
        (S.REGIONAL_INVESTIGATION, E.REGIONAL_INVESTIGATION): _not_twice(
            E.REGIONAL_INVESTIGATION, "the investigation is already recorded"
        ),
        (S.HEARING_SCHEDULED, E.CONSOLIDATED_WITH_ULP): _on_track(
            Track.REGIONAL, "the hearing is already consolidated with an unfair-labor-practice case"
        ),
        (S.HEARING_SCHEDULED, E.REGIONAL_DIRECTOR_DECISION): _on_track(Track.REGIONAL, _REGIONAL_ONLY),
        (S.HEARING, E.HEARING_OFFICER_REPORT): _on_track(Track.REGIONAL, "an ALJ hears this case"),
        (S.AWAITING_REPORT, E.HEARING_OFFICER_REPORT): _on_track(Track.REGIONAL, "an ALJ hears this case"),
        (S.HEARING, E.ALJ_DECISION): _on_track(Track.ALJ, _ALJ_ONLY),
        (S.AWAITING_REPORT, E.ALJ_DECISION): _on_track(Track.ALJ, _ALJ_ONLY),
        (S.EXCEPTIONS_PERIOD, E.REGIONAL_DIRECTOR_DECISION): _on_track(Track.REGIONAL, _REGIONAL_ONLY),
        (S.EXCEPTIONS_PERIOD, E.BOARD_DECISION): _on_track(
            Track.ALJ, "on the hearing-officer track exceptions go to the Regional Director"
        ),
        (S.AWAITING_REGIONAL_DIRECTOR, E.EXCEPTIONS_FILED): _after(
            E.EXCEPTIONS_FILED, "the exceptions period has not opened (no hearing officer's report)"
        ),
        (S.AWAITING_REGIONAL_DIRECTOR, E.ANSWERING_BRIEF_FILED): _after(
            E.EXCEPTIONS_FILED, "an answering brief answers exceptions, and none were filed"
        ),
        (S.AWAITING_REGIONAL_DIRECTOR, E.CERTIFICATION_ISSUED): _certify,
        (S.REGIONAL_INVESTIGATION, E.CERTIFICATION_ISSUED): _certify,
        (S.REVIEW_PERIOD, E.CERTIFICATION_ISSUED): _certify,
        (S.BOARD_REVIEW, E.EXCEPTIONS_FILED): _after(
            E.EXCEPTIONS_FILED, "no exceptions are before the Board"
        ),
        (S.BOARD_REVIEW, E.ANSWERING_BRIEF_FILED): _after(
            E.EXCEPTIONS_FILED, "an answering brief answers exceptions, and none were filed"
        ),
        (S.BOARD_REVIEW, E.REQUEST_FOR_REVIEW_FILED): _after(
            E.REQUEST_FOR_REVIEW_FILED, "the Board is not reviewing a request for review"
        ),
        (S.BOARD_REVIEW, E.OPPOSITION_FILED): _after(
            E.REQUEST_FOR_REVIEW_FILED, "an opposition answers a request for review, and none was filed"
        ),
        (S.RERUN_PENDING, E.REQUEST_FOR_REVIEW_FILED): _on_track(
            Track.REGIONAL, "the rerun was ordered by an ALJ: exceptions go to the Board"
        ),
        (S.RERUN_PENDING, E.EXCEPTIONS_FILED): _on_track(
            Track.ALJ, "the rerun was ordered by the Regional Director: request review by the Board"
        ),
        (S.RUNOFF_PENDING, E.REQUEST_FOR_REVIEW_FILED): _on_track(
            Track.REGIONAL, "the runoff was ordered by an ALJ: exceptions go to the Board"
        ),
        (S.RUNOFF_PENDING, E.EXCEPTIONS_FILED): _on_track(
            Track.ALJ, "the runoff was ordered by the Regional Director: request review by the Board"
        ),
        (S.CERTIFIED, E.REFUSAL_TO_BARGAIN): _representative_certified,
        (S.EXCEPTIONS_PERIOD, E.SEVERED_AND_TRANSFERRED): _severable,
        (S.TEST_OF_CERTIFICATION, E.BOARD_ORDER): _not_twice(
            E.BOARD_ORDER, "the Board's order in the refusal-to-bargain case is already recorded"
        ),
    }
)

del E, S


def _refusal(state: State, event: Event) -> str | None:
    """Why ``event`` is refused in ``state`` (None: allowed)."""
    if event in SIDE_TRACK:
        return "it belongs to the test of certification, which runs beside the representation case"
    if not state.tallied and state.ended is None:  # a dismissal before the tally may still be reviewed
        return "the election has no tally yet; its proceeding starts with the tally of ballots"
    if event not in TRANSITIONS[state.stage]:
        return ""
    if state.consent and event in _BOARD_REVIEW_EVENTS:
        return "after a consent election the Regional Director's decision is final, not subject to Board review (102.69(c)(2))"
    guard = GUARDS.get((state.stage, event))
    return guard(state) if guard is not None else None


_BOARD_REVIEW_EVENTS: Final = frozenset(
    {Event.REQUEST_FOR_REVIEW_FILED, Event.OPPOSITION_FILED, Event.BOARD_DECISION}
)


def allowed_events(state: State) -> tuple[Event, ...]:
    """The events that may be recorded next, in the order of ``Event``."""
    held = dispositions.climb_allowed(state)  # a blocked or ended case: its own short list
    if held is not None:
        return held
    return tuple(event for event in Event if _refusal(state, event) is None)


def advance(state: State, step: Step) -> State:
    """The state after ``step``; ``EventNotAllowed`` (with what is allowed) if it is out of order."""
    try:
        ended = dispositions.advance(state, step)
    except dispositions.EndRefused as refused:
        allowed = (*allowed_events(state), *dispositions.end_events_allowed(state))
        raise EventNotAllowed(refused.event, state, allowed, refused.why) from None
    if ended is not None:
        return ended
    try:
        event = Event(step.event)
    except ValueError:
        raise EventNotAllowed(str(step.event), state, allowed_events(state), "unknown event") from None
    why = _refusal(state, event)
    if why is not None:
        raise EventNotAllowed(event, state, allowed_events(state), why)
    target = TRANSITIONS[state.stage][event]
    after = target.move(state, step) if isinstance(target, Branch) else replace(state, stage=target)
    if event in DECISION_EVENTS:
        return replace(after, round=frozenset())
    return replace(after, round=after.round | {event})


def initial_state(*, tallied: bool, election_kind: str = "initial", consent: bool = False) -> State:
    """An election's state before any event: its tally opens the objections period."""
    if tallied:
        return State(stage=Stage.OBJECTIONS_PERIOD, consent=consent)
    return State(stage=untallied_stage(election_kind), tallied=False, consent=consent)


def untallied_stage(election_kind: str) -> Stage:
    return {"rerun": Stage.RERUN_PENDING, "runoff": Stage.RUNOFF_PENDING}.get(
        election_kind, Stage.AWAITING_TALLY
    )


def close_objections_period(state: State, *, pending: bool) -> State:
    """The objections deadline passed: the Region investigates what is pending, or the RD certifies."""
    if state.stage is not Stage.OBJECTIONS_PERIOD:
        return state
    to = Stage.REGIONAL_INVESTIGATION if pending else Stage.AWAITING_REGIONAL_DIRECTOR
    return replace(state, stage=to)


def lapse_recommended_order(state: State) -> State:
    """The exceptions period to an ALJ's decision ended with none filed: "the findings, conclusions, and
    recommendations contained in the Administrative Law Judge's decision will … automatically become the
    decision and order of the Board" (29 CFR 102.48(a)). Its order then stands (a rerun or runoff is pending,
    a certification is for the Regional Director to issue, a bargaining order ends the case)."""
    if state.stage is not Stage.EXCEPTIONS_PERIOD or state.track is not Track.ALJ or state.order is None:
        return state
    if state.order == BARGAINING_ORDER:
        # A remedy in the unfair-labor-practice case, not a step of the representation case: it takes effect
        # on a consent election too (whose representation case the judge would sever, 102.69(c)(1)(ii)).
        return dispositions.settle(state)
    if state.consent:
        return state  # severed and transferred to the Regional Director instead (102.69(c)(1)(ii))
    return replace(state, stage=follow_order(state), round=frozenset())


@dataclass(frozen=True)
class Fact:
    """One recorded event for the replay: ``ref`` identifies it (the database id)."""

    step: Step
    occurred_on: date
    ref: int = 0


@dataclass(frozen=True)
class PathEntry:
    """A stage the proceeding reached: when (None for the tally's own start), and by which event."""

    stage: Stage
    on: date | None
    event: Event | None
    ref: int | None


@dataclass(frozen=True)
class Replay:
    state: State
    path: tuple[PathEntry, ...]
    before: Mapping[int, State] = field(default_factory=dict)  # ref → the state the event found


class ReplayFailed(Exception):
    """A recorded event is out of order (``ref`` says which); ``error`` holds what is allowed there."""

    def __init__(self, fact: Fact, error: EventNotAllowed) -> None:
        super().__init__(error.message)
        self.fact = fact
        self.error = error


def replay(
    *,
    tallied: bool,
    election_kind: str = "initial",
    tally_on: date | None = None,
    period_ends_on: date | None = None,
    period_over: bool = False,
    pending_after_period: bool = False,
    facts: Sequence[Fact] = (),
    exceptions_end_on: date | None = None,
    exceptions_over: bool = False,
    consent: bool = False,
) -> Replay:
    """Derive the state of one election from its tally and its events (oldest first by date, then ``ref``).

    ``period_ends_on``: the objections due date (None when no deadline is computed: the period is then taken
    as over). ``period_over``: whether the deadline has passed now. ``pending_after_period``: objections were
    filed or the challenged ballots are determinative. ``exceptions_end_on`` / ``exceptions_over``: the last
    day for exceptions to the ALJ's decision, and whether it has passed (``lapse_recommended_order``).
    """
    state = initial_state(tallied=tallied, election_kind=election_kind, consent=consent)
    path = [PathEntry(state.stage, tally_on if tallied else None, None, None)]
    if not tallied:
        # Only the ends of a case (a dismissal, a block, a transfer) come before the tally.
        untallied: dict[int, State] = {}
        for fact in sorted(facts, key=lambda f: (f.occurred_on, f.ref)):
            untallied[fact.ref] = state
            try:
                state = advance(state, fact.step)
            except EventNotAllowed as exc:
                raise ReplayFailed(fact, exc) from None
            path.append(PathEntry(state.stage, fact.occurred_on, Event(fact.step.event), fact.ref))
        return Replay(state, tuple(path), MappingProxyType(untallied))

    def close(on: date | None) -> None:
        nonlocal state
        closed = close_objections_period(state, pending=pending_after_period)
        if closed != state:
            state = closed
            path.append(PathEntry(state.stage, on, None, None))

    def lapse() -> None:
        nonlocal state
        lapsed = lapse_recommended_order(state)
        if lapsed != state:
            state = lapsed
            path.append(PathEntry(state.stage, exceptions_end_on, None, None))

    before: dict[int, State] = {}
    for fact in sorted(facts, key=lambda f: (f.occurred_on, f.ref)):
        if fact.step.event in SIDE_TRACK:
            before[fact.ref] = state  # the test of certification is replayed on its own
            continue
        if period_ends_on is None or fact.occurred_on > period_ends_on:
            close(None if period_ends_on is None else period_ends_on)
        if exceptions_end_on is not None and fact.occurred_on > exceptions_end_on:
            lapse()
        before[fact.ref] = state
        try:
            state = advance(state, fact.step)
        except EventNotAllowed as exc:
            raise ReplayFailed(fact, exc) from None
        path.append(PathEntry(state.stage, fact.occurred_on, Event(fact.step.event), fact.ref))
    if period_over or period_ends_on is None:
        close(period_ends_on)
    if exceptions_over and exceptions_end_on is not None:
        lapse()
    return Replay(state, tuple(path), MappingProxyType(before))


def outcome_of(state: State) -> Outcome | None:
    """How the dispute over this election came out, or None while it is open."""
    if state.ended is not None:
        return Outcome(state.ended)
    court = state.court_outcome
    if state.stage is Stage.CLOSED and court is not None and court in _COURT_OUTCOME:
        return _COURT_OUTCOME[court]
    if state.certification == "representative":
        return Outcome.REPRESENTATIVE_CERTIFIED
    if state.certification == "results":
        return Outcome.RESULTS_CERTIFIED
    if state.stage is Stage.RERUN_PENDING:
        return Outcome.RERUN_ORDERED
    if state.stage is Stage.RUNOFF_PENDING:
        return Outcome.RUNOFF_ORDERED
    return None


@dataclass(frozen=True)
class CaseView:
    stage: Stage
    outcome: Outcome | None


def case_view(*, current_kind: str, current_tallied: bool, proceeding: State | None) -> CaseView:
    """The case's stage and outcome: from its current election (the highest sequence).

    A current election with no tally is ``awaiting_tally``, or — when it is a rerun or runoff — the new
    election ordered by the proceeding before it, whose outcome it is (``rerun_ordered``/``runoff_ordered``)
    until it is tallied. ``proceeding`` is the state of the current election when it is tallied.
    """
    if not current_tallied or proceeding is None:
        stage = untallied_stage(current_kind)
        outcome = {
            Stage.RERUN_PENDING: Outcome.RERUN_ORDERED,
            Stage.RUNOFF_PENDING: Outcome.RUNOFF_ORDERED,
        }.get(stage)
        return CaseView(stage, outcome)
    return CaseView(proceeding.stage, outcome_of(proceeding))


def reachable_stages() -> frozenset[Stage]:
    """Every stage some table entry or branch can lead to, plus where an election starts."""
    found: set[Stage] = {
        Stage.AWAITING_TALLY,
        Stage.OBJECTIONS_PERIOD,
        Stage.RERUN_PENDING,
        Stage.RUNOFF_PENDING,
    }
    found |= {Stage.REGIONAL_INVESTIGATION, Stage.AWAITING_REGIONAL_DIRECTOR}  # the close of the period
    found |= {Stage.BLOCKED}  # a blocking charge (proceedings.law.dispositions)
    for moves in TRANSITIONS.values():
        for target in moves.values():
            found |= set(target.targets) if isinstance(target, Branch) else {target}
    return frozenset(found)


# What each filing or decision answers: exceptions answer a report or an ALJ's decision, a request for
# review answers the Regional Director's decision, and so on (29 CFR 102.69(c), 102.67). A filing dated
# before everything it could answer is refused (proceedings.services).
ANSWERS: Mapping[Event, tuple[Event, ...]] = MappingProxyType(
    {
        Event.EXCEPTIONS_FILED: (Event.HEARING_OFFICER_REPORT, Event.ALJ_DECISION),
        Event.ANSWERING_BRIEF_FILED: (Event.EXCEPTIONS_FILED,),
        Event.REQUEST_FOR_REVIEW_FILED: (Event.REGIONAL_DIRECTOR_DECISION,),
        Event.OPPOSITION_FILED: (Event.REQUEST_FOR_REVIEW_FILED,),
        Event.HEARING_OPENED: (Event.NOTICE_OF_HEARING, Event.CONSOLIDATED_WITH_ULP),
        Event.HEARING_CLOSED: (Event.HEARING_OPENED,),
        Event.HEARING_OFFICER_REPORT: (Event.HEARING_CLOSED,),
        Event.BOARD_ORDER: (Event.REFUSAL_TO_BARGAIN,),
        Event.COURT_DECISION: (Event.COURT_PETITION_FILED,),
    }
)

# 29 CFR 102.67(i)(1): one request for review per party of each decision of the Regional Director.
REPETITIVE_REQUEST: Final = (
    "a party may file one request for review of each decision of the Regional Director (29 CFR 102.67(i)(1): "
    '"A party may not, however, file more than one request for review of a particular action or decision by '
    'the Regional Director. Repetitive requests will not be considered.")'
)
REVIEWABLE_ACTIONS: Final = (
    Event.REGIONAL_DIRECTOR_DECISION,
    Event.CERTIFICATION_ISSUED,
    Event.PETITION_DISMISSED,
)
"""The Regional Director's actions a request for review answers (102.67(c), 102.69(c)(2), 102.71(c))."""


def repeated_request(*, party: int, requests_since_action: Sequence[int | None]) -> bool:
    """Whether ``party`` has already requested review of the action in force: ``requests_since_action`` are
    the parties of the requests filed since the Regional Director's latest reviewable action."""
    return party in requests_since_action
