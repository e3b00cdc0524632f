"""stats/stages/, stats/shares/ and cases/{number}/outlook/ over the hand-built record (tests/stats/record.py)."""

from __future__ import annotations

import csv
import io
from typing import Any

import pytest

from elections.models import Case
from public_record.models import ImportedCase
from stats.refresh import figures_refresh
from stats.selectors import case_outlook
from tests.stats import record

pytestmark = pytest.mark.django_db


@pytest.fixture
def figures(world: Any) -> None:
    record.build()
    figures_refresh()


def test_stages_of_a_region_have_the_contracts_fields(figures: None, as_union: Any) -> None:
    response = as_union.get("/api/v1/stats/stages/", {"region": 10, "stage": "petition_to_tally"})
    assert response.status_code == 200
    # Region 10's six cases: 10, 20, 30, 40, 50, 61 days (counted in test_refresh.py).
    assert response.json() == [
        {
            "stage": "petition_to_tally",
            "region": 10,
            "fiscal_year": None,
            "rule_set": None,
            "case_type": None,
            "n": 6,
            "median_days": 35.0,
            "q1_days": 22.5,
            "q3_days": 47.5,
        }
    ]


def test_each_asks_for_one_row_per_value(figures: None, as_union: Any) -> None:
    response = as_union.get("/api/v1/stats/stages/", {"region": "each", "stage": "petition_to_tally"})
    # Region 1 (with the merged 34-RC case) and Region 10 have five cases or more; no Region 34.
    assert [(row["region"], row["n"]) for row in response.json()] == [(1, 5), (10, 6)]


def test_stages_as_csv(figures: None, as_union: Any) -> None:
    response = as_union.get(
        "/api/v1/stats/stages/", {"region": 10, "stage": "tally_to_close"}, HTTP_ACCEPT="text/csv"
    )
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert rows == [
        {
            "stage": "tally_to_close",
            "region": "10",
            "fiscal_year": "",
            "rule_set": "",
            "case_type": "",
            "n": "6",
            "median_days": "10.0",
            "q1_days": "7.5",
            "q3_days": "11.75",
        }
    ]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ({"region": "ten"}, "region"),
        ({"region": 0}, "region"),
        ({"fiscal_year": "99999999999999999999"}, "fiscal_year"),
        ({"rule_set": "1947"}, "rule_set"),
        ({"case_type": "CA"}, "case_type"),
        ({"stage": "forever"}, "stage"),
    ],
)
def test_a_bad_filter_is_a_400_naming_it(as_union: Any, query: dict[str, Any], field: str) -> None:
    response = as_union.get("/api/v1/stats/stages/", query)
    assert response.status_code == 400
    assert field in response.json()


def test_shares_are_none_below_five_cases(figures: None, as_union: Any) -> None:
    response = as_union.get("/api/v1/stats/shares/", {"region": 10})
    assert response.status_code == 200
    # Two of Region 10's six tallies had objections; no request for review anywhere: none.
    assert response.json() == {
        "objections_filed": {"share": 0.3333, "n": 6},
        "challenges_determinative": {"share": 0.0, "n": 6},
        "rerun_ordered": {"share": 0.0, "n": 6},
        "runoff_held": {"share": 0.0, "n": 6},
        "review_granted": None,
    }
    assert as_union.get("/api/v1/stats/shares/", {"region": 34}).json()["objections_filed"] is None


def test_the_outlook_of_a_case_before_its_election(figures: None, as_union: Any, frozen_clock: Any) -> None:
    # The Bessemer case (world): petition 2020-11-20, no tally yet. On 2021-01-04: 45 days since the petition
    # (10 days left in November, 31 in December, 4 in January).
    frozen_clock.at("2021-01-04")
    response = as_union.get("/api/v1/cases/10-RC-269250/outlook/")
    assert response.status_code == 200
    body = response.json()
    assert (body["region"], body["stage"], body["since"], body["days_in_stage"]) == (
        10,
        "petition",
        "2020-11-20",
        45,
    )
    assert [(e["stage"], e["median_days"], e["n"], e["region"]) for e in body["next"]] == [
        ("petition_to_election", 35.0, 6, 10),
        ("petition_to_tally", 35.0, 6, 10),
    ]
    assert body["to_close"]["median_days"] == 10.0
    # 45 days is past the third quartile (47.5)? No: not running long yet.
    assert body["running_long"] is False
    frozen_clock.at("2021-01-07")  # day 48
    assert as_union.get("/api/v1/cases/10-RC-269250/outlook/").json()["running_long"] is True


def test_the_outlook_of_a_case_the_caller_cannot_see_is_a_404(figures: None, as_stranger: Any) -> None:
    assert as_stranger.get("/api/v1/cases/10-RC-269250/outlook/").status_code == 404


def test_stats_need_a_sign_in(api: Any) -> None:
    assert api.get("/api/v1/stats/stages/").status_code == 401


def test_the_outlook_sets_the_stages_a_case_completed_against_its_region(
    figures: None, as_staff: Any
) -> None:
    # Case 10-RC-200003 (tests/stats/record.py): petition to tally 30 days; Region 10's median 35 of 6 cases.
    body = as_staff.get("/api/v1/cases/10-RC-200003/outlook/").json()
    history = {p["stage"]: (p["days"], p["figure"]["median_days"], p["figure"]["n"]) for p in body["history"]}
    assert history["petition_to_tally"] == (30, 35.0, 6)
    # Closed on day 9 after the tally: 9 days against Region 10's median of 10.
    assert history["tally_to_close"] == (9, 10.0, 6)
    assert body["stage"] is None and body["next"] == []


def test_an_outlook_reads_the_same_few_queries_however_far_the_case_went(
    figures: None, django_assert_num_queries: Any
) -> None:
    # The case's record (stats.record): the case, elections, first tallies, objections, events, whether it
    # was imported, docket lines; then the figures of its Region and type: eight. An imported case adds
    # one (whether it has a docket).
    for number in ("10-RC-269250", "10-RC-200001"):
        case = Case.objects.get(number=number)
        with django_assert_num_queries(8):
            case_outlook(case)
    ImportedCase.objects.create(case=case, fingerprint="x")
    with django_assert_num_queries(9):
        case_outlook(case)


def test_the_shares_answer_names_every_share_the_law_defines() -> None:
    """The shares serializer and the law's ``Share`` enumeration list the same traits (a trait added to the
    law without its field would never be served)."""
    from stats.api.serializers import SharesSerializer
    from stats.law.stages import Share

    assert set(SharesSerializer().fields) == {share.value for share in Share}
