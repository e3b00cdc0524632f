"""Filing a paper: who may, by when, what it answers and whom it is served on — and what a refusal says.
Dates counted by hand in the ``reported`` fixture (exceptions due Tue 2021-06-15, 11:59 p.m. Eastern)."""

from __future__ import annotations

from typing import Any

import pytest

from filings import services
from filings.models import Filing
from proceedings.models import Deadline, ProceedingEvent
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


def exceptions_deadline() -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(code="exceptions")


def nothing_written() -> bool:
    return (
        not Filing.objects.exists() and not ProceedingEvent.objects.filter(event="exceptions_filed").exists()
    )


def test_exceptions_are_due_on_the_date_counted_by_hand(reported: Any) -> None:
    assert exceptions_deadline().due_on.isoformat() == "2021-06-15"


def test_counsel_file_for_their_own_party_only(reported: Any, as_union: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    response = as_union.post(URL, filing_body(reported), format="json")
    assert response.status_code == 403
    assert "You are not counsel for Amazon.com Services LLC" in response.json()["detail"]
    assert nothing_written()


def test_a_paralegal_does_not_sign_a_filing(reported: Any, as_paralegal: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    body = filing_body(reported, party=reported.union.pk)
    assert as_paralegal.post(URL, body, format="json").status_code == 403


def test_a_counsel_filing_after_the_due_time_is_refused_with_the_due_time_zone_and_rule(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at(
        "2021-06-16", 0, 5
    )  # five minutes past midnight, Eastern: the period closed at 11:59 p.m.
    response = as_employer.post(URL, filing_body(reported), format="json")
    assert response.status_code == 400
    message = response.json()["filed_at"][0]
    assert "June 15, 2021, 11:59 p.m. EDT" in message
    assert "America/New_York" in message and "102.69(c)(1)(iii)" in message
    assert nothing_written()


def test_staff_record_a_late_filing_flagged_untimely(reported: Any, as_staff: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-17", 10)
    response = as_staff.post(URL, filing_body(reported), format="json")
    assert response.status_code == 201, response.content
    assert (response.json()["timely"], response.json()["filing_confirmed"]) == (False, True)


def test_a_stated_time_inside_the_period_received_after_it_waits_for_staff(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-16", 9)
    body = filing_body(reported, filed_at="2021-06-15T22:00:00-04:00", confirmation_number="EF-1")
    response = as_employer.post(URL, body, format="json")
    assert response.status_code == 201, response.content
    filed = response.json()
    assert (filed["timely"], filed["filing_confirmed"], filed["confirmation_number"]) == (None, False, "EF-1")
    assert filed["filed_at"] == "2021-06-15T22:00:00-04:00"
    assert filed["received_at"] == "2021-06-16T09:00:00-04:00"
    confirmed = services.filing_confirm(filing=Filing.objects.get(), actor=reported.staff)
    assert (confirmed.timely, confirmed.filing_confirmed) == (True, True)


def test_a_timely_filing_records_the_ladder_event_and_meets_the_deadline(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-15", 23, 30)
    body = filing_body(reported, served_on=[reported.union.pk], service_method="e_file")
    filed = as_employer.post(URL, body, format="json").json()
    event = ProceedingEvent.objects.get(pk=filed["event"])
    assert (event.event, event.party_id, event.occurred_on.isoformat()) == (
        "exceptions_filed",
        reported.employer.pk,
        "2021-06-15",
    )
    assert (filed["timely"], filed["answers"], filed["served_on"]) == (
        True,
        exceptions_deadline().pk,
        [reported.union.pk],
    )
    assert exceptions_deadline().status == "met"


def test_a_party_of_another_case_in_served_on_is_a_400(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    stranger_party = reported.other_case.parties.get()
    body = filing_body(reported, served_on=[reported.union.pk, stranger_party.pk])
    response = as_employer.post(URL, body, format="json")
    assert response.status_code == 400
    assert f"Party {stranger_party.pk} is not a party of 10-RC-269250" in response.json()["served_on"][0]
    assert nothing_written()


def test_a_kind_that_does_not_exist_is_a_400_listing_the_kinds(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    response = as_employer.post(URL, filing_body(reported, kind="brief"), format="json")
    assert response.status_code == 400
    assert (
        "cross_exceptions" in response.json()["kind"][0] and "extension_request" in response.json()["kind"][0]
    )


def test_a_reply_brief_with_no_answering_brief_is_a_400_naming_the_kind(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    response = as_employer.post(URL, filing_body(reported, kind="reply_brief"), format="json")
    assert response.status_code == 400
    assert "No period for a reply brief" in response.json()["kind"][0]
    assert nothing_written()


def test_an_opposition_with_no_request_for_review_is_a_400(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    response = as_employer.post(URL, filing_body(reported, kind="opposition"), format="json")
    assert response.status_code == 400 and "kind" in response.json()


def test_a_response_names_the_filing_it_answers(reported: Any, as_union: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    body = filing_body(reported, kind="response", party=reported.union.pk)
    assert "relates_to" in as_union.post(URL, body, format="json").json()


def test_the_other_side_reads_the_filing_and_a_stranger_gets_a_404(
    reported: Any, as_employer: Any, as_paralegal: Any, as_stranger: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    filed = as_employer.post(URL, filing_body(reported), format="json").json()
    assert as_paralegal.get(f"/api/v1/filings/{filed['id']}/").status_code == 200
    assert as_stranger.get(f"/api/v1/filings/{filed['id']}/").status_code == 404
    assert as_stranger.get(URL).status_code == 404
    assert as_stranger.get("/api/v1/filings/").json()["results"] == []


def test_a_paper_dated_before_the_petition_is_a_400(reported: Any, as_staff: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    response = as_staff.post(
        URL, filing_body(reported, kind="other", filed_at="1999-12-31T19:00:00-05:00"), format="json"
    )
    assert response.status_code == 400
    assert "petitioned on 2020-11-20" in response.json()["filed_at"][0]
    assert nothing_written()


def test_blank_rulings_and_methods_answer_as_blank(reported: Any, as_union: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-10", 12)
    body = filing_body(reported, kind="motion", party=reported.union.pk)
    filed = as_union.post(URL, body, format="json").json()
    assert (filed["ruling"], filed["by"], filed["service_method"]) == ("", "", "")
