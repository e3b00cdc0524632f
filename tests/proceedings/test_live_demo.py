"""The live demo case (``proceedings.demo_live``): whatever day it is loaded, the first run shows an open
objections period open for counsel, a ``next_deadline``, a calendar entry, reminders due, determinative
challenges pending with room in the tally for more — and loading again moves nothing."""

from __future__ import annotations

import io
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from challenges.models import Challenge
from elections import demo as elections_demo
from elections.models import Appearance, Case
from objections.models import Objection
from proceedings import demo_live, notifications
from proceedings.models import Deadline

pytestmark = pytest.mark.django_db


def _as(username: str) -> APIClient:
    from django.contrib.auth import get_user_model

    client = APIClient()
    client.force_authenticate(get_user_model().objects.get(username=username))
    return client


# A Thursday, a Monday after the observed Independence Day, the day after Thanksgiving, and today.
@pytest.mark.parametrize("today", ["2025-12-04", "2026-07-06", "2025-11-28", None])
def test_the_live_case_shows_open_work_to_the_demo_paralegal_whatever_the_day(
    frozen_clock: Any, today: str | None
) -> None:
    if today:
        frozen_clock.at(today, hour=9)
    elections_demo.load_users()
    case = demo_live.load()
    paralegal = _as("paralegal")

    status = paralegal.get(f"/api/v1/cases/{case.number}/status/").json()
    assert status["next_deadline"] is not None
    assert status["next_deadline"]["code"] == "objections"
    assert status["current_election"]["latest_tally"]["challenges_determinative"] is True
    assert status["challenges"]["pending"] == 13
    assert status["current_election"]["latest_tally"]["challenged"] - 13 >= 3  # room for counsel's
    assert status["objections"]["pending"] == 0

    open_deadlines = paralegal.get("/api/v1/deadlines/", {"status": "open", "case": case.number}).json()
    assert open_deadlines["count"] >= 1

    feed_url = paralegal.get("/api/v1/calendar/").json()["url"]
    feed = APIClient().get(urlsplit(feed_url).path)
    assert feed.status_code == 200
    assert b"BEGIN:VEVENT" in feed.content and case.number.encode() in feed.content

    assert notifications.send_deadline_reminders() >= 1
    election = case.elections.get()
    filed = _as("union-counsel").post(
        f"/api/v1/elections/{election.pk}/objections/",
        {"filed_by": case.parties.get(role="petitioner").pk, "category": "threats", "statement": "Closure"},
        format="json",
    )
    assert filed.status_code == 201, filed.json()
    assert Objection.objects.get(election__case=case).timely is True


def test_the_demo_users_appear_on_the_live_case() -> None:
    elections_demo.load_users()
    case = demo_live.load()
    appearing = {(a.user.username, a.party.role) for a in Appearance.objects.filter(party__case=case)}
    assert appearing == {
        ("union-counsel", "petitioner"),
        ("paralegal", "petitioner"),
        ("employer-counsel", "employer"),
    }


def test_loading_the_demo_again_a_week_later_moves_nothing(frozen_clock: Any) -> None:
    frozen_clock.at("2025-12-04", hour=9)
    call_command("load_demo", stdout=io.StringIO())
    before = _snapshot()
    frozen_clock.at("2025-12-11", hour=9)
    call_command("load_demo", stdout=io.StringIO())
    assert _snapshot() == before


def _snapshot() -> dict[str, Any]:
    case = Case.objects.get(number=demo_live.LIVE)
    return {
        "cases": Case.objects.count(),
        "petition": case.petition_filed_on,
        "tallies": [(t.pk, t.prepared_at) for t in case.elections.get().tallies.all()],
        "challenges": Challenge.objects.count(),
        "objections": list(Objection.objects.values_list("pk", "filed_at")),
        "deadlines": list(Deadline.objects.order_by("pk").values_list("pk", "due_on", "status")),
    }
