"""Two staff resolving the same challenge at the same moment, each on their own database connection."""

from __future__ import annotations

import threading
import time
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection, connections, transaction

from challenges import services
from challenges.models import Challenge
from core.errors import TransitionNotAllowed
from tests.challenges.conftest import DECIDED, log
from tests.conftest import World

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="needs two real connections and row locks (SELECT … FOR UPDATE): PostgreSQL only",
    ),
]


def in_thread(target: Callable[[], Any], outcomes: dict[str, Any], name: str) -> threading.Thread:
    def run() -> None:
        try:
            outcomes[name] = target()
        except Exception as exc:  # the outcome under test, recorded for the main thread
            outcomes[name] = exc
        finally:
            connections.close_all()  # this thread's own connection

    return threading.Thread(target=run, name=name)


def test_two_staff_resolving_one_challenge_at_once_one_wins_and_the_other_gets_a_409(world: World) -> None:
    challenge = log(world, "Ann Able", by=world.employer)
    first_holds_lock = threading.Event()
    outcomes: dict[str, Any] = {}
    finished: dict[str, float] = {}

    def first() -> Any:
        # Resolve, then keep the transaction (and the row lock) open while the second one arrives.
        with transaction.atomic():
            result = services.challenge_resolve(
                challenge_id=challenge.pk,
                outcome="sustained",
                method="investigation",
                decided_on=DECIDED,
                actor=world.staff,
            )
            first_holds_lock.set()
            time.sleep(0.5)
            finished["first"] = time.monotonic()  # the commit, and the lock's release, come next
        return result

    def second() -> Any:
        first_holds_lock.wait(timeout=10)
        try:
            return services.challenge_resolve(
                challenge_id=challenge.pk,
                outcome="overruled",
                method="hearing",
                decided_on=DECIDED,
                actor=world.staff,
            )
        finally:
            finished["second"] = time.monotonic()

    threads = [in_thread(first, outcomes, "first"), in_thread(second, outcomes, "second")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert isinstance(outcomes["first"], Challenge), outcomes
    assert isinstance(outcomes["second"], TransitionNotAllowed), outcomes
    assert "already sustained" in outcomes["second"].detail
    assert finished["second"] >= finished["first"]  # it waited for the lock instead of reading stale data
    challenge.refresh_from_db()
    assert (challenge.status, challenge.resolution_method) == ("sustained", "investigation")
    assert list(challenge.history.order_by("history_id").values_list("status", flat=True)) == [
        "pending",
        "sustained",
    ]


def test_two_staff_racing_through_the_api_get_one_200_and_one_409(world: World) -> None:
    from rest_framework.test import APIClient

    challenge = log(world, "Bob Baker", by=world.union)
    barrier = threading.Barrier(2)
    outcomes: dict[str, Any] = {}

    def post(outcome: str) -> Callable[[], int]:
        def call() -> int:
            client = APIClient()
            client.force_authenticate(world.staff)
            barrier.wait(timeout=10)
            body = {"outcome": outcome, "method": "agreement", "decided_on": DECIDED.isoformat()}
            return client.post(f"/api/v1/challenges/{challenge.pk}/resolve/", body).status_code

        return call

    threads = [in_thread(post("sustained"), outcomes, "a"), in_thread(post("overruled"), outcomes, "b")]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)

    assert sorted(outcomes.values()) == [200, 409]
    assert Challenge.objects.get(pk=challenge.pk).history.count() == 2
