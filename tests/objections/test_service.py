"""Service of objections and of filings (issue 30, item 18): required by the rules, and flagged — on the paper,
in the other side's notice and at the staff queue — when a paper reached no other party.

The rules' words:
- 29 CFR 102.69(a)(8): "The party filing the objections shall serve a copy of the objections [...] on each
  of the other parties to the case, and include a certificate of such service with the objections."
- 29 CFR 102.2(c): "Requests for extension of time must be in writing and must be served simultaneously on
  the other parties."

The Bessemer tally: Friday 2021-04-09; objections due 5 business days later — Apr 12-16 (Mon-Fri) — Friday
2021-04-16, 11:59 p.m. Eastern. Filed here Thursday 2021-04-15, noon: timely."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from staff.workqueue import work_queue
from tests.conftest import World
from tests.objections.conftest import payload, url

pytestmark = pytest.mark.django_db
FILED = "2021-04-15T12:00:00-04:00"
NOT_SERVED = "Not served on any other party (29 CFR 102.69(a)(8))."


@pytest.mark.parametrize(
    ("service", "flag"),
    [
        # Served on the employer, with a certificate: nothing to flag.
        ({"served_on": "employer", "certificate_of_service": True}, ""),
        # Served on no one: "not served", with the rule.
        ({}, NOT_SERVED),
        # Served on the filer itself only: still no other party.
        ({"served_on": "union", "certificate_of_service": True}, NOT_SERVED),
        # Served, but no certificate "with the objections".
        ({"served_on": "employer"}, "No certificate of service filed (29 CFR 102.69(a)(8))."),
    ],
    ids=["served-with-certificate", "served-on-no-one", "served-on-itself", "no-certificate"],
)
def test_an_objections_service_is_kept_and_flagged(
    as_union: Any, tallied: World, frozen_clock: Any, service: dict[str, Any], flag: str
) -> None:
    frozen_clock.at("2021-04-15", 12)
    body = payload(tallied.union, filed_at=FILED, service_method="e_file", confirmation_number="EF-1")
    if "served_on" in service:
        body["served_on"] = [getattr(tallied, service["served_on"]).pk]
    body["certificate_of_service"] = service.get("certificate_of_service", False)
    response = as_union.post(url(tallied.election), body, format="json")
    assert response.status_code == 201, response.content
    kept = response.json()
    assert kept["service_flag"] == flag
    assert (kept["service_method"], kept["confirmation_number"]) == ("e_file", "EF-1")
    assert kept["certificate_of_service"] is body["certificate_of_service"]
    assert kept["served_on"] == ([tallied.employer.pk] if service.get("served_on") == "employer" else [])


def test_the_other_sides_notice_says_not_served_and_what_is_due_whose_and_when(
    as_union: Any, tallied: World, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-15", 12)
    response = as_union.post(url(tallied.election), payload(tallied.union, filed_at=FILED), format="json")
    assert response.status_code == 201
    notice = Notification.objects.get(recipient=tallied.employer_counsel)
    assert "Served on: not served. " + NOT_SERVED in notice.body
    # What is due, whose, and when: not a bare "Due April 16".
    assert "Objections to election 1 (any party's) are due April 16, 2021, 11:59 p.m. EDT" in notice.body
    assert (
        "RWDSU's offer of proof in support is still owed, due April 16, 2021, 11:59 p.m. EDT" in notice.body
    )


def test_the_staff_queue_says_an_objection_was_not_served(
    as_union: Any, tallied: World, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-15", 12)
    as_union.post(url(tallied.election), payload(tallied.union, filed_at=FILED), format="json")
    served = payload(
        tallied.union, filed_at=FILED, served_on=[tallied.employer.pk], certificate_of_service=True
    )
    as_union.post(url(tallied.election), served, format="json")
    (section,) = [s for s in work_queue().sections if s.key == "objections"]
    (line,) = section.lines
    assert line.what.endswith(
        "2 objection(s) pending (RWDSU); 1 not served or without a certificate of service (29 CFR 102.69(a)(8))"
    )


def test_service_on_a_party_of_another_case_is_refused_naming_the_field(
    as_union: Any, tallied: World, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-15", 12)
    stranger = tallied.other_case.parties.get()
    body = payload(tallied.union, filed_at=FILED, served_on=[stranger.pk])
    response = as_union.post(url(tallied.election), body, format="json")
    assert response.status_code == 400
    assert "is not a party of 10-RC-269250" in response.json()["served_on"][0]
