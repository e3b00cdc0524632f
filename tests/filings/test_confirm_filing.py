"""Staff confirm a filing's stated time as they do an objection's (product.md v1.4, issue 31 item 5):
``POST filings/{id}/confirm-filing/``. Dates from the ``reported`` fixture, counted by hand there: exceptions
due Tue 2021-06-15, 11:59 p.m. Eastern (29 CFR 102.2(b): e-filed by 11:59 p.m. in the office's zone)."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from filings.models import Filing
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


def _waiting(reported: Any, as_employer: Any, frozen_clock: Any) -> dict[str, Any]:
    """Exceptions stated as filed 10 p.m. on the due day, which reached the tracker at 9 a.m. the next
    morning: inside the period by the filer's word, after it by the tracker's clock."""
    frozen_clock.at("2021-06-16", 9)
    body = filing_body(reported, filed_at="2021-06-15T22:00:00-04:00")
    filed = as_employer.post(URL, body, format="json")
    assert filed.status_code == 201, filed.content
    assert (filed.json()["timely"], filed.json()["filing_confirmed"]) == (None, False)
    return dict(filed.json())


def test_staff_confirm_a_stated_time_that_waits_and_counsel_are_told(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    filing = _waiting(reported, as_employer, frozen_clock)
    response = as_staff.post(f"/api/v1/filings/{filing['id']}/confirm-filing/", {}, format="json")
    assert response.status_code == 200, response.content
    assert (response.json()["timely"], response.json()["filing_confirmed"]) == (True, True)
    notice = Notification.objects.get(
        key=f"filing:{filing['id']}:filing-confirmed", recipient=reported.union_counsel
    )
    assert notice.subject == (
        "10-RC-269250: filing time of Amazon.com Services LLC's exceptions confirmed as timely"
    )
    assert "June 15, 2021, 10:00 p.m. EDT" in notice.body and "June 16, 2021, 9:00 a.m. EDT" in notice.body


def test_staff_record_a_waiting_paper_as_late(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    filing = _waiting(reported, as_employer, frozen_clock)
    response = as_staff.post(f"/api/v1/filings/{filing['id']}/confirm-filing/", {"late": True}, format="json")
    assert response.status_code == 200, response.content
    assert (response.json()["timely"], response.json()["filing_confirmed"]) == (False, True)
    assert (
        "recorded as late"
        in Notification.objects.get(
            key=f"filing:{filing['id']}:filing-confirmed", recipient=reported.union_counsel
        ).subject
    )


def test_a_settled_time_is_a_409_and_counsel_may_not_confirm(
    reported: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    filing = _waiting(reported, as_employer, frozen_clock)
    url = f"/api/v1/filings/{filing['id']}/confirm-filing/"
    assert as_employer.post(url, {}, format="json").status_code == 403
    assert Filing.objects.get(pk=filing["id"]).filing_confirmed is False
    assert as_staff.post(url, {}, format="json").status_code == 200
    again = as_staff.post(url, {"late": True}, format="json")
    assert again.status_code == 409
    assert "already settled; timely: True" in again.json()["detail"]
    assert Filing.objects.get(pk=filing["id"]).timely is True
