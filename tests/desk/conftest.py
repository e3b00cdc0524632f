"""The counsel desk's fixtures: the Bessemer tally of Friday, April 9, 2021 (noon in Atlanta), and browsers
signed in with a session."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.messages import get_messages
from django.test import Client

from tests.conftest import FrozenClock, World
from tests.factories import record_tally

CASE = "/desk/cases/10-RC-269250/"


def signed_in(user: Any) -> Client:
    user.save()  # the factory sets the password without saving it: the session's hash must match the row
    client = Client()
    client.force_login(user)
    return client


def said(response: Any) -> list[str]:
    return [str(m) for m in get_messages(response.wsgi_request)]


@pytest.fixture
def tallied(world: World, frozen_clock: FrozenClock) -> World:
    """The tally of ballots with three challenged ballots, none logged yet; today is Monday, April 12."""
    frozen_clock.at("2021-04-12", 10)
    record_tally(
        world.election,
        prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        yes=10,
        votes_against=9,
        challenged=3,
    )
    return world
