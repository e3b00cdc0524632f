"""The audience version (core/audience_version.py, ADR 0008): one row per audience — staff, each other user —
moved by the database whenever what that audience reads across cases changes, and by nothing else. The
lists across cases are tagged with it; these tests read the rows themselves (what the triggers did) and the
tags the API sends (what a caller sees)."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection, transaction
from rest_framework.test import APIClient

from core.audience_version import STAFF
from elections import services as election_services
from elections.models import Appearance, AudienceVersion, Party
from notes import services as note_services
from tests.conftest import FrozenClock, World
from tests.factories import AppearanceFactory, CaseFactory, UserFactory, log_challenge
from tests.test_conditional_reads import ACROSS, _tag, _tally

pytestmark = pytest.mark.django_db


def _versions() -> dict[int, int]:
    return dict(AudienceVersion.objects.values_list("audience", "version"))


def _moved(before: dict[int, int]) -> set[int]:
    after = _versions()
    return {audience for audience in after if after[audience] != before.get(audience)}


def _on_the_case(world: World) -> set[int]:
    return {STAFF, world.union_counsel.pk, world.employer_counsel.pk, world.paralegal.pk}


def test_a_write_under_a_case_moves_every_audience_that_sees_it_and_no_other(world: World) -> None:
    before = _versions()
    log_challenge(world.election, "A. New Voter")  # a ledger row: the case row moves through its version
    assert _moved(before) == _on_the_case(world)
    assert world.stranger.pk not in _moved(before)


def test_a_plain_sql_write_moves_the_same_audiences(world: World) -> None:
    """No service, no model: the triggers alone (the imports' COPY and bulk updates write this way)."""
    before = _versions()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE elections_party SET name = name WHERE id = %s", [world.union.pk])
    assert _moved(before) == _on_the_case(world)
    before = _versions()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE elections_party SET name = name WHERE id = %s", [-1])  # no row
    assert _moved(before) == set(), "a statement that changed no row moved an audience"


def test_staff_move_with_every_case_written_or_made(world: World) -> None:
    before = _versions()
    with transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("UPDATE elections_case SET name = name WHERE id = %s", [world.other_case.pk])
    assert _moved(before) == {STAFF, world.stranger.pk}
    before = _versions()
    CaseFactory(number="05-RC-123456", name="Somewhere Else")
    assert _moved(before) == {STAFF}


def test_an_appearance_begun_or_ended_moves_its_user(world: World) -> None:
    newcomer = UserFactory(username="newcomer")
    assert newcomer.pk not in _versions()
    before = _versions()
    appearance = AppearanceFactory(
        user=newcomer, party=world.employer, capacity=Appearance.Capacity.PARALEGAL
    )
    assert newcomer.pk in _moved(before), "a first appearance makes the user's row"
    assert world.stranger.pk not in _moved(before)
    before = _versions()
    election_services.appearance_end(appearance=appearance, actor=world.staff)
    moved = _moved(before)
    assert newcomer.pk in moved, "an ended appearance no longer sees the case: its user's lists change"
    assert world.stranger.pk not in moved


def test_one_statement_making_many_appearances_of_one_user_moves_that_user_once(world: World) -> None:
    """On PostgreSQL the triggers see the statement's rows at once: two rows of one user are one audience."""
    newcomer = UserFactory(username="newcomer")
    before = _versions()
    Appearance.objects.bulk_create(
        [
            Appearance(user=newcomer, party=world.union, capacity=Appearance.Capacity.PARALEGAL),
            Appearance(user=newcomer, party=world.other_case.parties.get(), capacity="paralegal"),
        ]
    )
    assert newcomer.pk in _moved(before)
    assert world.stranger.pk in _moved(before)  # the other case's reader: that case was written


def test_a_note_moves_only_those_who_may_read_it(world: World) -> None:
    cases = {
        "side": {world.employer_counsel.pk},  # the employer's side; not the union's, not staff
        "staff": {STAFF},
        "case": _on_the_case(world),
    }
    for visibility, readers in cases.items():
        before = _versions()
        author = world.staff if visibility == "staff" else world.employer_counsel
        note = note_services.note_create(case=world.case, body="b", visibility=visibility, actor=author)
        assert _moved(before) == readers, visibility
        before = _versions()
        note_services.note_edit(note=note, body="b, revised", actor=author)
        assert _moved(before) == readers, visibility


@pytest.mark.parametrize("path", ACROSS)
def test_a_counsel_list_tag_moves_with_a_write_on_their_case_only(
    world: World, as_union: APIClient, as_stranger: APIClient, path: str
) -> None:
    union, stranger = _tag(as_union, path), _tag(as_stranger, path)
    log_challenge(world.election, "A. New Voter")
    assert as_union.get(path, HTTP_IF_NONE_MATCH=union).status_code == 200
    assert as_stranger.get(path, HTTP_IF_NONE_MATCH=stranger).status_code == 304


def test_an_appearance_begun_moves_the_users_list_tags(world: World) -> None:
    newcomer = UserFactory(username="newcomer")
    client = APIClient()
    client.force_authenticate(user=newcomer)
    tags = {path: _tag(client, path) for path in ACROSS}
    assert client.get("/api/v1/cases/").json()["results"] == []
    AppearanceFactory(user=newcomer, party=world.union, capacity=Appearance.Capacity.PARALEGAL)
    for path in ACROSS:
        assert client.get(path, HTTP_IF_NONE_MATCH=tags[path]).status_code == 200, path
    assert [c["number"] for c in client.get("/api/v1/cases/").json()["results"]] == ["10-RC-269250"]


@pytest.mark.parametrize("who", ["staff", "paralegal"])
def test_a_deadline_passing_moves_the_list_tag_with_no_write(
    world: World, frozen_clock: FrozenClock, who: str
) -> None:
    client = APIClient()
    client.force_authenticate(user=getattr(world, who))
    frozen_clock.at("2021-04-09", 13, 0)
    _tally(world)
    frozen_clock.at("2021-04-16", 23, 0)  # an hour before the objections are due (11:59 p.m. in Atlanta)
    tag = _tag(client, "/api/v1/deadlines/")
    versions = _versions()
    frozen_clock.at("2021-04-16", 23, 30)
    assert client.get("/api/v1/deadlines/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    frozen_clock.at("2021-04-17", 5, 0)  # past due in Atlanta, and nothing written
    assert _versions() == versions
    response: Any = client.get("/api/v1/deadlines/", HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200
    assert "open" not in {d["status"] for d in response.json()["results"] if d["code"] == "objections"}


def test_the_staff_list_tag_is_one_query_and_moves_with_a_case_no_counsel_sees(
    world: World, as_staff: APIClient, django_assert_max_num_queries: Any
) -> None:
    tag = _tag(as_staff, "/api/v1/cases/")
    with django_assert_max_num_queries(1):
        assert as_staff.get("/api/v1/cases/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    election_services.party_create(
        case=world.other_case, role=Party.Role.EMPLOYER, name="Amazon.com Services LLC", actor=world.staff
    )
    assert as_staff.get("/api/v1/cases/", HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_a_user_made_staff_or_made_staff_no_more_reads_under_the_scope_they_have_now(world: World) -> None:
    """Being staff is a scope of its own (``conditional.scope_of``): no row of the user's to move."""
    client = APIClient()
    client.force_authenticate(user=world.paralegal)
    tag = _tag(client, "/api/v1/cases/")
    world.paralegal.is_staff = True
    world.paralegal.save(update_fields=["is_staff"])
    response = client.get("/api/v1/cases/", HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200
    assert len(response.json()["results"]) == 2  # every case
    world.paralegal.is_staff = False
    world.paralegal.save(update_fields=["is_staff"])
    assert client.get("/api/v1/cases/", HTTP_IF_NONE_MATCH=tag).status_code == 304  # their own cases again


def test_a_counsel_deadlines_tag_is_one_query_that_reads_none_of_their_cases(
    world: World, django_assert_max_num_queries: Any
) -> None:
    """The time bucket is the latest due moment passed in the whole record (ADR 0008), as staff's is: the
    cost of the tag does not grow with the caller's caseload (no probe per appearance)."""
    client = APIClient()
    client.force_authenticate(user=world.paralegal)
    _tally(world)
    tag = _tag(client, "/api/v1/deadlines/")
    with django_assert_max_num_queries(1) as captured:
        assert client.get("/api/v1/deadlines/", HTTP_IF_NONE_MATCH=tag).status_code == 304
    (query,) = captured.captured_queries
    assert Appearance._meta.db_table not in query["sql"], query["sql"]
