"""A time typed without a UTC offset is read on the regional office's clock and the answer says so (issue 24):
the tally of ballots and the revised tally of an open-and-count, whose times start the objections periods."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from rest_framework.test import APIClient

from elections.models import Tally
from tests.conftest import FrozenClock, World

pytestmark = pytest.mark.django_db

NOTE = (
    "prepared_at was given without a UTC offset: read as 2021-04-09T12:00:00-04:00 (EDT), on the regional "
    "office's clock (America/New_York)."
)


@pytest.mark.parametrize(
    ("typed", "stored", "explained"),
    [
        # Noon in Atlanta in April (EDT, UTC-4) is 16:00 UTC, not noon UTC.
        ("2021-04-09T12:00", datetime(2021, 4, 9, 16, 0, tzinfo=UTC), True),
        ("2021-04-09T12:00:00-05:00", datetime(2021, 4, 9, 17, 0, tzinfo=UTC), False),
    ],
)
def test_a_tally_time_without_an_offset_is_read_in_atlanta(
    as_staff: APIClient,
    world: World,
    frozen_clock: FrozenClock,
    typed: str,
    stored: datetime,
    explained: bool,
) -> None:
    frozen_clock.at("2021-04-12")
    response = as_staff.post(
        f"/api/v1/elections/{world.election.pk}/tallies/",
        {"prepared_at": typed, "votes_for": {"RWDSU": 10}, "votes_against": 9},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert Tally.objects.get().prepared_at == stored
    assert response.json()["explanation"].endswith(" " + NOTE) is explained
