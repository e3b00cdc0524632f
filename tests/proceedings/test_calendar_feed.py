"""The iCalendar feed: a secret, revocable URL that serves the open deadlines of the user's cases, no login."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from icalendar import Calendar
from rest_framework.test import APIClient

from tests.factories import record_tally
from tests.proceedings.conftest import EASTERN, make_case, make_election


def feed_path(client: Any) -> str:
    response = client.get("/api/v1/calendar/")
    assert response.status_code == 200
    return "/api/v1/" + response.json()["url"].split("/api/v1/", 1)[1]


def test_the_feed_url_is_stable_until_rotated_and_the_old_one_then_answers_404(
    tallied: Any, as_paralegal: Any
) -> None:
    first = feed_path(as_paralegal)
    assert first == feed_path(as_paralegal)
    assert first.startswith("/api/v1/calendar/") and first.endswith(".ics")
    rotated = as_paralegal.post("/api/v1/calendar/rotate/")
    assert rotated.status_code == 201
    second = "/api/v1/" + rotated.json()["url"].split("/api/v1/", 1)[1]
    assert second != first
    anonymous = APIClient()
    assert anonymous.get(first).status_code == 404
    assert anonymous.get(second).status_code == 200
    assert feed_path(as_paralegal) == second


def test_the_feed_serves_the_open_deadlines_of_the_users_cases_as_all_day_events(
    tallied: Any, as_paralegal: Any, frozen_clock: Any
) -> None:
    other = make_case(number="29-RC-300003", petition_filed_on=date(2022, 1, 3))
    record_tally(
        make_election(case=other, sequence=1), prepared_at=datetime(2021, 4, 9, 12, tzinfo=EASTERN), yes=2
    )
    response = APIClient().get(feed_path(as_paralegal))  # no credentials: the token is the credential
    assert response.status_code == 200
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    calendar = Calendar.from_ical(response.content)
    events = sorted(calendar.walk("VEVENT"), key=lambda e: (e.decoded("dtstart"), str(e["summary"])))
    assert [(e.decoded("dtstart"), e.decoded("dtend"), str(e["summary"])) for e in events] == [
        # 2019 figures are inferred (the sections the 2023 rule left in place): flagged for a lawyer to check.
        (
            date(2021, 4, 16),
            date(2021, 4, 17),
            "10-RC-269250: Objections and offer of proof due (UNVERIFIED)",
        ),
        (
            date(2021, 4, 16),
            date(2021, 4, 17),
            "10-RC-269250: Offer of proof in support of objections due (UNVERIFIED)",
        ),
        (
            date(2021, 4, 30),
            date(2021, 5, 1),
            "10-RC-269250: Post-election hearing opens (target) target date (UNVERIFIED)",
        ),
    ]
    description = str(events[0]["description"])
    assert "due April 16, 2021, 11:59 p.m. EDT (29 CFR 102.2(b))" in description
    assert "Rule: 29 CFR 102.69(a)(8) (2019 rules)." in description
    assert "Source: inferred (no rule text for this rule set; check it) (not verified)." in description
    assert str(events[0]["uid"]).startswith("deadline-")
    # A target is a day the Region aims for, never "due … 11:59 p.m." (issue 24).
    hearing = str(events[2]["description"])
    assert "target date April 30, 2021 (a target for the Region, not a filing deadline)." in hearing
    assert "11:59" not in hearing
    # Once they pass, they leave the feed.
    frozen_clock.at("2021-04-19")
    later = Calendar.from_ical(APIClient().get(feed_path(as_paralegal)).content)
    assert [str(e["summary"]) for e in later.walk("VEVENT")] == [
        "10-RC-269250: Post-election hearing opens (target) target date (UNVERIFIED)"
    ]


def test_an_unknown_token_is_a_404_and_the_feed_url_needs_a_login(
    world: Any, api: Any, as_stranger: Any
) -> None:
    assert api.get("/api/v1/calendar/" + "x" * 43 + ".ics").status_code == 404
    assert api.get("/api/v1/calendar/short.ics").status_code == 404
    assert api.get("/api/v1/calendar/").status_code == 401
    assert api.post("/api/v1/calendar/rotate/").status_code == 401
    stranger_feed = APIClient().get(feed_path(as_stranger))
    assert Calendar.from_ical(stranger_feed.content).walk("VEVENT") == []


def test_an_inactive_users_feed_is_a_404(tallied: Any, as_paralegal: Any) -> None:
    path = feed_path(as_paralegal)
    tallied.paralegal.is_active = False
    tallied.paralegal.save()
    assert APIClient().get(path).status_code == 404


def test_the_database_holds_no_feed_secret_only_its_digest(tallied: Any, as_paralegal: Any) -> None:
    """Issue 36, item 10: a copy of the database (a backup, the admin) gives no one a working feed URL."""
    import hashlib

    from proceedings.models import CalendarFeed

    secret = feed_path(as_paralegal).removeprefix("/api/v1/calendar/").removesuffix(".ics")
    [row] = CalendarFeed.objects.values()
    assert secret not in {str(v) for v in row.values()}
    assert row["token_digest"] == hashlib.sha256(secret.encode()).hexdigest()
    assert APIClient().get(f"/api/v1/calendar/{row['token_digest']}.ics").status_code == 404


def test_a_feed_issued_before_hashing_keeps_working_until_its_owner_asks_for_the_url(
    tallied: Any, as_paralegal: Any
) -> None:
    """What migration 0010 leaves of a feed stored in clear: its digest, no salt."""
    import hashlib

    from proceedings.models import CalendarFeed

    old = "legacy-secret-stored-in-clear-0123456789abc"
    CalendarFeed.objects.create(
        user=tallied.paralegal, salt="", token_digest=hashlib.sha256(old.encode()).hexdigest()
    )
    assert APIClient().get(f"/api/v1/calendar/{old}.ics").status_code == 200
    new = feed_path(as_paralegal)
    assert new != f"/api/v1/calendar/{old}.ics" and new == feed_path(as_paralegal)
    assert APIClient().get(new).status_code == 200
    assert APIClient().get(f"/api/v1/calendar/{old}.ics").status_code == 404
