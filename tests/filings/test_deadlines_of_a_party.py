"""A party's papers meet and extend that party's own deadlines only (issue 31; issue 36, item 2).

Exceptions are due Tue 2021-06-15 (the ``reported`` fixture: the hearing officer's report of Tue 2021-06-01,
10 business days); the answering brief 5 business days after: Jun 16 (1), 17 (2), Juneteenth observed Fri
06-18 skipped, Jun 21-23 (3-5): Wed 2021-06-23."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from proceedings.models import Deadline
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


def live(code: str) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(code=code)


def rows(client: Any, code: str) -> dict[str, Any]:
    listed = client.get("/api/v1/deadlines/?case=10-RC-269250").json()["results"]
    return next(d for d in listed if d["code"] == code)


def test_the_union_cannot_meet_the_employers_deadline_by_naming_it(
    reported: Any, as_union: Any, as_staff: Any, frozen_clock: Any
) -> None:
    """The attack of issue 36 item 2: union counsel files a paper whose ``answers`` names a deadline set for the
    employer alone (an order), hoping to make it read met and drop out of the employer's calendar."""
    frozen_clock.at("2021-06-09", 12)
    employers = as_staff.post(
        "/api/v1/cases/10-RC-269250/deadlines/",
        {
            "code": "exceptions",
            "due_on": "2021-06-22",
            "reason": "Order of 2021-06-08 extending the employer's time",
            "party": reported.employer.pk,
        },
        format="json",
    )
    assert employers.status_code == 201, employers.content
    body = filing_body(
        reported, party=reported.union.pk, title="Union's exceptions", answers=employers.json()["id"]
    )
    refused = as_union.post(URL, body, format="json")
    assert refused.status_code == 400
    assert "is not RWDSU's but Amazon.com Services LLC's" in refused.json()["answers"][0]
    assert Deadline.objects.get(pk=employers.json()["id"]).status == "open"
    # Nor may it ask more time on it.
    ask = filing_body(
        reported,
        kind="extension_request",
        party=reported.union.pk,
        title="More time",
        answers=employers.json()["id"],
    )
    assert as_union.post(URL, ask, format="json").status_code == 400


def test_the_agencys_hearing_date_is_no_partys_to_meet(
    reported: Any, as_union: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    hearing = Deadline.objects.filter(code="hearing").exclude(status="superseded").first()
    assert hearing is not None
    body = filing_body(reported, kind="other", party=reported.union.pk, title="Paper", answers=hearing.pk)
    refused = as_union.post(URL, body, format="json")
    assert refused.status_code == 400 and "is the agency's" in refused.json()["answers"][0]


def test_an_extension_granted_to_the_employer_moves_its_row_only_and_the_answering_brief_with_it(
    reported: Any, as_employer: Any, as_union: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    exceptions = live("exceptions")
    ask = filing_body(reported, kind="extension_request", title="More time", answers=exceptions.pk)
    request = as_employer.post(URL, ask, format="json").json()
    frozen_clock.at("2021-06-11", 12)
    ruled = as_staff.post(
        f"/api/v1/filings/{request['id']}/ruling/",
        {"ruling": "granted", "decided_on": "2021-06-11", "by": "regional_director", "until": "2021-06-29"},
        format="json",
    )
    assert ruled.status_code == 200, ruled.content
    assert (ruled.json()["details"], ruled.json()["order_deadline"]) == ({"all_parties": False}, None)
    notice = Notification.objects.filter(key=f"filing:{request['id']}:ruled").first()
    assert notice is not None
    assert (
        "For Amazon.com Services LLC alone, the exceptions to the hearing officer's report is now due "
        "June 29, 2021, 11:59 p.m. EDT; the other parties' dates stand." in notice.body
    ), notice.body
    # The deadline itself stays; the employer's row is due Tue 2021-06-29 at 11:59 p.m. Eastern.
    assert live("exceptions").due_on.isoformat() == "2021-06-15"
    assert rows(as_employer, "exceptions")["due_at"] == "2021-06-29T23:59:00-04:00"
    assert rows(as_union, "exceptions")["due_at"] == "2021-06-15T23:59:00-04:00"
    by_party = {p["party"]: p["due_at"] for p in rows(as_staff, "exceptions")["parties"]}
    assert by_party == {
        reported.union.pk: "2021-06-15T23:59:00-04:00",
        reported.employer.pk: "2021-06-29T23:59:00-04:00",
    }
    # The answering brief runs from the last day exceptions may be filed (102.46(b)(1) "from the last date
    # on which exceptions ... may be filed"): Jun 30 (1), Jul 1-2 (2-3), Jul 5 observed holiday skipped,
    # Jul 6-7 (4-5): Wed 2021-07-07, for every party.
    assert rows(as_union, "answering_brief")["due_at"] == "2021-07-07T23:59:00-04:00"
    # After Jun 15 the union's right lapsed unused (moot to it); the employer's time still runs.
    frozen_clock.at("2021-06-16", 12)
    assert rows(as_union, "exceptions")["status"] == "moot"
    assert rows(as_employer, "exceptions")["status"] == "open"
    filed = as_employer.post(URL, filing_body(reported), format="json")
    assert filed.status_code == 201, filed.content
    assert filed.json()["timely"] is True
    staff_view = rows(as_staff, "exceptions")
    assert {p["party"]: (p["status"], p["met_by"]) for p in staff_view["parties"]} == {
        reported.union.pk: ("waived", None),
        reported.employer.pk: ("met", filed.json()["id"]),
    }


def test_an_extension_is_not_moot_while_another_partys_time_runs(
    reported: Any, as_employer: Any, as_union: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-09", 12)
    union_exceptions = filing_body(reported, party=reported.union.pk, title="Union's exceptions")
    assert as_union.post(URL, union_exceptions, format="json").status_code == 201
    ask = filing_body(reported, kind="extension_request", title="More time", answers=live("exceptions").pk)
    asked = as_employer.post(URL, ask, format="json")
    assert asked.status_code == 201, asked.content
    again = filing_body(
        reported,
        kind="extension_request",
        party=reported.union.pk,
        title="More",
        answers=live("exceptions").pk,
    )
    refused = as_union.post(URL, again, format="json")
    assert refused.status_code == 409 and "met for RWDSU" in refused.json()["detail"]
