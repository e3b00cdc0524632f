"""Fixtures of the objections tests: tallied elections under each rule set, and a helper to file."""

from __future__ import annotations

from datetime import date, datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from elections.models import Appearance, Case, Election, Party
from objections.models import Objection
from tests.conftest import FrozenClock, World
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    UserFactory,
    file_objection,
    record_tally,
)

NY = ZoneInfo("America/New_York")
CENTRAL = ZoneInfo("America/Chicago")

# The Bessemer tally: Friday 2021-04-09, prepared in Alabama (Central); Region 10 files in Atlanta (Eastern).
BESSEMER_TALLY = datetime(2021, 4, 9, 12, 0, tzinfo=CENTRAL)


@pytest.fixture
def tallied(world: World) -> World:
    """The world's election (Bessemer 2021, 2019 rules) with its tally of 2021-04-09."""
    record_tally(
        world.election, prepared_at=BESSEMER_TALLY, yes=738, votes_against=1798, void=76, challenged=505
    )
    return world


@pytest.fixture
def fresh(world: World) -> World:
    """The world's election tallied an hour ago: filing "now" is timely under any rule set."""
    record_tally(world.election, prepared_at=timezone.now() - timedelta(hours=1), yes=10, votes_against=12)
    return world


def url(election: Election) -> str:
    return f"/api/v1/elections/{election.pk}/objections/"


def payload(party: Party, **changes: Any) -> dict[str, Any]:
    body: dict[str, Any] = {
        "filed_by": party.pk,
        "category": "mail_ballot",
        "statement": "The Employer had a collection box installed in the employee parking lot.",
    }
    body.update(changes)
    return body


def file(
    election: Election, party: Party, *, actor: Any, filed_at: datetime | None = None, **kw: Any
) -> Objection:
    """File through the service (no notices unless asked)."""
    kw.setdefault("statement", "Supervisors threatened closure.")
    return file_objection(
        election, party, filed_at=filed_at or datetime(2021, 4, 15, 12, 0, tzinfo=NY), actor=actor, **kw
    )


def case_under(number: str, petition_filed_on: str, *, counsel: Any) -> tuple[Case, Party, Party]:
    """Another case (for another rule set or region) where ``counsel`` appears for the union."""
    case = CaseFactory(number=number, petition_filed_on=date.fromisoformat(petition_filed_on))
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="Union")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Employer")
    AppearanceFactory(user=counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    return case, union, employer


def election_tallied(case: Case, prepared_at: datetime) -> Election:
    election = ElectionFactory(case=case, sequence=1, choices=["Union"])
    record_tally(election, prepared_at=prepared_at, yes=5, votes_against=7)
    return election


@pytest.fixture
def lawyer(db: None) -> Any:
    return UserFactory(username="lawyer")


RECEIVED_IN_PERIOD = datetime(2021, 4, 16, 23, 59, 50, tzinfo=NY)


@pytest.fixture
def received_in_period(frozen_clock: FrozenClock) -> datetime:
    """The tracker's clock inside the Bessemer 2021 objections period: counsel's stated filing times are
    then confirmed as received (issue 10: a stated time on a filing received after the period waits)."""
    return frozen_clock.at(RECEIVED_IN_PERIOD)
