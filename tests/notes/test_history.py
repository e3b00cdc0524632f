"""``cases/{number}/history/``: every change under a case, who made it, each field before and after."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from challenges.models import Challenge
from notes import services as note_services
from tests.conftest import World
from tests.factories import log_challenge, resolve_challenge

pytestmark = pytest.mark.django_db

URL = "/api/v1/cases/10-RC-269250/history/"


def log(world: World, n: int) -> list[Challenge]:
    return [
        log_challenge(
            world.election,
            f"Voter {n}-{i}",
            voter_identifier=f"E-{n}-{i}",
            by=world.union,
            ground="supervisor",
            actor=world.union_counsel,
        )
        for i in range(n)
    ]


def everything(client: APIClient) -> list[dict[str, Any]]:
    return client.get(URL, {"page_size": 500}).json()["results"]


def test_only_staff_read_the_history(
    world: World, as_union: APIClient, as_paralegal: APIClient, as_stranger: APIClient, api: APIClient
) -> None:
    assert as_union.get(URL).status_code == 403
    assert as_paralegal.get(URL).status_code == 403
    assert as_stranger.get(URL).status_code == 404
    assert api.get(URL).status_code == 401


def test_a_change_shows_who_when_which_record_and_the_fields_before_and_after(
    world: World, as_staff: APIClient
) -> None:
    (challenge,) = log(world, 1)
    resolve_challenge(
        challenge, "sustained", method="agreement", decided_on=date(2021, 5, 1), actor=world.staff
    )
    entries = [e for e in everything(as_staff) if e["record"] == {"type": "challenge", "id": challenge.pk}]
    created, resolved = entries
    assert (created["action"], created["user"]) == ("created", "ucounsel")
    assert created["changes"]["voter_name"] == {"before": None, "after": "Voter 1-0"}
    assert (resolved["action"], resolved["user"]) == ("changed", "agent")
    assert resolved["changes"]["status"] == {"before": "pending", "after": "sustained"}
    assert resolved["changes"]["resolved_on"] == {"before": None, "after": "2021-05-01"}
    assert "voter_name" not in resolved["changes"]
    assert created["at"] <= resolved["at"]


def test_everything_under_the_case_is_there_oldest_first_and_nothing_of_another_case(
    world: World, as_staff: APIClient
) -> None:
    log(world, 1)
    note_services.note_create(case=world.case, body="case note", visibility="case", actor=world.union_counsel)
    note_services.note_create(case=world.case, body="side note", visibility="side", actor=world.union_counsel)
    note_services.note_create(
        case=world.other_case, body="elsewhere", visibility="case", actor=world.stranger
    )
    entries = everything(as_staff)
    kinds = {e["record"]["type"] for e in entries}
    assert {"case", "party", "appearance", "election", "challenge", "note"} <= kinds
    bodies = [e["changes"].get("body", {}).get("after") for e in entries if e["record"]["type"] == "note"]
    assert bodies == ["case note"]
    assert [e["at"] for e in entries] == sorted(e["at"] for e in entries)


def test_a_page_is_read_in_the_same_number_of_queries_however_long_the_history(
    world: World, as_staff: APIClient
) -> None:
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            response = as_staff.get(URL, {"page_size": 10, "page": 2})
            assert response.status_code == 200
            assert len(response.json()["results"]) == 10
        return len(captured)

    log(world, 15)
    few = queries()
    log(world, 30)
    assert queries() == few


def test_the_case_pages_history_button_shows_the_case_wide_history(world: World, admin_client: Any) -> None:
    """Issue 24: the admin's HISTORY button showed the case row's own "Created". It shows what the API's
    history shows — here a challenge logged and resolved — with choices by their labels."""
    (challenge,) = log(world, 1)
    resolve_challenge(
        challenge, "sustained", method="agreement", decided_on=date(2021, 5, 1), actor=world.staff
    )
    page = admin_client.get(f"/admin/elections/case/{world.case.pk}/history/")
    assert page.status_code == 200
    text = page.content.decode()
    assert f"Challenge {challenge.pk}" in text
    assert "Voter 1-0" in text and "ucounsel" in text
    assert "Sustained (ballot not counted) (sustained)" in text
    assert "Petitioner (petitioner)" in text
    assert admin_client.get("/admin/elections/case/999999/history/").status_code == 404
