"""The cross-case deadlines CSV for a paralegal (issue 31, item 6): ``Accept: text/csv`` (or ``?format=csv``) on
``GET deadlines/``, the JSON list's filters and scoping, every row, each time in its own case's office zone."""

from __future__ import annotations

import csv
import io
from datetime import date, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from elections.models import Appearance, Party
from tests.factories import AppearanceFactory, PartyFactory, record_tally
from tests.proceedings.conftest import CENTRAL, make_case, make_election

pytestmark = pytest.mark.django_db


@pytest.fixture
def two_offices(tallied: Any) -> Any:
    """Bessemer (Region 10, Atlanta: Eastern) and a Chicago case (Region 13: Central) for the one paralegal.
    Chicago's tally, Mon 2021-04-12: objections within 5 business days (102.69(a)) — Apr 13, 14, 15, 16, then
    the weekend, Mon Apr 19 — due 11:59 p.m. Central (102.2(b)). Bessemer's: Fri Apr 16, 11:59 p.m. Eastern."""
    chicago = make_case(number="13-RC-300001", name="=HYPERLINK(evil)", petition_filed_on=date(2021, 1, 4))
    union = PartyFactory(case=chicago, role=Party.Role.PETITIONER, name="Teamsters Local 700")
    AppearanceFactory(user=tallied.paralegal, party=union, capacity=Appearance.Capacity.PARALEGAL)
    election = make_election(case=chicago, sequence=1, choices=[union.name])
    record_tally(election, prepared_at=datetime(2021, 4, 12, 12, tzinfo=CENTRAL), yes=20, votes_against=25)
    return tallied


def _rows(response: Any) -> list[dict[str, str]]:
    assert response.status_code == 200, response.content
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    text = b"".join(response.streaming_content).decode("utf-8")
    return list(csv.DictReader(io.StringIO(text)))


def test_a_paralegal_gets_every_open_deadline_of_their_cases_each_in_its_office_time(
    two_offices: Any, as_paralegal: APIClient
) -> None:
    response = as_paralegal.get("/api/v1/deadlines/?status=open", HTTP_ACCEPT="text/csv")
    assert response["Content-Disposition"] == 'attachment; filename="deadlines-2021-04-12.csv"'
    rows = _rows(response)
    assert list(rows[0]) == [
        "case",
        "case_name",
        "label",
        "code",
        "party",
        "due_on",
        "due (office local time)",
        "zone",
        "status",
        "citation",
        "rule_set",
        "source",
        "verified",
        "desk",
    ]
    objections = [
        (r["case"], r["due_on"], r["due (office local time)"], r["zone"], r["status"])
        for r in rows
        if r["code"] == "objections"
    ]
    assert objections == [
        ("10-RC-269250", "2021-04-16", "2021-04-16 23:59 EDT", "America/New_York", "open"),
        ("13-RC-300001", "2021-04-19", "2021-04-19 23:59 CDT", "America/Chicago", "open"),
    ]
    assert {r["case"] for r in rows} == {"10-RC-269250", "13-RC-300001"}  # not the stranger's JFK8 case
    chicago = next(r for r in rows if r["case"] == "13-RC-300001")
    assert chicago["case_name"] == "'=HYPERLINK(evil)"  # a spreadsheet must not run it
    assert chicago["desk"].startswith("http://127.0.0.1:8000/desk/cases/13-RC-300001/#deadline-")
    # Every row, not a page: the JSON list's count.
    assert len(rows) == as_paralegal.get("/api/v1/deadlines/?status=open").json()["count"]


def test_the_format_parameter_and_the_filters_apply_to_the_csv_too(
    two_offices: Any, as_paralegal: APIClient
) -> None:
    rows = _rows(as_paralegal.get("/api/v1/deadlines/?format=csv&case=13-RC-300001&code=objections"))
    assert [(r["case"], r["label"]) for r in rows] == [("13-RC-300001", "Objections and offer of proof")]
    assert as_paralegal.get("/api/v1/deadlines/?status=nonsense", HTTP_ACCEPT="text/csv").status_code == 400
