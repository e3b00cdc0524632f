"""What the schema promises, the server holds to: bad filters, page sizes, types, dates and paths are 400s
and 404s in JSON naming what is wrong — never silently ignored, never an HTML page."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from rest_framework import serializers

pytestmark = pytest.mark.django_db


def test_an_unmatched_path_under_the_api_is_a_json_404_whatever_the_method(as_staff: Any) -> None:
    for response in (
        as_staff.get("/api/v1/no-such-thing/"),
        as_staff.post("/api/v1/objections/null,null/withdraw/", {}, format="json"),
        as_staff.get("/api/v2/cases/"),
    ):
        assert response.status_code == 404
        assert response["Content-Type"] == "application/json"
        assert "GET /api/v1/" in response.json()["detail"]


def test_a_read_without_its_trailing_slash_is_still_redirected(as_staff: Any) -> None:
    response = as_staff.get("/api/v1/cases?status=open")
    assert response.status_code == 301
    assert response["Location"] == "/api/v1/cases/?status=open"


def test_the_api_root_lists_every_endpoint_with_its_methods(as_paralegal: Any) -> None:
    body = as_paralegal.get("/api/v1/").json()
    endpoints = {e["path"]: e["methods"] for e in body["endpoints"]}
    assert endpoints["/api/v1/cases/{number}/status/"] == ["GET"]
    assert endpoints["/api/v1/elections/{election_id}/challenges/"] == ["GET", "POST"]
    assert body["docs"].endswith("/api/v1/docs/")
    assert all(e["url"].startswith("http://testserver/api/v1/") for e in body["endpoints"])


def test_the_api_root_needs_credentials(api: Any) -> None:
    assert api.get("/api/v1/").status_code == 401


@pytest.mark.parametrize("page_size", ["abc", "0", "501", "-1", "1.5", "null"])
def test_a_page_size_that_is_not_one_to_500_is_a_400_naming_it(as_staff: Any, page_size: str) -> None:
    response = as_staff.get("/api/v1/cases/", {"page_size": page_size})
    assert response.status_code == 400
    assert list(response.json()) == ["page_size"]


def test_a_good_page_size_is_honoured(as_staff: Any) -> None:
    assert as_staff.get("/api/v1/cases/", {"page_size": "1"}).json()["results"].__len__() == 1


@pytest.mark.parametrize(
    ("url", "query", "named"),
    [
        ("/api/v1/deadlines/", "verified=maybe", "verified"),
        ("/api/v1/objections/", "timely=null", "timely"),
        ("/api/v1/deadlines/", "due_before=", "due_before"),
        ("/api/v1/cases/", "status=", "status"),
        ("/api/v1/cases/", "status=open&status=closed", "status"),
        ("/api/v1/cases/", "region=0.5", "region"),
    ],
)
def test_a_bad_filter_is_a_400_naming_it_not_silently_no_filter(
    as_staff: Any, url: str, query: str, named: str
) -> None:
    response = as_staff.get(f"{url}?{query}")
    assert response.status_code == 400
    assert named in response.json()


def test_boolean_filters_take_true_and_false(as_staff: Any) -> None:
    assert as_staff.get("/api/v1/deadlines/?verified=true").status_code == 200
    assert as_staff.get("/api/v1/deadlines/?verified=false").status_code == 200


def test_a_form_encoded_body_is_refused_where_the_api_takes_json(as_staff: Any, world: Any) -> None:
    response = as_staff.post(
        f"/api/v1/cases/{world.case.number}/parties/",
        "role=union&name=Teamsters",
        content_type="application/x-www-form-urlencoded",
    )
    assert response.status_code == 415


def test_a_number_where_text_is_due_is_a_400_naming_the_field(as_staff: Any, world: Any) -> None:
    response = as_staff.post(
        f"/api/v1/cases/{world.case.number}/parties/", {"role": "union", "name": 0}, format="json"
    )
    assert response.status_code == 400
    assert list(response.json()) == ["name"]


def test_text_where_a_number_is_due_is_a_400_naming_the_field(as_staff: Any, world: Any) -> None:
    response = as_staff.post(
        f"/api/v1/cases/{world.case.number}/appearances/",
        {"party": str(world.union.pk), "user": world.stranger.username, "capacity": "counsel"},
        format="json",
    )
    assert response.status_code == 400
    assert list(response.json()) == ["party"]


@pytest.mark.parametrize("voting_opens_on", ["0326-06-10", "1935-07-04", "2100-01-01"])
def test_a_date_no_case_can_have_is_a_400_naming_the_field(
    as_staff: Any, world: Any, voting_opens_on: str
) -> None:
    response = as_staff.patch(
        f"/api/v1/elections/{world.election.pk}/", {"voting_opens_on": voting_opens_on}, format="json"
    )
    assert response.status_code == 400
    assert "1935-07-05" in response.json()["voting_opens_on"][0]


def test_dates_print_as_iso_8601_with_four_digit_years() -> None:
    assert serializers.DateField().to_representation(date(326, 6, 10)) == "0326-06-10"
