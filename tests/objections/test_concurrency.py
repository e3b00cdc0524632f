"""Two filings by the same party at the same moment get different numbers (PostgreSQL row locks)."""

from __future__ import annotations

import threading
from datetime import datetime
from zoneinfo import ZoneInfo

import pytest
from django.db import connection, connections

from objections import services
from objections.models import Objection
from tests.conftest import World
from tests.factories import record_tally

NY = ZoneInfo("America/New_York")


@pytest.mark.skipif(connection.vendor != "postgresql", reason="needs PostgreSQL row locks (CI's second pass)")
@pytest.mark.django_db(transaction=True)
def test_two_simultaneous_filings_of_one_party_are_numbered_one_and_two(world: World) -> None:
    record_tally(world.election, prepared_at=datetime(2021, 4, 9, 13, 0, tzinfo=NY), yes=1, votes_against=2)
    barrier = threading.Barrier(2)
    errors: list[BaseException] = []

    def file_one() -> None:
        try:
            barrier.wait(timeout=10)
            services.objection_file(
                election=world.election,
                filed_by=world.union,
                category="threats",
                statement="Threats of closure.",
                filed_at=datetime(2021, 4, 15, 12, 0, tzinfo=NY),
                actor=world.union_counsel,
                notify=False,
            )
        except BaseException as exc:  # reported below
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=file_one) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=30)
    assert errors == []
    assert sorted(Objection.objects.values_list("number", flat=True)) == [1, 2]
