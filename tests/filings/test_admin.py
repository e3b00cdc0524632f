"""The staff desk: a filing's page (documents, provenance, service), the work queue's motions awaiting a
ruling, and the ruling recorded from the admin through the same service."""

from __future__ import annotations

import io
from datetime import date, datetime
from typing import Any

import pytest
from django.test import Client

from filings import services
from filings.models import Filing
from proceedings.models import Deadline
from tests.filings.pdfs import make_pdf
from tests.proceedings.conftest import EASTERN, make_staff

pytestmark = pytest.mark.django_db


@pytest.fixture
def desk() -> Client:
    client = Client()
    client.force_login(make_staff(username="director", is_superuser=True))
    return client


@pytest.fixture
def request_for_time(reported: Any, frozen_clock: Any) -> Filing:
    frozen_clock.at("2021-06-09", 12)
    exceptions = Deadline.objects.exclude(status="superseded").get(code="exceptions")
    filing = services.filing_file(
        case=reported.case,
        kind="extension_request",
        party=reported.employer,
        title="Request for more time to file exceptions",
        filed_at=datetime(2021, 6, 9, 11, tzinfo=EASTERN),
        answers=exceptions,
        served_on=[reported.union.pk],
        service_method="email",
        confirmation_number="EF-77",
        actor=reported.employer_counsel,
    )
    services.document_attach(
        filing=filing, upload=io.BytesIO(make_pdf("Good cause")), title="The request", actor=reported.staff
    )
    return filing


def rule_from_the_desk(desk: Client, filing: Filing, *, until: str, all_parties: bool = True) -> Any:
    """The admin action "Rule on …", applied: a grant of an extension until ``until`` (for every party)."""
    form = {"ruling": "granted", "decided_on": "2021-06-10", "by": "regional_director", "until": until}
    if all_parties:
        form["all_parties"] = "on"
    action = {"action": "rule_on_it", "_selected_action": [filing.pk], "apply": "1"}
    return desk.post("/admin/filings/filing/", {**action, **form})


def test_a_filings_page_shows_its_documents_provenance_and_service(
    desk: Client, request_for_time: Filing
) -> None:
    page = desk.get(f"/admin/filings/filing/{request_for_time.pk}/change/").content.decode()
    for expected in (
        "Request for more time to file exceptions",
        "June 9, 2021, 11:00 a.m. EDT",  # stated
        "Received by the tracker",
        "RWDSU",  # served on
        "EF-77",
        "The request",
        "Download (PDF)",
        "Exceptions to the hearing officer&#x27;s report, due June 15, 2021, 11:59 p.m. EDT",
    ):
        assert expected in page, expected


def test_the_work_queue_lists_motions_awaiting_a_ruling_and_staff_rule_from_the_desk(
    desk: Client, request_for_time: Filing, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 9)
    home = desk.get("/admin/").content.decode()
    assert "Motions and extension requests awaiting a ruling" in home
    assert "Request for more time to file exceptions" in home
    listed = desk.get("/admin/filings/filing/?awaiting=yes&case=10-RC-269250").content.decode()
    assert "Request for more time to file exceptions" in listed
    applied = rule_from_the_desk(desk, request_for_time, until="2021-06-22")
    assert applied.status_code == 302
    moved = Deadline.objects.exclude(status="superseded").get(code="exceptions")
    assert (moved.due_on, moved.source) == (date(2021, 6, 22), "order")
    assert "granted; now due 2021-06-22" in desk.get("/admin/").content.decode()  # the message, once
    assert "Request for more time" not in desk.get("/admin/").content.decode()  # and off the queue


def test_an_extension_ruled_from_the_desk_moves_the_requesting_partys_time_alone_by_default(
    desk: Client, request_for_time: Filing, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 9)
    applied = rule_from_the_desk(desk, request_for_time, until="2021-06-22", all_parties=False)
    assert applied.status_code == 302
    general = Deadline.objects.exclude(status="superseded").get(code="exceptions")
    assert general.due_on == date(2021, 6, 15)
    row = general.party_rows.get(party=request_for_time.party)
    assert row.extended_by_filing_id == request_for_time.pk
    assert (
        f"granted; now due 2021-06-22 for {request_for_time.party.name} alone"
        in desk.get("/admin/").content.decode()
    )


def test_a_ruling_the_service_refuses_is_shown_on_the_form(
    desk: Client, request_for_time: Filing, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 9)
    page = rule_from_the_desk(desk, request_for_time, until="2021-06-01")
    assert page.status_code == 200
    assert "is not after it" in page.content.decode()
    assert Filing.objects.get(pk=request_for_time.pk).ruling == ""
