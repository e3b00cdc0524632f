"""Reading the ledger: scoping, filters, and query counts that do not grow with the rows."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.challenges.conftest import challenges_url, log, new_election, new_party, resolve
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db


def fill(world: World, count: int) -> None:
    for n in range(count):
        by = [world.union, world.employer, "board_agent"][n % 3]
        log(world, f"Voter {n:03d}", by=by, voter_identifier=f"E{n:03d}")


@pytest.mark.parametrize("rows", [3, 30])
def test_the_challenge_list_costs_two_queries_however_many_rows(
    world: World, as_union: APIClient, django_assert_num_queries: Any, rows: int
) -> None:
    fill(world, rows)

    with django_assert_num_queries(2):  # the tag, the page, which tells the count (scoping is a subquery)
        response = as_union.get("/api/v1/challenges/")

    assert response.json()["count"] == rows


@pytest.mark.parametrize("rows", [3, 30])
def test_the_election_challenge_list_costs_two_queries_however_many_rows(
    world: World, as_staff: APIClient, django_assert_num_queries: Any, rows: int
) -> None:
    fill(world, rows)

    with django_assert_num_queries(2):  # the election (404 check), the page (it tells the count)
        response = as_staff.get(challenges_url(world.election))

    assert len(response.json()["results"]) == rows


def test_the_challenge_detail_costs_one_query(
    world: World, as_paralegal: APIClient, django_assert_num_queries: Any
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = resolve(world, log(world, "Ann Able", by=world.employer), "overruled")

    with django_assert_num_queries(1):
        response = as_paralegal.get(f"/api/v1/challenges/{challenge.pk}/")

    assert response.status_code == 200
    assert (response.json()["challenged_by_name"], response.json()["awaiting_count"]) == (
        "Amazon.com Services LLC",
        True,
    )


def test_the_list_shows_only_the_callers_cases(
    world: World, as_stranger: APIClient, as_staff: APIClient
) -> None:
    log(world, "Ann Able")
    other_election = new_election(world.other_case, 1, ["Amazon Labor Union"])
    log(world, "Zed Zane", election=other_election)

    assert [r["voter_name"] for r in as_stranger.get("/api/v1/challenges/").json()["results"]] == ["Zed Zane"]
    assert as_stranger.get(f"/api/v1/challenges/{world.election.challenges.get().pk}/").status_code == 404
    assert as_staff.get("/api/v1/challenges/").json()["count"] == 2


def test_the_list_filters_by_case_election_status_ground_and_challenger(
    world: World, as_staff: APIClient
) -> None:
    fill(world, 6)
    rerun = new_election(world.case, 2, ["RWDSU"], kind="rerun")
    log(world, "Rerun Voter", election=rerun, by=world.union, ground="guard")
    other_election = new_election(world.other_case, 1, ["Amazon Labor Union"])
    log(world, "Zed Zane", election=other_election)
    resolve(world, world.election.challenges.get(voter_name="Voter 000"), "sustained")

    def names(query: str) -> list[str]:
        response = as_staff.get("/api/v1/challenges/" + query)
        assert response.status_code == 200, response.data
        return [r["voter_name"] for r in response.json()["results"]]

    assert names("?case=10-rc-269250") == [
        "Voter 000",
        "Voter 001",
        "Voter 002",
        "Voter 003",
        "Voter 004",
        "Voter 005",
        "Rerun Voter",
    ]
    assert names("?case=29-RC-288020") == ["Zed Zane"]
    assert names("?case=29 rc 288020") == ["Zed Zane"]  # as typed
    assert as_staff.get("/api/v1/challenges/?case=nonsense").status_code == 400  # cannot be a case number
    assert names(f"?election={rerun.pk}") == ["Rerun Voter"]
    assert names("?status=sustained") == ["Voter 000"]
    assert names("?ground=guard") == ["Rerun Voter"]
    assert names(f"?challenged_by={world.union.pk}&case=10-RC-269250") == [
        "Voter 000",
        "Voter 003",
        "Rerun Voter",
    ]
    assert names("?challenged_by=board_agent&case=10-RC-269250") == ["Voter 002", "Voter 005"]


@pytest.mark.parametrize(
    "query",
    [
        "?election=abc",
        "?election=99999999999999999999999",
        "?challenged_by=-1",
        "?challenged_by=" + "9" * 30,
        "?ground=x",
    ],
)
def test_bad_filters_are_400s_never_500s(world: World, as_staff: APIClient, query: str) -> None:
    assert as_staff.get("/api/v1/challenges/" + query).status_code == 400


def test_a_party_added_later_is_named_in_the_output(world: World, as_staff: APIClient) -> None:
    intervenor = new_party(world.case, "intervenor", "Teamsters")
    challenge = log(world, "Ann Able", by=intervenor)

    body = as_staff.get(f"/api/v1/challenges/{challenge.pk}/").json()

    assert (body["challenged_by"], body["challenged_by_name"]) == (intervenor.pk, "Teamsters")
