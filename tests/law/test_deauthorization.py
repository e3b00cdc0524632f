"""Deauthorization polls (UD) are not scored as representation elections (issue 30, item 17).

NLRA 9(e)(1) and 8(a)(3)(ii), read (the Act is not among the project's verbatim copies): a union's authority
to make a union-security agreement is rescinded only where a majority of the employees eligible to vote so
vote, not a majority of the votes cast. The tally keeps the votes to rescind in ``votes_against`` (against the
union's authority) and the votes to keep it in ``votes_for``; the eligible count is the election's
``approx_eligible_voters``. Each row counts the majority of those eligible by hand.
"""

from __future__ import annotations

import pytest

from elections.law.tally import Result, TallyFigures, assess, certification_refusal

# (label, to rescind, to keep, challenged, eligible, result, majority needed)
POLLS: list[tuple[str, int, int, int, int | None, Result, int]] = [
    # 40 of 100 eligible: a majority of the votes cast (40 of 60), not of those eligible (51 of 100).
    ("40-20 of 100 eligible fails", 40, 20, 0, 100, Result.NOT_DEAUTHORIZED, 51),
    ("51-10 of 100 eligible passes", 51, 10, 0, 100, Result.DEAUTHORIZED, 51),
    ("50-0 of 100 eligible fails: half is no majority", 50, 0, 0, 100, Result.NOT_DEAUTHORIZED, 51),
    ("50-0 of 99 eligible passes (50 is a majority of 99)", 50, 0, 0, 99, Result.DEAUTHORIZED, 50),
    # 45 + 6 challenged could reach 51: the challenges are determinative.
    ("45-20 with 6 challenged of 100: undetermined", 45, 20, 6, 100, Result.UNDETERMINED, 51),
    ("45-20 with 5 challenged of 100 fails whatever they are", 45, 20, 5, 100, Result.NOT_DEAUTHORIZED, 51),
    ("no eligible count: undetermined", 40, 20, 0, None, Result.UNDETERMINED, 0),
]


@pytest.mark.parametrize(
    ("label", "rescind", "keep", "challenged", "eligible", "result", "needed"),
    POLLS,
    ids=[r[0] for r in POLLS],
)
def test_a_deauthorization_passes_only_with_a_majority_of_those_eligible(
    label: str, rescind: int, keep: int, challenged: int, eligible: int | None, result: Result, needed: int
) -> None:
    figures = TallyFigures(
        votes_for={"Local 1": keep},
        votes_against=rescind,
        challenged=challenged,
        eligible=eligible,
        deauthorization=True,
    )
    assessment = assess(figures)
    assert (assessment.result, assessment.majority_needed) == (result, needed)
    assert "9(e)(1)" in assessment.explanation
    # The same figures as a representation election: 40-20 would elect Local 1's opponents' "no" side.
    as_election = assess(TallyFigures(votes_for={"Local 1": keep}, votes_against=rescind, eligible=eligible))
    assert as_election.result not in (Result.DEAUTHORIZED, Result.NOT_DEAUTHORIZED)


def test_a_poll_decided_either_way_is_certified_as_results_never_as_representative() -> None:
    for result in (Result.DEAUTHORIZED, Result.NOT_DEAUTHORIZED):
        assert certification_refusal(kind="results", result=result) is None
        assert certification_refusal(kind="representative", result=result) is not None
