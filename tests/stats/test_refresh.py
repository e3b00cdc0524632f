"""The stored figures of a small record built by hand (tests/stats/record.py), counted by hand here."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection

from public_record.models import ImportedCase
from stats import refresh
from stats.models import Observation, ShareFigure, StageFigure
from stats.refresh import figures_refresh
from tests.stats import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def figures(db: None) -> None:
    record.build()
    figures_refresh()


def stage(stage: str, **group: Any) -> tuple[int, float, float, float] | None:
    where = {name: group.get(name) for name in ("region", "fiscal_year", "rule_set", "case_type")}
    row = StageFigure.objects.filter(
        stage=stage,
        **{f"{k}__isnull" if v is None else k: True if v is None else v for k, v in where.items()},
    ).first()
    return None if row is None else (row.n, row.q1_days, row.median_days, row.q3_days)


def share(name: str, **group: Any) -> tuple[int, int, float] | None:
    where = {name_: group.get(name_) for name_ in ("region", "fiscal_year", "rule_set", "case_type")}
    row = ShareFigure.objects.filter(
        share=name, **{f"{k}__isnull" if v is None else k: True if v is None else v for k, v in where.items()}
    ).first()
    return None if row is None else (row.n, row.hits, row.value)


def test_petition_to_tally_in_a_region_over_all_years(figures: None) -> None:
    # Region 10: 10, 20, 30, 40, 50, 61 days. Positions p * 5: q1 1.25 -> 20 + 0.25 * 10 = 22.5;
    # median 2.5 -> 30 + 0.5 * 10 = 35; q3 3.75 -> 40 + 0.75 * 10 = 47.5.
    assert stage("petition_to_tally", region=10) == (6, 22.5, 35, 47.5)
    # The public record's election day is its tally day: the same figures from petition to election.
    assert stage("petition_to_election", region=10) == (6, 22.5, 35, 47.5)
    assert stage("election_to_tally", region=10) == (6, 0, 0, 0)


def test_the_fiscal_year_is_the_one_the_stage_ends_in_from_october_first(figures: None) -> None:
    # The tally of 2017-09-30 ends its stage in FY 2017 (alone there: no figure); the tally of
    # 2017-10-01 in FY 2018 with the four of 2018-03-01: 20, 30, 40, 50, 61 -> q1 30, median 40, q3 50.
    assert stage("petition_to_tally", region=10, fiscal_year=2017) is None
    assert stage("petition_to_tally", region=10, fiscal_year=2018) == (5, 30, 40, 50)
    assert Observation.objects.filter(measure="petition_to_tally", fiscal_year=2017).count() == 1


def test_a_merged_region_counts_in_its_successor(figures: None) -> None:
    # Region 1: 5, 6, 7, 8 days and the 34-RC case's 100 -> five cases: q1 6, median 7, q3 8.
    # Without the 34-RC case Region 1 would have four cases: no figure at all.
    assert stage("petition_to_tally", region=1) == (5, 6, 7, 8)
    assert stage("petition_to_tally", region=34) is None


def test_no_figure_from_fewer_than_five_cases(figures: None) -> None:
    # Two cases of Region 10 had objections (4 and 5 days after the tally): too few for a figure.
    assert Observation.objects.filter(measure="tally_to_objections").count() == 2
    assert stage("tally_to_objections", region=10) is None
    assert stage("tally_to_objections") is None


def test_tally_to_close_takes_the_earlier_of_certification_and_closing(figures: None) -> None:
    # Case a: certified on day 7, closed on day 30 -> 7. The others closed on days 3, 9, 11, 12, 20.
    # Sorted 3, 7, 9, 11, 12, 20: q1 7 + 0.25 * 2 = 7.5; median 9 + 0.5 * 2 = 10; q3 11 + 0.75 * 1 = 11.75.
    # Region 1's cases are open: none has closed.
    assert stage("tally_to_close", region=10) == (6, 7.5, 10, 11.75)
    assert stage("tally_to_close") == (6, 7.5, 10, 11.75)


def test_all_regions_together(figures: None) -> None:
    # Eleven cases: 5, 6, 7, 8, 10, 20, 30, 40, 50, 61, 100. Positions p * 10: q1 2.5 -> 7 + 0.5 * 1 = 7.5;
    # median 5 -> 20; q3 7.5 -> 40 + 0.5 * 10 = 45.
    assert stage("petition_to_tally") == (11, 7.5, 20, 45)
    assert stage("petition_to_tally", case_type="RC") == (11, 7.5, 20, 45)


def test_shares_count_the_tallies_with_objections(figures: None) -> None:
    # Region 10: 2 of 6 tallies had objections -> 0.3333; Region 1: 0 of 5; all: 2 of 11 -> 0.1818.
    assert share("objections_filed", region=10) == (6, 2, 0.3333)
    assert share("objections_filed", region=1) == (5, 0, 0.0)
    assert share("objections_filed") == (11, 2, 0.1818)
    # 10 for, 5 against, no challenged ballots: never determinative; no rerun, no runoff on the record.
    assert share("challenges_determinative") == (11, 0, 0.0)
    assert share("rerun_ordered") == (11, 0, 0.0)
    # No request for review: no figure.
    assert share("review_granted") is None


def test_a_refresh_replaces_the_figures(figures: None) -> None:
    before = StageFigure.objects.count()
    figures_refresh()
    assert StageFigure.objects.count() == before
    assert stage("petition_to_tally", region=10) == (6, 22.5, 35, 47.5)


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="compares PostgreSQL's SQL with the Python path"
)
def test_postgresql_and_the_python_path_give_the_same_figures(figures: None) -> None:
    def table() -> set[tuple[Any, ...]]:
        stages = StageFigure.objects.values_list(
            "stage",
            "region",
            "fiscal_year",
            "rule_set",
            "case_type",
            "n",
            "q1_days",
            "median_days",
            "q3_days",
        )
        shares = ShareFigure.objects.values_list(
            "share", "region", "fiscal_year", "rule_set", "case_type", "n", "hits", "value"
        )
        return set(stages) | set(shares)

    in_sql = table()
    StageFigure.objects.all().delete()
    ShareFigure.objects.all().delete()
    refresh._aggregate_in_python()
    assert table() == in_sql
    assert len(in_sql) > 50


def test_an_imported_case_without_a_docket_is_left_out_of_the_objections_share(db: None) -> None:
    # Case c of Region 10 came from the FOIA tallies (imported, no public docket): whether it had objections
    # is unknown. Left out: 2 of the 5 others -> 0.4.
    cases = record.build()
    ImportedCase.objects.create(case=cases["10-RC-200003"], fingerprint="x")
    figures_refresh()
    assert share("objections_filed", region=10) == (5, 2, 0.4)
    assert stage("petition_to_tally", region=10) == (6, 22.5, 35, 47.5)  # its dates still count


def test_reading_the_record_passes_as_many_parameters_whatever_the_number_of_cases(db: None) -> None:
    # At NLRB scale a list of one id a case in a statement passed PostgreSQL's 65,535 parameters and the
    # 100,000-case refresh failed; a statement's parameters must not grow with the cases read.
    from stats.record import read_records
    from stats.selectors import running_long

    def parameters() -> list[int]:
        counts: list[int] = []

        def count(execute: Any, sql: str, params: Any, many: bool, context: Any) -> Any:
            counts.append(len(params or ()))
            return execute(sql, params, many, context)

        with connection.execute_wrapper(count):
            read_records()
            running_long(None)
        return counts

    record._case("10-RC-300001", record.LATER, 10)
    few = parameters()
    for serial in range(2, 6):
        record._case(f"10-RC-30000{serial}", record.LATER, 10 * serial)
    assert parameters() == few
