"""Fixtures of the appeal ladder's tests: helpers to record tallies and events the way staff do. (The stage,
the open deadlines and the reminders depend on today: the tests set ``frozen_clock``, tests/conftest.py.)"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

import pytest

from elections.models import Case, Election, Party
from tests import factories
from tests.conftest import FrozenClock
from tests.factories import CaseFactory, ElectionFactory, PartyFactory, StaffFactory

EASTERN = ZoneInfo("America/New_York")
CENTRAL = ZoneInfo("America/Chicago")


BESSEMER = "10-RC-269250"
TALLY_2021 = datetime(2021, 4, 9, 12, 0, tzinfo=CENTRAL)  # the tally of ballots, 2021-04-09 (Region 10)


@pytest.fixture
def tallied(world: Any, frozen_clock: FrozenClock) -> Any:
    """The world's election with the Bessemer 2021 tally (738–1,798, 505 challenged); the clock three days on."""
    from tests.factories import record_tally

    frozen_clock.at("2021-04-12")
    record_tally(world.election, prepared_at=TALLY_2021, yes=738, votes_against=1798, void=76, challenged=505)
    return world


@pytest.fixture
def won(world: Any, frozen_clock: FrozenClock) -> Any:
    """The world's election won by the union: Bessemer's 2021 figures the other way round (1,798–738 of 2,536
    valid votes, majority 1,269; the 505 challenged ballots cannot change it), so a certification of
    representative follows the votes (102.69(b); 102.70(a)). The clock three days on."""
    from tests.factories import record_tally

    frozen_clock.at("2021-04-12")
    record_tally(world.election, prepared_at=TALLY_2021, yes=1798, votes_against=738, void=76, challenged=505)
    return world


def post_event(client: Any, event: str, occurred_on: str, number: str = BESSEMER, **details: Any) -> Any:
    body: dict[str, Any] = {"event": event, "occurred_on": occurred_on, "details": details}
    if "election" in details:
        body["election"] = details.pop("election")
    return client.post(f"/api/v1/cases/{number}/proceedings/", body, format="json")


def file_objection(
    world: Any,
    party: Any,
    filed_at: datetime,
    *,
    offer: bool = True,
    election: Any = None,
    number: int | None = None,
    objects_to: str = "conduct",
) -> Any:
    return factories.file_objection(
        election or world.election,
        party,
        filed_at=filed_at,
        offer_of_proof_filed_at=filed_at if offer else None,
        number=number,
        objects_to=objects_to,
        actor=world.staff,
    )


def climb(case: Any, actor: Any, *steps: tuple[Any, ...]) -> list[Any]:
    """Record events (event, date, details) through the service, in order."""
    recorded = []
    for event, on, *rest in steps:
        details = dict(rest[0]) if rest else {}
        election = details.pop("election", None)
        recorded.append(factories.record_event(case, event, on, election=election, actor=actor, **details))
    return recorded


# Typed front doors to the shared factories (factory-boy's classes type as themselves, not their models).
def make_case(**fields: Any) -> Case:
    return cast(Case, CaseFactory(**fields))


def make_party(**fields: Any) -> Party:
    return cast(Party, PartyFactory(**fields))


def make_election(**fields: Any) -> Election:
    return cast(Election, ElectionFactory(**fields))


def make_staff(**fields: Any) -> Any:
    user: Any = StaffFactory(**fields)
    user.save()  # the factory sets the password after saving: store it, or a session fails its check
    return user
