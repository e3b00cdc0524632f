"""Logging a challenged ballot through the API: who may, and what input is refused."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from challenges.models import Challenge
from tests.challenges.conftest import challenges_url, log, new_election, new_party
from tests.conftest import World

pytestmark = pytest.mark.django_db


def test_counsel_logs_a_challenge_in_their_own_partys_name(
    world: World, as_union: APIClient, valid_body: dict[str, Any]
) -> None:
    response = as_union.post(challenges_url(world.election), valid_body)

    assert response.status_code == 201, response.data
    body = response.json()
    challenge = Challenge.objects.get()
    assert body == {
        "id": challenge.pk,
        "election": world.election.pk,
        "election_sequence": 1,
        "case": "10-RC-269250",
        "voter_name": "Jane Q. Voter",
        "voter_identifier": "E-1001",
        "job_classification": "Fulfillment Associate",
        "challenged_by": world.union.pk,
        "challenged_by_name": "RWDSU",
        "ground": "supervisor",
        "reason": "Directs the work of the pick line",
        "status": "pending",
        "resolution_method": "",
        "resolved_on": None,
        "resolved_level": "",
        "recommendation": "",
        "recommended_on": None,
        "recommendation_level": "",
        "awaiting_count": False,
        "counted_in_revision": None,
        "logged_by": "ucounsel",
        "logged_at": body["logged_at"],
        "updated_at": body["updated_at"],
        "synthetic": False,
    }
    assert challenge.history.get().history_user == world.union_counsel


def test_counsel_may_not_log_in_another_partys_name(
    world: World, as_employer: APIClient, valid_body: dict[str, Any]
) -> None:
    response = as_employer.post(challenges_url(world.election), valid_body)

    assert response.status_code == 403
    assert "RWDSU" in response.json()["detail"]
    assert not Challenge.objects.exists()


def test_counsel_may_not_log_in_the_board_agents_name(
    world: World, as_union: APIClient, valid_body: dict[str, Any]
) -> None:
    response = as_union.post(challenges_url(world.election), {**valid_body, "challenged_by": "board_agent"})

    assert response.status_code == 403


@pytest.mark.parametrize("challenger", ["union", "employer", "board_agent"])
def test_staff_log_for_any_party_or_the_board_agent(
    world: World, as_staff: APIClient, valid_body: dict[str, Any], challenger: str
) -> None:
    code = "board_agent" if challenger == "board_agent" else getattr(world, challenger).pk

    response = as_staff.post(challenges_url(world.election), {**valid_body, "challenged_by": code})

    assert response.status_code == 201, response.data
    assert response.json()["challenged_by"] == code
    assert response.json()["logged_by"] == "agent"


def test_a_paralegal_reads_the_ledger_but_does_not_log(
    world: World, as_paralegal: APIClient, valid_body: dict[str, Any]
) -> None:
    log(world, "Existing Voter")

    assert as_paralegal.get(challenges_url(world.election)).json()["count"] == 1
    response = as_paralegal.post(challenges_url(world.election), valid_body)
    assert response.status_code == 403
    assert response.json() == {
        "detail": "Only counsel for a party, or Board staff, may log challenged ballots."
    }


def test_a_stranger_to_the_case_gets_404_for_reads_and_writes(
    world: World, as_stranger: APIClient, valid_body: dict[str, Any]
) -> None:
    assert as_stranger.get(challenges_url(world.election)).status_code == 404
    assert as_stranger.post(challenges_url(world.election), valid_body).status_code == 404


def test_anonymous_callers_get_401(world: World, api: APIClient, valid_body: dict[str, Any]) -> None:
    assert api.get(challenges_url(world.election)).status_code == 401
    assert api.post(challenges_url(world.election), valid_body).status_code == 401


def test_an_election_id_beyond_any_database_integer_is_a_404(world: World, as_staff: APIClient) -> None:
    assert as_staff.get("/api/v1/elections/99999999999999999999999/challenges/").status_code == 404
    assert as_staff.get("/api/v1/challenges/99999999999999999999999/").status_code == 404


@pytest.mark.parametrize(
    ("change", "field", "fragment"),
    [
        ({"ground": "supervisr"}, "ground", "is not one of the choices: not_on_list (Not on the voter list)"),
        ({"voter_name": "   "}, "voter_name", "may not be blank"),
        ({"voter_name": "x" * 201}, "voter_name", "no more than 200"),
        ({"voter_identifier": "x" * 101}, "voter_identifier", "no more than 100"),
        ({"job_classification": "x" * 201}, "job_classification", "no more than 200"),
        ({"reason": "x" * 5001}, "reason", "no more than 5000"),
        ({"challenged_by": "amazon"}, "challenged_by", "party id of this case or 'board_agent'"),
        ({"challenged_by": True}, "challenged_by", "party id"),
        ({"challenged_by": 10**30}, "challenged_by", "party id"),
        ({"challenged_by": None}, "challenged_by", "null"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(
    world: World,
    as_staff: APIClient,
    valid_body: dict[str, Any],
    change: dict[str, Any],
    field: str,
    fragment: str,
) -> None:
    response = as_staff.post(challenges_url(world.election), {**valid_body, **change})

    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert fragment in response.json()[field][0]


def test_a_party_of_another_case_is_a_400_on_challenged_by(
    world: World, as_staff: APIClient, valid_body: dict[str, Any]
) -> None:
    foreign = world.other_case.parties.get()

    response = as_staff.post(challenges_url(world.election), {**valid_body, "challenged_by": foreign.pk})

    assert response.status_code == 400
    assert response.json() == {"challenged_by": [f"party {foreign.pk} is not a party to 10-RC-269250"]}


def test_a_second_live_challenge_to_the_same_voter_is_a_400(
    world: World, as_union: APIClient, valid_body: dict[str, Any]
) -> None:
    first = log(world, "Jane Q. Voter", voter_identifier="E-1001")

    response = as_union.post(challenges_url(world.election), {**valid_body, "voter_name": "Jane Voter"})

    assert response.status_code == 400
    assert response.json() == {
        "voter_identifier": [
            f"'E-1001' already has a live challenge in this election (challenge {first.pk}, pending); "
            "one voter, one challenge."
        ]
    }


def test_a_voter_without_identifier_is_matched_by_the_name_with_spacing_and_case_folded(
    world: World, as_staff: APIClient, valid_body: dict[str, Any]
) -> None:
    log(world, "Jane  Q. VOTER")

    response = as_staff.post(
        challenges_url(world.election), {**valid_body, "voter_identifier": "", "voter_name": "jane q. voter"}
    )

    assert response.status_code == 400
    assert list(response.json()) == ["voter_name"]


def test_a_withdrawn_challenge_does_not_block_a_new_one(
    world: World, as_staff: APIClient, valid_body: dict[str, Any]
) -> None:
    from challenges import services

    first = log(world, "Jane Q. Voter", voter_identifier="E-1001")
    services.challenge_withdraw(challenge_id=first.pk, actor=world.staff)

    response = as_staff.post(challenges_url(world.election), valid_body)

    assert response.status_code == 201


def test_the_same_voter_may_be_challenged_in_another_election(
    world: World, as_staff: APIClient, valid_body: dict[str, Any]
) -> None:
    rerun = new_election(world.case, 2, ["RWDSU"], kind="rerun")
    log(world, "Jane Q. Voter", voter_identifier="E-1001")

    response = as_staff.post(challenges_url(rerun), valid_body)

    assert response.status_code == 201


def test_counsel_for_two_cases_is_scoped_to_each_case(world: World, valid_body: dict[str, Any]) -> None:
    """Counsel of the other case who also appear here for the employer still cannot use the union."""
    from tests.factories import AppearanceFactory

    AppearanceFactory(user=world.stranger, party=new_party(world.case, "intervenor", "ALU"))
    client = APIClient()
    client.force_authenticate(world.stranger)

    response = client.post(challenges_url(world.election), valid_body)

    assert response.status_code == 403


def test_the_election_list_filters_by_status_ground_and_challenger(world: World, as_union: APIClient) -> None:
    log(world, "A", by=world.union, ground="supervisor")
    log(world, "B", by=world.employer, ground="outside_unit")
    log(world, "C", ground="not_on_list")
    url = challenges_url(world.election)

    def names(query: str) -> list[str]:
        response = as_union.get(url + query)
        assert response.status_code == 200, response.data
        return [row["voter_name"] for row in response.json()["results"]]

    assert names("") == ["A", "B", "C"]
    assert names("?challenged_by=board_agent") == ["C"]
    assert names(f"?challenged_by={world.employer.pk}") == ["B"]
    assert names("?ground=supervisor") == ["A"]
    assert names("?status=pending&ground=not_on_list") == ["C"]
    assert as_union.get(url + "?challenged_by=amazon").status_code == 400
    assert as_union.get(url + "?status=decided").status_code == 400
