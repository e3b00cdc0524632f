"""The ends of a case, and what holds it: plain Python beside the ladder (``ladder.advance`` asks here first).

- ``petition_dismissed`` (29 CFR 102.71(a)–(b) by administrative action before the close of hearing; after
  it by decision, 102.67): the case closes, outcome ``dismissed``. A Regional Director's dismissal may be
  reviewed: a request for review is allowed on the closed case (10 business days, 102.71(c) or 102.67(c)),
  and the Board's decision keeps it closed (denied, affirmed) or reinstates the petition (reversed, remanded).
  After a consent election the Regional Director's rulings are final (102.62(a)): no review.
- ``petition_withdrawn`` (102.60(a)): "the case shall be closed"; approved by the Regional Director before
  the record goes to the Board, by the Board after (``State.record_with_board``: review granted, or the
  judge's decision filed, 102.45(a); a request for review merely pending leaves it with the RD).
- ``disclaimer_filed``: a union disclaims interest. The petitioner's disclaimer (in RD and RM cases, the
  incumbent's) ends the question of representation: nothing is certified; the case closes, outcome
  ``disclaimed``. An intervenor's (any other union's) only takes that union off the case and the ballot: the
  case goes on, and a runoff of 102.70(a) may still follow (``disclaimer_effect``; the service records the
  effect in the event's details).
- ``bargaining_order`` (Cemex, 372 NLRB No. 130 (2023); Gissel, 395 U.S. 575 (1969)): by the Board it closes
  the case, outcome ``bargaining_order``; by an administrative law judge it is recommended: the case waits in
  ``exceptions_period`` (102.46) until the Board adopts it (a Board decision that affirms or denies review)
  or the exceptions period ends with none filed (102.48(a): ``ladder.lapse_recommended_order`` applies
  ``settle``).
- ``election_blocked`` / ``block_lifted`` (103.20, 89 FR 63026): before or after the election, the case is
  ``blocked`` — nothing else moves it, so no deadline runs — until the block is lifted, when it returns to
  the stage it left.
- ``case_transferred`` (102.72(a)(3), (b)): the stage does not move; the services take the receiving office
  for every deadline computed after it.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from types import MappingProxyType
from typing import Final

from elections.law import rule_sets
from elections.law.rule_sets import DeadlineCode
from proceedings.law.states import (
    BARGAINING_ORDER,
    BOARD_OUTCOMES,
    SIDE_TRACK,
    Event,
    InvalidStep,
    Outcome,
    Stage,
    State,
    Step,
    Track,
)

END_EVENTS: Final = (
    Event.PETITION_DISMISSED,
    Event.PETITION_WITHDRAWN,
    Event.DISCLAIMER_FILED,
    Event.BARGAINING_ORDER,
    Event.ELECTION_BLOCKED,
    Event.BLOCK_LIFTED,
    Event.CASE_TRANSFERRED,
)

# The only events that close a case (``PATCH status=closed`` is refused naming them).
CLOSING_EVENTS: Final = (
    Event.PETITION_DISMISSED,
    Event.PETITION_WITHDRAWN,
    Event.DISCLAIMER_FILED,
    Event.BARGAINING_ORDER,
)


def closes(event: str, by: object = None, effect: object = None) -> bool:
    """Does this event close the case when recorded? (A judge's bargaining order is only recommended; an
    intervenor's disclaimer takes one union off the ballot.)"""
    return (
        event in CLOSING_EVENTS
        and not (event == Event.BARGAINING_ORDER and by == "administrative_law_judge")
        and not (event == Event.DISCLAIMER_FILED and effect == OFF_THE_BALLOT)
    )


# What a disclaimer does (``details.effect``, written by the service from the party's role).
ENDS_THE_CASE: Final = "ends_the_case"
OFF_THE_BALLOT: Final = "off_the_ballot"
DISCLAIMER_EFFECTS: Final = (ENDS_THE_CASE, OFF_THE_BALLOT)


def disclaimer_effect(*, role: str, case_type: str) -> str:
    """Whether a union's disclaimer ends the question of representation: the petitioner's does; in RD and RM
    cases, where the petitioner is not a union, the incumbent's (or the union named) does. An intervenor's
    only takes that union off the case and the ballot. (A reading of the Board's practice: Part 102 has no
    section on disclaimers.)"""
    if role == "petitioner":
        return ENDS_THE_CASE
    if case_type in ("RD", "RM") and role in ("incumbent_union", "union"):
        return ENDS_THE_CASE
    return OFF_THE_BALLOT


# What an ALJ's bargaining order leaves in ``State.order`` while the Board has not adopted it.
RECOMMENDED_BARGAINING_ORDER: Final = BARGAINING_ORDER

DISMISSED_BY: Final = ("regional_director", "board")
WITHDRAWAL_APPROVED_BY: Final = ("regional_director", "board")
BARGAINING_ORDER_BY: Final = ("administrative_law_judge", "board")
BARGAINING_ORDER_BASES: Final = ("cemex", "gissel")
BLOCK_ACTIONS: Final = ("election_delayed", "ballots_impounded")

# A case past these stages is settled: the representation question is decided (or the case closed).
SETTLED: Final = frozenset(
    {Stage.CERTIFIED, Stage.TEST_OF_CERTIFICATION, Stage.COURT_OF_APPEALS, Stage.CLOSED}
)
# Before the close of the hearing a Regional Director may dismiss by administrative action (102.71(a)).
BEFORE_CLOSE_OF_HEARING: Final = frozenset(
    {
        Stage.AWAITING_TALLY,
        Stage.OBJECTIONS_PERIOD,
        Stage.REGIONAL_INVESTIGATION,
        Stage.HEARING_SCHEDULED,
        Stage.HEARING,
        Stage.RERUN_PENDING,
        Stage.RUNOFF_PENDING,
        Stage.BLOCKED,
    }
)

_CLOSES: Mapping[Event, Outcome] = MappingProxyType(
    {
        Event.PETITION_DISMISSED: Outcome.DISMISSED,
        Event.PETITION_WITHDRAWN: Outcome.WITHDRAWN,
        Event.DISCLAIMER_FILED: Outcome.DISCLAIMED,
        Event.BARGAINING_ORDER: Outcome.BARGAINING_ORDER,
    }
)


def _open(state: State) -> bool:
    return state.stage not in SETTLED


def refusal(state: State, event: Event, step: Step | None = None) -> str | None:
    """Why the end event is refused in ``state`` (None: allowed)."""
    if state.stage is Stage.CLOSED and state.ended is not None:
        return f"the case is closed ({state.ended})"
    if event is Event.CASE_TRANSFERRED:
        return None
    if event is Event.BLOCK_LIFTED:
        return None if state.stage is Stage.BLOCKED else "no block is in force (29 CFR 103.20)"
    if not _open(state):
        return f"the question of representation is settled ({state.stage.value})"
    if event is Event.ELECTION_BLOCKED:
        return "the case is already blocked" if state.stage is Stage.BLOCKED else None
    by = step.by if step is not None else None
    # A dismissal's ``Step.kind`` says how it was made: "administrative" (102.71(a)) or "decision".
    administrative = step is not None and step.kind == "administrative"
    if event is Event.PETITION_DISMISSED and administrative and state.stage not in BEFORE_CLOSE_OF_HEARING:
        return (
            "a dismissal by administrative action comes before the close of hearing (29 CFR 102.71(a)); "
            "after it, record the dismissal by decision (administrative: false, 102.67)"
        )
    if event is Event.PETITION_WITHDRAWN and by is not None:
        # 102.60(a): "Prior to the transfer of the record to the Board, the petition may be withdrawn only with
        # the consent of the Regional Director ... After the transfer of the record to the Board, the petition
        # may be withdrawn only with the consent of the Board."
        with_board = state.record_with_board
        if with_board and by != "board":
            return (
                "the record has been transferred to the Board (review granted, 102.67; or the judge's decision "
                "filed, 102.45(a)): only the Board may approve the withdrawal (29 CFR 102.60(a))"
            )
        if not with_board and by != "regional_director":
            return (
                "before the record goes to the Board the Regional Director approves the withdrawal (a "
                "request for review merely pending leaves the record with the Regional Director; 29 CFR "
                "102.60(a))"
            )
    judge_hears = state.track is Track.ALJ and state.stage in (Stage.HEARING, Stage.AWAITING_REPORT)
    if event is Event.BARGAINING_ORDER and by == "administrative_law_judge" and not judge_hears:
        return "a judge orders bargaining in the decision after a consolidated hearing (an ALJ hears it)"
    if event is Event.BARGAINING_ORDER and state.stage is Stage.BLOCKED:
        return "the case is blocked (29 CFR 103.20)"
    return None


def end_events_allowed(state: State) -> tuple[Event, ...]:
    """The end events that may be recorded now (with their usual details)."""
    return tuple(event for event in END_EVENTS if refusal(state, event) is None)


def climb_allowed(state: State) -> tuple[Event, ...] | None:
    """The ladder's events allowed in a blocked or ended case (None: the ladder's table decides)."""
    if state.stage is Stage.BLOCKED:
        return ()
    if state.ended is not None and state.stage is Stage.CLOSED:
        return (Event.REQUEST_FOR_REVIEW_FILED,) if state.review_open else ()
    return None


class EndRefused(Exception):
    """The step is refused here: ``ladder.advance`` turns it into ``EventNotAllowed`` with what is allowed
    next (the ladder's table and the ends together), so this module never imports the ladder."""

    def __init__(self, event: str, why: str) -> None:
        super().__init__(why)
        self.event = event
        self.why = why


def advance(state: State, step: Step) -> State | None:
    """The state after ``step`` when this module decides it; None when the ladder's table does."""
    try:
        event = Event(step.event)
    except ValueError:
        return None
    if event in END_EVENTS:
        why = refusal(state, event, step)
        if why is not None:
            raise EndRefused(event, why)
        return _end(state, event, step)
    if state.stage is Stage.BLOCKED and event not in SIDE_TRACK:
        raise EndRefused(event, "the case is held by a blocking charge (29 CFR 103.20) until it is lifted")
    if state.ended is not None and event is Event.REQUEST_FOR_REVIEW_FILED and state.stage is Stage.CLOSED:
        if not state.review_open:
            raise EndRefused(event, f"the case is closed ({state.ended}) and no review lies")
        return replace(state, stage=Stage.BOARD_REVIEW, round=frozenset({event}))
    if event is Event.BOARD_DECISION and state.ended is not None and state.stage is Stage.BOARD_REVIEW:
        return _review_of_dismissal(state, step)
    if event is Event.BOARD_DECISION and state.order == RECOMMENDED_BARGAINING_ORDER:
        adopted = _adoption(state, step)
        if adopted is not None:
            return adopted
    return None


def _end(state: State, event: Event, step: Step) -> State:
    if event is Event.CASE_TRANSFERRED:
        return state
    if event is Event.DISCLAIMER_FILED and step.kind == OFF_THE_BALLOT:
        return state  # one union leaves the ballot; the question of representation stands
    if event is Event.ELECTION_BLOCKED:
        return replace(state, stage=Stage.BLOCKED, blocked_from=state.stage)
    if event is Event.BLOCK_LIFTED:
        return replace(state, stage=state.blocked_from or Stage.OBJECTIONS_PERIOD, blocked_from=None)
    if event is Event.BARGAINING_ORDER and step.by == "administrative_law_judge":
        return replace(
            state, stage=Stage.EXCEPTIONS_PERIOD, order=RECOMMENDED_BARGAINING_ORDER, round=frozenset()
        )
    return replace(
        state,
        stage=Stage.CLOSED,
        ended=_CLOSES[event].value,
        blocked_from=None,
        review_open=event is Event.PETITION_DISMISSED and step.by == "regional_director",
        round=frozenset(),
    )


def _review_of_dismissal(state: State, step: Step) -> State:
    outcome = step.outcome
    if outcome not in BOARD_OUTCOMES:
        raise InvalidStep(f"board_decision needs an outcome, one of {', '.join(BOARD_OUTCOMES)}")
    if outcome == "review_granted":
        return replace(state, stage=Stage.BOARD_REVIEW, round=frozenset(), record_with_board=True)
    if outcome in ("reversed", "remanded"):
        # The petition is reinstated: the Regional Director acts again.
        return replace(
            state, stage=Stage.AWAITING_REGIONAL_DIRECTOR, ended=None, review_open=False, round=frozenset()
        )
    return replace(state, stage=Stage.CLOSED, review_open=False, round=frozenset())


def _adoption(state: State, step: Step) -> State | None:
    """The Board on a judge's bargaining order: adopting it (affirmed, review denied) closes the case."""
    if step.outcome in ("affirmed", "review_denied") and step.order is None:
        return replace(
            state, stage=Stage.CLOSED, ended=Outcome.BARGAINING_ORDER.value, order=None, round=frozenset()
        )
    return None


def settle(state: State) -> State:
    """No exceptions to a judge's bargaining order by their due date: it becomes the Board's (102.48(a)), and
    the case closes. Applied by the ladder's lapse of a recommended order (``ladder.lapse_recommended_order``),
    which knows the exceptions period has ended."""
    if state.order == RECOMMENDED_BARGAINING_ORDER and state.stage is Stage.EXCEPTIONS_PERIOD:
        return replace(
            state, stage=Stage.CLOSED, ended=Outcome.BARGAINING_ORDER.value, order=None, round=frozenset()
        )
    return state


# A dismissal by administrative action is reviewed under 102.71(c)–(d), not 102.67 (whose periods the rule
# sets hold for a dismissal by decision): the same lengths in every rule set since 84 FR 69599 (2019).
_BY_SERVICE = (
    "102.71(c) counts from service of the notice of dismissal; the record has the dismissal's date, taken "
    "for its service. Check the date of service."
)
ADMINISTRATIVE_REVIEW: Mapping[str, rule_sets.Period] = MappingProxyType(
    {
        DeadlineCode.REQUEST_FOR_REVIEW: rule_sets.Period(
            code=DeadlineCode.REQUEST_FOR_REVIEW,
            label="Request for review of the dismissal by the Board",
            trigger="final_disposition",
            length=10,
            unit=rule_sets.Unit.business_days,
            citation="29 CFR 102.71(c)",
            source=rule_sets.Tier.cfr,
            evidence="Current CFR text, 102.71(c) (84 FR 69599)",
            responsive=False,
            filed_with="board",
            assumption=_BY_SERVICE,
        ),
        DeadlineCode.OPPOSITION: rule_sets.Period(
            code=DeadlineCode.OPPOSITION,
            label="Opposition to the request for review of the dismissal",
            trigger=DeadlineCode.REQUEST_FOR_REVIEW,
            length=5,
            unit=rule_sets.Unit.business_days,
            citation="29 CFR 102.71(d), 102.2(a)",
            source=rule_sets.Tier.cfr,
            evidence="Current CFR text, 102.71(d) (84 FR 69599)",
            responsive=True,
            filed_with="board",
            assumption=_BY_SERVICE,
        ),
    }
)
