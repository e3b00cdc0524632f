"""Issue 21, item 3: a revised tally keeps every earlier step of the ladder.

The story of tests/proceedings/test_no_certification_in_an_open_window.py, without a recorded investigation step:
the tally of ballots of 2026-11-12 leaves 8 determinative challenged ballots, so when its period closes
(Nov 13, 16, 17, 18, 19 → 2026-11-19) the Region investigates (102.69(c)(1)). The revised tally of
2026-12-03 opens a 102.69(e) window to 2026-12-10 for objections to it; it does not reopen the first period,
so the investigation begun on 2026-11-19 stays in the path.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from challenges.services import challenges_open_and_count
from tests.conftest import World
from tests.factories import log_challenge, record_tally, resolve_challenge

pytestmark = pytest.mark.django_db

ATLANTA = ZoneInfo("America/New_York")
TALLY = datetime(2026, 11, 12, 18, 0, tzinfo=ATLANTA)
REVISED = datetime(2026, 12, 3, 11, 0, tzinfo=ATLANTA)
BEFORE = [("objections_period", "2026-11-12"), ("regional_investigation", "2026-11-19")]


def _path(client: APIClient, world: World) -> tuple[str, list[tuple[str, str]]]:
    status = client.get(f"/api/v1/cases/{world.case.number}/status/").json()
    return status["stage"], [(entry["stage"], entry["on"]) for entry in status["path"]]


@pytest.mark.parametrize(
    ("today", "revised", "stage", "path"),
    [
        ("2026-12-02", False, "regional_investigation", BEFORE),
        ("2026-12-04", True, "regional_investigation", BEFORE),  # inside the revised tally's window
        ("2026-12-11", True, "regional_investigation", BEFORE),  # after it
    ],
)
def test_a_revised_tally_keeps_the_steps_before_it(
    world: World,
    as_staff: APIClient,
    frozen_clock: Any,
    today: str,
    revised: bool,
    stage: str,
    path: list[tuple[str, str]],
) -> None:
    frozen_clock.at("2026-11-20")
    record_tally(world.election, prepared_at=TALLY, yes=117, votes_against=113, challenged=8)
    challenges = [log_challenge(world.election, f"Voter {n}", by=world.employer) for n in range(8)]
    frozen_clock.at("2026-12-01")
    for n, challenge in enumerate(challenges):
        resolve_challenge(challenge, "sustained" if n < 4 else "overruled", decided_on=date(2026, 12, 1))
    if revised:
        frozen_clock.at(REVISED)
        challenges_open_and_count(
            election=world.election,
            votes_for={"RWDSU": 4},
            votes_against=0,
            prepared_at=REVISED,
            actor=world.staff,
        )
    frozen_clock.at(today)

    assert _path(as_staff, world) == (stage, path)
    timeline = as_staff.get(f"/api/v1/cases/{world.case.number}/timeline/").json()
    kinds = (
        [item["kind"] for item in timeline["results"]]
        if "results" in timeline
        else [item["kind"] for item in timeline]
    )
    assert (kinds.count("tally"), kinds.count("revised_tally")) == (1, 1 if revised else 0)
