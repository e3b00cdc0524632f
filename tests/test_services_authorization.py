"""Who may act is decided by the services themselves, so that the admin, a task or a command cannot do what
the API refuses: the same call, without the API in front of it, is refused with ``NotPermitted`` (the
API's 403) and writes nothing; staff and the system (``actor=None``) pass the same check."""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC, date, datetime
from typing import Any

import pytest

from core.errors import NotPermitted
from elections import services as election_services
from elections.models import Case, Party
from objections import services as objection_services
from objections.models import Objection
from proceedings import services as proceeding_services
from tests.conftest import World
from tests.factories import record_tally
from tests.writes import nothing_written

FILED_AT = datetime(2021, 4, 12, 15, tzinfo=UTC)


def _tallied(world: World) -> dict[str, Any]:
    """Record the tally of ballots; the fields of an objection filing in its period."""
    record_tally(
        world.election, prepared_at=datetime(2021, 4, 9, 16, tzinfo=UTC), yes=738, votes_against=1798
    )
    return {"election": world.election, "category": "threats", "statement": "Threats.", "filed_at": FILED_AT}


def _objection(world: World) -> Objection:
    return objection_services.objection_file(
        filed_by=world.union, actor=None, notify=False, **_tallied(world)
    )


STAFF_STEPS: dict[str, Callable[[World, Objection, Any], object]] = {
    "case_update": lambda w, o, actor: election_services.case_update(
        case=w.case, name="Renamed", actor=actor
    ),
    "party_create": lambda w, o, actor: election_services.party_create(
        case=w.case, role=Party.Role.INTERVENOR, name="Teamsters", actor=actor
    ),
    "deadline_set": lambda w, o, actor: proceeding_services.deadline_set(
        case=w.case, code="exceptions", due_on=date(2021, 5, 3), reason="order of 2021-04-20", actor=actor
    ),
    "ruling_record": lambda w, o, actor: objection_services.ruling_record(
        objection=o,
        level="regional_director",
        disposition="overruled",
        decided_on=date(2021, 4, 20),
        actor=actor,
    ),
}


@pytest.mark.parametrize("step", sorted(STAFF_STEPS))
def test_a_staff_step_called_by_counsel_outside_the_api_is_refused_and_writes_nothing(
    world: World, step: str
) -> None:
    objection = _objection(world)
    name = Case.objects.get(pk=world.case.pk).name
    with nothing_written(), pytest.raises(NotPermitted, match="Only Board staff may"):
        STAFF_STEPS[step](world, objection, world.union_counsel)
    assert Case.objects.get(pk=world.case.pk).name == name  # a correction changes no row count
    STAFF_STEPS[step](world, objection, world.staff)  # the same call by staff goes through


def test_counsel_file_objections_only_for_their_own_party_through_the_service(world: World) -> None:
    filing = {**_tallied(world), "notify": False}
    with pytest.raises(NotPermitted, match="You are not counsel for Amazon"):
        objection_services.objection_file(filed_by=world.employer, actor=world.union_counsel, **filing)
    with pytest.raises(NotPermitted, match="Only counsel of record for a party"):
        objection_services.objection_file(filed_by=world.union, actor=world.paralegal, **filing)
    assert not Objection.objects.exists()
    mine = objection_services.objection_file(filed_by=world.union, actor=world.union_counsel, **filing)
    assert mine.filed_by == world.union


def test_only_the_filing_partys_counsel_or_staff_withdraw_an_objection_through_the_service(
    world: World,
) -> None:
    objection = _objection(world)
    with pytest.raises(NotPermitted, match="Only counsel for RWDSU, which filed this objection"):
        objection_services.objection_withdraw(objection=objection, actor=world.employer_counsel, notify=False)
    assert Objection.objects.get(pk=objection.pk).status == Objection.Status.PENDING
    withdrawn = objection_services.objection_withdraw(
        objection=objection, actor=world.union_counsel, notify=False
    )
    assert withdrawn.status == Objection.Status.WITHDRAWN
