"""API tokens: stored only as a digest, rotated by their owner, expiring after the configured age."""

from __future__ import annotations

import importlib
import io
from datetime import timedelta

import pytest
from django.apps import apps
from django.core.management import call_command
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from access.models import ApiToken
from access.tokens import token_issue

pytestmark = pytest.mark.django_db

STATUS = "/api/v1/cases/10-RC-269250/status/"
ROTATE = "/api/v1/auth/token/rotate/"


def _fresh(user):
    """The user as stored (the factory's instance holds a password hash it never saved, which would spoil
    the session's check of it)."""
    return type(user).objects.get(pk=user.pk)


def _with(key: str) -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


def test_a_token_works_and_no_table_holds_its_key(world) -> None:
    key = token_issue(user=world.paralegal)
    assert _with(key).get(STATUS).status_code == 200
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert key not in dump.getvalue()
    assert ApiToken.objects.get(user=world.paralegal).prefix == key[:8]


def test_the_owner_rotates_the_token_and_the_old_key_answers_401_at_once(world) -> None:
    old = token_issue(user=world.union_counsel)
    response = _with(old).post(ROTATE)
    assert response.status_code == 201
    new = response.json()["token"]
    assert new != old and len(new) == 40
    assert _with(old).get(STATUS).status_code == 401
    assert _with(new).get(STATUS).status_code == 200


def test_a_user_signed_in_by_session_gets_a_first_token_by_rotating(world) -> None:
    client = APIClient()
    client.force_login(_fresh(world.employer_counsel))
    response = client.post(ROTATE)
    assert response.status_code == 201
    assert _with(response.json()["token"]).get(STATUS).status_code == 200


def test_rotation_needs_a_signed_in_caller(api) -> None:
    assert api.post(ROTATE).status_code == 401


def test_a_token_older_than_the_configured_age_answers_401_saying_so(world, settings) -> None:
    settings.API_TOKEN_MAX_AGE_DAYS = 30
    key = token_issue(user=world.paralegal)
    ApiToken.objects.filter(user=world.paralegal).update(
        created_at=timezone.now() - timedelta(days=30, seconds=1)
    )
    response = _with(key).get(STATUS)
    assert response.status_code == 401
    assert "expired" in response.json()["detail"]
    ApiToken.objects.filter(user=world.paralegal).update(created_at=timezone.now() - timedelta(days=29))
    assert _with(key).get(STATUS).status_code == 200


def test_with_no_maximum_age_a_token_does_not_expire(world, settings) -> None:
    settings.API_TOKEN_MAX_AGE_DAYS = 0
    key = token_issue(user=world.paralegal)
    ApiToken.objects.filter(user=world.paralegal).update(created_at=timezone.now() - timedelta(days=3650))
    assert _with(key).get(STATUS).status_code == 200


def test_the_rotation_answer_says_when_the_new_key_expires(world, settings) -> None:
    settings.API_TOKEN_MAX_AGE_DAYS = 10
    client = APIClient()
    client.force_login(_fresh(world.paralegal))
    body = client.post(ROTATE).json()
    assert body["expires_at"] is not None and body["expires_at"] > body["created_at"]


@pytest.mark.parametrize("key", ["\x00" * 40, "a" * 39 + "\x00", "ü" * 40, "x" * 5000, "../../etc"])
def test_a_malformed_key_is_a_401_not_a_500(world, key: str) -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}".encode("utf-8", "surrogatepass").decode("latin-1"))
    assert client.get(STATUS).status_code == 401


def test_an_inactive_users_token_answers_401(world) -> None:
    key = token_issue(user=world.paralegal)
    world.paralegal.is_active = False
    world.paralegal.save()
    assert _with(key).get(STATUS).status_code == 401


def test_the_migration_hashes_existing_keys_and_deletes_the_clear_ones(world) -> None:
    """Keys issued by DRF's authtoken before the upgrade keep working, and their clear text is gone."""
    clear = Token.objects.create(user=world.paralegal, key="0123456789abcdef0123456789abcdef01234567")
    migration = importlib.import_module("access.migrations.0002_access_hash_existing_keys")
    migration.hash_keys(apps, None)
    assert not Token.objects.exists()
    assert _with(clear.key).get(STATUS).status_code == 200
    dump = io.StringIO()
    call_command("dumpdata", stdout=dump)
    assert clear.key not in dump.getvalue()
