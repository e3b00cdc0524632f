"""Datetimes in answers carry the regional office's UTC offset, not ``Z`` (issue 24): Region 10 (Atlanta) in
April is EDT, UTC-4."""

from __future__ import annotations

import io
import re
from datetime import UTC, datetime
from typing import Any

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from elections.models import Case
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


UTC_TIME = re.compile(r"^\d{4}-\d\d-\d\dT[\d:.]+(Z|\+00:00)$")


def _ids() -> dict[str, str]:
    """A record of each kind the demo holds, for the placeholders of the API's paths."""
    from challenges.models import Challenge
    from elections.models import Election
    from filings.models import Filing
    from notes.models import Note
    from objections.models import Objection
    from proceedings.models import Deadline

    def last(model: Any) -> str:
        row = model.objects.order_by("-pk").first()
        return str(row.pk) if row is not None else ""

    return {
        "number": "10-RC-269250",
        "election_id": last(Election),
        "challenge_id": last(Challenge),
        "objection_id": last(Objection),
        "deadline_id": last(Deadline),
        "filing_id": last(Filing),
        "note_id": last(Note),
    }


def _utc_times(data: Any, path: str = "") -> set[str]:
    if isinstance(data, dict):
        return set().union(*(_utc_times(v, f"{path}.{k}") for k, v in data.items()))
    if isinstance(data, list):
        return set().union(*(_utc_times(v, f"{path}[]") for v in data[:5]))
    return {path} if isinstance(data, str) and UTC_TIME.match(data) else set()


def test_no_answer_of_the_api_gives_a_case_time_in_utc() -> None:
    """Every JSON answer the API root lists (lists, their records, the case's status, timeline and history),
    read with the demo loaded: no datetime in UTC (``Z`` or ``+00:00``); each is on its office's clock."""
    call_command("load_demo", stdout=io.StringIO())
    note_services.note_create(
        case=Case.objects.get(number="10-RC-269250"), body="x", visibility="case", actor=_staff()
    )
    ids = _ids()
    as_staff = APIClient()
    as_staff.force_authenticate(_staff())
    paths = [
        e["path"]
        for e in as_staff.get("/api/v1/").json()["endpoints"]
        if "GET" in e["methods"]
        and not re.search(r"schema|docs|health|import|calendar|documents|export", e["path"])
    ]
    in_utc: dict[str, set[str]] = {}
    for template in paths:
        path = re.sub(r"\{(\w+)\}", lambda m: ids.get(m[1], ""), template)
        if "//" in path:
            continue  # no record of that kind in the demo
        response = as_staff.get(path, {"page_size": 5})
        assert response.status_code == 200, (path, response.status_code)
        found = _utc_times(response.json())
        if found:
            in_utc[template] = found
    assert in_utc == {}, "\n".join(f"{k}: {sorted(v)}" for k, v in in_utc.items())


def _staff() -> Any:
    from django.contrib.auth import get_user_model

    return get_user_model().objects.get(username="staff")
