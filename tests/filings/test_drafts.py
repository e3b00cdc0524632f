"""Drafts (product.md, contract v1.4: "a draft is readable and editable by its own side only, appears in no
other list, notice, queue or count, and becomes ``filed`` by ``POST filings/{id}/file/`` (its
``received_at`` then)").

Dates counted by hand in the ``reported`` fixture: the hearing officer's report of Tue 2021-06-01; exceptions
due 10 business days later, Tue 2021-06-15, 11:59 p.m. Eastern (29 CFR 102.69(c)(1)(iii))."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from filings.models import Filing
from proceedings.models import Deadline, ProceedingEvent
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


def save_draft(reported: Any, client: Any) -> dict[str, Any]:
    response = client.post(
        URL,
        filing_body(reported, state="draft", served_on=[reported.union.pk], service_method="e_file"),
        format="json",
    )
    assert response.status_code == 201, response.content
    return dict(response.json())


def test_a_draft_is_saved_unreceived_and_unnoticed(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    assert (draft["state"], draft["received_at"], draft["timely"]) == ("draft", None, None)
    assert not Notification.objects.filter(key__startswith="filing:").exists()
    assert not ProceedingEvent.objects.filter(event="exceptions_filed").exists()
    deadline = Deadline.objects.exclude(status="superseded").get(code="exceptions")
    assert deadline.status == "open"


@pytest.mark.parametrize(
    ("reader", "sees"),
    [("employer_counsel", True), ("union_counsel", False), ("paralegal", False), ("staff", False)],
)
def test_a_draft_is_seen_by_its_own_side_alone(
    reported: Any, as_employer: Any, frozen_clock: Any, reader: str, sees: bool
) -> None:
    from rest_framework.test import APIClient

    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    client = APIClient()
    client.force_authenticate(user=getattr(reported, reader))
    listed = [f["id"] for f in client.get(URL).json()["results"]]
    assert (draft["id"] in listed) is sees
    assert (client.get(f"/api/v1/filings/{draft['id']}/").status_code == 200) is sees
    everywhere = [f["id"] for f in client.get("/api/v1/filings/").json()["results"]]
    assert (draft["id"] in everywhere) is sees


def test_filing_a_draft_makes_it_a_paper_received_then(
    reported: Any, as_employer: Any, as_union: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    frozen_clock.at("2021-06-11", 15)  # Friday June 11, 3 p.m. in Atlanta: before the June 15 cutoff
    response = as_employer.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json")
    assert response.status_code == 200, response.content
    filed = response.json()
    assert (filed["state"], filed["timely"]) == ("filed", True)
    assert filed["received_at"] == "2021-06-11T15:00:00-04:00"
    assert filed["filed_at"] == "2021-06-11T15:00:00-04:00"
    assert ProceedingEvent.objects.filter(event="exceptions_filed").count() == 1
    assert Notification.objects.filter(
        key=f"filing:{draft['id']}:filed", recipient=reported.union_counsel
    ).exists()
    assert draft["id"] in [f["id"] for f in as_union.get(URL).json()["results"]]


def test_a_filed_paper_is_not_filed_again(reported: Any, as_employer: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    assert as_employer.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json").status_code == 200
    again = as_employer.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json")
    assert again.status_code == 409
    assert "only a draft is filed" in again.json()["detail"]


def test_the_other_side_and_staff_cannot_file_someone_elses_draft(
    reported: Any, as_employer: Any, as_union: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    assert as_union.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json").status_code == 404
    assert as_staff.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json").status_code == 404
    assert Filing.objects.get(pk=draft["id"]).state == "draft"


def test_a_draft_filed_after_the_period_is_refused_with_the_due_time(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    frozen_clock.at("2021-06-16", 14)  # Wednesday June 16: the day after the June 15 due date
    response = as_employer.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json")
    assert response.status_code == 400
    assert "2021-06-15" in str(response.json()["filed_at"]) or "June 15" in str(response.json()["filed_at"])
    assert Filing.objects.get(pk=draft["id"]).state == "draft"


def test_staff_record_papers_as_filed_not_as_drafts(reported: Any, as_staff: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    response = as_staff.post(URL, filing_body(reported, state="draft"), format="json")
    assert response.status_code == 400
    assert "draft is counsel's own" in response.json()["state"][0]


# --- editing a draft (PATCH filings/{id}/) ----------------------------------------------------------------


def test_a_draft_is_edited_field_by_field_and_stays_a_draft(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    response = as_employer.patch(
        f"/api/v1/filings/{draft['id']}/",
        {"title": "Employer's Exceptions, corrected", "served_on": [], "confirmation_number": "EF-7"},
        format="json",
    )
    assert response.status_code == 200, response.content
    edited = response.json()
    assert (edited["title"], edited["served_on"], edited["confirmation_number"]) == (
        "Employer's Exceptions, corrected",
        [],
        "EF-7",
    )
    # Not sent, so kept: the kind, the party and the method of service.
    assert (edited["kind"], edited["party"], edited["service_method"]) == (
        "exceptions",
        reported.employer.pk,
        "e_file",
    )
    assert (edited["state"], edited["received_at"], edited["timely"]) == ("draft", None, None)
    assert not Notification.objects.filter(key__startswith="filing:").exists()
    filed = as_employer.post(f"/api/v1/filings/{draft['id']}/file/", {}, format="json").json()
    assert (filed["state"], filed["title"], filed["confirmation_number"]) == (
        "filed",
        "Employer's Exceptions, corrected",
        "EF-7",
    )


@pytest.mark.parametrize(
    ("body", "field", "words"),
    [
        ({"title": "  "}, "title", "may not be blank"),
        ({"title": "Two\nlines"}, "title", "no line breaks"),
        ({"kind": "response"}, "relates_to", "names the filing it answers"),
        ({"served_on": [999999]}, "served_on", "not a party of"),
        ({"answers": 999999}, "answers", "not a deadline of"),
        ({"party": 1}, "party", "its own side's"),
        ({"state": "filed"}, "state", "filings/{id}/file/"),
        ({"filed_at": "2021-06-10T11:00:00-04:00"}, "filed_at", "when the draft is filed"),
        ({"servedon": [1]}, "servedon", "Unknown field"),
    ],
)
def test_an_edit_is_checked_as_a_filing_is(
    reported: Any, as_employer: Any, frozen_clock: Any, body: dict[str, Any], field: str, words: str
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    response = as_employer.patch(f"/api/v1/filings/{draft['id']}/", body, format="json")
    assert response.status_code == 400, response.content
    assert words in str(response.json()[field])
    assert Filing.objects.get(pk=draft["id"]).title == "Employer's Exceptions"


def test_a_number_already_on_a_filed_paper_is_a_conflict(
    reported: Any, as_employer: Any, as_union: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    body = {
        "kind": "motion",
        "party": reported.union.pk,
        "title": "Union's Motion",
        "confirmation_number": "EF-1",
    }
    assert as_union.post(URL, body, format="json").status_code == 201
    draft = save_draft(reported, as_employer)
    response = as_employer.patch(
        f"/api/v1/filings/{draft['id']}/", {"confirmation_number": "ef-1"}, format="json"
    )
    assert response.status_code == 409
    assert "one e-filing is one paper" in response.json()["detail"]


def test_only_its_own_side_edits_a_draft_and_a_filed_paper_is_not_edited(
    reported: Any, as_employer: Any, as_union: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    draft = save_draft(reported, as_employer)
    url = f"/api/v1/filings/{draft['id']}/"
    assert as_union.patch(url, {"title": "Theirs now"}, format="json").status_code == 404
    assert as_staff.patch(url, {"title": "Staff's now"}, format="json").status_code == 404
    assert Filing.objects.get(pk=draft["id"]).title == "Employer's Exceptions"
    assert as_employer.post(f"{url}file/", {}, format="json").status_code == 200
    again = as_employer.patch(url, {"title": "After the fact"}, format="json")
    assert again.status_code == 409
    assert "only a draft is filed or edited" in again.json()["detail"]
    assert Filing.objects.get(pk=draft["id"]).title == "Employer's Exceptions"
