"""Issue 21, item 7: a judge's order is recommended (29 CFR 102.46, 102.48(a)).

A realistic consolidated case on the Bessemer docket: the tally of 2021-04-09, objections, the objections
consolidated with a ULP complaint and heard by an ALJ, whose decision of Monday 2021-08-02 sets the election
aside and directs a rerun. Exceptions to the Board are due 28 days later (102.46(a)), counted by hand:
Aug 2 + 28 days = Monday 2021-08-30. The rerun takes effect when the Board adopts the decision, or when the
exceptions period ends with none filed ("automatically become the decision and order of the Board",
102.48(a)) — and only then is the rerun election created.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from elections.models import Election
from proceedings import services
from tests.conftest import World
from tests.factories import record_event, record_tally
from tests.proceedings.conftest import TALLY_2021, file_objection

pytestmark = pytest.mark.django_db

# (what follows the decision, the day the status is read) → stage, outcome, elections, created by the lapse
CASES = [
    pytest.param([], "2021-08-30", "exceptions_period", None, 1, 0, id="last-day-for-exceptions"),
    pytest.param([], "2021-08-31", "rerun_pending", "rerun_ordered", 2, 1, id="lapsed-none-filed"),
    pytest.param(
        [("exceptions_filed", "2021-08-27", {})], "2021-09-15", "board_review", None, 1, 0, id="exceptions"
    ),
    pytest.param(
        [("exceptions_filed", "2021-08-27", {}), ("board_decision", "2021-10-01", {"outcome": "affirmed"})],
        "2021-10-04",
        "rerun_pending",
        "rerun_ordered",
        2,
        0,
        id="board-adopts",
    ),
]


@pytest.mark.parametrize(("after", "today", "stage", "outcome", "elections", "lapsed"), CASES)
def test_an_alj_rerun_takes_effect_on_adoption_or_the_lapse_of_the_exceptions_period(
    world: World,
    as_staff: APIClient,
    frozen_clock: Any,
    after: list[tuple[str, str, dict[str, str]]],
    today: str,
    stage: str,
    outcome: str | None,
    elections: int,
    lapsed: int,
) -> None:
    frozen_clock.at("2021-04-15")
    record_tally(world.election, prepared_at=TALLY_2021, yes=738, votes_against=1798, void=76)
    file_objection(world, world.union, datetime(2021, 4, 15, 12, tzinfo=ZoneInfo("America/New_York")))
    frozen_clock.at("2021-08-02", 17)
    for event, on, details in [
        ("consolidated_with_ulp", "2021-04-26", {"ulp_case": "10-CA-274270", "hearing_on": "2021-05-10"}),
        ("hearing_opened", "2021-05-10", {}),
        ("alj_decision", "2021-08-02", {"outcome": "rerun_election"}),
    ]:
        record_event(world.case, event, on, actor=world.staff, **details)
    assert Election.objects.filter(case=world.case).count() == 1  # recommended: no rerun yet
    for event, on, details in after:
        frozen_clock.at(on, 17)
        record_event(world.case, event, on, actor=world.staff, **details)
    frozen_clock.at(today, 9)

    assert services.recommended_orders_take_effect(actor=world.staff) == lapsed
    status = as_staff.get(f"/api/v1/cases/{world.case.number}/status/").json()
    assert (status["stage"], status["outcome"]) == (stage, outcome)
    assert Election.objects.filter(case=world.case).count() == elections
