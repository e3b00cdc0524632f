"""Remembered token lookups (``access/token_cache.py``): no database query for credentials on a repeated
call, and every change made through the ORM seen at once."""

from __future__ import annotations

from typing import Any
from unittest import mock

import pytest
from django.core.cache import cache
from rest_framework.test import APIClient

from access import token_cache
from access.models import ApiToken
from access.tokens import token_issue

pytestmark = pytest.mark.django_db

ROOT = "/api/v1/"


@pytest.fixture(autouse=True)
def remembered(settings: Any) -> Any:
    settings.API_TOKEN_CACHE_SECONDS = 60
    cache.clear()
    yield
    cache.clear()


def _get(key: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client.get(ROOT).status_code


def test_a_repeated_call_reads_no_token_from_the_database(world: Any, django_assert_num_queries: Any) -> None:
    key = token_issue(user=world.staff)
    assert _get(key) == 200
    with django_assert_num_queries(0):
        assert _get(key) == 200


def test_a_rotated_key_answers_401_at_once(world: Any) -> None:
    old = token_issue(user=world.union_counsel)
    assert _get(old) == 200
    new = token_issue(user=world.union_counsel)
    assert (_get(old), _get(new)) == (401, 200)


def test_a_lookup_remembered_by_another_process_before_the_commit_is_forgotten_at_it(
    world: Any, django_capture_on_commit_callbacks: Any
) -> None:
    old = token_issue(user=world.union_counsel)
    assert _get(old) == 200
    token = ApiToken.objects.select_related("user").get(user=world.union_counsel)
    with django_capture_on_commit_callbacks(execute=True):
        token_issue(user=world.union_counsel)
        # Another worker, reading the row the rotation has not committed yet, remembers the old key again.
        token_cache.remember(token)
        assert _get(old) == 200
    assert _get(old) == 401


def test_a_deleted_token_answers_401_at_once(world: Any) -> None:
    key = token_issue(user=world.paralegal)
    assert _get(key) == 200
    ApiToken.objects.get(user=world.paralegal).delete()
    assert _get(key) == 401


def test_a_user_made_inactive_answers_401_at_once(world: Any) -> None:
    key = token_issue(user=world.paralegal)
    assert _get(key) == 200
    world.paralegal.is_active = False
    world.paralegal.save()
    assert _get(key) == 401


def test_a_user_made_staff_is_staff_at_once(world: Any) -> None:
    key = token_issue(user=world.stranger)
    url = "/api/v1/cases/10-RC-269250/"
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert client.get(url).status_code == 404  # not a case of theirs
    world.stranger.is_staff = True
    world.stranger.save()
    assert client.get(url).status_code == 200


def test_with_the_cache_down_the_database_answers(world: Any) -> None:
    key = token_issue(user=world.staff)
    with (
        mock.patch.object(cache, "get", side_effect=ConnectionError),
        mock.patch.object(cache, "set", side_effect=ConnectionError),
    ):
        assert _get(key) == 200


def test_a_sign_in_forgets_nothing(world: Any, django_assert_num_queries: Any) -> None:
    """Every sign-in saves ``last_login``; that changes nothing a remembered token answers with, so it
    costs no query for the user's tokens and leaves the entry in place."""
    key = token_issue(user=world.union_counsel)
    assert _get(key) == 200
    with django_assert_num_queries(1):  # the UPDATE of last_login, nothing more
        world.union_counsel.save(update_fields=["last_login"])
    with django_assert_num_queries(0):
        assert _get(key) == 200
