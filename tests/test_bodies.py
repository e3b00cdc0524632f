"""Answers built when the record changes (elections/bodies.py): the stored bodies are byte for byte what a
fresh read builds, for every role and case; a write followed by a read is served from the store."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.cache import cache
from rest_framework.test import APIClient

from core.api import conditional
from elections import bodies
from elections import demo as elections_demo
from elections.api.scoping import audience_on, versioned_case
from elections.models import Appearance, Case, CaseToRebuild
from objections import demo as objections_demo
from proceedings import demo as proceedings_demo
from tests.conftest import World
from tests.factories import log_challenge, record_tally

pytestmark = pytest.mark.django_db


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def _readers() -> list[Any]:
    """Every user who reads a case: staff, and everyone with a current appearance."""
    users = get_user_model().objects.filter(is_active=True).order_by("pk")
    return [u for u in users if u.is_staff or Appearance.objects.filter(user=u).exists()]


def _stores(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The tags whose bodies are stored from now on (core/api/conditional.py ``_store``)."""
    stored: list[str] = []
    keep = conditional._store

    def spy(tag: str, response: Any) -> None:
        stored.append(tag)
        keep(tag, response)

    monkeypatch.setattr(conditional, "_store", spy)
    return stored


def _hold_every_stored_body_equal_to_a_fresh_build(monkeypatch: pytest.MonkeyPatch) -> int:
    cache.clear()
    built = bodies.build_cases(Case.objects.values_list("pk", flat=True), "http://testserver")
    assert built > 0
    stored = _stores(monkeypatch)
    compared = 0
    for user in _readers():
        client = _client(user)
        for case in Case.objects.visible_to(user).order_by("pk"):
            for read in bodies.case_reads():
                path = bodies.path_of(read, case.number)
                stored.clear()
                served = client.get(path, HTTP_ACCEPT="application/json")
                assert served.status_code == 200, (path, user.username)
                assert stored == [], f"{path} as {user.username} was not built after the write"
                cache.delete(conditional.cache_key(served["ETag"]))
                fresh = client.get(path, HTTP_ACCEPT="application/json")
                assert fresh["ETag"] == served["ETag"]
                assert fresh.content == served.content, f"{path} as {user.username}"
                assert stored == [served["ETag"]]  # the fresh one was built, not served
                compared += 1
    return compared


def test_the_stored_bodies_are_a_fresh_build_for_every_role_and_case_of_the_fixtures(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    record_tally(
        world.election,
        prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        yes=738,
        votes_against=1798,
        challenged=505,
    )
    log_challenge(world.election, "Jane Q. Voter", by=world.union, actor=world.staff)
    # staff, two counsel, a paralegal of the union (the union counsel's audience), a stranger elsewhere
    compared = _hold_every_stored_body_equal_to_a_fresh_build(monkeypatch)
    assert compared == len(bodies.case_reads()) * (2 + 1 + 1 + 1 + 1)  # the stranger reads two cases


def test_the_stored_bodies_are_a_fresh_build_for_every_role_of_the_bessemer_demo(
    frozen_clock: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    frozen_clock.at("2025-01-15")
    elections_demo.load_users()
    case = elections_demo.load_bessemer()
    objections_demo.load(case)
    proceedings_demo.load(case)
    assert _hold_every_stored_body_equal_to_a_fresh_build(monkeypatch) >= 4 * len(bodies.case_reads())


def test_every_reader_for_one_party_reads_one_audience_and_each_side_its_own(world: World) -> None:
    number = world.case.number
    audience = {
        u.username: audience_on(u, versioned_case(u, number)) for u in _readers() if u != world.stranger
    }
    assert audience == {
        "agent": "staff",
        "ucounsel": f"party:{world.union.pk}",
        "para": f"party:{world.union.pk}",
        "ecounsel": f"party:{world.employer.pk}",
    }


def test_a_list_the_same_for_every_reader_has_one_tag_for_all_who_see_the_case(world: World) -> None:
    record_tally(world.election, prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC), yes=1, challenged=5)
    log_challenge(world.election, "Jane Q. Voter", by=world.union, actor=world.staff)
    readers = [world.staff, world.union_counsel, world.paralegal, world.employer_counsel]
    for path in (
        f"/api/v1/challenges/?case={world.case.number}",
        f"/api/v1/objections/?case={world.case.number}",
    ):
        answers = {(r["ETag"], r.content) for r in (_client(u).get(path) for u in readers)}
        assert len(answers) == 1, path
    status = f"/api/v1/cases/{world.case.number}/status/"
    assert len({_client(u).get(status)["ETag"] for u in readers}) == 3  # staff, and each side


def test_a_write_through_the_api_is_followed_by_reads_served_from_the_store(
    world: World,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Any,
) -> None:
    as_union = _client(world.union_counsel)
    number = world.case.number
    as_union.get(f"/api/v1/cases/{number}/status/")  # read once: its answer is cached for the old version
    CaseToRebuild.objects.all().delete()  # what the fixture wrote is not this test's
    with django_capture_on_commit_callbacks(execute=True):
        response = as_union.post(
            f"/api/v1/elections/{world.election.pk}/challenges/",
            {"voter_name": "Jane Q. Voter", "ground": "supervisor", "challenged_by": world.union.pk},
        )
    assert response.status_code == 201, response.content
    assert not CaseToRebuild.objects.exists()  # drained by the request that wrote

    def not_built(*args: Any, **kwargs: Any) -> Any:
        raise AssertionError("the read built its answer: it was not stored after the write")

    monkeypatch.setattr("proceedings.api.views.case_status", not_built)
    monkeypatch.setattr("challenges.api.views.ChallengeSerializer.to_representation", not_built)
    for reader in (world.union_counsel, world.paralegal, world.employer_counsel, world.staff):
        client = _client(reader)
        status = client.get(f"/api/v1/cases/{number}/status/")
        assert status.status_code == 200 and status.json()["case"] == number, reader.username
        listed = client.get(f"/api/v1/challenges/?case={number}")
        assert listed.status_code == 200 and listed.json()["count"] == 1, reader.username


def test_the_sweep_builds_what_was_written_outside_a_request(
    world: World, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    settings.SITE_URL = "https://tracker.example"
    settings.ALLOWED_HOSTS = ["tracker.example", "testserver"]
    log_challenge(world.election, "Jane Q. Voter", by=world.union, actor=world.staff)  # a task, a command
    assert CaseToRebuild.objects.filter(case_id=world.case.pk).exists()
    assert bodies.build_queued(limit=10) > 0
    assert not CaseToRebuild.objects.exists()
    stored = _stores(monkeypatch)
    response = _client(world.staff).get(
        f"/api/v1/challenges/?case={world.case.number}", secure=True, HTTP_HOST="tracker.example"
    )
    assert response.status_code == 200 and stored == []


def test_the_sweep_builds_the_newest_cases_and_drops_an_older_burst(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    CaseToRebuild.objects.all().delete()
    CaseToRebuild.objects.bulk_create(
        [CaseToRebuild(case_id=world.other_case.pk), CaseToRebuild(case_id=world.case.pk)]
    )
    built: list[list[int]] = []

    def build_cases(ids: Any, base: str) -> int:
        built.append(list(ids))
        return 0

    monkeypatch.setattr(bodies, "build_cases", build_cases)
    bodies.build_queued(limit=1)
    assert built == [[world.case.pk]] and not CaseToRebuild.objects.exists()


def test_a_request_builds_the_cases_it_wrote_and_leaves_the_rest_to_the_sweep(
    world: World, monkeypatch: pytest.MonkeyPatch, django_capture_on_commit_callbacks: Any
) -> None:
    """What a command or an import queued (``load_demo`` before ``make run``) is the sweep's, not the next
    request's: a sign-in must not build every demo case before its redirect."""
    CaseToRebuild.objects.all().delete()
    CaseToRebuild.objects.create(case_id=world.other_case.pk)  # queued outside a request
    built: list[list[int]] = []

    def build_cases(ids: Any, base: str) -> int:
        built.append(list(ids))
        return 0

    monkeypatch.setattr(bodies, "build_cases", build_cases)
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(world.union_counsel).post(
            f"/api/v1/elections/{world.election.pk}/challenges/",
            {"voter_name": "Jane Q. Voter", "ground": "supervisor", "challenged_by": world.union.pk},
        )
    assert response.status_code == 201, response.content
    assert built == [[world.case.pk]]
    assert list(CaseToRebuild.objects.values_list("case_id", flat=True)) == [world.other_case.pk]


def test_a_request_that_wrote_many_cases_builds_the_newest_few(
    world: World, monkeypatch: pytest.MonkeyPatch, settings: Any
) -> None:
    """An import or a bulk action writes many cases in one request: it builds the newest
    ``BODIES_AFTER_WRITE_CASES`` of them and drops the rest from the queue (built when read), never one
    build per case — nor one query parameter per case (a whole record's import passed 65,535 of them)."""
    settings.BODIES_AFTER_WRITE_CASES = 1
    CaseToRebuild.objects.all().delete()
    writer = bodies._writer() or 0
    CaseToRebuild.objects.bulk_create(
        [
            CaseToRebuild(case_id=world.other_case.pk, writer=writer),
            CaseToRebuild(case_id=world.case.pk, writer=writer),
        ]
    )
    built: list[list[int]] = []

    def build_cases(ids: Any, base: str) -> int:
        built.append(list(ids))
        return 0

    monkeypatch.setattr(bodies, "build_cases", build_cases)
    bodies.build_written("http://testserver")
    assert built == [[world.case.pk]] and not CaseToRebuild.objects.exists()
