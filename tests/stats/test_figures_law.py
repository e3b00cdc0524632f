"""The statistics' arithmetic, counted by hand (stats.law.figures)."""

from __future__ import annotations

from datetime import date

import pytest

from stats.law.figures import (
    days_between,
    fiscal_year,
    merged_region,
    percentile_cont,
    share,
    summarize,
)
from stats.law.stages import Milestone, Stage, current, docket_milestone, spans


def test_quartiles_interpolate_linearly_between_the_nearest_ranks() -> None:
    # Six values; the fraction p sits at position p * (6 - 1) of the sorted list, counted from 0:
    # q1 at 1.25 -> 20 + 0.25 * (30 - 20) = 22.5; median at 2.5 -> 30 + 0.5 * (40 - 30) = 35;
    # q3 at 3.75 -> 40 + 0.75 * (50 - 40) = 47.5 (the last value, 61, weighs only in the maximum).
    values = [61, 10, 40, 20, 50, 30]
    assert percentile_cont(values, 0.25) == 22.5
    assert percentile_cont(values, 0.5) == 35
    assert percentile_cont(values, 0.75) == 47.5


def test_an_odd_count_has_its_middle_value_as_median() -> None:
    # Five values: median at position 2 -> 7; q1 at 1 -> 3; q3 at 3 -> 9.
    summary = summarize([1, 3, 7, 9, 30])
    assert summary is not None
    assert (summary.n, summary.q1_days, summary.median_days, summary.q3_days) == (5, 3, 7, 9)


def test_no_figure_from_fewer_than_five_cases() -> None:
    assert summarize([1, 2, 3, 4]) is None
    assert share(1, 4) is None
    assert share(2, 5) == 0.4


def test_the_fiscal_year_begins_on_october_first() -> None:
    # "October 1 - September 30", named for the year it ends in.
    assert fiscal_year(date(2017, 9, 30)) == 2017
    assert fiscal_year(date(2017, 10, 1)) == 2018
    assert fiscal_year(date(2018, 1, 1)) == 2018


def test_a_retired_region_counts_in_its_successor() -> None:
    # December 2012: 34 (Hartford) into 1, 11 into 10, 17 into 14, 26 into 15; 2013: 30 into 18, 24 into 12.
    assert [merged_region(n) for n in (34, 11, 17, 26, 30, 24)] == [1, 10, 14, 15, 18, 12]
    assert merged_region(10) == 10
    assert merged_region(33) == 33  # no successor a primary source confirms


def test_days_are_calendar_days() -> None:
    # 2021-03-31 to 2021-04-09: 9 days, a weekend included.
    assert days_between(date(2021, 3, 31), date(2021, 4, 9)) == 9


def test_docket_documents_mark_milestones() -> None:
    assert docket_milestone("Objections to Conduct of Election") is Milestone.OBJECTIONS
    assert docket_milestone("Hearing Officer\u2019s Report on Objections") is Milestone.REPORT
    assert docket_milestone("Certification of Representative") is Milestone.CLOSE
    assert docket_milestone("Notice of Hearing") is None


def test_a_case_stands_at_its_last_milestone_and_completes_the_stages_between_them() -> None:
    milestones = {
        Milestone.PETITION: date(2021, 1, 4),
        Milestone.ELECTION: date(2021, 2, 1),
        Milestone.TALLY: date(2021, 2, 2),
    }
    found = {s.stage: s.days for s in spans(milestones)}
    assert found == {Stage.PETITION_TO_ELECTION: 28, Stage.ELECTION_TO_TALLY: 1, Stage.PETITION_TO_TALLY: 29}
    assert current(milestones) is Milestone.TALLY


@pytest.mark.parametrize("fraction", [-0.1, 1.1])
def test_a_fraction_outside_zero_to_one_is_refused(fraction: float) -> None:
    with pytest.raises(ValueError):
        percentile_cont([1, 2], fraction)
