"""Issue 20, item 3: races that cannot mint access. Two staff giving one person appearances for both parties
of a case at once, and two rotations of one API token at once: one wins, the other is a 409, and nothing
grants more than one winner would have.

The races run on PostgreSQL (row locks; each thread its own connection), the held-lock and compare-and-swap
cases on either database."""

from __future__ import annotations

import threading
from typing import Any

import pytest
from django.db import IntegrityError, connection, transaction
from rest_framework.test import APIClient

from access.models import ApiToken, digest
from access.tokens import token_issue, token_rotate
from core.errors import TransitionNotAllowed
from elections import services
from elections.models import Appearance
from tests.conftest import World
from tests.factories import UserFactory
from tests.test_concurrency import client_for, race

APPEARANCES = "/api/v1/cases/10-RC-269250/appearances/"
ROTATE = "/api/v1/auth/token/rotate/"
STATUS = "/api/v1/cases/10-RC-269250/status/"

on_postgres = pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks and concurrent writers need PostgreSQL"
)


def appear(world: World, username: str, party: Any) -> Any:
    return client_for(world.staff).post(
        APPEARANCES, {"user": username, "party": party.pk, "capacity": "counsel"}, format="json"
    )


def with_key(key: str) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    return client


# --- one person, one party of a case ---------------------------------------------------------------------


@pytest.mark.django_db
def test_the_database_refuses_a_second_current_appearance_in_one_case(world: World) -> None:
    lawyer = UserFactory(username="both-sides")
    Appearance.objects.create(user=lawyer, party=world.union, capacity="counsel")
    with pytest.raises(IntegrityError), transaction.atomic():
        Appearance.objects.create(user=lawyer, party=world.employer, capacity="counsel")
    with pytest.raises(IntegrityError), transaction.atomic():  # bulk writes are held the same way
        Appearance.objects.bulk_create([Appearance(user=lawyer, party=world.employer, capacity="counsel")])
    # Ended, the first no longer counts: the person may then appear for the other party.
    services.appearance_end(appearance=Appearance.objects.get(user=lawyer), actor=world.staff)
    assert appear(world, "both-sides", world.employer).status_code == 201


@on_postgres
@pytest.mark.django_db(transaction=True)
def test_an_appearance_written_while_another_for_the_same_person_is_in_flight_is_a_409(world: World) -> None:
    racer = UserFactory(username="racer")
    holding, release, answer = threading.Event(), threading.Event(), {}

    def first_request() -> None:  # staff A's request, between its check and its commit
        from django.db import connections

        try:
            with transaction.atomic():
                services.appearance_create(
                    party=world.union, user=racer, capacity="counsel", actor=world.staff
                )
                holding.set()
                release.wait(30)
        finally:
            connections.close_all()

    thread = threading.Thread(target=first_request)
    thread.start()
    assert holding.wait(30)
    try:
        answer["second"] = appear(world, "racer", world.employer)
    finally:
        release.set()
        thread.join(30)

    assert answer["second"].status_code == 409, answer["second"].content
    assert "changing this record" in answer["second"].json()["detail"]
    assert list(Appearance.objects.filter(user__username="racer").values_list("party", flat=True)) == [
        world.union.pk
    ]


@on_postgres
@pytest.mark.django_db(transaction=True)
def test_two_staff_giving_one_person_both_parties_at_once_give_one_and_the_other_gets_409(
    world: World,
) -> None:
    for attempt in range(6):
        username = f"racer-{attempt}"
        UserFactory(username=username)
        responses = race(
            [
                lambda name=username, party=party: appear(world, name, party)
                for party in (world.union, world.employer)
            ]
        )
        codes = sorted(getattr(r, "status_code", r) for r in responses)
        # At once: the loser is a 409; a loser that came after the winner's commit is told why (400, "user").
        assert codes in ([201, 409], [201, 400]), codes
        assert Appearance.objects.filter(user__username=username).count() == 1


# --- rotating one token ----------------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_rotation_with_a_key_already_replaced_changes_nothing_and_is_a_409(world: World) -> None:
    first = token_issue(user=world.union_counsel)
    second = token_rotate(presented=digest(first), actor=world.union_counsel)  # the racing rotation won

    with pytest.raises(TransitionNotAllowed):
        token_rotate(presented=digest(first), actor=world.union_counsel)

    assert ApiToken.objects.get(user=world.union_counsel).key_digest == digest(second)
    assert with_key(second).get(STATUS).status_code == 200


@on_postgres
@pytest.mark.django_db(transaction=True)
def test_rotations_racing_with_one_key_return_one_key_and_it_works(world: World) -> None:
    for _ in range(4):
        key = token_issue(user=world.union_counsel)
        responses = race([lambda key=key: with_key(key).post(ROTATE) for _ in range(3)])

        codes = sorted(getattr(r, "status_code", r) for r in responses)
        assert codes[0] == 201 and all(code in (401, 409) for code in codes[1:]), codes
        [issued] = [r.json()["token"] for r in responses if r.status_code == 201]
        assert with_key(issued).get(STATUS).status_code == 200  # never a key that is already dead
        assert with_key(key).get(STATUS).status_code == 401
