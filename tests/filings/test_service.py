"""A request for an extension of time served on no one (issue 30, item 18) is accepted and flagged — on the
paper, in the other side's notice and at the staff queue. 29 CFR 102.2(c): "Requests for extension of time
must be in writing and must be served simultaneously on the other parties."

Dates: the hearing officer's report of Tue 2021-06-01; exceptions due Tue 2021-06-15 (``reported``). The
request is filed Mon 2021-06-07: business days to the due date are Jun 8, 9, 10, 11, 14, 15 — more than 3, so no
unforeseeable grounds are needed (102.2(c))."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from proceedings.models import Deadline
from staff.workqueue import work_queue
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"
NOT_SERVED = "Not served on any other party (29 CFR 102.2(c), 102.69(g), 102.67(i)(3))."


@pytest.mark.parametrize(
    ("served", "flag"),
    [(True, ""), (False, NOT_SERVED)],
    ids=["served-on-the-union", "served-on-no-one"],
)
def test_an_extension_request_served_on_no_one_is_flagged_everywhere(
    reported: Any, as_employer: Any, frozen_clock: Any, served: bool, flag: str
) -> None:
    frozen_clock.at("2021-06-07", 12)
    deadline = Deadline.objects.exclude(status="superseded").get(code="exceptions")
    body = filing_body(
        reported,
        kind="extension_request",
        title="Motion for an extension of time to file exceptions",
        answers=deadline.pk,
        served_on=[reported.union.pk] if served else [],
    )
    response = as_employer.post(URL, body, format="json")
    assert response.status_code == 201, response.content
    assert response.json()["service_flag"] == flag
    notice = Notification.objects.get(recipient=reported.union_counsel)
    assert ("Served on: not served." in notice.body) is not served
    assert (NOT_SERVED in notice.body) is not served
    (section,) = [s for s in work_queue().sections if s.key == "rulings"]
    assert section.lines[0].what.endswith(f" — {NOT_SERVED}") is not served


def test_the_exceptions_notice_says_what_is_now_due_whose_and_when(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    """Issue 32: a notice says what is due, whose, and when. Exceptions filed Thu 2021-06-10 under the 2019
    rules; the answering brief is due 5 business days after the last day for exceptions (Tue Jun 15): Jun 16
    (1), 17 (2), Fri Jun 18 skipped (Juneteenth, observed: a federal holiday, 102.2(a)), 21 (3), 22 (4), 23
    (5) — Wed 2021-06-23 (29 CFR 102.69(c)(1)(iii))."""
    frozen_clock.at("2021-06-10", 12)
    response = as_employer.post(URL, filing_body(reported, served_on=[reported.union.pk]), format="json")
    assert response.status_code == 201, response.content
    notice = Notification.objects.get(recipient=reported.union_counsel)
    assert "\nNow due (any party): Answering brief" in notice.body
    assert "Answering brief to exceptions, June 23, 2021, 11:59 p.m. EDT" in notice.body
