"""``GET stats/stages/`` kept between refreshes (stats/answers.py): a tag per refresh, a 304 for the tag, the
kept body the same as a fresh build, and a refresh never answered from the old figures."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.cache import cache

from stats.refresh import figures_refresh
from tests.stats import record

pytestmark = pytest.mark.django_db

QUERY = {"region": 10, "stage": "petition_to_tally"}


@pytest.fixture
def figures(world: Any) -> None:
    record.build()
    figures_refresh()


@pytest.mark.parametrize("accept", ["application/json", "text/csv"])
def test_the_kept_answer_is_the_fresh_one_and_its_tag_answers_304(
    figures: None, as_union: Any, accept: str
) -> None:
    fresh = as_union.get("/api/v1/stats/stages/", QUERY, HTTP_ACCEPT=accept)
    assert fresh.status_code == 200
    tag = fresh["ETag"]
    assert tag.startswith('"') and fresh["Cache-Control"] == "private, no-cache"
    kept = as_union.get("/api/v1/stats/stages/", QUERY, HTTP_ACCEPT=accept)
    assert (kept.status_code, kept["ETag"], kept["Content-Type"]) == (200, tag, fresh["Content-Type"])
    assert kept.content == fresh.content
    cache.clear()  # built again from the stored figures: byte for byte what was kept
    assert as_union.get("/api/v1/stats/stages/", QUERY, HTTP_ACCEPT=accept).content == kept.content
    again = as_union.get("/api/v1/stats/stages/", QUERY, HTTP_ACCEPT=accept, HTTP_IF_NONE_MATCH=tag)
    assert (again.status_code, again.content, again["ETag"]) == (304, b"", tag)


def test_json_and_csv_and_each_query_have_their_own_tag(figures: None, as_union: Any) -> None:
    tags = {
        as_union.get("/api/v1/stats/stages/", query, HTTP_ACCEPT=accept)["ETag"]
        for query in (QUERY, {"region": 1, "stage": "petition_to_tally"})
        for accept in ("application/json", "text/csv")
    }
    assert len(tags) == 4


def test_a_refresh_changes_the_answer_and_its_tag(figures: None, as_union: Any) -> None:
    before = as_union.get("/api/v1/stats/stages/", QUERY)
    assert [(r["n"], r["median_days"]) for r in before.json()] == [(6, 35.0)]
    # A seventh Region 10 case, 70 days from petition to tally: 10, 20, 30, 40, 50, 61, 70 -> n 7, median 40
    # (the fourth of seven), q1 25.0 (position 1.5 between 20 and 30), q3 55.5 (position 4.5 between 50
    # and 61).
    record._case("10-RC-200007", record.LATER, 70, closed_after=5)
    stale = as_union.get("/api/v1/stats/stages/", QUERY, HTTP_IF_NONE_MATCH=before["ETag"])
    assert stale.status_code == 304  # no refresh yet: the stored figures, hence the answer, are the same
    figures_refresh()
    after = as_union.get("/api/v1/stats/stages/", QUERY, HTTP_IF_NONE_MATCH=before["ETag"])
    assert after.status_code == 200 and after["ETag"] != before["ETag"]
    assert [(r["n"], r["median_days"], r["q1_days"], r["q3_days"]) for r in after.json()] == [
        (7, 40.0, 25.0, 55.5)
    ]


def test_a_refresh_that_changes_no_figure_still_makes_a_new_tag(figures: None, as_union: Any) -> None:
    before = as_union.get("/api/v1/stats/stages/", QUERY)
    figures_refresh()
    after = as_union.get("/api/v1/stats/stages/", QUERY)
    assert after["ETag"] != before["ETag"] and after.content == before.content


def test_a_bad_filter_is_refused_and_never_kept(figures: None, as_union: Any) -> None:
    for _ in range(2):
        response = as_union.get("/api/v1/stats/stages/", {"region": "x"})
        assert response.status_code == 400 and "region" in response.content.decode()
        assert "ETag" not in response
