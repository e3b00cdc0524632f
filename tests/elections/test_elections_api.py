"""Elections and tallies through the API: the computed figures, bad input, scoping and query counts."""

from __future__ import annotations

import pytest

from elections.models import Tally
from tests.conftest import World
from tests.factories import ElectionFactory, record_tally

pytestmark = pytest.mark.django_db

TALLY_2021 = {
    "prepared_at": "2021-04-09T12:00:00-05:00",
    "void": 76,
    "votes_for": {"RWDSU": 738},
    "votes_against": 1798,
    "challenged": 505,
}


def test_staff_record_the_bessemer_2021_tally_and_see_it_was_not_determinative(
    as_staff, world: World
) -> None:
    response = as_staff.post(f"/api/v1/elections/{world.election.pk}/tallies/", TALLY_2021, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["revision"] == 0
    assert body["valid_votes_counted"] == 2536
    assert body["valid_plus_challenged"] == 3041
    assert body["challenges_determinative"] is False
    assert body["result"] == "no_representative"
    assert body["winner"] is None


def test_the_2022_tally_is_determinative_and_undetermined(as_staff, as_paralegal, world: World) -> None:
    rerun = ElectionFactory(case=world.case, sequence=2, kind="rerun", choices=["RWDSU"])
    as_staff.post(
        f"/api/v1/elections/{rerun.pk}/tallies/",
        {
            "prepared_at": "2022-03-31T12:00:00-05:00",
            "void": 59,
            "votes_for": {"RWDSU": 875},
            "votes_against": 993,
            "challenged": 416,
        },
        format="json",
    )
    tallies = as_paralegal.get(f"/api/v1/elections/{rerun.pk}/tallies/").json()["results"]
    assert [(t["valid_votes_counted"], t["challenges_determinative"], t["result"]) for t in tallies] == [
        (1868, True, "undetermined")
    ]


def test_a_second_tally_is_the_next_revision(as_staff, world: World) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    response = as_staff.post(
        f"/api/v1/elections/{world.election.pk}/tallies/",
        {"prepared_at": "2021-05-01T12:00:00Z", "votes_for": {"RWDSU": 10}, "votes_against": 11},
        format="json",
    )
    assert response.json()["revision"] == 1
    assert response.json()["result"] == "no_representative"


@pytest.mark.parametrize(
    ("change", "field", "fragment"),
    [
        ({"votes_against": -1}, "votes_against", "greater than or equal to 0"),
        ({"void": -3}, "void", "greater than or equal to 0"),
        ({"challenged": 10**12}, "challenged", "less than or equal to"),
        ({"votes_for": {"Teamsters": 5}}, "votes_for", "not on the ballot: 'Teamsters'"),
        ({"votes_for": {}}, "votes_for", "missing 'RWDSU'"),
        ({"votes_for": {"RWDSU": -5}}, "votes_for", "greater than or equal to 0"),
        ({"votes_for": [738]}, "votes_for", "Expected a dictionary"),
        ({"prepared_at": "yesterday"}, "prepared_at", "Datetime has wrong format"),
        ({"election": 999999}, "election", "not 999999"),
        ({"case": "29-RC-288020"}, "case", "belongs to 10-RC-269250"),
    ],
)
def test_bad_tally_input_is_a_400_naming_the_field(as_staff, world: World, change, field, fragment) -> None:
    response = as_staff.post(
        f"/api/v1/elections/{world.election.pk}/tallies/", {**TALLY_2021, **change}, format="json"
    )
    assert response.status_code == 400
    assert fragment in str(response.json()[field]), response.json()
    assert not Tally.objects.exists()


def test_counsel_cannot_record_a_tally(as_union, world: World) -> None:
    response = as_union.post(f"/api/v1/elections/{world.election.pk}/tallies/", TALLY_2021, format="json")
    assert response.status_code == 403


def test_a_tally_posted_to_another_cases_election_is_404_for_counsel(as_stranger, world: World) -> None:
    assert as_stranger.get(f"/api/v1/elections/{world.election.pk}/tallies/").status_code == 404
    assert as_stranger.post(f"/api/v1/elections/{world.election.pk}/tallies/", TALLY_2021).status_code == 404


def test_staff_create_elections_with_the_next_sequence(as_staff, world: World) -> None:
    response = as_staff.post(
        "/api/v1/elections/",
        {
            "case": "10-RC-269250",
            "kind": "rerun",
            "mode": "mail",
            "choices": ["RWDSU"],
            "eligibility_date": "2022-01-08",
            "voting_opens_on": "2022-02-04",
            "voting_closes_on": "2022-03-25",
            "count_on": "2022-03-28",
            "approx_eligible_voters": 6153,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert (response.json()["sequence"], response.json()["case"]) == (2, "10-RC-269250")


@pytest.mark.parametrize(
    ("change", "field", "fragment"),
    [
        (
            {"voting_opens_on": "2022-03-25", "voting_closes_on": "2022-02-04"},
            "voting_closes_on",
            "cannot be before",
        ),
        (
            {"eligibility_date": "2022-03-01", "voting_opens_on": "2022-02-04"},
            "voting_opens_on",
            "cannot be before",
        ),
        ({"choices": []}, "choices", "Ensure this field has at least 1 elements"),
        ({"choices": ["A", "B", "C", "D"]}, "choices", "no more than 3"),
        ({"choices": ["RWDSU", "rwdsu"]}, "choices", "only once"),
        ({"case": "10-XX-1"}, "case", "No case"),
        ({"case": "29-RC-288020", "kind": "runoff"}, "kind", "follows an earlier election"),
        ({"mode": "email"}, "mode", "is not one of the choices"),
        ({"sequence": 1}, "sequence", "already has an election 1"),
    ],
)
def test_bad_election_input_is_a_400_naming_the_field(
    as_staff, world: World, change, field, fragment
) -> None:
    base = {"case": "10-RC-269250", "choices": ["RWDSU"]}
    response = as_staff.post("/api/v1/elections/", {**base, **change}, format="json")
    assert response.status_code == 400
    assert fragment in str(response.json()[field]), response.json()


def test_election_list_filters_by_case_and_is_scoped(as_union, as_staff, world: World) -> None:
    ElectionFactory(case=world.other_case, sequence=1)
    assert as_staff.get("/api/v1/elections/").json()["count"] == 2
    assert as_staff.get("/api/v1/elections/?case=29-RC-288020").json()["count"] == 1
    assert [e["case"] for e in as_union.get("/api/v1/elections/").json()["results"]] == ["10-RC-269250"]
    assert as_union.get(f"/api/v1/elections/{world.election.pk + 1}/").status_code == 404


def test_the_election_shows_its_latest_tally(as_paralegal, world: World) -> None:
    record_tally(world.election, yes=738, votes_against=1798, void=76, challenged=505)
    body = as_paralegal.get(f"/api/v1/elections/{world.election.pk}/").json()
    assert body["latest_tally"]["result"] == "no_representative"
    assert body["choices"] == ["RWDSU"]


def test_the_ballot_cannot_change_after_a_tally(as_staff, world: World) -> None:
    record_tally(world.election, yes=1, votes_against=2)
    response = as_staff.patch(
        f"/api/v1/elections/{world.election.pk}/", {"choices": ["Teamsters"]}, format="json"
    )
    assert response.status_code == 400
    assert "cannot change once a tally" in response.json()["choices"][0]


def test_election_list_and_tallies_cost_constant_queries(as_staff, world, django_assert_num_queries) -> None:
    for sequence in range(2, 12):
        election = ElectionFactory(case=world.case, sequence=sequence, kind="rerun")
        record_tally(election, yes=sequence, votes_against=3)
    # elections with case and pending counts (the page tells the count), tallies
    with django_assert_num_queries(2):
        assert as_staff.get("/api/v1/elections/").status_code == 200
    for _ in range(5):
        record_tally(world.election, yes=1, votes_against=1)
    # the election, the page of tallies (it tells the count)
    with django_assert_num_queries(2):
        assert as_staff.get(f"/api/v1/elections/{world.election.pk}/tallies/").status_code == 200


@pytest.mark.parametrize("election_id", ["99999999999999999999999", "0"])
def test_an_election_id_beyond_what_the_database_holds_is_a_404(as_staff, world: World, election_id) -> None:
    assert as_staff.get(f"/api/v1/elections/{election_id}/").status_code == 404
    assert as_staff.get(f"/api/v1/elections/{election_id}/tallies/").status_code == 404
