"""Fixtures shared by every test module: a small two-party case, API clients signed in as each kind of user,
and the one frozen clock. App-specific fixtures live beside their tests."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.core.cache import cache
from django.utils import timezone
from rest_framework.test import APIClient

from core import clock as tracker_clock
from elections.models import Appearance, Case, Election, Party
from tests.admin_pages import staff_browser  # noqa: F401  (a superuser signed in to the admin, for every app)
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    StaffFactory,
    UserFactory,
)


@pytest.fixture(autouse=True)
def _empty_read_cache() -> None:
    """Each test starts with nothing cached: the cache lives in process memory, and after a rollback another
    test's case may have the same id and version (core/api/conditional.py)."""
    cache.clear()


@dataclass
class World:
    """One case with a union and an employer, each with counsel; a paralegal for the union; staff;
    and a stranger who appears only in another case."""

    case: Case
    union: Party
    employer: Party
    election: Election
    staff: Any
    union_counsel: Any
    employer_counsel: Any
    paralegal: Any
    stranger: Any
    other_case: Case


@pytest.fixture
def world(db: None) -> World:
    case = CaseFactory(
        number="10-RC-269250", name="Amazon.com Services LLC", petition_filed_on=date(2020, 11, 20)
    )
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="RWDSU")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Amazon.com Services LLC")
    other_case = CaseFactory(number="29-RC-288020", name="JFK8", petition_filed_on=date(2021, 12, 22))
    other_union = PartyFactory(case=other_case, role=Party.Role.PETITIONER, name="Amazon Labor Union")
    stranger = UserFactory(username="stranger")
    AppearanceFactory(user=stranger, party=other_union)
    world = World(
        case=case,
        union=union,
        employer=employer,
        election=ElectionFactory(case=case, sequence=1, choices=["RWDSU"], mode=Election.Mode.MAIL),
        staff=StaffFactory(username="agent"),
        union_counsel=UserFactory(username="ucounsel"),
        employer_counsel=UserFactory(username="ecounsel"),
        paralegal=UserFactory(username="para"),
        stranger=stranger,
        other_case=other_case,
    )
    AppearanceFactory(user=world.union_counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    AppearanceFactory(user=world.employer_counsel, party=employer, capacity=Appearance.Capacity.COUNSEL)
    AppearanceFactory(user=world.paralegal, party=union, capacity=Appearance.Capacity.PARALEGAL)
    return world


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


@pytest.fixture
def api() -> APIClient:
    """Anonymous client."""
    return APIClient()


@pytest.fixture
def as_staff(world: World) -> APIClient:
    return _client(world.staff)


@pytest.fixture
def as_union(world: World) -> APIClient:
    return _client(world.union_counsel)


@pytest.fixture
def as_employer(world: World) -> APIClient:
    return _client(world.employer_counsel)


@pytest.fixture
def as_paralegal(world: World) -> APIClient:
    return _client(world.paralegal)


@pytest.fixture
def as_stranger(world: World) -> APIClient:
    return _client(world.stranger)


# --- the clock ---------------------------------------------------------------------------------------------

ATLANTA = ZoneInfo("America/New_York")  # Region 10's office, where the Bessemer story's days are counted


class FrozenClock:
    """What the tracker believes the time is: ``core.clock.now()`` (the ladder's stage, deadlines and
    reminders) and ``django.utils.timezone.now()`` (filing receipts, withdrawals, "not in the future" checks)
    answer the same moment. Until ``at`` is called both answer the real time.

    ``at("2021-04-12")`` means noon that day in Atlanta's zone; ``at("2021-04-12", 17)`` 5 p.m. there; a
    datetime is taken as it is (a naive one in Atlanta's zone)."""

    def __init__(self, real_now: Callable[[], datetime]) -> None:
        self._real_now = real_now
        self.moment: datetime | None = None

    def at(self, when: str | date | datetime, hour: int = 12, minute: int = 0) -> datetime:
        if isinstance(when, str):
            when = date.fromisoformat(when) if len(when) == 10 else datetime.fromisoformat(when)
        if isinstance(when, datetime):
            self.moment = when if when.tzinfo else when.replace(tzinfo=ATLANTA)
        else:
            self.moment = datetime.combine(when, time(hour, minute), tzinfo=ATLANTA)
        return self.moment

    def advance(self, by: timedelta) -> datetime:
        return self.at(self.now() + by)

    def now(self) -> datetime:
        return self.moment or self._real_now()


@pytest.fixture
def frozen_clock(monkeypatch: pytest.MonkeyPatch) -> FrozenClock:
    """One clock for the whole tracker, set by the test (see FrozenClock)."""
    frozen = FrozenClock(timezone.now)
    monkeypatch.setattr(tracker_clock, "now", frozen.now)
    monkeypatch.setattr(timezone, "now", frozen.now)
    return frozen
