"""Issue 36, item 5: the ETag told the other side when a privileged note was written. Union counsel's
``cases/{n}/``, ``status/`` and ``cases/`` answers changed tag (a 200 with an unchanged body) when the
employer wrote a side note. A caller's tag must move only with what that caller can read."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from notes import services as note_services
from tests.conftest import World
from tests.test_conditional_reads import ACROSS, CASE, PER_CASE

pytestmark = pytest.mark.django_db


def tags(client: APIClient) -> dict[str, str]:
    out = {}
    for path in PER_CASE + ACROSS:
        response = client.get(path)
        assert response.status_code == 200, (path, response.content)
        out[path] = str(response["ETag"])
    return out


def test_the_employers_side_note_moves_no_tag_of_the_union(
    world: World, as_union: APIClient, as_paralegal: APIClient, as_employer: APIClient
) -> None:
    union, paralegal, employer = tags(as_union), tags(as_paralegal), tags(as_employer)
    note_services.note_create(
        case=world.case, body="Our witness is shaky.", visibility="side", actor=world.employer_counsel
    )
    assert tags(as_union) == union
    assert tags(as_paralegal) == paralegal
    after = tags(as_employer)  # the employer reads its own note: its notes lists move
    assert after["/api/v1/notes/"] != employer["/api/v1/notes/"]
    assert after[f"{CASE}/notes/"] != employer[f"{CASE}/notes/"]
    held = as_union.get(PER_CASE[0], HTTP_IF_NONE_MATCH=union[PER_CASE[0]])
    assert held.status_code == 304


def test_an_edit_of_a_side_note_moves_no_tag_of_the_other_side(
    world: World, as_union: APIClient, as_employer: APIClient
) -> None:
    note = note_services.note_create(
        case=world.case, body="Draft.", visibility="side", actor=world.employer_counsel
    )
    union, employer = tags(as_union), tags(as_employer)
    note_services.note_edit(note=note, body="Draft, revised.", actor=world.employer_counsel)
    assert tags(as_union) == union
    assert tags(as_employer)["/api/v1/notes/"] != employer["/api/v1/notes/"]


def test_a_staff_note_moves_no_counsel_tag_and_every_staff_tag(
    world: World, as_union: APIClient, as_employer: APIClient, as_staff: APIClient
) -> None:
    union, employer, staff = tags(as_union), tags(as_employer), tags(as_staff)
    note_services.note_create(case=world.case, body="Agent's memo.", visibility="staff", actor=world.staff)
    assert tags(as_union) == union and tags(as_employer) == employer
    after = tags(as_staff)
    # A case's challenges and objections show no note: one tag for every reader, which no note moves.
    case_wide = {"/api/v1/challenges/?case=10-rc-269250", "/api/v1/objections/?case=10-RC-269250"}
    assert {path for path in PER_CASE + ACROSS if after[path] == staff[path]} == case_wide


def test_a_note_to_the_whole_case_moves_every_readers_tag(
    world: World, as_union: APIClient, as_employer: APIClient
) -> None:
    union = tags(as_union)
    note_services.note_create(
        case=world.case, body="Hearing moved.", visibility="case", actor=world.employer_counsel
    )
    after = tags(as_union)
    assert (
        after[f"{PER_CASE[0]}"] != union[PER_CASE[0]] and after["/api/v1/notes/"] != union["/api/v1/notes/"]
    )
