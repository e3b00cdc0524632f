"""Issue 21, item 8: consolidated consent elections (29 CFR 102.69(c)(1)(ii), (c)(2)).

A realistic consent election (102.62(a)) on the Bessemer docket whose objections were consolidated with a
ULP complaint: tally 2021-04-09, objections filed 2021-04-15, consolidated 2021-04-26 for a hearing on
2021-05-10, the judge's decision of 2021-08-02. "In any proceeding wherein the election has been held
pursuant to § 102.62(a) or (c) and the representation case has been consolidated with an unfair labor
practice proceeding …, the Administrative Law Judge shall, after issuing a decision, sever the representation
case and transfer it to the Regional Director" (102.69(c)(1)(ii)); the Regional Director's decision is then
final, "not subject to Board review" (102.69(c)(2)).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from elections.models import Election
from proceedings.models import Deadline
from tests.conftest import World
from tests.factories import record_event, record_tally
from tests.proceedings.conftest import TALLY_2021, file_objection, post_event

pytestmark = pytest.mark.django_db


def _heard_by_a_judge(world: World, frozen_clock: Any, agreement: str) -> Any:
    Election.objects.filter(pk=world.election.pk).update(agreement=agreement)
    world.election.refresh_from_db()
    frozen_clock.at("2021-04-15")
    record_tally(world.election, prepared_at=TALLY_2021, yes=738, votes_against=1798, void=76)
    objection = file_objection(
        world, world.union, datetime(2021, 4, 15, 12, tzinfo=ZoneInfo("America/New_York"))
    )
    frozen_clock.at("2021-08-02", 17)
    for event, on, details in [
        ("consolidated_with_ulp", "2021-04-26", {"hearing_on": "2021-05-10"}),
        ("hearing_opened", "2021-05-10", {}),
        ("alj_decision", "2021-08-02", {}),
    ]:
        record_event(world.case, event, on, actor=world.staff, **details)
    return objection


@pytest.mark.parametrize(
    ("agreement", "status", "stage"),
    [("consent", 201, "awaiting_regional_director"), ("stipulated", 409, "exceptions_period")],
)
def test_the_judge_severs_and_transfers_a_consent_election_only(
    world: World, as_staff: APIClient, frozen_clock: Any, agreement: str, status: int, stage: str
) -> None:
    _heard_by_a_judge(world, frozen_clock, agreement)

    response = post_event(as_staff, "severed_and_transferred", "2021-08-02")

    assert response.status_code == status, response.json()
    case = as_staff.get(f"/api/v1/cases/{world.case.number}/status/").json()
    assert case["stage"] == stage
    if status == 201:
        assert "regional_director_decision" in case["allowed_events"]
        assert "board_decision" not in case["allowed_events"]
    else:
        assert "102.69(c)(1)(ii)" in response.json()["detail"]


def test_a_consent_certification_is_final_with_no_review_stage(
    world: World, as_staff: APIClient, frozen_clock: Any
) -> None:
    objection = _heard_by_a_judge(world, frozen_clock, "consent")
    record_event(world.case, "severed_and_transferred", "2021-08-02", actor=world.staff)
    frozen_clock.at("2021-08-16", 17)

    decided = post_event(
        as_staff,
        "regional_director_decision",
        "2021-08-16",
        outcome="certify_results",
        objection_rulings=[{"objection": objection.pk, "disposition": "overruled"}],
    )

    assert decided.status_code == 201, decided.json()
    case = as_staff.get(f"/api/v1/cases/{world.case.number}/status/").json()
    assert (case["stage"], case["outcome"]) == ("certified", "results_certified")
    assert "review_period" not in [p["stage"] for p in case["path"]]
    assert "request_for_review_filed" not in case["allowed_events"]
    assert not Deadline.objects.filter(code__in=["request_for_review", "opposition"]).exists()
