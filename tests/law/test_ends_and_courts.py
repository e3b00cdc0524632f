"""The ends of a dispute and the courts as plain Python: the fixed list of circuits, time counted under
FRAP 26(a), and the dispositions' own refusals. No database; dates counted by hand."""

from __future__ import annotations

from datetime import date

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elections import services as election_services
from proceedings.law import ca_case as toc
from proceedings.law import courts, dispositions, ladder
from proceedings.law.ladder import Event as E
from proceedings.law.ladder import Stage as S
from proceedings.law.ladder import Step


def test_the_twelve_circuits_that_review_board_orders_are_a_fixed_list() -> None:
    assert courts.CIRCUITS == (
        "1st Cir.",
        "2nd Cir.",
        "3rd Cir.",
        "4th Cir.",
        "5th Cir.",
        "6th Cir.",
        "7th Cir.",
        "8th Cir.",
        "9th Cir.",
        "10th Cir.",
        "11th Cir.",
        "D.C. Cir.",
    )


@pytest.mark.parametrize(
    ("period", "judgment", "due", "rolled"),
    [
        # Thu 2025-06-12 + 45 days = Sun 2025-07-27 -> Mon 07-28.
        (courts.REHEARING, date(2025, 6, 12), date(2025, 7, 28), "2025-07-27 (Sunday)"),
        # Thu 2025-05-22 + 45 days = Sun 2025-07-06 -> Mon 07-07 (July 4 is the Friday before, not the last day).
        (courts.REHEARING, date(2025, 5, 22), date(2025, 7, 7), "2025-07-06 (Sunday)"),
        # Tue 2025-05-20 + 45 days = Fri 2025-07-04, Independence Day -> Mon 07-07.
        (courts.REHEARING, date(2025, 5, 20), date(2025, 7, 7), "2025-07-04 (Independence Day)"),
        # Tue 2024-10-01 + 90 days = Mon 2024-12-30: a working day, no roll.
        (courts.CERTIORARI, date(2024, 10, 1), date(2024, 12, 30), ""),
        # Thu 2024-10-03 + 90 days = Wed 2025-01-01, New Year's Day -> Thu 01-02.
        (courts.CERTIORARI, date(2024, 10, 3), date(2025, 1, 2), "2025-01-01 (New Year's Day)"),
    ],
)
def test_court_periods_count_calendar_days_and_roll_past_weekends_and_legal_holidays(
    period: courts.CourtPeriod, judgment: date, due: date, rolled: str
) -> None:
    computed = courts.compute(period, trigger_on=judgment, court=courts.BY_NAME["D.C. Cir."])
    assert computed.due_on == due
    assert (computed.source, computed.verified) == (period.source, False)
    assert period.citation in computed.explanation and "UNVERIFIED" in computed.explanation
    if rolled:
        assert rolled in computed.explanation


def test_only_the_ending_events_close_a_case_and_the_case_app_names_the_same() -> None:
    assert tuple(e.value for e in dispositions.CLOSING_EVENTS) == election_services.CLOSING_EVENTS


@pytest.mark.parametrize(
    ("stage", "step", "why"),
    [
        (
            S.AWAITING_REGIONAL_DIRECTOR,
            Step(E.PETITION_DISMISSED, kind="administrative", by="regional_director"),
            "before the close of hearing (29 CFR 102.71(a))",
        ),
        (S.BOARD_REVIEW, Step(E.PETITION_WITHDRAWN, by="regional_director"), "only the Board may approve"),
        (S.CERTIFIED, Step(E.DISCLAIMER_FILED), "the question of representation is settled"),
        (S.HEARING, Step(E.BLOCK_LIFTED), "no block is in force"),
        (S.OBJECTIONS_PERIOD, Step(E.BARGAINING_ORDER, by="administrative_law_judge"), "an ALJ hears it"),
    ],
)
def test_an_end_out_of_place_is_refused_saying_why(stage: S, step: Step, why: str) -> None:
    with_board = stage is S.BOARD_REVIEW  # review granted: the record is the Board's (102.60(a))
    with pytest.raises(ladder.EventNotAllowed) as refused:
        ladder.advance(ladder.State(stage=stage, record_with_board=with_board), step)
    assert why in str(refused.value)


def test_a_block_returns_the_case_to_the_stage_it_left() -> None:
    blocked = ladder.advance(ladder.State(stage=S.HEARING_SCHEDULED), Step(E.ELECTION_BLOCKED))
    assert (blocked.stage, blocked.blocked_from) == (S.BLOCKED, S.HEARING_SCHEDULED)
    assert ladder.allowed_events(blocked) == ()
    with pytest.raises(ladder.EventNotAllowed) as held:
        ladder.advance(blocked, Step(E.HEARING_OPENED))
    assert set(held.value.allowed) == {
        E.PETITION_DISMISSED,
        E.PETITION_WITHDRAWN,
        E.DISCLAIMER_FILED,
        E.BLOCK_LIFTED,
        E.CASE_TRANSFERRED,
    }
    assert ladder.advance(blocked, Step(E.BLOCK_LIFTED)).stage is S.HEARING_SCHEDULED


def test_a_court_decision_on_one_docket_decides_the_cases_consolidated_with_it() -> None:
    def fact(event: E, on: str, ref: int, **details: object) -> toc.TocFact:
        return toc.TocFact(event, date.fromisoformat(on), details, ref)

    replayed = toc.replay(
        certified_on=date(2023, 1, 11),
        facts=[
            fact(E.REFUSAL_TO_BARGAIN, "2023-01-25", 1, ulp_case="29-CA-318069"),
            fact(E.BOARD_ORDER, "2024-12-16", 2),
            fact(E.COURT_PETITION_FILED, "2024-12-20", 3, court="5th Cir.", docket="A", party=7),
            fact(
                E.COURT_PETITION_FILED,
                "2025-01-06",
                4,
                court="5th Cir.",
                docket="B",
                kind="cross_application_for_enforcement",
            ),
            fact(
                E.COURT_CASES_CONSOLIDATED,
                "2025-01-10",
                5,
                court="5th Cir.",
                dockets=["A", "B"],
                lead_docket="A",
            ),
            fact(E.COURT_DECISION, "2025-09-01", 6, docket="A", outcome="enforced_in_part"),
        ],
    )
    test = replayed.current
    assert test is not None
    assert [(c.docket, c.stage.value, c.outcome) for c in test.court_cases] == [
        ("A", "decided", "enforced_in_part"),
        ("B", "decided", "enforced_in_part"),
    ]
    assert toc.derive_stage(test) is toc.TocStage.CLOSED


@st.composite
def random_tests_of_certification(draw: st.DrawFn) -> list[toc.TocFact]:
    """A random test of certification: at each step one of the events ``toc.allowed`` offers, with the
    details it needs (a docket of the case where a docket is named)."""
    day = date(2023, 2, 1)
    facts = [toc.TocFact(E.REFUSAL_TO_BARGAIN, day, {"ulp_case": "29-CA-318069"}, 1)]
    for ref in range(2, draw(st.integers(min_value=2, max_value=20))):
        test = toc.replay(certified_on=date(2023, 1, 11), facts=facts).current
        allowed = toc.allowed(test, certified=True)
        if not allowed or test is None:
            break
        event = draw(st.sampled_from(allowed))
        details: dict[str, object] = {}
        if event is E.COURT_PETITION_FILED:
            details = {"court": draw(st.sampled_from(courts.CIRCUITS[:2])), "docket": f"D{ref}", "party": 1}
        elif event is E.COURT_CASES_CONSOLIDATED:
            filed = [c for c in test.court_cases if c.stage is toc.CourtStage.FILED]
            same = [c.docket for c in filed if c.court == filed[0].court]
            if len(same) < 2:
                continue
            details = {"court": filed[0].court, "dockets": same, "lead_docket": same[0]}
        elif event is E.BOARD_ORDER:
            details = {"outcome": draw(st.sampled_from(toc.BOARD_ORDER_OUTCOMES))}
        elif event in _COURT_STAGES:
            dockets = [c.docket for c in test.court_cases if c.stage in _COURT_STAGES[event]]
            details = {"docket": draw(st.sampled_from(dockets))}
            if event is E.COURT_DECISION:
                details["outcome"] = draw(st.sampled_from(courts.DECISION_OUTCOMES))
            elif event in (E.REHEARING_DECISION, E.CERTIORARI_DECISION):
                details["outcome"] = draw(st.sampled_from(("granted", "denied")))
            elif event is E.SUPREME_COURT_DECISION:
                details["outcome"] = "affirmed"
        day = date.fromordinal(day.toordinal() + draw(st.integers(min_value=0, max_value=60)))
        facts.append(toc.TocFact(event, day, details, ref))
    return facts


# Where each docket event may be recorded, read from the table (a copy here would hide a new event).
_COURT_STAGES = {
    event: {stage for stage, moves in toc.COURT_TRANSITIONS.items() if event in moves}
    for event in toc.COURT_EVENTS
    if event not in (E.COURT_PETITION_FILED, E.COURT_CASES_CONSOLIDATED)
}


@settings(max_examples=300, deadline=None)
@given(random_tests_of_certification())
def test_every_event_the_test_of_certification_offers_is_accepted_and_its_stage_is_a_contract_code(
    facts: list[toc.TocFact],
) -> None:
    replayed = toc.replay(certified_on=date(2023, 1, 11), facts=facts)  # never raises: each was offered
    status = toc.as_status(replayed.current)
    assert status is not None
    assert status["stage"] in (
        "charge_filed",
        "complaint_issued",
        "summary_judgment",
        "board_order",
        "court",
        "closed",
    )
    # A court filing is never offered before the Board's order.
    orders = [f for f in facts if f.event is E.BOARD_ORDER]
    filings = [f for f in facts if f.event is E.COURT_PETITION_FILED]
    if filings:
        assert orders and orders[0].ref < filings[0].ref
