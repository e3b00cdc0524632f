"""Issue 21, item 4: what an objection objects to decides its period (29 CFR 102.69(a)(8), (e)).

The story of tests/proceedings/test_no_certification_in_an_open_window.py: tally of ballots 2026-11-12, its period
closing 2026-11-19 (Nov 13, 16, 17, 18, 19); revised tally 121–113 on 2026-12-03, its 102.69(e) period closing
2026-12-10 (Dec 4, 7, 8, 9, 10). The employer objects on 2026-12-08 to threats made two weeks before the
election: conduct, due 2026-11-19, "whether or not the challenged ballots are sufficient in number to affect
the results" — late. Its objection to the revised tally itself is on time until 2026-12-10.
"""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from objections.law.deadlines import NoRevisedTally, deadline_for_filing
from objections.models import Objection
from tests.conftest import World
from tests.desk.conftest import CASE, signed_in
from tests.proceedings.test_no_certification_in_an_open_window import REVISED, TALLY, _revised_tally

pytestmark = pytest.mark.django_db

ATLANTA = ZoneInfo("America/New_York")
DEC_8 = datetime(2026, 12, 8, 10, 0, tzinfo=ATLANTA)
DEC_11 = datetime(2026, 12, 11, 10, 0, tzinfo=ATLANTA)
NOV_19_CLOSE = "2026-11-19T23:59:00-05:00"
DEC_10_CLOSE = "2026-12-10T23:59:00-05:00"


@pytest.mark.parametrize(
    ("objects_to", "filed_at", "due", "timely"),
    [
        ("conduct", datetime(2026, 11, 19, 20, 0, tzinfo=ATLANTA), NOV_19_CLOSE, True),
        ("conduct", DEC_8, NOV_19_CLOSE, False),  # inside the revised window, still late
        ("revised_tally", DEC_8, DEC_10_CLOSE, True),
        ("revised_tally", DEC_11, DEC_10_CLOSE, False),
    ],
)
def test_the_period_follows_what_the_objection_objects_to(
    objects_to: str, filed_at: datetime, due: str, timely: bool
) -> None:
    deadline = deadline_for_filing(
        rule_set="2023",
        region=10,
        tally_prepared_at=TALLY,
        revised_at=[REVISED],
        filed_at=filed_at,
        objects_to=objects_to,
    )
    assert deadline.due_at is not None and deadline.due_at.isoformat() == due
    assert deadline.is_timely(filed_at) is timely


def test_an_objection_to_a_revised_tally_needs_one_made_available_before_it() -> None:
    with pytest.raises(NoRevisedTally):
        deadline_for_filing(
            rule_set="2023",
            region=10,
            tally_prepared_at=TALLY,
            revised_at=[REVISED],
            filed_at=REVISED - timedelta(hours=1),
            objects_to="revised_tally",
        )


def _file(client: APIClient, world: World, filed_at: datetime, **extra: Any) -> Any:
    return client.post(
        f"/api/v1/elections/{world.election.pk}/objections/",
        {
            "filed_by": world.employer.pk,
            "category": "threats",
            "statement": "Supervisors threatened to close the store two weeks before the election.",
            "filed_at": filed_at.isoformat(),
            "offer_of_proof_filed_at": filed_at.isoformat(),
            **extra,
        },
        format="json",
    )


# (who files, objects_to, filed, expected status, timely, due_at)
FILINGS = [
    pytest.param("counsel", None, DEC_8, 400, None, None, id="counsel-conduct-late-refused"),
    pytest.param("staff", None, DEC_8, 201, False, NOV_19_CLOSE, id="staff-conduct-late-recorded"),
    pytest.param("counsel", "revised_tally", DEC_8, 201, True, DEC_10_CLOSE, id="counsel-revised-on-time"),
    pytest.param("counsel", "revised_tally", DEC_11, 400, None, None, id="counsel-revised-late"),
]


@pytest.mark.parametrize(("who", "objects_to", "filed_at", "status", "timely", "due_at"), FILINGS)
def test_late_conduct_objections_are_not_timely_in_a_revised_tally_window(
    world: World,
    as_staff: APIClient,
    as_employer: APIClient,
    frozen_clock: Any,
    who: str,
    objects_to: str | None,
    filed_at: datetime,
    status: int,
    timely: bool | None,
    due_at: str | None,
) -> None:
    _revised_tally(world, frozen_clock)
    frozen_clock.at(filed_at + timedelta(minutes=1))
    client = as_staff if who == "staff" else as_employer

    response = _file(client, world, filed_at, **({"objects_to": objects_to} if objects_to else {}))

    assert response.status_code == status, response.json()
    if status == 400:
        assert list(response.json()) == ["filed_at"]
        assert not Objection.objects.exists()
        return
    body = response.json()
    assert (body["objects_to"], body["timely"], body["due_at"]) == (objects_to or "conduct", timely, due_at)


def test_an_objection_to_a_revised_tally_before_any_is_a_400_on_objects_to(
    world: World, as_employer: APIClient, frozen_clock: Any
) -> None:
    from tests.factories import record_tally

    frozen_clock.at("2026-11-16", 10)
    record_tally(world.election, prepared_at=TALLY, yes=117, votes_against=113, challenged=8)

    response = _file(
        as_employer, world, datetime(2026, 11, 16, 9, 0, tzinfo=ATLANTA), objects_to="revised_tally"
    )

    assert response.status_code == 400
    assert "No revised tally was made available" in response.json()["objects_to"][0]


def test_counsel_object_to_the_revised_tally_at_the_desk(world: World, frozen_clock: Any) -> None:
    """The counsel desk's form hands the service what the API's input does (issue 34, item 3): an objection
    to the revised tally, filed there, answers the revised tally's period."""
    election = _revised_tally(world, frozen_clock)
    frozen_clock.at(DEC_8 + timedelta(minutes=1))
    response = signed_in(world.employer_counsel).post(
        f"{CASE}objections/new/",
        {
            "election": election.pk,
            "filed_by": world.employer.pk,
            "objects_to": "revised_tally",
            "category": "other",
            "statement": "The revised tally counted four ballots the Regional Director had not ruled on.",
            "filed_at": DEC_8.strftime("%Y-%m-%dT%H:%M"),
            "offer_of_proof": "on",
        },
    )
    assert response.status_code == 302, response.content.decode()[:2000]
    objection = Objection.objects.get()
    assert (objection.objects_to, objection.timely) == ("revised_tally", True)
    assert objection.deadline.due_at is not None
    assert objection.deadline.due_at.isoformat() == DEC_10_CLOSE
