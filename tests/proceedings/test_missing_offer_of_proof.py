"""Issue 21, item 5: a missing offer of proof is missed, not moot (29 CFR 102.69(a)(8): the objections
"shall contain … a written offer of proof", which "the Regional Director may extend … upon request of a party
showing good cause").

Bessemer's tally of ballots, Friday 2021-04-09 (Region 10, Eastern time); 5 business days counted by hand:
Apr 12, 13, 14, 15, 16 → the objections and their offer of proof are due 2021-04-16 at 11:59 p.m. RWDSU
files its objections on the last day without the offer; in the realistic variant the Regional Director
extends the offer to Friday 2021-04-23.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from objections import services as objection_services
from tests.conftest import World
from tests.proceedings.conftest import TALLY_2021, file_objection

pytestmark = pytest.mark.django_db

EASTERN = ZoneInfo("America/New_York")
FILED = datetime(2021, 4, 16, 15, 0, tzinfo=EASTERN)
EXTENDED_UNTIL = datetime(2021, 4, 23, 23, 59, tzinfo=EASTERN)


def _offer_deadlines(client: APIClient) -> list[tuple[str, str, str]]:
    rows = client.get("/api/v1/deadlines/?case=10-RC-269250").json()["results"]
    return [(d["due_on"], d["source"], d["status"]) for d in rows if d["code"] == "offer_of_proof"]


# (extended?, offer filed when, today) → the offer-of-proof deadlines as the API lists them
CASES = [
    pytest.param(
        False, None, "2021-04-19", [("2021-04-16", "inferred", "missed")], id="no-offer-no-extension"
    ),
    pytest.param(
        True,
        None,
        "2021-04-22",
        [("2021-04-16", "inferred", "moot"), ("2021-04-23", "order", "open")],
        id="extended-still-open",
    ),
    pytest.param(
        True,
        None,
        "2021-04-26",
        [("2021-04-16", "inferred", "moot"), ("2021-04-23", "order", "missed")],
        id="extended-never-filed",
    ),
    pytest.param(
        True,
        datetime(2021, 4, 21, 10, 0, tzinfo=EASTERN),
        "2021-04-26",
        [("2021-04-16", "inferred", "moot"), ("2021-04-23", "order", "met")],
        id="extended-and-filed",
    ),
]


@pytest.mark.parametrize(("extended", "offer_at", "today", "expected"), CASES)
def test_an_offer_of_proof_never_filed_is_missed_once_its_time_has_passed(
    world: World,
    as_staff: APIClient,
    frozen_clock: Any,
    extended: bool,
    offer_at: datetime | None,
    today: str,
    expected: list[tuple[str, str, str]],
) -> None:
    from tests.factories import record_tally

    frozen_clock.at(FILED)
    record_tally(world.election, prepared_at=TALLY_2021, yes=738, votes_against=1798, void=76, challenged=505)
    objection = file_objection(world, world.union, FILED, offer=False)
    if extended:
        frozen_clock.at("2021-04-19")
        objection_services.offer_of_proof_extend(
            objection=objection,
            until=EXTENDED_UNTIL,
            reason="The union asked for a week to gather declarations.",
            actor=world.staff,
            notify=False,
        )
    if offer_at is not None:
        frozen_clock.at(offer_at)
        objection.refresh_from_db()
        objection_services.offer_of_proof_file(objection=objection, filed_at=offer_at, actor=world.staff)
    frozen_clock.at(today)

    assert _offer_deadlines(as_staff) == expected
