"""The ends of a dispute and the courts as plain Python: the fixed list of circuits, time counted under
FRAP 26(a), and the dispositions' own refusals. No database; dates counted by hand."""

from __future__ import annotations

from datetime import date

import pytest

from elections import services as election_services
from proceedings.law import courts, dispositions, ladder
from proceedings.law import test_of_certification as toc
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
    with pytest.raises(ladder.EventNotAllowed) as refused:
        ladder.advance(ladder.State(stage=stage), step)
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
