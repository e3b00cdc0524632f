"""The ladder's transition table, as plain Python: tables of real paths and hypothesis over every sequence of
allowed events. No database."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from proceedings.law import ca_case as toc
from proceedings.law import dispositions, ladder
from proceedings.law.ladder import Event as E
from proceedings.law.ladder import Stage as S
from proceedings.law.ladder import Step, Track

OUTCOMES = {
    E.REGIONAL_DIRECTOR_DECISION: ladder.ORDERS,
    E.ALJ_DECISION: (None, *ladder.ORDERS),
    E.BOARD_DECISION: ladder.BOARD_OUTCOMES,
    E.COURT_DECISION: ladder.COURT_OUTCOMES,
}


def step(event: E, outcome: str | None = None, **kw: str) -> Step:
    return Step(event=event, outcome=outcome, **kw)


def climb(*steps: Step, start: ladder.State | None = None) -> ladder.State:
    state = start or ladder.State(stage=S.OBJECTIONS_PERIOD)
    for s in steps:
        state = ladder.advance(state, s)
    return state


def test_every_stage_and_event_code_is_the_contracts() -> None:
    assert [s.value for s in S] == [
        "awaiting_tally",
        "objections_period",
        "regional_investigation",
        "hearing_scheduled",
        "hearing",
        "awaiting_report",
        "exceptions_period",
        "awaiting_regional_director",
        "review_period",
        "board_review",
        "rerun_pending",
        "runoff_pending",
        "certified",
        "test_of_certification",
        "court_of_appeals",
        "closed",
        "blocked",
    ]
    assert len(E) == 38  # 37, and severed_and_transferred (102.69(c)(1)(ii))
    assert set(ladder.TRANSITIONS) == set(S)
    assert set(ladder.STAGE_LABELS) == set(S) and set(ladder.EVENT_LABELS) == set(E)


def test_every_event_has_a_place_on_a_track() -> None:
    """Each event is offered by the ladder's table, or is a step of the test of certification and the courts
    (``SIDE_TRACK``: tests/law/test_court_track.py explores those), or ends or holds the case
    (``dispositions.END_EVENTS``). An event in none of them could never be recorded."""
    on_the_ladder = {event for moves in ladder.TRANSITIONS.values() for event in moves}
    placed = on_the_ladder | set(ladder.SIDE_TRACK) | set(dispositions.END_EVENTS)
    assert sorted(event.value for event in E if event not in placed) == []


def test_the_bessemer_2021_proceeding_climbs_from_the_tally_to_a_rerun_order() -> None:
    period = ladder.close_objections_period(ladder.State(stage=S.OBJECTIONS_PERIOD), pending=True)
    assert period.stage is S.REGIONAL_INVESTIGATION
    state = climb(
        step(E.NOTICE_OF_HEARING),
        step(E.HEARING_OPENED),
        step(E.HEARING_CLOSED),
        step(E.HEARING_OFFICER_REPORT),
        step(E.EXCEPTIONS_FILED),
        step(E.REGIONAL_DIRECTOR_DECISION, "rerun_election"),
        start=period,
    )
    assert (state.stage, state.order, state.track) == (S.RERUN_PENDING, "rerun_election", Track.REGIONAL)
    assert ladder.outcome_of(state) is ladder.Outcome.RERUN_ORDERED
    assert ladder.allowed_events(state) == (E.REQUEST_FOR_REVIEW_FILED,)


def test_the_bessemer_2022_proceeding_goes_to_an_alj_whose_decision_orders_a_third_election() -> None:
    state = climb(
        step(E.CONSOLIDATED_WITH_ULP),
        step(E.NOTICE_OF_HEARING),  # rescheduled: set for 2023-09-25, opened 2024-04-25
        step(E.HEARING_OPENED),
        step(E.ALJ_DECISION, "rerun_election"),
        start=ladder.State(stage=S.REGIONAL_INVESTIGATION),
    )
    # A recommended order (102.48(a)): the exceptions period is open, the rerun not yet ordered.
    assert (state.stage, state.track, state.order) == (S.EXCEPTIONS_PERIOD, Track.ALJ, "rerun_election")
    # Exceptions to the Board, not a request for review: the ALJ decided.
    assert ladder.allowed_events(state) == (E.EXCEPTIONS_FILED, E.BOARD_DECISION)
    assert climb(step(E.EXCEPTIONS_FILED), start=state).stage is S.BOARD_REVIEW
    assert climb(step(E.BOARD_DECISION, "affirmed"), start=state).stage is S.RERUN_PENDING
    assert ladder.lapse_recommended_order(state).stage is S.RERUN_PENDING


def test_the_test_of_certification_never_moves_the_representation_ladder() -> None:
    state = climb(
        step(E.REGIONAL_DIRECTOR_DECISION, "certify_representative"),
        step(E.CERTIFICATION_ISSUED, kind="representative"),
        start=ladder.State(stage=S.AWAITING_REGIONAL_DIRECTOR),
    )
    assert state.stage is S.CERTIFIED
    for event in ladder.SIDE_TRACK:
        with pytest.raises(ladder.EventNotAllowed) as refused:
            ladder.advance(state, step(event, "enforced"))
        assert "belongs to the test of certification" in str(refused.value)
    # Replayed with the rest, the side track's events leave the stage where the representation case put it.
    replayed = ladder.replay(
        tallied=True,
        tally_on=date(2022, 4, 1),
        period_ends_on=date(2022, 4, 8),
        period_over=True,
        facts=[
            ladder.Fact(step(E.REGIONAL_DIRECTOR_DECISION, "certify_representative"), date(2023, 1, 11), 1),
            ladder.Fact(step(E.CERTIFICATION_ISSUED, kind="representative"), date(2023, 1, 11), 2),
            ladder.Fact(step(E.REQUEST_FOR_REVIEW_FILED), date(2023, 1, 25), 3),
            ladder.Fact(step(E.REFUSAL_TO_BARGAIN), date(2023, 3, 1), 4),
            ladder.Fact(step(E.COMPLAINT_ISSUED), date(2023, 7, 12), 5),
        ],
    )
    assert replayed.state.stage is S.BOARD_REVIEW
    assert replayed.before[5].stage is S.BOARD_REVIEW


def test_a_refusal_to_bargain_cannot_test_a_certification_of_results() -> None:
    state = climb(
        step(E.CERTIFICATION_ISSUED, kind="results"), start=ladder.State(stage=S.AWAITING_REGIONAL_DIRECTOR)
    )
    assert state.stage is S.CERTIFIED and ladder.outcome_of(state) is ladder.Outcome.RESULTS_CERTIFIED
    assert ladder.allowed_events(state) == (E.REQUEST_FOR_REVIEW_FILED,)
    refusal = toc.TocFact(E.REFUSAL_TO_BARGAIN, date(2021, 6, 1), {"ulp_case": "29-CA-318069"}, 1)
    with pytest.raises(toc.TocRefused) as refused:  # no certification of representative issued
        toc.replay(certified_on=None, facts=[refusal])
    assert "follows a certification of representative" in str(refused.value)


@pytest.mark.parametrize(
    ("outcome", "order", "expected"),
    [
        ("review_denied", None, S.RERUN_PENDING),  # the RD's rerun order stands
        ("affirmed", None, S.RERUN_PENDING),
        ("review_granted", None, S.BOARD_REVIEW),
        ("reversed", None, S.AWAITING_REGIONAL_DIRECTOR),
        ("reversed", "certify_results", S.AWAITING_REGIONAL_DIRECTOR),  # ordered, not yet issued
        ("remanded", None, S.AWAITING_REGIONAL_DIRECTOR),
        ("affirmed", "runoff_election", S.RUNOFF_PENDING),
    ],
)
def test_a_board_decision_on_a_rerun_order_follows_what_it_leaves_standing(
    outcome: str, order: str | None, expected: S
) -> None:
    ordered = climb(
        step(E.REGIONAL_DIRECTOR_DECISION, "rerun_election"),
        start=ladder.State(stage=S.REGIONAL_INVESTIGATION),
    )
    reviewed = climb(step(E.REQUEST_FOR_REVIEW_FILED), start=ordered)
    assert reviewed.stage is S.BOARD_REVIEW
    assert (
        climb(
            step(E.BOARD_DECISION, outcome, order=order) if order else step(E.BOARD_DECISION, outcome),
            start=reviewed,
        ).stage
        is expected
    )


@pytest.mark.parametrize(
    ("stage", "allowed"),
    [
        (S.OBJECTIONS_PERIOD, (E.REGIONAL_INVESTIGATION, E.NOTICE_OF_HEARING, E.CONSOLIDATED_WITH_ULP)),
        (S.HEARING, (E.HEARING_CLOSED, E.HEARING_OFFICER_REPORT)),
        (S.AWAITING_REPORT, (E.HEARING_OFFICER_REPORT,)),
        (S.EXCEPTIONS_PERIOD, (E.EXCEPTIONS_FILED, E.REGIONAL_DIRECTOR_DECISION)),
        (S.REVIEW_PERIOD, (E.REQUEST_FOR_REVIEW_FILED, E.CERTIFICATION_ISSUED)),
        (S.BOARD_REVIEW, (E.BOARD_DECISION,)),
        (S.CLOSED, ()),
        (S.AWAITING_TALLY, ()),
    ],
)
def test_what_each_stage_allows_on_the_hearing_officer_track(stage: S, allowed: tuple[E, ...]) -> None:
    assert ladder.allowed_events(ladder.State(stage=stage)) == allowed


def test_an_answering_brief_needs_exceptions_and_a_second_party_may_file_exceptions_too() -> None:
    after = climb(step(E.EXCEPTIONS_FILED), start=ladder.State(stage=S.EXCEPTIONS_PERIOD))
    assert after.stage is S.AWAITING_REGIONAL_DIRECTOR
    assert {E.EXCEPTIONS_FILED, E.ANSWERING_BRIEF_FILED} <= set(ladder.allowed_events(after))
    nothing_filed = ladder.State(stage=S.AWAITING_REGIONAL_DIRECTOR)
    with pytest.raises(ladder.EventNotAllowed, match="answers exceptions, and none were filed"):
        ladder.advance(nothing_filed, step(E.ANSWERING_BRIEF_FILED))


def test_an_untallied_election_allows_nothing() -> None:
    state = ladder.initial_state(tallied=False, election_kind="rerun")
    assert state.stage is S.RERUN_PENDING and ladder.allowed_events(state) == ()
    with pytest.raises(ladder.EventNotAllowed, match="no tally yet"):
        ladder.advance(state, step(E.REQUEST_FOR_REVIEW_FILED))


def test_the_replay_closes_the_objections_period_before_the_first_event_after_the_due_date() -> None:
    tally_on, due = date(2021, 4, 9), date(2021, 4, 16)
    notice = ladder.Fact(step(E.NOTICE_OF_HEARING), date(2021, 4, 26), ref=7)
    replayed = ladder.replay(
        tallied=True,
        tally_on=tally_on,
        period_ends_on=due,
        period_over=True,
        pending_after_period=True,
        facts=[notice],
    )
    assert [(p.stage, p.on, p.ref) for p in replayed.path] == [
        (S.OBJECTIONS_PERIOD, tally_on, None),
        (S.REGIONAL_INVESTIGATION, due, None),
        (S.HEARING_SCHEDULED, date(2021, 4, 26), 7),
    ]
    assert replayed.before[7].stage is S.REGIONAL_INVESTIGATION
    open_period = ladder.replay(tallied=True, tally_on=tally_on, period_ends_on=due, period_over=False)
    assert open_period.state.stage is S.OBJECTIONS_PERIOD
    nothing_pending = ladder.replay(tallied=True, tally_on=tally_on, period_ends_on=due, period_over=True)
    assert nothing_pending.state.stage is S.AWAITING_REGIONAL_DIRECTOR


def test_an_out_of_order_event_is_refused_with_the_events_allowed_next() -> None:
    with pytest.raises(ladder.ReplayFailed) as failed:
        ladder.replay(
            tallied=True,
            tally_on=date(2021, 4, 9),
            period_ends_on=date(2021, 4, 16),
            facts=[ladder.Fact(step(E.HEARING_OPENED), date(2021, 4, 12), ref=3)],
        )
    error = failed.value.error
    assert failed.value.fact.ref == 3
    assert error.allowed == (E.REGIONAL_INVESTIGATION, E.NOTICE_OF_HEARING, E.CONSOLIDATED_WITH_ULP)
    assert str(error) == (
        "Hearing opened (hearing_opened) cannot be recorded while the proceeding is at objections_period "
        "(objections period open). Allowed next: regional_investigation, notice_of_hearing, consolidated_with_ulp."
    )


@pytest.mark.parametrize(
    ("kind", "tallied", "state_stage", "expected_stage", "expected_outcome"),
    [
        ("initial", False, None, S.AWAITING_TALLY, None),
        ("rerun", False, None, S.RERUN_PENDING, ladder.Outcome.RERUN_ORDERED),
        ("runoff", False, None, S.RUNOFF_PENDING, ladder.Outcome.RUNOFF_ORDERED),
        ("rerun", True, S.OBJECTIONS_PERIOD, S.OBJECTIONS_PERIOD, None),
    ],
)
def test_the_case_stage_comes_from_the_current_election(
    kind: str,
    tallied: bool,
    state_stage: S | None,
    expected_stage: S,
    expected_outcome: ladder.Outcome | None,
) -> None:
    proceeding = ladder.State(stage=state_stage) if state_stage else None
    view = ladder.case_view(current_kind=kind, current_tallied=tallied, proceeding=proceeding)
    assert (view.stage, view.outcome) == (expected_stage, expected_outcome)


def test_every_branch_target_and_table_entry_is_a_stage_and_every_stage_is_reachable() -> None:
    assert ladder.reachable_stages() == frozenset(S)


@st.composite
def proceedings(draw: st.DrawFn) -> tuple[list[Step], ladder.State]:
    """A random climb: at each step, one of the events allowed, with a random outcome where one is needed."""
    pending = draw(st.booleans())
    state = ladder.State(stage=S.OBJECTIONS_PERIOD)
    if draw(st.booleans()):
        state = ladder.close_objections_period(state, pending=pending)
    steps: list[Step] = []
    for _ in range(draw(st.integers(min_value=0, max_value=25))):
        allowed = ladder.allowed_events(state)
        if not allowed:
            break
        event = draw(st.sampled_from(allowed))
        outcome = draw(st.sampled_from(OUTCOMES[event])) if event in OUTCOMES else None
        order = draw(st.sampled_from((None, *ladder.ORDERS))) if event is E.BOARD_DECISION else None
        kind = draw(st.sampled_from(ladder.CERTIFICATION_KINDS)) if event is E.CERTIFICATION_ISSUED else None
        s = Step(event=event, outcome=outcome, order=order, kind=kind)
        steps.append(s)
        state = ladder.advance(state, s)  # must never raise: the event was allowed
    return steps, state


@settings(max_examples=400, deadline=None)
@given(proceedings())
def test_no_sequence_of_allowed_events_reaches_an_undefined_stage(
    climbed: tuple[list[Step], ladder.State],
) -> None:
    _steps, state = climbed
    assert state.stage in ladder.TRANSITIONS
    # What is allowed is exactly what advance accepts; everything else is refused with that list.
    allowed = set(ladder.allowed_events(state))
    for event in E:
        if event in allowed:
            continue
        if event in dispositions.end_events_allowed(state):
            continue  # the ends of a case: allowed beside the climb (proceedings.law.dispositions)
        with pytest.raises(ladder.EventNotAllowed) as refused:
            ladder.advance(state, Step(event=event, outcome="x"))
        assert set(refused.value.allowed) - set(dispositions.END_EVENTS) == allowed


@settings(max_examples=200, deadline=None)
@given(proceedings())
def test_the_replay_of_recorded_events_is_advancing_them_one_by_one_after_the_period(
    climbed: tuple[list[Step], ladder.State],
) -> None:
    steps, _state = climbed
    tally_on = date(2022, 3, 31)
    facts = [ladder.Fact(s, tally_on + timedelta(days=30 + i), ref=i + 1) for i, s in enumerate(steps)]
    replayed = ladder.replay(
        tallied=True,
        tally_on=tally_on,
        period_ends_on=tally_on + timedelta(days=7),
        period_over=True,
        pending_after_period=True,
        facts=facts,
    )
    # Every event dated after the due date finds the period closed: the Region investigates.
    expected = ladder.State(stage=S.REGIONAL_INVESTIGATION)
    for s in steps:
        expected = ladder.advance(expected, s)
    assert replayed.state == expected
    assert len(replayed.path) == len(steps) + 2
