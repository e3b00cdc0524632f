"""Conditional reads and the versioned cache (core/api/conditional.py): a strong ETag from the case version,
the caller's scope and the time bucket; If-None-Match answers 304 before the body is built; a repeated read
is the rendered body from the cache; any write under the case, or a deadline falling due, makes a new tag."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from elections import services as election_services
from elections.models import Party
from tests.conftest import FrozenClock, World
from tests.factories import log_challenge, record_tally

pytestmark = pytest.mark.django_db

CASE = "/api/v1/cases/10-RC-269250"
PER_CASE = [
    f"{CASE}/",
    f"{CASE}/status/",
    f"{CASE}/timeline/",
    f"{CASE}/parties/",
    f"{CASE}/appearances/",
    f"{CASE}/proceedings/",
    f"{CASE}/deadlines/",
    f"{CASE}/notes/",
    "/api/v1/deadlines/?case=10-RC-269250",
    "/api/v1/challenges/?case=10-rc-269250",
    "/api/v1/objections/?case=10-RC-269250",
]
ACROSS = [
    "/api/v1/cases/",
    "/api/v1/deadlines/",
    "/api/v1/challenges/",
    "/api/v1/objections/",
    "/api/v1/notes/",
]


def _tally(world: World) -> World:
    # Friday 2021-04-09, noon in Atlanta: the objections are due five business days later, on Friday
    # 2021-04-16 (12, 13, 14, 15, 16 April), by 11:59 p.m. there.
    record_tally(
        world.election,
        prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        yes=738,
        votes_against=1798,
        challenged=505,
    )
    return world


@pytest.fixture
def tallied(world: World) -> World:
    return _tally(world)


def _tag(client: APIClient, path: str) -> str:
    response = client.get(path)
    assert response.status_code == 200, (path, response.content)
    return str(response["ETag"])


@pytest.mark.parametrize("path", PER_CASE + ACROSS)
def test_a_read_sends_a_strong_etag_and_answers_304_to_it_without_building_the_body(
    tallied: World, as_paralegal: APIClient, path: str, django_assert_max_num_queries: Any
) -> None:
    first = as_paralegal.get(path)
    assert first.status_code == 200
    tag = first["ETag"]
    assert tag.startswith('"') and not tag.startswith("W/")
    assert "private" in first["Cache-Control"] and "Authorization" in first["Vary"]
    # The tag, from the case row (or the caller's cases) alone: one query, however large the answer.
    with django_assert_max_num_queries(1):
        again = as_paralegal.get(path, HTTP_IF_NONE_MATCH=tag)
    assert again.status_code == 304
    assert again.content == b""
    assert again["ETag"] == tag


@pytest.mark.parametrize("path", PER_CASE + ACROSS)
def test_a_repeated_read_is_the_same_body_from_the_cache_in_one_query(
    tallied: World, as_union: APIClient, path: str, django_assert_max_num_queries: Any
) -> None:
    cold = as_union.get(path)
    with django_assert_max_num_queries(1):
        warm = as_union.get(path)
    assert warm.status_code == 200
    assert warm.content == cold.content
    assert warm["ETag"] == cold["ETag"]
    assert warm["Content-Type"] == "application/json"


def test_any_write_under_the_case_makes_a_new_tag_for_every_read_of_it(
    tallied: World, as_paralegal: APIClient
) -> None:
    before = {path: _tag(as_paralegal, path) for path in PER_CASE}
    log_challenge(tallied.election, "A. New Voter")  # the ledger: not a field of the case row
    after = {path: _tag(as_paralegal, path) for path in PER_CASE}
    assert all(before[path] != after[path] for path in PER_CASE)
    response = as_paralegal.get(f"{CASE}/status/", HTTP_IF_NONE_MATCH=before[f"{CASE}/status/"])
    assert response.status_code == 200
    assert response.json()["challenges"]["pending"] == 1


def test_a_write_in_another_case_changes_nothing_for_a_counsel_who_does_not_see_it(
    tallied: World, as_paralegal: APIClient, as_staff: APIClient
) -> None:
    mine = {path: _tag(as_paralegal, path) for path in PER_CASE + ACROSS}
    staff = _tag(as_staff, "/api/v1/cases/")
    election_services.party_create(
        case=tallied.other_case, role=Party.Role.EMPLOYER, name="Amazon.com Services LLC", actor=tallied.staff
    )
    assert {path: _tag(as_paralegal, path) for path in PER_CASE + ACROSS} == mine
    assert _tag(as_staff, "/api/v1/cases/") != staff  # staff see that case


def test_a_deadline_falling_due_makes_a_new_tag_with_no_write(
    world: World, as_paralegal: APIClient, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at("2021-04-09", 13, 0)  # the tally is recorded as it is made
    _tally(world)
    frozen_clock.at("2021-04-16", 23, 0)  # an hour before the objections are due
    tags = {path: _tag(as_paralegal, path) for path in [*PER_CASE, "/api/v1/deadlines/"]}
    deadlines = as_paralegal.get(f"{CASE}/deadlines/").json()["results"]
    objections = next(d for d in deadlines if d["code"] == "objections")
    assert (objections["due_on"], objections["status"]) == ("2021-04-16", "open")
    frozen_clock.at("2021-04-16", 23, 30)  # still before: nothing changed
    assert as_paralegal.get(f"{CASE}/status/", HTTP_IF_NONE_MATCH=tags[f"{CASE}/status/"]).status_code == 304
    frozen_clock.at("2021-04-17", 0, 30)  # the period is over, and no write happened
    response = as_paralegal.get(f"{CASE}/deadlines/", HTTP_IF_NONE_MATCH=tags[f"{CASE}/deadlines/"])
    assert response.status_code == 200
    objections = next(d for d in response.json()["results"] if d["code"] == "objections")
    assert objections["status"] != "open"
    for path in (f"{CASE}/status/", "/api/v1/deadlines/?case=10-RC-269250", "/api/v1/deadlines/"):
        assert as_paralegal.get(path, HTTP_IF_NONE_MATCH=tags[path]).status_code == 200, path


def test_the_end_of_an_appearance_makes_a_new_tag_for_the_lists_across_cases(
    tallied: World, as_paralegal: APIClient
) -> None:
    tag = _tag(as_paralegal, "/api/v1/cases/")
    appearance = tallied.paralegal.appearances.get()
    election_services.appearance_end(appearance=appearance, actor=tallied.staff)
    response = as_paralegal.get("/api/v1/cases/", HTTP_IF_NONE_MATCH=tag)
    assert response.status_code == 200
    assert response.json()["results"] == []
    assert as_paralegal.get(f"{CASE}/status/").status_code == 404


def test_the_same_url_for_two_scopes_has_two_tags_and_two_bodies(
    tallied: World, as_union: APIClient, as_employer: APIClient, as_staff: APIClient
) -> None:
    tags = {_tag(client, f"{CASE}/notes/") for client in (as_union, as_employer, as_staff)}
    assert len(tags) == 3
    union_tag = _tag(as_union, f"{CASE}/status/")
    # Another caller's tag is not this caller's: a full answer, never a 304.
    assert as_employer.get(f"{CASE}/status/", HTTP_IF_NONE_MATCH=union_tag).status_code == 200


def test_a_case_filter_that_names_no_visible_case_is_never_answered_from_a_tag(
    tallied: World, as_stranger: APIClient
) -> None:
    refused = as_stranger.get("/api/v1/deadlines/?case=not-a-case")
    assert refused.status_code < 500 and "ETag" not in refused
    hidden = as_stranger.get("/api/v1/deadlines/?case=10-RC-269250")
    assert hidden.status_code == 200 and hidden.json()["results"] == [] and "ETag" not in hidden
    assert as_stranger.get(f"{CASE}/status/").status_code == 404


def test_the_browsable_api_is_neither_tagged_nor_cached(tallied: World, as_union: APIClient) -> None:
    response = as_union.get(f"{CASE}/status/", HTTP_ACCEPT="text/html")
    assert response.status_code == 200 and "ETag" not in response


def test_the_schema_documents_the_tag_the_304_and_if_none_match(as_staff: APIClient) -> None:
    schema = as_staff.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    assert "ETag" in schema["components"]["headers"]
    tagged = []
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            if "304" in operation["responses"]:
                assert method == "get"
                assert any(p["name"] == "If-None-Match" for p in operation["parameters"])
                assert "ETag" in operation["responses"]["200"]["headers"]
                tagged.append(path)
    assert {
        "/api/v1/cases/{number}/",
        "/api/v1/cases/{number}/status/",
        "/api/v1/cases/{number}/timeline/",
        "/api/v1/cases/{number}/deadlines/",
        "/api/v1/deadlines/",
        "/api/v1/cases/",
    } <= set(tagged)
    assert "/api/v1/elections/" not in tagged


@pytest.mark.parametrize("path", ACROSS)
def test_staff_lists_across_every_case_are_tagged_by_every_case_and_answer_304(
    tallied: World, as_staff: APIClient, path: str, django_assert_max_num_queries: Any
) -> None:
    tag = _tag(as_staff, path)
    with django_assert_max_num_queries(1):
        assert as_staff.get(path, HTTP_IF_NONE_MATCH=tag).status_code == 304
    log_challenge(tallied.election, "Another Voter")
    assert as_staff.get(path, HTTP_IF_NONE_MATCH=tag).status_code == 200


def test_if_none_match_star_or_a_list_holding_the_tag_answers_304(
    tallied: World, as_union: APIClient
) -> None:
    tag = _tag(as_union, f"{CASE}/status/")
    assert as_union.get(f"{CASE}/status/", HTTP_IF_NONE_MATCH="*").status_code == 304
    assert as_union.get(f"{CASE}/status/", HTTP_IF_NONE_MATCH=f'"other", {tag}').status_code == 304
    assert as_union.get(f"{CASE}/status/", HTTP_IF_NONE_MATCH='"other", W/"x", garbage').status_code == 200


@pytest.mark.parametrize(
    ("path", "code"),
    [
        ("/api/v1/cases/?page=true", 404),  # no such page (DRF's answer to a page that is not a number)
        ("/api/v1/challenges/?page_size=x", 400),  # a page size must be a whole number
        (f"{CASE}/timeline/?page=-1", 404),
    ],
)
def test_if_none_match_star_never_answers_a_request_that_would_be_refused(
    tallied: World, as_staff: APIClient, path: str, code: int
) -> None:
    # RFC 9110 13.2.1: a precondition is ignored when the request without it would not be a 2xx.
    refused = as_staff.get(path).status_code
    assert refused == code
    assert as_staff.get(path, HTTP_IF_NONE_MATCH="*").status_code == refused


def test_a_bug_in_the_read_cache_is_raised_not_taken_for_an_outage(
    tallied: World, as_union: APIClient, settings: Any
) -> None:
    """A read cache that cannot be reached costs a cold read; any other error is a bug and is raised."""
    settings.CACHES = {"default": {"BACKEND": "tests.access.buggy_cache.BuggyCache"}}
    with pytest.raises(TypeError, match="a bug"):
        as_union.get(f"{CASE}/status/")
