"""Datetimes in answers carry the regional office's UTC offset, not ``Z`` (issue 24): Region 10 (Atlanta) in
April is EDT, UTC-4."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from rest_framework.test import APIClient

from notes import services as note_services
from tests.conftest import FrozenClock, World
from tests.factories import log_challenge, record_tally

pytestmark = pytest.mark.django_db


def test_tallies_challenges_notes_and_cases_answer_on_the_offices_clock(
    as_union: APIClient, world: World, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at("2021-04-12", 10)  # 10 a.m. in Atlanta: 14:00 UTC
    record_tally(
        world.election,
        prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        yes=10,
        votes_against=9,
        challenged=1,
    )
    log_challenge(world.election, by=world.union, actor=world.union_counsel)
    note_services.note_create(case=world.case, body="x", visibility="case", actor=world.union_counsel)
    tally = as_union.get(f"/api/v1/elections/{world.election.pk}/tallies/").json()["results"][0]
    assert tally["prepared_at"] == "2021-04-09T12:00:00-04:00"
    challenge = as_union.get("/api/v1/challenges/?case=10-RC-269250").json()["results"][0]
    assert challenge["logged_at"] == "2021-04-12T10:00:00-04:00"
    note = as_union.get("/api/v1/notes/").json()["results"][0]
    assert note["created_at"] == "2021-04-12T10:00:00-04:00"
    status = as_union.get("/api/v1/cases/10-RC-269250/status/").json()
    assert status["current_election"]["latest_tally"]["prepared_at"] == "2021-04-09T12:00:00-04:00"
