"""``tally_record`` asks the ladder before it writes: a certified election's count is settled (29 CFR
102.69(b)-(c)), so a revised tally is refused through the service itself — whichever door it came in by —
and no row of it is ever inserted."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from core.errors import TransitionNotAllowed
from elections import events, services
from elections.models import Tally
from tests.conftest import World
from tests.factories import record_event, record_tally
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db

CENTRAL = ZoneInfo("America/Chicago")


def test_the_service_names_the_ladders_refusal_and_the_ladder_answers_it() -> None:
    assert "proceedings.receivers.refuse_tally" in str(services.tally_record.__doc__)
    assert events.tally_to_record.has_listeners(Tally)


def test_a_revised_tally_after_the_certification_is_refused_by_tally_record_before_it_is_written(
    world: World, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-20")
    tally = datetime(2021, 4, 9, 12, 0, tzinfo=CENTRAL)
    record_tally(world.election, prepared_at=tally, yes=738, votes_against=1798, void=76, challenged=505)
    record_event(world.case, "certification_issued", "2021-04-20", kind="results")

    with (
        nothing_written(),
        CaptureQueriesContext(connection) as queries,
        pytest.raises(TransitionNotAllowed) as refused,
    ):
        services.tally_record(
            election=world.election,
            prepared_at=datetime(2021, 4, 20, 10, 0, tzinfo=CENTRAL),
            votes_for={"RWDSU": 100},
            votes_against=98,
            challenged=150,
            actor=world.staff,
        )

    assert "a revised tally cannot be recorded after it" in refused.value.detail
    assert not [q for q in queries.captured_queries if q["sql"].startswith('INSERT INTO "elections_tally"')]
    assert world.election.tallies.count() == 1
