"""Notes through the API: who writes which kind, who reads it, the author's edits and their history."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from elections.models import Appearance
from notes.models import Note
from tests.conftest import World
from tests.factories import PartyFactory

pytestmark = pytest.mark.django_db

CASE = "/api/v1/cases/10-RC-269250/notes/"


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def test_counsel_writes_a_side_note_that_their_own_party_reads_and_nobody_else(
    world: World, as_union: APIClient, as_paralegal: APIClient, as_employer: APIClient, as_staff: APIClient
) -> None:
    response = as_union.post(CASE, {"body": "Our theory: the box was surveillance", "visibility": "side"})
    assert response.status_code == 201, response.json()
    note = response.json()
    assert note["subject"] == {"type": "case", "number": "10-RC-269250"}
    assert (note["visibility"], note["author"], note["party"]) == ("side", "ucounsel", world.union.pk)
    url = f"/api/v1/notes/{note['id']}/"
    assert as_paralegal.get(url).json()["body"] == "Our theory: the box was surveillance"
    assert as_employer.get(url).status_code == 404
    assert as_staff.get(url).status_code == 404
    assert as_employer.get(CASE).json()["count"] == 0
    assert as_staff.get(CASE).json()["count"] == 0


def test_a_note_the_caller_may_not_read_is_the_same_404_as_a_missing_one(
    world: World, as_union: APIClient, as_employer: APIClient
) -> None:
    note = as_union.post(CASE, {"body": "privileged", "visibility": "side"}).json()
    hidden = as_employer.get(f"/api/v1/notes/{note['id']}/")
    missing = as_employer.get(f"/api/v1/notes/{note['id'] + 1000}/")
    assert (hidden.status_code, hidden.json()) == (missing.status_code, missing.json())
    patched = as_employer.patch(f"/api/v1/notes/{note['id']}/", {"body": "x"})
    assert (patched.status_code, patched.json()) == (404, missing.json())
    history = as_employer.get(f"/api/v1/notes/{note['id']}/history/")
    assert (history.status_code, history.json()) == (404, missing.json())


def test_only_staff_write_a_staff_note_and_only_staff_read_it(
    world: World, as_union: APIClient, as_paralegal: APIClient, as_staff: APIClient
) -> None:
    refused = as_union.post(CASE, {"body": "x", "visibility": "staff"})
    assert refused.status_code == 403
    # permission comes before the rest of the input: an empty body is still a 403
    assert as_paralegal.post(CASE, {"body": "", "visibility": "staff"}).status_code == 403
    note = as_staff.post(CASE, {"body": "RD leaning to a hearing", "visibility": "staff"}).json()
    assert note["party"] is None
    assert as_union.get(f"/api/v1/notes/{note['id']}/").status_code == 404
    assert as_staff.get(f"/api/v1/notes/{note['id']}/").status_code == 200


def test_staff_cannot_write_a_side_note(world: World, as_staff: APIClient) -> None:
    assert as_staff.post(CASE, {"body": "x", "visibility": "side"}).status_code == 403


def test_a_case_note_is_read_by_everyone_on_the_case_and_by_no_one_else(
    world: World,
    as_paralegal: APIClient,
    as_employer: APIClient,
    as_staff: APIClient,
    as_stranger: APIClient,
    api: APIClient,
) -> None:
    note = as_paralegal.post(CASE, {"body": "Hearing moved to room 3", "visibility": "case"}).json()
    assert note["party"] == world.union.pk
    url = f"/api/v1/notes/{note['id']}/"
    assert as_employer.get(url).status_code == 200
    assert as_staff.get(url).status_code == 200
    assert as_stranger.get(url).status_code == 404
    assert as_stranger.get(CASE).status_code == 404
    assert as_stranger.post(CASE, {"body": "x", "visibility": "case"}).status_code == 404
    assert api.get(url).status_code == 401


def test_notes_on_a_challenge_and_an_objection_are_listed_under_their_subject(
    world: World, as_union: APIClient, as_employer: APIClient
) -> None:
    from challenges import services as challenge_services

    challenge = challenge_services.challenge_log(
        election=world.election,
        voter_name="A",
        challenged_by=world.union.pk,
        ground="supervisor",
        actor=world.union_counsel,
    )
    url = f"/api/v1/challenges/{challenge.pk}/notes/"
    created = as_union.post(url, {"body": "She schedules shifts", "visibility": "case"})
    assert created.status_code == 201
    assert created.json()["subject"] == {"type": "challenge", "id": challenge.pk}
    assert [n["body"] for n in as_employer.get(url).json()["results"]] == ["She schedules shifts"]
    assert as_employer.get(CASE).json()["count"] == 0  # the case's own notes only
    assert as_employer.get("/api/v1/notes/?case=10-RC-269250").json()["count"] == 1
    assert as_union.get("/api/v1/objections/999999/notes/").status_code == 404


def test_only_the_author_edits_and_each_edit_keeps_the_earlier_text(
    world: World, as_union: APIClient, as_paralegal: APIClient, as_employer: APIClient
) -> None:
    note = as_union.post(CASE, {"body": "first text", "visibility": "side"}).json()
    url = f"/api/v1/notes/{note['id']}/"
    assert as_paralegal.patch(url, {"body": "mine now"}).status_code == 403
    edited = as_union.patch(url, {"body": "second text", "revision": 0})
    assert edited.status_code == 200
    assert (edited.json()["body"], edited.json()["revision"]) == ("second text", 1)
    stale = as_union.patch(url, {"body": "third text", "revision": 0})
    assert stale.status_code == 409
    history = as_paralegal.get(f"{url}history/").json()
    assert [(v["revision"], v["body"], v["by"]) for v in history] == [
        (0, "first text", "ucounsel"),
        (1, "second text", "ucounsel"),
    ]
    assert as_employer.get(f"{url}history/").status_code == 404
    assert Note.objects.count() == 1  # never deleted, never copied


def test_visibility_is_fixed_once_written(world: World, as_union: APIClient) -> None:
    note = as_union.post(CASE, {"body": "x", "visibility": "side"}).json()
    response = as_union.patch(f"/api/v1/notes/{note['id']}/", {"body": "y", "visibility": "case"})
    assert response.status_code == 400
    assert "visibility" in response.json()
    assert Note.objects.get().visibility == "side"


def test_bad_input_names_the_field(world: World, as_union: APIClient) -> None:
    assert "body" in as_union.post(CASE, {"body": "   ", "visibility": "case"}).json()
    assert "visibility" in as_union.post(CASE, {"body": "x", "visibility": "public"}).json()
    assert as_union.post(CASE, {"body": "x" * 20_001, "visibility": "case"}).status_code == 400
    assert as_union.post(CASE, {"body": "a\x00b", "visibility": "case"}).status_code == 400


def test_a_side_note_is_for_the_party_its_author_appears_for_and_no_other(world: World) -> None:
    """One person appears for one party of a case (the database holds it): a side note names no other."""
    client = client_for(world.union_counsel)
    outsider = PartyFactory(case=world.other_case)
    for party in (world.employer.pk, outsider.pk):
        refused = client.post(CASE, {"body": "x", "visibility": "side", "party": party})
        assert refused.status_code == 400 and "party" in refused.json()
    named = client.post(CASE, {"body": "for the union", "visibility": "side", "party": world.union.pk})
    assert named.status_code == 201
    assert named.json()["party"] == world.union.pk
    assert client_for(world.paralegal).get(f"/api/v1/notes/{named.json()['id']}/").status_code == 200
    assert client_for(world.employer_counsel).get(f"/api/v1/notes/{named.json()['id']}/").status_code == 404


def test_an_author_whose_appearance_ended_no_longer_reads_their_side_note(
    world: World, as_union: APIClient, as_paralegal: APIClient
) -> None:
    note = as_union.post(CASE, {"body": "work product", "visibility": "side"}).json()
    Appearance.objects.filter(user=world.union_counsel).delete()
    assert as_union.get(f"/api/v1/notes/{note['id']}/").status_code == 404
    assert as_union.patch(f"/api/v1/notes/{note['id']}/", {"body": "z"}).status_code == 404
    assert as_paralegal.get(f"/api/v1/notes/{note['id']}/").status_code == 200  # the party keeps it


def test_the_list_reads_a_page_in_the_same_number_of_queries_however_many_notes(
    world: World, as_union: APIClient
) -> None:
    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert as_union.get("/api/v1/notes/").status_code == 200
        return len(captured)

    as_union.post(CASE, {"body": "one", "visibility": "side"})
    few = queries()
    for n in range(15):
        as_union.post(CASE, {"body": f"note {n}", "visibility": "case"})
    assert queries() == few


def test_the_service_refuses_a_note_from_someone_outside_the_case(world: World) -> None:
    from core.errors import NotPermitted
    from notes import services

    with pytest.raises(NotPermitted):
        services.note_create(case=world.case, body="x", visibility="case", actor=world.stranger)
    assert not Note.objects.exists()


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/api/v1/notes/?q=a%00b", 400),  # a NUL in the search text
        ("/api/v1/notes/?case=%00", 400),  # a NUL in the case filter
        ("/api/v1/notes/?visibility=public", 400),  # not one of the choices
        ("/api/v1/notes/99999999999999999999999/", 404),  # beyond any id: no such note
        ("/api/v1/challenges/99999999999999999999999/notes/", 404),
        ("/api/v1/cases/10-RC-269250/history/?page=zz", 404),  # "Invalid page."
        ("/api/v1/cases/10-RC-269250/export/..csv", 404),
        ("/api/v1/cases/not-a-case/export/notes.csv", 404),
    ],
)
def test_hostile_queries_are_answered_without_a_500(
    world: World, as_staff: APIClient, path: str, code: int
) -> None:
    assert as_staff.get(path).status_code == code


def test_hostile_bodies_are_answered_without_a_500(world: World, as_union: APIClient) -> None:
    for body in (
        [],
        "x",
        {"body": ["x"], "visibility": "case"},
        {"body": "x", "visibility": "side", "party": 2**70},
    ):
        assert as_union.post(CASE, body, format="json").status_code == 400
    note = as_union.post(CASE, {"body": "x", "visibility": "case"}).json()
    for body in ([], {"body": "y", "revision": -1}, {"body": {"a": 1}}):
        assert as_union.patch(f"/api/v1/notes/{note['id']}/", body, format="json").status_code == 400


def test_a_case_note_is_mailed_to_the_people_of_record_a_side_note_to_its_party_a_staff_note_to_no_one(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    from django.core import mail

    from notes import services

    with django_capture_on_commit_callbacks(execute=True):
        services.note_create(case=world.case, body="Room 3", visibility="case", actor=world.paralegal)
        services.note_create(case=world.case, body="Our theory", visibility="side", actor=world.union_counsel)
        services.note_create(case=world.case, body="RD view", visibility="staff", actor=world.staff)
    sent = {(m.to[0], m.body.split(":\n\n")[1].split("\n")[0]) for m in mail.outbox}
    assert sent == {
        ("ucounsel@example.org", "Room 3"),
        ("ecounsel@example.org", "Room 3"),
        ("para@example.org", "Our theory"),
    }
