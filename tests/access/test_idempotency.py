"""Issue 36, item 6: a write sent twice is made once. The API's ``Idempotency-Key``: the same key and the
same request answer with the first answer (``Idempotent-Replayed: true``) and write nothing again; the same
key with another request is a 422 naming the header; keys are each user's own."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from core.models import IdempotentRequest
from notes.models import Note
from tests.conftest import World

pytestmark = pytest.mark.django_db
NOTES = "/api/v1/cases/10-RC-269250/notes/"
BODY = {"body": "Our theory: the box was surveillance", "visibility": "side"}


def test_a_note_posted_twice_with_one_key_is_written_once_and_answered_alike(
    world: World, as_union: APIClient
) -> None:
    first = as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    again = as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert first.status_code == again.status_code == 201
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true" and "Idempotent-Replayed" not in first
    assert Note.objects.count() == 1


def test_the_same_key_with_another_body_is_a_422_and_writes_nothing(
    world: World, as_union: APIClient
) -> None:
    as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    other = as_union.post(NOTES, {**BODY, "body": "Another"}, format="json", HTTP_IDEMPOTENCY_KEY="k-1")
    assert other.status_code == 422
    assert "used before for a different request" in other.json()["Idempotency-Key"][0]
    assert Note.objects.count() == 1


def test_a_refused_write_keeps_no_answer_so_the_key_may_be_tried_again(
    world: World, as_union: APIClient
) -> None:
    refused = as_union.post(NOTES, {**BODY, "body": ""}, format="json", HTTP_IDEMPOTENCY_KEY="k-2")
    assert refused.status_code == 400
    assert not IdempotentRequest.objects.exists()
    assert as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="k-2").status_code == 201


def test_keys_are_each_users_own(world: World, as_union: APIClient, as_employer: APIClient) -> None:
    assert as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="same").status_code == 201
    theirs = as_employer.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="same")
    assert theirs.status_code == 201 and "Idempotent-Replayed" not in theirs
    assert Note.objects.count() == 2


def test_without_a_key_two_posts_are_two_writes(world: World, as_union: APIClient) -> None:
    as_union.post(NOTES, BODY, format="json")
    as_union.post(NOTES, BODY, format="json")
    assert Note.objects.count() == 2


@pytest.mark.parametrize("key", ["", "x" * 201, "clé", "a\tb"])
def test_a_malformed_key_is_a_400_naming_the_header(world: World, as_union: APIClient, key: str) -> None:
    response = as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY=key)
    assert response.status_code == 400 and "Idempotency-Key" in response.json()
    assert not Note.objects.exists()


def test_an_anonymous_write_with_a_key_is_still_a_401(world: World) -> None:
    response = APIClient().post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="k")
    assert response.status_code == 401


def test_answers_are_forgotten_after_their_days(world: World, as_union: APIClient, settings: object) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from core.tasks import forget_old_idempotent_answers

    as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="old")
    as_union.post(NOTES, BODY, format="json", HTTP_IDEMPOTENCY_KEY="new")
    IdempotentRequest.objects.filter(key="api:old").update(created_at=timezone.now() - timedelta(days=8))
    assert forget_old_idempotent_answers() == 1
    assert list(IdempotentRequest.objects.values_list("key", flat=True)) == ["api:new"]
