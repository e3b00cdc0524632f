"""Case numbers as people type them (issue 24): ``10 rc 269250``, ``10-rc-269250`` and ``10RC269250`` are the
same case in every path and every ``?case=`` filter; a ``?case=`` that cannot be a case number is a 400 naming
the form RR-TT-NNNNNN, and only a well-formed number of a case the caller cannot see is an empty list."""

from __future__ import annotations

from datetime import UTC, datetime
from urllib.parse import quote

import pytest
from rest_framework.test import APIClient

from notes import services as note_services
from tests.conftest import World
from tests.factories import file_objection, log_challenge, record_tally

pytestmark = pytest.mark.django_db

LISTS = ["deadlines/", "challenges/", "objections/", "notes/", "elections/"]
TYPED = ["10 rc 269250", "10-rc-269250", "10RC269250", " 10 RC 269250 "]
# Pasted from a letter or a decision (issue 32): an en dash, a "Case" or "Case No." prefix, a full stop.
PASTED = [
    "10\u2013RC\u2013269250",
    "Case 10-RC-269250",
    "Case No. 10-RC-269250",
    "10-RC-269250.",
    "case 10\u2014RC\u2014269250.",
]


@pytest.fixture
def recorded(world: World, frozen_clock) -> World:
    """One of everything each list shows: a tally (its deadlines), a challenge, an objection, a note."""
    frozen_clock.at("2021-04-12")
    record_tally(
        world.election,
        prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        yes=10,
        votes_against=9,
        challenged=1,
    )
    log_challenge(world.election, by=world.union, actor=world.union_counsel)
    file_objection(world.election, world.employer, filed_at=datetime(2021, 4, 12, 14, 0, tzinfo=UTC))
    note_services.note_create(
        case=world.case, body="Ask about the list.", visibility="case", actor=world.union_counsel
    )
    return world


def count(client: APIClient, path: str, case: str) -> int:
    response = client.get(f"/api/v1/{path}?case={quote(case)}")
    assert response.status_code == 200, (path, case, response.json())
    return int(response.json()["count"])


@pytest.mark.parametrize("path", LISTS)
def test_every_list_reads_a_case_number_as_it_was_typed(
    recorded: World, as_union: APIClient, path: str
) -> None:
    written = count(as_union, path, "10-RC-269250")
    assert written >= 1
    for typed in TYPED:
        assert count(as_union, path, typed) == written, typed


@pytest.mark.parametrize("path", LISTS)
@pytest.mark.parametrize("typed", ["10 RC 99000x", "RC-269250", "nothing", "99-RC-269250", "10-CA-269250"])
def test_a_case_filter_that_cannot_be_a_case_number_is_a_400_naming_the_form(
    recorded: World, as_union: APIClient, path: str, typed: str
) -> None:
    response = as_union.get(f"/api/v1/{path}?case={quote(typed)}")
    assert response.status_code == 400
    assert list(response.json()) == ["case"]
    assert "RR-TT-NNNNNN" in response.json()["case"][0]


@pytest.mark.parametrize("path", LISTS)
def test_a_well_formed_number_of_no_visible_case_is_an_empty_list(
    recorded: World, as_union: APIClient, path: str
) -> None:
    assert count(as_union, path, "10 RC 990001") == 0
    assert count(as_union, path, "29-RC-288020") == 0  # another party's case: the same as none


@pytest.mark.parametrize("suffix", ["", "status/", "timeline/", "parties/", "notes/"])
def test_a_path_takes_the_case_number_as_typed(recorded: World, as_union: APIClient, suffix: str) -> None:
    for typed in [*TYPED[:3], *PASTED]:
        response = as_union.get(f"/api/v1/cases/{quote(typed)}/{suffix}")
        assert response.status_code == 200, (typed, suffix)
    assert as_union.get("/api/v1/cases/10RC990001/").status_code == 404


def test_a_desk_path_pasted_with_dashes_a_prefix_or_a_stop_goes_to_the_case(recorded: World) -> None:
    from tests.desk.conftest import signed_in

    browser = signed_in(recorded.union_counsel)
    for pasted in PASTED:
        response = browser.get(f"/desk/cases/{quote(pasted)}/")
        assert response.status_code == 302, pasted
        assert response["Location"] == "/desk/cases/10-RC-269250/"
