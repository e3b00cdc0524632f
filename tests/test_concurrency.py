"""Issue 10, item 7: racing writes end as success or 409, never a 500 — on SQLite (threads on the shared
test database: busy/locked) and on PostgreSQL (row locks; run with the ``postgres`` marker)."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connections
from rest_framework.test import APIClient

from challenges.models import Challenge
from objections.models import Objection
from tests.challenges.conftest import log
from tests.conftest import World
from tests.factories import record_tally
from tests.objections.conftest import BESSEMER_TALLY, payload, url

pytestmark = [pytest.mark.postgres, pytest.mark.django_db(transaction=True)]

RACERS = 4


def race(calls: list[Callable[[], Any]]) -> list[Any]:
    """Run the calls at once, each on its own thread and database connection; their responses."""
    start = threading.Barrier(len(calls))
    results: list[Any] = [None] * len(calls)

    def run(i: int) -> None:
        try:
            start.wait()
            results[i] = calls[i]()
        except Exception as exc:  # the outcome under test, for the main thread to assert on
            results[i] = exc
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(60)
    return results


def client_for(user: Any) -> APIClient:
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(user)
    return client


def test_objections_filed_at_once_are_numbered_without_a_race(world: World) -> None:
    record_tally(world.election, prepared_at=BESSEMER_TALLY, yes=738, votes_against=1798, challenged=505)
    body = payload(world.union, filed_at="2021-04-15T12:00:00-04:00")

    responses = race(
        [
            lambda: client_for(world.union_counsel).post(url(world.election), body, format="json")
            for _ in range(RACERS)
        ]
    )

    codes = [getattr(r, "status_code", r) for r in responses]
    assert all(code in (201, 409) for code in codes), codes
    numbers = sorted(Objection.objects.values_list("number", flat=True))
    assert numbers == list(range(1, codes.count(201) + 1))


def test_two_staff_resolving_one_challenge_at_once_one_wins_and_the_other_gets_a_409(
    world: World,
) -> None:
    challenge = log(world, "Ann Able", by=world.employer)
    body = {"outcome": "sustained", "method": "investigation", "decided_on": "2021-06-01"}

    responses = race(
        [
            lambda: client_for(world.staff).post(
                f"/api/v1/challenges/{challenge.pk}/resolve/", body, format="json"
            )
            for _ in range(2)
        ]
    )

    codes = sorted(getattr(r, "status_code", r) for r in responses)
    assert codes in ([200, 409], [409, 409]), codes
    assert Challenge.objects.get(pk=challenge.pk).status == ("sustained" if 200 in codes else "pending")
