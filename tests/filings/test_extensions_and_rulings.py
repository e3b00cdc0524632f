"""Extensions of time (29 CFR 102.2(c)) and rulings on motions. Exceptions are due Tue 2021-06-15 (the
``reported`` fixture); the answering brief 5 business days after: Jun 16 (1), 17 (2), Juneteenth observed
Fri 06-18 skipped, Jun 21-23 (3-5): Wed 2021-06-23."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from filings.law import extensions
from filings.models import Filing
from proceedings.models import Deadline
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


def live(code: str) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(code=code)


def ask(client: Any, world: Any, **fields: Any) -> Any:
    fields = {"answers": live("exceptions").pk, **fields}
    body = filing_body(world, kind="extension_request", title="Request for an extension", **fields)
    return client.post(URL, body, format="json")


def rule(client: Any, filing: int, **fields: Any) -> Any:
    body = {"ruling": "granted", "decided_on": "2021-06-11", "by": "regional_director", **fields}
    return client.post(f"/api/v1/filings/{filing}/ruling/", body, format="json")


def test_the_answering_brief_is_due_on_the_date_counted_by_hand(reported: Any) -> None:
    assert live("answering_brief").due_on.isoformat() == "2021-06-23"


def test_a_request_four_business_days_ahead_needs_no_grounds(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)  # Wed: Jun 10, 11, 14, 15 — four business days before the due date
    response = ask(as_employer, reported)
    assert response.status_code == 201, response.content
    assert (response.json()["timely"], response.json()["ruling"]) == (True, "")


def test_a_request_within_three_business_days_without_grounds_is_a_400_naming_the_field(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)  # Thu: Jun 11, 14, 15 — within 3 days
    response = ask(as_employer, reported)
    assert response.status_code == 400
    assert "not reasonably foreseeable" in response.json()["unforeseeable_grounds"][0]
    assert not Filing.objects.exists()
    grounded = ask(as_employer, reported, unforeseeable_grounds="Lead counsel hospitalized on 2021-06-10.")
    assert grounded.status_code == 201, grounded.content


def test_a_late_request_is_refused_for_counsel_and_untimely_when_staff_record_it(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-16", 9)
    refused = ask(as_employer, reported, unforeseeable_grounds="Storm.")
    assert refused.status_code == 400
    assert "no later than the due date (29 CFR 102.2(c))" in refused.json()["filed_at"][0]
    recorded = ask(as_staff, reported)
    assert recorded.status_code == 201, recorded.content
    assert recorded.json()["timely"] is False


def test_the_objections_deadline_is_never_extended(reported: Any, as_staff: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-06-09", 12)
    objections = Deadline.objects.filter(code="objections").first()
    assert objections is not None
    response = ask(as_staff, reported, answers=objections.pk)
    assert response.status_code == 400
    assert "102.69(a)(8)" in response.json()["answers"][0]


def test_a_granted_extension_moves_the_deadline_and_what_is_counted_from_it(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    request = ask(as_employer, reported).json()
    frozen_clock.at("2021-06-11", 12)
    ruled = rule(as_staff, request["id"], until="2021-06-29", details={"all_parties": True})
    assert ruled.status_code == 200, ruled.content
    assert ruled.json()["details"] == {"all_parties": True}
    moved = live("exceptions")
    assert (moved.due_on, moved.source, moved.pk) == (
        date(2021, 6, 29),
        "order",
        ruled.json()["order_deadline"],
    )
    # Answering brief from the new due date: Jun 30 (1), Jul 1-2 (2-3), Jul 5 (Independence Day observed)
    # skipped, Jul 6-7 (4-5): Wed 2021-07-07.
    assert live("answering_brief").due_on == date(2021, 7, 7)
    # Counsel may now file on 2021-06-28, after the original due date.
    frozen_clock.at("2021-06-28", 12)
    filed = as_employer.post(URL, filing_body(reported), format="json")
    assert filed.status_code == 201, filed.content
    assert (filed.json()["timely"], filed.json()["answers"]) == (True, moved.pk)


def test_a_denied_extension_leaves_the_deadline(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    request = ask(as_employer, reported).json()
    frozen_clock.at("2021-06-11", 12)
    assert rule(as_staff, request["id"], ruling="denied").status_code == 200
    assert live("exceptions").due_on == date(2021, 6, 15)


def test_rulings_refuse_what_does_not_fit(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    request = ask(as_employer, reported).json()
    exceptions = as_employer.post(URL, filing_body(reported), format="json").json()
    frozen_clock.at("2021-06-11", 12)
    assert rule(as_employer, request["id"], until="2021-06-29").status_code == 403
    earlier = rule(as_staff, request["id"], until="2021-06-14")
    assert earlier.status_code == 400 and "is not after it" in earlier.json()["until"][0]
    assert "until" in rule(as_staff, request["id"]).json()
    assert rule(as_staff, request["id"], decided_on="2021-06-08", until="2021-06-29").status_code == 400
    not_a_motion = rule(as_staff, exceptions["id"])
    assert (
        not_a_motion.status_code == 409
        and "Only motions and extension requests" in not_a_motion.json()["detail"]
    )
    assert rule(as_staff, request["id"], until="2021-06-29").status_code == 200
    twice = rule(as_staff, request["id"], ruling="denied")
    assert twice.status_code == 409 and "already ruled on" in twice.json()["detail"]


def test_a_motion_is_ruled_on_without_moving_anything(
    reported: Any, as_union: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    body = filing_body(reported, kind="motion", party=reported.union.pk, title="Motion to reopen the record")
    motion = as_union.post(URL, body, format="json").json()
    assert (motion["answers"], motion["timely"]) == (None, True)
    frozen_clock.at("2021-06-11", 12)
    ruled = rule(as_staff, motion["id"], ruling="denied", by="hearing_officer")
    assert (ruled.json()["ruling"], ruled.json()["by"], ruled.json()["until"]) == (
        "denied",
        "hearing_officer",
        None,
    )
    assert live("exceptions").due_on == date(2021, 6, 15)


@pytest.mark.parametrize(
    ("filed_on", "due_on", "needs"),
    [
        (date(2021, 6, 15), date(2021, 6, 15), True),  # on the due date
        (date(2021, 6, 10), date(2021, 6, 15), True),  # Thu: Fri, Mon, Tue
        (date(2021, 6, 9), date(2021, 6, 15), False),  # Wed: four business days
        (date(2021, 6, 11), date(2021, 6, 16), True),  # Fri: Mon, Tue, Wed — the weekend does not count
        (date(2021, 6, 16), date(2021, 6, 15), False),  # late: refused as late, not for grounds
    ],
)
def test_within_three_days_counts_business_days(filed_on: date, due_on: date, needs: bool) -> None:
    from elections.law.calendar import is_business_day

    assert extensions.needs_grounds(filed_on, due_on, is_business_day) is needs
