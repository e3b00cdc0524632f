"""Every refusal of a choice lists the choices, each code with its label (issue 24): in a body and in a
query's filter."""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db


def test_a_refused_category_lists_every_category_with_its_label(as_union: APIClient, world: World) -> None:
    record_tally(world.election, yes=10, votes_against=9)
    response = as_union.post(
        f"/api/v1/elections/{world.election.pk}/objections/",
        {"filed_by": world.union.pk, "category": "Threatening", "statement": "x"},
        format="json",
    )
    assert response.status_code == 400
    message = response.json()["category"][0]
    assert message.startswith("'Threatening' is not one of the choices: threats (Threats), ")
    assert "promises_or_benefits (Promises or grants of benefits)" in message


def test_a_refused_ground_lists_the_grounds(as_union: APIClient, world: World) -> None:
    response = as_union.post(
        f"/api/v1/elections/{world.election.pk}/challenges/",
        {"voter_name": "A", "challenged_by": world.union.pk, "ground": "Supervisor"},
        format="json",
    )
    assert response.status_code == 400
    assert "supervisor (Supervisor (§2(11)))" in response.json()["ground"][0]


@pytest.mark.parametrize(
    ("query", "field", "listed"),
    [
        ("objections/?status=lost", "status", "set_for_hearing (Set for hearing)"),
        ("challenges/?status=open", "status", "pending (Pending)"),
        ("objections/?category=threat", "category", "threats (Threats)"),
    ],
)
def test_a_refused_filter_choice_lists_the_choices(
    as_union: APIClient, world: World, query: str, field: str, listed: str
) -> None:
    response = as_union.get(f"/api/v1/{query}")
    assert response.status_code == 400
    assert list(response.json()) == [field]
    assert "is not one of the choices: " in response.json()[field][0]
    assert listed in response.json()[field][0]


def test_a_party_given_by_name_is_told_where_the_ids_are(as_union: APIClient, world: World) -> None:
    record_tally(world.election, yes=10, votes_against=9)
    response = as_union.post(
        f"/api/v1/elections/{world.election.pk}/objections/",
        {"filed_by": "RWDSU", "category": "threats", "statement": "x"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "filed_by": [
            "Give the party's id (a whole number), not its name: GET /api/v1/cases/10-RC-269250/parties/ "
            "lists the parties of the case with their ids."
        ]
    }


def test_an_appearance_names_its_party_by_id(as_staff: APIClient, world: World) -> None:
    response = as_staff.post(
        "/api/v1/cases/10-RC-269250/appearances/",
        {"user": "stranger", "party": "Amazon.com Services LLC", "capacity": "counsel"},
        format="json",
    )
    assert response.status_code == 400
    assert "GET /api/v1/cases/10-RC-269250/parties/" in response.json()["party"][0]
