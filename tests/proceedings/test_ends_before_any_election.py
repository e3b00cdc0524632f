"""The ends of a case before it has any election (issue 22): a petition withdrawn or dismissed, a disclaimer, a
block, recorded on a case with no election row, through the service layer, the API and the admin's typed
forms. The case numbers and dates are constructed for the test; the periods are counted by hand here."""

from __future__ import annotations

import re
from datetime import date, datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core.errors import TransitionNotAllowed
from elections import services as election_services
from elections.models import Case, Election, Party
from proceedings.law.deadlines import Status
from proceedings.models import Deadline, ProceedingEvent
from proceedings.selectors import status as case_status
from tests.factories import CaseFactory, PartyFactory, StaffFactory, record_event, record_tally
from tests.proceedings.conftest import make_staff
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db

EASTERN = ZoneInfo("America/New_York")


def make(number: str) -> tuple[Case, Party, Party, Any]:
    """A petition filed 2024-01-08 in Region 10 (Atlanta, Eastern), no election scheduled."""
    case = cast(
        Case, CaseFactory(number=number, name=f"Employer of {number}", petition_filed_on=date(2024, 1, 8))
    )
    union = cast(Party, PartyFactory(case=case, role=Party.Role.PETITIONER, name="Local 7"))
    employer = cast(Party, PartyFactory(case=case, role=Party.Role.EMPLOYER, name=f"Employer of {number}"))
    return case, union, employer, StaffFactory(username=f"staff-{number}")


def status_of(case: Case) -> dict[str, Any]:
    return case_status.case_status(Case.objects.get(pk=case.pk))


@pytest.mark.parametrize(
    ("event", "details", "outcome"),
    [
        pytest.param(
            "petition_withdrawn",
            {"with_prejudice": False, "approved_by": "regional_director"},
            "withdrawn",
            id="withdrawn",
        ),
        pytest.param("disclaimer_filed", {}, "disclaimed", id="disclaimed"),
        pytest.param(
            "bargaining_order",
            {"basis": "cemex", "ulp_case": "10-CA-300101", "by": "board"},
            "bargaining_order",
            id="board-cemex-order",
        ),
    ],
)
def test_an_end_of_the_case_before_any_election_closes_it(
    frozen_clock: Any, event: str, details: dict[str, Any], outcome: str
) -> None:
    case, union, _employer, staff = make("10-RC-300101")
    frozen_clock.at("2024-02-01", 18)
    if event in ("petition_withdrawn", "disclaimer_filed"):
        details = {**details, "party": union.pk}
    recorded = record_event(case, event, "2024-02-01", actor=staff, **details)
    assert recorded.election is None
    status = status_of(case)
    assert (status["stage"], status["outcome"], status["allowed_events"], status["ending_events"]) == (
        "closed",
        outcome,
        [],
        [],
    )
    assert Case.objects.get(pk=case.pk).status == "closed"
    assert not Deadline.objects.filter(case=case).exists()  # none of these opens a review period
    # Closed before any election: no election can be added to it.
    with nothing_written(), pytest.raises(TransitionNotAllowed) as closed:
        election_services.election_create(case=case, choices=["Local 7"], actor=staff)
    assert f"was closed before any election ({outcome})" in closed.value.detail


def test_a_dismissal_before_any_election_is_reviewed_under_102_71_through_the_api(frozen_clock: Any) -> None:
    case, union, employer, staff = make("10-RC-300102")
    client = APIClient()
    client.force_authenticate(user=staff)
    url = f"/api/v1/cases/{case.number}/proceedings/"

    def post(event: str, on: str, **details: Any) -> Any:
        frozen_clock.at(on, 18)
        return client.post(url, {"event": event, "occurred_on": on, "details": details}, format="json")

    # Not an end of the case: still refused on a case with no election, saying why.
    refused = post("notice_of_hearing", "2024-03-01", hearing_on="2024-03-20")
    assert refused.status_code == 409
    assert "has no tallied election" in refused.json()["detail"]

    dismissed = post(
        "petition_dismissed",
        "2024-03-01",
        by="regional_director",
        reason="No showing of interest",
        administrative=True,
    )
    assert dismissed.status_code == 201, dismissed.content
    assert (dismissed.json()["election"], dismissed.json()["election_sequence"]) == (None, None)
    # 102.71(c): 10 business days after Fri 2024-03-01: Mar 4-8 (5), 11-15 (10): Fri 2024-03-15, 11:59 p.m.
    # Eastern; 102.71(d): 5 business days after that: 18-22: Fri 2024-03-22.
    review = Deadline.objects.get(case=case, code="request_for_review")
    assert (review.election, review.due_at, review.citation) == (
        None,
        datetime(2024, 3, 15, 23, 59, tzinfo=EASTERN),
        "29 CFR 102.71(c)",
    )
    assert Deadline.objects.get(case=case, code="opposition").due_on == date(2024, 3, 22)
    status = client.get(f"/api/v1/cases/{case.number}/status/").json()
    assert (status["stage"], status["outcome"], status["allowed_events"]) == (
        "closed",
        "dismissed",
        ["request_for_review_filed"],
    )
    assert status["next_deadline"]["code"] == "request_for_review"

    # An extension by order replaces the deadline, still the case's before any election.
    from proceedings import services

    frozen_clock.at("2024-03-08", 18)
    extended = services.deadline_set(
        case=case,
        code="request_for_review",
        due_on=date(2024, 3, 29),
        reason="Extension granted",
        actor=staff,
    )
    assert (extended.election, extended.source) == (None, "order")
    assert (
        Deadline.objects.get(case=case, code="request_for_review", source="cfr").status == Status.SUPERSEDED
    )
    assert post("request_for_review_filed", "2024-03-14", party=union.pk).status_code == 201
    assert Deadline.objects.get(pk=extended.pk).status == Status.MET
    assert post("opposition_filed", "2024-03-21", party=employer.pk).status_code == 201
    assert client.get(f"/api/v1/cases/{case.number}/status/").json()["stage"] == "board_review"
    assert post("board_decision", "2024-06-03", outcome="review_denied").status_code == 201
    status = client.get(f"/api/v1/cases/{case.number}/status/").json()
    assert (status["stage"], status["outcome"], status["allowed_events"]) == ("closed", "dismissed", [])
    assert Case.objects.get(pk=case.pk).status == "closed"
    # The timeline and the exports carry what was recorded before any election.
    timeline = client.get(f"/api/v1/cases/{case.number}/timeline/")
    assert timeline.status_code == 200
    assert next(i["title"] for i in timeline.json()["results"] if i["kind"] == "proceeding").startswith(
        "Petition dismissed"
    )
    for kind in ("deadlines", "timeline"):
        export = client.get(f"/api/v1/cases/{case.number}/export/{kind}.csv")
        body = b"".join(export.streaming_content) if export.streaming else export.content
        assert export.status_code == 200 and b"Request for review" in body, kind
    events = client.get(url).json()["results"]
    assert [(e["event"], e["election"]) for e in events] == [
        ("petition_dismissed", None),
        ("request_for_review_filed", None),
        ("opposition_filed", None),
        ("board_decision", None),
    ]


def test_a_block_before_the_election_is_scheduled_holds_the_election_when_it_comes(frozen_clock: Any) -> None:
    case, _union, _employer, staff = make("10-RC-300103")
    frozen_clock.at("2024-02-01", 18)
    block = record_event(
        case,
        "election_blocked",
        "2024-02-01",
        actor=staff,
        ulp_case="10-CA-300103",
        action="election_delayed",
    )
    frozen_clock.at("2024-02-05", 18)
    record_event(case, "case_transferred", "2024-02-05", actor=staff, region=12, reason="Workload")
    status = status_of(case)
    assert (status["stage"], status["outcome"]) == ("blocked", None)
    assert status["ending_events"] == [
        "petition_dismissed",
        "petition_withdrawn",
        "disclaimer_filed",
        "block_lifted",
        "case_transferred",
    ]
    assert Case.objects.get(pk=case.pk).office_region == 12
    # The election is scheduled while the block stands: it takes over what was recorded before it, and
    # its tally waits for the block to be lifted.
    frozen_clock.at("2024-03-01", 18)
    election = election_services.election_create(case=case, choices=["Local 7"], actor=staff)
    assert set(ProceedingEvent.objects.filter(case=case).values_list("election_id", flat=True)) == {
        election.pk
    }
    block.refresh_from_db()
    assert block.history.order_by("-history_id").first().history_change_reason == (
        "taken over by the case's first election"
    )
    assert status_of(case)["stage"] == "blocked"
    with nothing_written(), pytest.raises(TransitionNotAllowed) as held:
        record_tally(election, prepared_at=datetime(2024, 3, 5, 12, tzinfo=EASTERN), yes=10, votes_against=5)
    assert "record block_lifted before its tally" in held.value.detail
    record_event(case, "block_lifted", "2024-03-01", actor=staff, ulp_case="10-CA-300103")
    assert status_of(case)["stage"] == "awaiting_tally"


def test_the_admin_typed_form_records_a_withdrawal_on_a_case_with_no_election(
    frozen_clock: Any, settings: Any
) -> None:
    settings.SESSION_COOKIE_AGE = 5 * 365 * 24 * 3600
    case, union, _employer, _staff = make("10-RC-300104")
    frozen_clock.at("2024-02-01", 18)
    client = Client()
    client.force_login(make_staff(username="director", is_superuser=True))
    chooser = client.get(f"/admin/proceedings/proceedingevent/add/?case={case.pk}")
    assert "Allowed now: Petition dismissed, Petition withdrawn, Disclaimer of interest" in text(
        chooser.content
    )
    url = f"/admin/proceedings/proceedingevent/add/?case={case.pk}&event=petition_withdrawn"
    form = client.get(url)
    assert form.status_code == 200
    posted = client.post(
        url,
        {
            "election": "",
            "occurred_on": "2024-02-01",
            "party": str(union.pk),
            "with_prejudice": "",
            "approved_by": "regional_director",
            "note": "",
        },
    )
    assert posted.status_code == 302, text(posted.content)[:2000]
    event = ProceedingEvent.objects.get(case=case)
    assert (event.event, event.election, Case.objects.get(pk=case.pk).status) == (
        "petition_withdrawn",
        None,
        "closed",
    )
    assert not Election.objects.filter(case=case).exists()
    # The case's ladder draws what was recorded before any election.
    ladder = text(client.get(f"/admin/proceedings/caseladder/{case.pk}/change/").content)
    assert "Before any election — Petition withdrawn" in ladder


def text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))
