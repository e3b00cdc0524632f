"""JFK8's papers filed by counsel through the API, with their documents: Amazon.com Services LLC (JFK8) and
the Amazon Labor Union, 29-RC-288020 (Region 29, Brooklyn; 2019 rules by the petition of 2021-12-22).

Amazon's exceptions to the hearing officer's report (2022-09-16), an extension of the time to request
review (asked 2023-01-18, granted to 2023-02-09), Amazon's request for review and the union's opposition —
each with its PDF, each meeting its deadline, each notifying the other side. The extension and the dates
of the request and the opposition are made up for the test (UNVERIFIED against the docket); the due dates
are counted by hand below."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import TestCase
from rest_framework.test import APIClient

from core.models import Notification
from proceedings.models import Deadline
from tests.factories import UserFactory
from tests.filings.pdfs import make_pdf
from tests.proceedings.conftest import make_staff
from tests.proceedings.test_jfk8_story import client_for, ok

NUMBER = "29-RC-288020"
ALU = "Amazon Labor Union"
AMAZON = "Amazon.com Services LLC"


def attach(client: APIClient, filing: int, title: str, content: bytes) -> Any:
    """As the embedded default runs it: the text is read by a task after the upload commits (run here)."""
    upload = SimpleUploadedFile("paper.pdf", content, content_type="application/pdf")
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(
            "/api/v1/documents/", {"file": upload, "filing": filing, "title": title}, format="multipart"
        )


def deadline(code: str) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(case__number=NUMBER, code=code)


@pytest.mark.django_db
def test_jfk8_counsel_file_their_papers_with_documents(frozen_clock: Any) -> None:
    staff = client_for(make_staff(username="board-agent"))
    amazon_counsel = client_for(UserFactory(username="employer-counsel"))
    union_user = UserFactory(username="union-counsel")
    union_counsel = client_for(union_user)
    stranger = client_for(UserFactory(username="stranger"))

    def event(event: str, occurred_on: str, **details: Any) -> Any:
        frozen_clock.at(occurred_on, 17)
        body = {"event": event, "occurred_on": occurred_on, "details": details}
        return ok(staff.post(f"/api/v1/cases/{NUMBER}/proceedings/", body, format="json"))

    frozen_clock.at("2022-01-10")
    case = ok(
        staff.post(
            "/api/v1/cases/",
            {
                "number": NUMBER,
                "name": "Amazon.com Services LLC (JFK8, Staten Island)",
                "petition_filed_on": "2021-12-22",
                "parties": [{"role": "petitioner", "name": ALU}, {"role": "employer", "name": AMAZON}],
            },
            format="json",
        )
    )
    union, employer = (p["id"] for p in sorted(case["parties"], key=lambda p: p["role"] != "petitioner"))
    for user, party in [("union-counsel", union), ("employer-counsel", employer)]:
        body = {"user": user, "party": party, "capacity": "counsel"}
        ok(staff.post(f"/api/v1/cases/{NUMBER}/appearances/", body, format="json"))
    election = ok(
        staff.post(
            "/api/v1/elections/",
            {"case": NUMBER, "kind": "initial", "mode": "manual", "choices": [ALU], "count_on": "2022-03-31"},
            format="json",
        )
    )["id"]
    frozen_clock.at("2022-04-01", 18)
    tally = {"prepared_at": "2022-04-01T15:00:00-04:00", "votes_for": {ALU: 2654}, "votes_against": 2131}
    ok(
        staff.post(
            f"/api/v1/elections/{election}/tallies/", {**tally, "void": 17, "challenged": 67}, format="json"
        )
    )
    frozen_clock.at("2022-04-08", 15)
    objection = ok(
        staff.post(
            f"/api/v1/elections/{election}/objections/",
            {
                "filed_by": employer,
                "category": "board_agent_conduct",
                "statement": "Summary for the test.",
                "filed_at": "2022-04-08T15:00:00-04:00",
                "offer_of_proof_filed_at": "2022-04-08T15:00:00-04:00",
            },
            format="json",
        )
    )["id"]
    event("notice_of_hearing", "2022-04-20", hearing_on="2022-06-13")
    event("hearing_opened", "2022-06-13")
    event("hearing_closed", "2022-07-25")
    event(
        "hearing_officer_report",
        "2022-09-01",
        objection_rulings=[{"objection": objection, "disposition": "recommend_overrule"}],
    )
    # Exceptions: 10 business days from the report of Thu 2022-09-01 — Sep 2 (1), Labor Day Sep 5 skipped,
    # Sep 6-9 (2-5), Sep 12-16 (6-10): due Fri 2022-09-16 at 11:59 p.m. in New York.
    assert deadline("exceptions").due_on.isoformat() == "2022-09-16"

    # 1. Amazon's exceptions, e-filed and served on the union, with the brief attached.
    frozen_clock.at("2022-09-16", 16)
    exceptions = ok(
        amazon_counsel.post(
            f"/api/v1/cases/{NUMBER}/filings/",
            {
                "kind": "exceptions",
                "party": employer,
                "title": "Employer's Exceptions to the Hearing Officer's Report",
                "confirmation_number": "EF-2022-0916-001",
                "served_on": [union],
                "service_method": "e_file",
            },
            format="json",
        )
    )
    assert (exceptions["timely"], exceptions["filing_confirmed"]) == (True, True)
    assert exceptions["answers"] == deadline("exceptions").pk
    assert exceptions["served_on"] == [union]
    assert exceptions["event"] is not None  # the ladder's exceptions_filed, through the one service
    document = ok(attach(amazon_counsel, exceptions["id"], "Exceptions", make_pdf("Hearing officer erred")))
    assert (document["pages"], document["bytes"]) == (1, len(make_pdf("Hearing officer erred")))
    assert deadline("exceptions").status == "met"
    assert Notification.objects.filter(key=f"filing:{exceptions['id']}:filed", recipient=union_user).exists()
    assert not Notification.objects.filter(key=f"filing:{exceptions['id']}:filed").exclude(
        recipient=union_user
    )

    # The union reads and downloads Amazon's brief; a stranger gets the same 404 as for nothing at all.
    download = union_counsel.get(f"/api/v1/documents/{document['id']}/download/")
    assert download.status_code == 200
    assert download["Content-Disposition"].startswith("attachment")
    assert b"".join(download.streaming_content) == make_pdf("Hearing officer erred")
    assert stranger.get(f"/api/v1/documents/{document['id']}/download/").status_code == 404
    assert stranger.get("/api/v1/documents/999999/download/").status_code == 404
    found = ok(union_counsel.get("/api/v1/filings/", {"q": "erred"}), 200)["results"]
    assert [f["id"] for f in found] == [exceptions["id"]]

    event(
        "regional_director_decision",
        "2023-01-11",
        outcome="certify_representative",
        objection_rulings=[{"objection": objection, "disposition": "overruled"}],
    )
    # Request for review: 10 business days after Wed 2023-01-11 — Jan 12-13 (1-2), MLK Day Jan 16 skipped,
    # Jan 17-20 (3-6), Jan 23-26 (7-10): due Thu 2023-01-26. Opposition 5 business days after that: Jan 27
    # (1), Jan 30-Feb 2 (2-5): Thu 2023-02-02.
    assert deadline("request_for_review").due_on.isoformat() == "2023-01-26"
    assert deadline("opposition").due_on.isoformat() == "2023-02-02"

    # 2. Amazon asks for more time on 2023-01-18 (6 business days before the due date: no grounds needed).
    frozen_clock.at("2023-01-18", 11)
    extension = ok(
        amazon_counsel.post(
            f"/api/v1/cases/{NUMBER}/filings/",
            {
                "kind": "extension_request",
                "party": employer,
                "title": "Employer's Request for an Extension of Time to File a Request for Review",
                "answers": deadline("request_for_review").pk,
                "served_on": [union],
                "service_method": "email",
            },
            format="json",
        )
    )
    assert (extension["timely"], extension["ruling"]) == (True, "")
    ok(attach(amazon_counsel, extension["id"], "Extension request", make_pdf("Extension of time")))
    frozen_clock.at("2023-01-19", 10)
    ruled = ok(
        staff.post(
            f"/api/v1/filings/{extension['id']}/ruling/",
            {
                "ruling": "granted",
                "decided_on": "2023-01-19",
                "by": "board",
                "until": "2023-02-09",
                "details": {"all_parties": True},  # the Board's order: for every party
            },
            format="json",
        ),
        200,
    )
    assert (ruled["ruling"], ruled["until"]) == ("granted", "2023-02-09")
    moved = deadline("request_for_review")
    assert (moved.due_on.isoformat(), moved.source, moved.pk) == (
        "2023-02-09",
        "order",
        ruled["order_deadline"],
    )
    # The opposition runs from the new due date: Feb 10 (1), Feb 13-16 (2-5): Thu 2023-02-16.
    assert deadline("opposition").due_on.isoformat() == "2023-02-16"
    assert Notification.objects.filter(key=f"filing:{extension['id']}:ruled", recipient=union_user).exists()
    # The calendar feed (and the reminders, which read the same deadlines) carry the new date.
    feed_url = ok(union_counsel.get("/api/v1/calendar/"), 200)["url"]
    feed = APIClient().get("/api/v1/" + feed_url.split("/api/v1/", 1)[1]).content.decode()
    assert "DTSTART;VALUE=DATE:20230209" in feed  # the request for review, extended
    assert "DTSTART;VALUE=DATE:20230216" in feed and "DTSTART;VALUE=DATE:20230202" not in feed  # opposition

    # 3. Amazon's request for review on 2023-02-08 — after the original due date, inside the extension.
    frozen_clock.at("2023-02-08", 20)
    request = ok(
        amazon_counsel.post(
            f"/api/v1/cases/{NUMBER}/filings/",
            {
                "kind": "request_for_review",
                "party": employer,
                "title": "Request for Review",
                "served_on": [union],
            },
            format="json",
        )
    )
    assert (request["timely"], request["answers"]) == (True, moved.pk)
    ok(attach(amazon_counsel, request["id"], "Request for review", make_pdf("Compelling reasons")))
    assert deadline("request_for_review").status == "met"

    # 4. The union's opposition on 2023-02-15.
    frozen_clock.at("2023-02-15", 12)
    opposition = ok(
        union_counsel.post(
            f"/api/v1/cases/{NUMBER}/filings/",
            {
                "kind": "opposition",
                "party": union,
                "title": "Opposition to the Request for Review",
                "served_on": [employer],
            },
            format="json",
        )
    )
    ok(attach(union_counsel, opposition["id"], "Opposition", make_pdf("No compelling reasons")))
    assert (opposition["timely"], deadline("opposition").status) == (True, "met")
    amazon_user = UserFactory(username="employer-counsel")
    assert Notification.objects.filter(key=f"filing:{opposition['id']}:filed", recipient=amazon_user).exists()

    listed = ok(amazon_counsel.get(f"/api/v1/cases/{NUMBER}/filings/"), 200)["results"]
    assert [(f["kind"], len(f["documents"])) for f in listed] == [
        ("exceptions", 1),
        ("extension_request", 1),
        ("request_for_review", 1),
        ("opposition", 1),
    ]
    timeline = ok(staff.get(f"/api/v1/cases/{NUMBER}/timeline/"), 200)
    assert "request_for_review_filed" in str(timeline) and "opposition_filed" in str(timeline)
