"""Tally arithmetic: real tallies, the examples of the procedure notes, and properties proved against an
enumeration of every way the challenged ballots could be resolved. No database."""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elections.law.tally import (
    NO_UNION,
    InvalidTally,
    Outcome,
    Result,
    TallyFigures,
    assess,
    challenges_determinative,
    outcome_without_challenges,
    possible_outcomes,
)

UNION_NAMES = ("Union A", "Union B", "Union C")


# --- real tallies and the examples in docs/nlrb-procedure.md section 2 -----------------------------------


def test_bessemer_2021_tally_is_a_loss_the_challenges_cannot_change() -> None:
    # given the first Bessemer tally, 10-RC-269250, 2021-04-09
    figures = TallyFigures({"RWDSU": 738}, 1798, void=76, challenged=505, eligible=5867)

    # when
    tally = assess(figures)

    # then
    assert tally.valid_votes_counted == 2536
    assert tally.valid_plus_challenged == 3041
    assert tally.majority_needed == 1269
    assert tally.challenges_determinative is False
    assert tally.result is Result.NO_REPRESENTATIVE
    assert tally.winner is None
    assert tally.runoff_choices == ()
    assert tally.explanation == (
        "738 for RWDSU, 1,798 against; 2,536 valid votes counted, majority 1,269; 505 challenged ballots"
        " cannot change the result (margin 1,060 > 505): no representative."
    )


def test_bessemer_2022_tally_is_undetermined_while_416_challenges_are_open() -> None:
    figures = TallyFigures({"RWDSU": 875}, 993, void=59, challenged=416, eligible=6153)

    tally = assess(figures)

    assert tally.valid_votes_counted == 1868
    assert tally.valid_plus_challenged == 2284
    assert tally.majority_needed == 935
    assert tally.challenges_determinative is True
    assert tally.result is Result.UNDETERMINED
    assert tally.winner is None
    assert tally.runoff_choices == ()
    assert tally.explanation == (
        "875 for RWDSU, 993 against; 1,868 valid votes counted, majority 935; 416 challenged ballots could"
        " change the result (margin 118 < 416): undetermined until they are resolved, still possible:"
        " representative (RWDSU) or no representative."
    )


# Real tallies, counted by hand (the figures as reported; every other number is the arithmetic written out).
# Each row is checked against the module and against the oracle below, so a wrong row fails twice.
REAL_TALLIES = [
    pytest.param(
        # 738 + 1,798 = 2,536 valid; 2,536 / 2 = 1,268, so 1,269 is a majority; 2,536 + 505 = 3,041.
        # All 505 for RWDSU make 1,243 < 1,798: the union loses however the challenges fall.
        {"RWDSU": 738}, 1798, 76, 505, 5867,
        (2536, 1269, 3041, False, Outcome(Result.NO_REPRESENTATIVE, None, ())),
        id="Bessemer 10-RC-269250, first tally 2021-04-09: 738-1,798, 505 challenged",
    ),
    pytest.param(
        # 875 + 993 = 1,868 valid; 934 is half, 935 a majority; 1,868 + 416 = 2,284.
        # 119 of the 416 for RWDSU make 994-993, a majority: the challenges are determinative.
        {"RWDSU": 875}, 993, 59, 416, 6153,
        (1868, 935, 2284, True, Outcome(Result.UNDETERMINED, None, ())),
        id="Bessemer 10-RC-269250, second tally 2022-03-31: 875-993, 416 challenged",
    ),
    pytest.param(
        # Still 118 apart with 311 sealed ballots open in 2024 (if none of the other 105 was counted).
        {"RWDSU": 875}, 993, 59, 311, None,
        (1868, 935, 2179, True, Outcome(Result.UNDETERMINED, None, ())),
        id="Bessemer 10-RC-269250, 2024: 311 challenged ballots still open",
    ),
    pytest.param(
        # 2,654 + 2,131 = 4,785 valid; 2,392.5 is half, 2,393 a majority; 4,785 + 67 = 4,852.
        # All 67 against make 2,198 < 2,654: the union wins however the challenges fall.
        {"Amazon Labor Union": 2654}, 2131, 17, 67, None,
        (4785, 2393, 4852, False, Outcome(Result.REPRESENTATIVE, "Amazon Labor Union", ())),
        id="JFK8 29-RC-288020, tally 2022-04-01: 2,654-2,131, 67 challenged",
    ),
    pytest.param(
        # 4 + 4 = 8 valid; 5 is a majority; neither side has it: a tie loses for the union.
        {"Union": 4}, 4, 0, 0, None,
        (8, 5, 8, False, Outcome(Result.NO_REPRESENTATIVE, None, ())),
        id="Kirsch Drapery Hardware 16-RC-9099, revised tally 1990: 4-4",
    ),
]  # fmt: skip


@pytest.mark.parametrize(
    ("votes_for", "votes_against", "void", "challenged", "eligible", "by_hand"), REAL_TALLIES
)
def test_real_tallies_counted_by_hand(
    votes_for: dict[str, int],
    votes_against: int,
    void: int,
    challenged: int,
    eligible: int | None,
    by_hand: tuple[int, int, int, bool, Outcome],
) -> None:
    figures = TallyFigures(votes_for, votes_against, void=void, challenged=challenged, eligible=eligible)
    valid, majority, with_challenged, determinative, outcome = by_hand

    tally = assess(figures)

    assert (tally.valid_votes_counted, tally.majority_needed, tally.valid_plus_challenged) == (
        valid,
        majority,
        with_challenged,
    )
    assert (tally.challenges_determinative, Outcome(tally.result, tally.winner, tally.runoff_choices)) == (
        determinative,
        outcome,
    )
    assert oracle_majority_needed(valid) == majority
    assert oracle_assess(figures) == (determinative, outcome)


@pytest.mark.parametrize(
    ("votes_for", "votes_against", "challenged", "determinative", "result", "winner"),
    [
        pytest.param(10, 8, 2, True, Result.UNDETERMINED, None, id="10-8-2: a 10-10 tie is possible"),
        pytest.param(11, 8, 2, False, Result.REPRESENTATIVE, "Union", id="11-8-2: at worst 11-10"),
        pytest.param(8, 10, 2, False, Result.NO_REPRESENTATIVE, None, id="8-10-2: at best a 10-10 tie"),
        pytest.param(4, 4, 0, False, Result.NO_REPRESENTATIVE, None, id="Kirsch Drapery 4-4: a tie loses"),
        pytest.param(10, 10, 1, True, Result.UNDETERMINED, None, id="10-10-1: one ballot breaks the tie"),
        pytest.param(100, 50, 0, False, Result.REPRESENTATIVE, "Union", id="100-50: the union wins"),
        pytest.param(0, 0, 0, False, Result.NO_REPRESENTATIVE, None, id="no valid votes: no majority"),
        pytest.param(0, 0, 1, True, Result.UNDETERMINED, None, id="no valid votes, one challenged"),
    ],
)
def test_one_union_ballot_is_decided_by_majority_and_the_margin_against_the_challenges(
    votes_for: int,
    votes_against: int,
    challenged: int,
    determinative: bool,
    result: Result,
    winner: str | None,
) -> None:
    tally = assess(TallyFigures({"Union": votes_for}, votes_against, challenged=challenged))

    assert (tally.challenges_determinative, tally.result, tally.winner) == (determinative, result, winner)


def test_kirsch_drapery_tie_says_a_tie_is_no_majority() -> None:
    tally = assess(TallyFigures({"Union": 4}, 4))

    assert tally.explanation == (
        "4 for Union, 4 against; 8 valid votes counted, majority 5; no challenged ballots:"
        " no representative (a tie is no majority)."
    )


def test_a_union_ahead_by_exactly_the_challenges_is_undetermined_and_says_why() -> None:
    tally = assess(TallyFigures({"Union": 10}, 8, challenged=2))

    assert tally.explanation == (
        "10 for Union, 8 against; 18 valid votes counted, majority 10; 2 challenged ballots could change the"
        " result (margin 2 = 2): undetermined until they are resolved, still possible:"
        " representative (Union) or no representative."
    )


@pytest.mark.parametrize(
    ("votes_for", "votes_against", "result", "winner", "runoff"),
    [
        pytest.param(
            {"Union A": 40, "Union B": 35},
            30,
            Result.RUNOFF_REQUIRED,
            None,
            ("Union A", "Union B"),
            id="40-35-30: runoff between the top two",
        ),
        pytest.param(
            {"Union A": 40, "Union B": 30},
            35,
            Result.RUNOFF_REQUIRED,
            None,
            ("Union A", NO_UNION),
            id="40-30-35: runoff between Union A and no union",
        ),
        pytest.param(
            {"Union A": 30, "Union B": 40},
            40,
            Result.RUNOFF_REQUIRED,
            None,
            ("Union B", NO_UNION),
            id="30-40-40: tie for first, runoff between the tied two",
        ),
        pytest.param(
            {"Union A": 40, "Union B": 30},
            30,
            Result.NEW_ELECTION_REQUIRED,
            None,
            (),
            id="40-30-30: tie for second, new election",
        ),
        pytest.param(
            {"Union A": 30, "Union B": 30},
            30,
            Result.NEW_ELECTION_REQUIRED,
            None,
            (),
            id="30-30-30: even split, new election",
        ),
        pytest.param(
            {"Union A": 60, "Union B": 20},
            15,
            Result.REPRESENTATIVE,
            "Union A",
            (),
            id="60-20-15: Union A has a majority",
        ),
        pytest.param(
            {"Union A": 20, "Union B": 15},
            60,
            Result.NO_REPRESENTATIVE,
            None,
            (),
            id="20-15-60: no union has a majority",
        ),
        pytest.param(
            {"Union A": 50, "Union B": 25},
            25,
            Result.NEW_ELECTION_REQUIRED,
            None,
            (),
            id="50-25-25: exactly half is no majority, tie for second",
        ),
        pytest.param(
            {"Union A": 50, "Union B": 26},
            24,
            Result.RUNOFF_REQUIRED,
            None,
            ("Union A", "Union B"),
            id="50-26-24: exactly half is no majority, runoff",
        ),
        pytest.param(
            {"Union A": 30, "Union B": 25, "Union C": 25},
            20,
            Result.NEW_ELECTION_REQUIRED,
            None,
            (),
            id="four choices 30-25-25-20: tie for second, new election",
        ),
        pytest.param(
            {"Union A": 30, "Union B": 25, "Union C": 20},
            20,
            Result.RUNOFF_REQUIRED,
            None,
            ("Union A", "Union B"),
            id="four choices 30-25-20-20: tie for third does not matter",
        ),
    ],
)
def test_ballot_of_three_or_more_choices_follows_102_70(
    votes_for: dict[str, int],
    votes_against: int,
    result: Result,
    winner: str | None,
    runoff: tuple[str, ...],
) -> None:
    tally = assess(TallyFigures(votes_for, votes_against))

    assert (tally.result, tally.winner, tally.runoff_choices) == (result, winner, runoff)
    assert tally.challenges_determinative is False
    assert outcome_without_challenges(votes_for, votes_against) == (result, winner, runoff)


def test_runoff_explanation_names_the_two_choices() -> None:
    tally = assess(TallyFigures({"Union A": 40, "Union B": 35}, 30))

    assert tally.explanation == (
        "40 for Union A, 35 for Union B, 30 against; 105 valid votes counted, majority 53; no challenged"
        " ballots: no choice has a majority, runoff between Union A and Union B."
    )


def test_tie_for_second_explanation_cites_102_70_d() -> None:
    tally = assess(TallyFigures({"Union A": 40, "Union B": 30}, 30))

    assert tally.explanation.endswith(
        "no choice has a majority and second place is tied, new election required (102.70(d))."
    )


def test_three_choice_challenges_that_could_force_a_new_election_are_determinative() -> None:
    # 40-35-30 with 5 challenged: all five for no union makes 40-35-35, a tie for second.
    tally = assess(TallyFigures({"Union A": 40, "Union B": 35}, 30, challenged=5))

    assert tally.challenges_determinative is True
    assert tally.result is Result.UNDETERMINED
    assert tally.runoff_choices == ()
    assert tally.explanation.endswith(
        "still possible: runoff between Union A and Union B or new election required."
    )


def test_three_choice_challenges_one_short_of_a_tie_for_second_are_not_determinative() -> None:
    tally = assess(TallyFigures({"Union A": 40, "Union B": 35}, 30, challenged=4))

    assert tally.challenges_determinative is False
    assert tally.result is Result.RUNOFF_REQUIRED
    assert tally.runoff_choices == ("Union A", "Union B")


# --- the last sentence of 102.70(d) -----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("votes_for", "votes_against", "void", "eligible", "expected"),
    [
        pytest.param(
            {"Union A": 5, "Union B": 5},
            0,
            0,
            10,
            Outcome(Result.NO_REPRESENTATIVE, None, ()),
            id="5-5-0, all 10 voted: certify results, no runoff",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 0},
            5,
            0,
            10,
            Outcome(Result.NO_REPRESENTATIVE, None, ()),
            id="5-0-5, all 10 voted: certify results",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5},
            0,
            1,
            11,
            Outcome(Result.NO_REPRESENTATIVE, None, ()),
            id="5-5-0 and 1 void, all 11 returned a ballot: certify results",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5},
            0,
            0,
            11,
            Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
            id="5-5-0, one of 11 did not vote: runoff between the tied two",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5},
            0,
            0,
            None,
            Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
            id="5-5-0, eligible unknown: runoff",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5},
            1,
            0,
            11,
            Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
            id="5-5-1, all voted but the third choice is not at zero: runoff",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5, "Union C": 5},
            0,
            0,
            15,
            Outcome(Result.NO_REPRESENTATIVE, None, ()),
            id="four choices 5-5-5-0, all voted: certify results",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5, "Union C": 5},
            0,
            0,
            16,
            Outcome(Result.NEW_ELECTION_REQUIRED, None, ()),
            id="four choices 5-5-5-0, not all voted: the runoff places are tied, new election",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 5, "Union C": 3},
            0,
            0,
            13,
            Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
            id="four choices 5-5-3-0: Union C's voters can break the tie, runoff",
        ),
    ],
)
def test_tied_choices_with_another_at_zero_and_every_eligible_voter_voting_are_certified(
    votes_for: dict[str, int], votes_against: int, void: int, eligible: int | None, expected: Outcome
) -> None:
    tally = assess(TallyFigures(votes_for, votes_against, void=void, eligible=eligible))

    assert (tally.result, tally.winner, tally.runoff_choices) == expected
    assert outcome_without_challenges(votes_for, votes_against, eligible, void=void) == expected


def test_the_102_70_d_proviso_never_applies_while_a_challenge_is_open() -> None:
    # Any challenged ballot can break a 5-5 tie into a majority, so the challenges are determinative.
    tally = assess(TallyFigures({"Union A": 5, "Union B": 5}, 0, challenged=1, eligible=11))

    assert tally.challenges_determinative is True
    assert tally.result is Result.UNDETERMINED


def test_proviso_explanation_says_why_there_is_no_runoff() -> None:
    tally = assess(TallyFigures({"Union A": 5, "Union B": 5}, 0, eligible=10))

    assert tally.explanation.endswith(
        "no representative (102.70(d): the choices with votes are tied, another has none and every eligible"
        " voter voted, so no runoff)."
    )


# --- validation -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("kwargs", "field_named"),
    [
        pytest.param({"votes_for": {"A": -1}, "votes_against": 0}, "votes_for['A']", id="negative for"),
        pytest.param({"votes_for": {"A": 1}, "votes_against": -1}, "votes_against", id="negative against"),
        pytest.param({"votes_for": {"A": 1}, "votes_against": 0, "void": -1}, "void", id="negative void"),
        pytest.param(
            {"votes_for": {"A": 1}, "votes_against": 0, "challenged": -2},
            "challenged",
            id="negative challenged",
        ),
        pytest.param(
            {"votes_for": {"A": 1}, "votes_against": 0, "eligible": -5}, "eligible", id="negative eligible"
        ),
        pytest.param({"votes_for": {}, "votes_against": 3}, "votes_for", id="no union"),
        pytest.param(
            {"votes_for": {"A": 1, "B": 1, "C": 1, "D": 1}, "votes_against": 0}, "votes_for", id="four unions"
        ),
        pytest.param({"votes_for": {"  ": 1}, "votes_against": 0}, "votes_for", id="blank union name"),
        pytest.param({"votes_for": {"No Union": 1}, "votes_against": 0}, "votes_for", id="named no union"),
        pytest.param({"votes_for": {"A": 1.5}, "votes_against": 0}, "votes_for['A']", id="fractional votes"),
        pytest.param({"votes_for": {"A": True}, "votes_against": 0}, "votes_for['A']", id="boolean votes"),
    ],
)
def test_impossible_figures_are_refused_naming_the_field(kwargs: dict[str, object], field_named: str) -> None:
    with pytest.raises(InvalidTally) as refused:
        TallyFigures(**kwargs)  # type: ignore[arg-type]

    assert str(refused.value).startswith(field_named)


def test_invalid_tally_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="votes_against"):
        outcome_without_challenges({"A": 1}, -3)


def test_figures_keep_the_votes_they_were_given() -> None:
    votes = {"Union A": 3}
    figures = TallyFigures(votes, 1)

    votes["Union A"] = 0

    assert figures.votes_for == {"Union A": 3}
    assert assess(figures).result is Result.REPRESENTATIVE


def test_huge_tallies_are_assessed_by_arithmetic_not_enumeration() -> None:
    figures = TallyFigures(
        {"Union A": 4_000_000, "Union B": 3_000_000, "Union C": 2_000_000}, 1_000_000, challenged=10**12
    )

    tally = assess(figures)

    assert tally.result is Result.UNDETERMINED
    assert len(possible_outcomes(figures)) == 1 + 3 + 6 + 1  # every union, no union, every pair, new election


# --- properties, proved against an enumeration of every resolution ----------------------------------------


@st.composite
def tallies(draw: st.DrawFn, max_votes: int = 6, max_challenged: int = 4) -> TallyFigures:
    unions = draw(st.integers(min_value=1, max_value=3))
    votes_for = {name: draw(st.integers(0, max_votes)) for name in UNION_NAMES[:unions]}
    against = draw(st.integers(0, max_votes))
    void = draw(st.integers(0, 2))
    challenged = draw(st.integers(0, max_challenged))
    returned = sum(votes_for.values()) + against + void + challenged
    # Exercise the 102.70(d) proviso: every eligible voter returned a ballot, or one did not.
    eligible = draw(st.sampled_from([None, returned, returned + 1]))
    return TallyFigures(votes_for, against, void=void, challenged=challenged, eligible=eligible)


# --- the oracle: the law read plainly, and every resolution enumerated ------------------------------------
#
# Nothing below imports from the module under test but its names (Outcome, Result, NO_UNION): the outcome of
# a set of counted votes is read from 29 CFR 102.70 and docs/nlrb-procedure.md section 2 in the plainest
# Python, and "determinative" is what its definition says: some way the challenged ballots could fall changes
# the outcome. Slow and obviously right, so it only sees small tallies.
#
# Two readings are the project's (docs/nlrb-procedure.md, elections/law/tally.py's docstrings), not the
# regulation's words, and the oracle takes them as given:
# - "all eligible voters have cast valid ballots" (102.70(d), last sentence) is read as "every eligible voter
#   returned a ballot": void ballots count as cast, a sustained challenge was not an eligible voter's.
# - "two or more choices receive the same number of ballots and another choice receives no ballots" is read
#   as: every choice that received ballots received the same number, and at least one received none.
# - No valid vote at all is "no representative", not an "equally divided" vote that voids the election.


def oracle_outcome(votes_for: dict[str, int], votes_against: int, *, all_voted: bool = False) -> Outcome:
    """The 102.70 outcome of counted votes, no challenged ballot outstanding."""
    choices = [*votes_for, NO_UNION]
    votes = {**votes_for, NO_UNION: votes_against}
    valid = sum(votes.values())
    # A majority of the valid votes counted (Jabez Burns): more than half.
    for choice in choices:
        if votes[choice] * 2 > valid:
            if choice == NO_UNION:
                return Outcome(Result.NO_REPRESENTATIVE, None, ())
            return Outcome(Result.REPRESENTATIVE, choice, ())
    if valid == 0:
        return Outcome(Result.NO_REPRESENTATIVE, None, ())  # nobody voted for anything: no majority
    if len(choices) == 2:
        return Outcome(Result.NO_REPRESENTATIVE, None, ())  # a tie loses for the union (Kirsch Drapery)
    with_votes = [votes[choice] for choice in choices if votes[choice] > 0]
    some_at_zero = len(with_votes) < len(choices)
    if all_voted and some_at_zero and len(with_votes) >= 2 and len(set(with_votes)) == 1:
        return Outcome(Result.NO_REPRESENTATIVE, None, ())  # 102.70(d): no runoff, certify the results
    # 102.70(c): a runoff between the largest and the second largest; if the second largest number is shared
    # (an even split, or a tie for second) the pair cannot be named: 102.70(d), a new election.
    counts = sorted(votes.values(), reverse=True)
    if counts[1] == counts[2]:
        return Outcome(Result.NEW_ELECTION_REQUIRED, None, ())
    top_two = [choice for choice in choices if votes[choice] >= counts[1]]
    return Outcome(Result.RUNOFF_REQUIRED, None, tuple(top_two))


SUSTAINED = "sustained"


def oracle_resolutions(figures: TallyFigures) -> Iterator[tuple[str, ...]]:
    """Every way the challenged ballots could fall, ballot by ballot: sustained (never opened), or opened
    and found to be a vote for a union or for no union. (Order does not matter, so each multiset once.)"""
    fates = [*figures.votes_for, NO_UNION, SUSTAINED]
    return itertools.combinations_with_replacement(fates, figures.challenged)


def oracle_revised(figures: TallyFigures, resolution: tuple[str, ...]) -> Outcome:
    """The revised tally once every challenged ballot has fallen as ``resolution`` says, counted by hand."""
    votes_for = {union: votes + resolution.count(union) for union, votes in figures.votes_for.items()}
    against = figures.votes_against + resolution.count(NO_UNION)
    sustained = resolution.count(SUSTAINED)
    valid = sum(votes_for.values()) + against
    # A voter whose challenge is sustained was not eligible; everyone else returned a ballot or did not.
    all_voted = figures.eligible is not None and valid + figures.void == figures.eligible - sustained
    return oracle_outcome(votes_for, against, all_voted=all_voted)


def oracle_possible(figures: TallyFigures) -> set[Outcome]:
    return {oracle_revised(figures, resolution) for resolution in oracle_resolutions(figures)}


def oracle_assess(figures: TallyFigures) -> tuple[bool, Outcome]:
    """(determinative, outcome): determinative iff the ballots could fall two ways with two outcomes."""
    possible = oracle_possible(figures)
    if len(possible) > 1:
        return True, Outcome(Result.UNDETERMINED, None, ())
    return False, possible.pop()


def oracle_majority_needed(valid: int) -> int:
    needed = 0
    while needed * 2 <= valid:
        needed += 1
    return needed


# --- the module against the oracle -------------------------------------------------------------------------


def _module_says(figures: TallyFigures) -> tuple[bool, Outcome]:
    tally = assess(figures)
    return tally.challenges_determinative, Outcome(tally.result, tally.winner, tally.runoff_choices)


@settings(max_examples=500, deadline=None)
@given(tallies())
def test_the_assessment_agrees_with_the_oracle(figures: TallyFigures) -> None:
    assert _module_says(figures) == oracle_assess(figures)
    assert challenges_determinative(figures) == oracle_assess(figures)[0]
    assert set(possible_outcomes(figures)) == oracle_possible(figures)


@settings(max_examples=300, deadline=None)
@given(tallies(max_votes=40, max_challenged=10))
def test_the_assessment_agrees_with_the_oracle_on_larger_tallies(figures: TallyFigures) -> None:
    assert _module_says(figures) == oracle_assess(figures)
    assert set(possible_outcomes(figures)) == oracle_possible(figures)


@settings(max_examples=500, deadline=None)
@given(tallies(max_votes=10**6, max_challenged=0))
def test_counted_votes_alone_agree_with_the_oracle_on_any_size(figures: TallyFigures) -> None:
    all_voted = figures.eligible is not None and (
        sum(figures.votes_for.values()) + figures.votes_against + figures.void == figures.eligible
    )
    expected = oracle_outcome(dict(figures.votes_for), figures.votes_against, all_voted=all_voted)

    assert _module_says(figures) == (False, expected)
    assert outcome_without_challenges(
        figures.votes_for, figures.votes_against, figures.eligible, void=figures.void
    ) == (expected)


@st.composite
def ballot_boxes(draw: st.DrawFn) -> tuple[tuple[str, ...], list[str], list[str]]:
    """A ballot box, ballot by ballot: the unions on the ballot, each ballot's mark (a choice, or void), and
    the sealed ballots with what each would turn out to be once its challenge is decided."""
    unions = UNION_NAMES[: draw(st.integers(1, 3))]
    marks = st.sampled_from([*unions, NO_UNION, "void"])
    counted = draw(st.lists(marks, max_size=30))
    sealed = draw(st.lists(st.sampled_from([*unions, NO_UNION, "void", SUSTAINED]), max_size=6))
    return unions, counted, sealed


def _figures_of(unions: tuple[str, ...], counted: list[str], challenged: int) -> TallyFigures:
    """The Board agent's tally of a ballot box: every ballot counted one by one."""
    votes_for = {union: counted.count(union) for union in unions}
    return TallyFigures(votes_for, counted.count(NO_UNION), void=counted.count("void"), challenged=challenged)


@settings(max_examples=400, deadline=None)
@given(ballot_boxes())
def test_a_tally_and_its_revised_tally_agree_with_counting_the_ballots(
    box: tuple[tuple[str, ...], list[str], list[str]],
) -> None:
    unions, counted, sealed = box
    first = _figures_of(unions, counted, len(sealed))
    # Every challenge decided: the sustained stay sealed, the others are opened and counted with the rest.
    opened = [fate for fate in sealed if fate != SUSTAINED]
    revised = _figures_of(unions, counted + opened, 0)
    valid = sum(1 for mark in counted if mark != "void")

    tally, after = assess(first), assess(revised)

    assert tally.valid_votes_counted == valid
    assert tally.valid_plus_challenged == valid + len(sealed)
    assert tally.majority_needed == oracle_majority_needed(valid)
    by_hand = oracle_outcome(dict(revised.votes_for), revised.votes_against)
    assert (after.result, after.winner, after.runoff_choices) == by_hand
    # The revised tally's outcome is one the first tally said was possible; if the challenges were not
    # determinative it is the first tally's own.
    assert by_hand in possible_outcomes(first)
    if not tally.challenges_determinative:
        assert (tally.result, tally.winner, tally.runoff_choices) == by_hand


@settings(max_examples=500, deadline=None)
@given(tallies(max_votes=10**6, max_challenged=10**4))
def test_valid_votes_are_the_votes_for_every_union_plus_the_votes_against(figures: TallyFigures) -> None:
    tally = assess(figures)

    valid = sum(figures.votes_for.values()) + figures.votes_against
    assert tally.valid_votes_counted == valid
    assert tally.valid_plus_challenged == valid + figures.challenged
    assert tally.majority_needed == valid // 2 + 1
    assert 2 * tally.majority_needed > valid >= 2 * (tally.majority_needed - 1)
    assert (tally.winner is not None) == (tally.result is Result.REPRESENTATIVE)
    assert (len(tally.runoff_choices) == 2) == (tally.result is Result.RUNOFF_REQUIRED)
    assert (tally.result is Result.UNDETERMINED) == tally.challenges_determinative


@settings(max_examples=500, deadline=None)
@given(tallies(max_votes=10**6, max_challenged=10**4), st.integers(min_value=1, max_value=10**6))
def test_void_ballots_never_change_the_result(figures: TallyFigures, more_void: int) -> None:
    voided = TallyFigures(
        figures.votes_for, figures.votes_against, void=figures.void + more_void, challenged=figures.challenged
    )
    unknown_eligible = TallyFigures(
        figures.votes_for, figures.votes_against, void=figures.void, challenged=figures.challenged
    )

    before, after = assess(unknown_eligible), assess(voided)

    assert (after.result, after.winner, after.runoff_choices) == (
        before.result,
        before.winner,
        before.runoff_choices,
    )
    assert after.challenges_determinative == before.challenges_determinative
    assert after.valid_votes_counted == before.valid_votes_counted
    assert after.majority_needed == before.majority_needed


@settings(max_examples=500, deadline=None)
@given(
    st.integers(0, 10**6),
    st.integers(0, 10**6),
    st.integers(0, 10**5),
)
def test_one_union_challenges_are_determinative_iff_minus_c_below_lead_at_most_c(
    votes_for: int, votes_against: int, challenged: int
) -> None:
    lead = votes_for - votes_against

    determinative = challenges_determinative(
        TallyFigures({"Union": votes_for}, votes_against, challenged=challenged)
    )

    assert determinative == (-challenged < lead <= challenged)


@pytest.mark.parametrize(
    ("unions", "max_votes", "max_challenged"),
    [
        pytest.param(1, 8, 6, id="one union"),
        pytest.param(2, 6, 5, id="two"),
        pytest.param(3, 4, 4, id="three"),
    ],
)
def test_the_assessment_agrees_with_the_oracle_on_every_small_tally(
    unions: int, max_votes: int, max_challenged: int
) -> None:
    """Not a sample: every tally in the grid, with and without every eligible voter voting."""
    mismatches = []
    for counts in itertools.product(range(max_votes + 1), repeat=unions + 1):
        for challenged in range(max_challenged + 1):
            returned = sum(counts) + challenged
            for eligible in (None, returned):
                figures = TallyFigures(
                    dict(zip(UNION_NAMES, counts[:-1], strict=False)),
                    counts[-1],
                    challenged=challenged,
                    eligible=eligible,
                )
                if _module_says(figures) != oracle_assess(figures) or set(
                    possible_outcomes(figures)
                ) != oracle_possible(figures):
                    mismatches.append(figures)
    assert mismatches == []


@pytest.mark.parametrize(
    ("votes_for", "votes_against", "challenged", "eligible", "expected"),
    [
        pytest.param(
            {"Union A": 5, "Union B": 1},
            1,
            3,
            None,
            {
                Outcome(Result.REPRESENTATIVE, "Union A", ()),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", NO_UNION)),
            },
            id="5-1-1 with 3: a tie for second needs 3-3, four ballots",
        ),
        pytest.param(
            {"Union A": 5, "Union B": 1},
            1,
            4,
            None,
            {
                Outcome(Result.REPRESENTATIVE, "Union A", ()),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", NO_UNION)),
                Outcome(Result.NEW_ELECTION_REQUIRED, None, ()),
            },
            id="5-1-1 with 4: 5-3-3 is a tie for second",
        ),
        pytest.param(
            {"Union A": 3, "Union B": 0},
            0,
            3,
            None,
            {
                Outcome(Result.REPRESENTATIVE, "Union A", ()),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", NO_UNION)),
            },
            id="3-0-0 with 3: 3-3-0 and 3-0-3 are runoffs when not everyone voted",
        ),
        pytest.param(
            {"Union A": 3, "Union B": 0},
            0,
            3,
            6,
            {
                Outcome(Result.REPRESENTATIVE, "Union A", ()),
                Outcome(Result.NO_REPRESENTATIVE, None, ()),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", NO_UNION)),
            },
            id="3-0-0 with 3, all voted: 3-3-0 is certified, 3-2-1 is still a runoff",
        ),
        pytest.param(
            {"Union A": 4, "Union B": 1, "Union C": 1},
            0,
            4,
            9,
            {
                Outcome(Result.REPRESENTATIVE, "Union A", ()),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union B")),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", "Union C")),
                Outcome(Result.RUNOFF_REQUIRED, None, ("Union A", NO_UNION)),
                Outcome(Result.NEW_ELECTION_REQUIRED, None, ()),
            },
            id="4-1-1-0 with 4, all voted: 4-4-4-0 is certified but 4-3-3-0 is a tie for second",
        ),
    ],
)
def test_possible_outcomes_of_close_multi_choice_tallies(
    votes_for: dict[str, int],
    votes_against: int,
    challenged: int,
    eligible: int | None,
    expected: set[Outcome],
) -> None:
    figures = TallyFigures(votes_for, votes_against, challenged=challenged, eligible=eligible)

    assert set(possible_outcomes(figures)) == expected
