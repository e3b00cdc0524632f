"""DRF throttles: per signed-in user and per anonymous address, with rates from the settings."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from access.tokens import token_issue

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _clean_cache() -> None:
    cache.clear()


def _as(user) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=user)}")
    return client


def test_a_user_past_the_rate_gets_429_with_retry_after_and_others_do_not(world, settings) -> None:
    settings.API_THROTTLE_USER = "3/minute"
    union, employer = _as(world.union_counsel), _as(world.employer_counsel)
    assert [union.get("/api/v1/cases/").status_code for _ in range(3)] == [200, 200, 200]
    refused = union.get("/api/v1/cases/")
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert employer.get("/api/v1/cases/").status_code == 200


def test_the_user_rate_counts_the_user_not_the_token(world, settings) -> None:
    settings.API_THROTTLE_USER = "2/minute"
    first = _as(world.paralegal)
    first.get("/api/v1/cases/")
    session = APIClient()
    session.force_login(type(world.paralegal).objects.get(pk=world.paralegal.pk))
    session.get("/api/v1/cases/")
    assert first.get("/api/v1/cases/").status_code == 429


def test_anonymous_calls_are_throttled_per_address(world, settings) -> None:
    """Guessing calendar-feed tokens, for instance."""
    settings.API_THROTTLE_ANON = "4/minute"
    guesser = APIClient(REMOTE_ADDR="203.0.113.9")
    answers = [guesser.get(f"/api/v1/calendar/{'x' * 30}{n}.ics").status_code for n in range(5)]
    assert answers == [404, 404, 404, 404, 429]
    assert APIClient(REMOTE_ADDR="203.0.113.10").get(f"/api/v1/calendar/{'x' * 31}.ics").status_code == 404


def test_a_forged_x_forwarded_for_does_not_escape_the_anonymous_throttle(world, settings) -> None:
    settings.API_THROTTLE_ANON = "60/minute"
    codes = [
        APIClient(REMOTE_ADDR="203.0.113.20", HTTP_X_FORWARDED_FOR=f"10.1.{n}.1, 10.2.{n}.2")
        .get(f"/api/v1/calendar/{'x' * 31}.ics")
        .status_code
        for n in range(66)
    ]
    assert codes[:60] == [404] * 60 and set(codes[60:]) == {429}


def test_an_anonymous_call_is_counted_once_at_the_anonymous_rate(world, settings) -> None:
    settings.API_THROTTLE_ANON = "3/minute"
    settings.API_THROTTLE_USER = "1/minute"  # a signed-in user's rate: not an anonymous caller's
    guesser = APIClient(REMOTE_ADDR="203.0.113.11")
    answers = [guesser.get(f"/api/v1/calendar/{'y' * 30}{n}.ics").status_code for n in range(4)]
    assert answers == [404, 404, 404, 429]


def test_health_is_never_throttled(settings) -> None:
    settings.API_THROTTLE_ANON = "1/minute"
    client = APIClient()
    assert {client.get("/api/v1/health/").status_code for _ in range(3)} == {200}


def test_off_means_no_limit(world, settings) -> None:
    settings.API_THROTTLE_USER = "off"
    client = _as(world.paralegal)
    assert {client.get("/api/v1/cases/").status_code for _ in range(30)} == {200}


def test_with_the_cache_unreachable_calls_still_succeed(world, settings) -> None:
    settings.API_THROTTLE_USER = "1/minute"
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": "redis://127.0.0.1:1/0",
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    client = _as(world.paralegal)
    assert [client.get("/api/v1/cases/").status_code for _ in range(2)] == [200, 200]


def test_a_bug_in_the_throttles_cache_is_raised_not_taken_for_an_outage(world, settings) -> None:
    """Only a cache that cannot be reached turns the throttle off; any other error would silently disable
    it for good, so it is raised."""
    settings.API_THROTTLE_USER = "1/minute"
    settings.CACHES = {"default": {"BACKEND": "tests.access.buggy_cache.BuggyCache"}}
    client = APIClient()
    client.force_authenticate(world.paralegal)
    with pytest.raises(TypeError, match="a bug"):
        client.get("/api/v1/cases/")
