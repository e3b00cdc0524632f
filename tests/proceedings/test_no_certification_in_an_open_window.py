"""Issue 21, item 2: no certifying decision while an objections window is open (29 CFR 102.69(a)(8), (e)).

A realistic Region 10 story (the office counts in Atlanta's zone). The tally of ballots of Thursday
2026-11-12: 117 for, 113 against, 8 challenged (determinative: a 4-vote margin). Its objections period,
5 business days counted by hand: Nov 13 (Fri), 16, 17, 18, 19 → closes 2026-11-19. The Region sustains four
challenges and overrules four; the four ballots, opened on Thursday 2026-12-03, all went to the union: the
revised tally reads 121–113 and opens its own 102.69(e) period: Dec 4 (Fri), 7, 8, 9, 10 → closes 2026-12-10.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from challenges.services import challenges_open_and_count
from elections.models import Election
from proceedings.law.windows import Window, certification_refusal
from proceedings.models import ProceedingEvent
from tests.conftest import World
from tests.factories import file_objection, log_challenge, record_event, record_tally, resolve_challenge
from tests.proceedings.conftest import post_event

pytestmark = pytest.mark.django_db

ATLANTA = ZoneInfo("America/New_York")
TALLY = datetime(2026, 11, 12, 18, 0, tzinfo=ATLANTA)
REVISED = datetime(2026, 12, 3, 11, 0, tzinfo=ATLANTA)


FIRST = Window(
    "Objections and offer of proof",
    "29 CFR 102.69(a)(8)",
    date(2026, 11, 12),
    date(2026, 11, 19),
    "November 19, 2026, 11:59 p.m. EST",
    frozenset(),
)
SECOND = Window(
    "Objections to the revised tally (revision 1)",
    "29 CFR 102.69(e)",
    date(2026, 12, 3),
    date(2026, 12, 10),
    "December 10, 2026, 11:59 p.m. EST",
    frozenset({7}),
)


@pytest.mark.parametrize(
    ("decided_on", "ruled", "refused"),
    [
        (date(2026, 11, 18), set(), "objections and offer of proof is open until November 19"),
        (date(2026, 11, 19), set(), "objections and offer of proof is open until November 19"),
        (date(2026, 11, 20), set(), None),  # between the windows
        (date(2026, 12, 3), set(), "objections to the revised tally (revision 1) is open until December 10"),
        (date(2026, 12, 10), set(), "1 objection filed in it not ruled on"),
        (date(2026, 12, 9), {7}, None),  # rules on the one objection filed in it
        (date(2026, 12, 11), set(), None),
    ],
)
def test_the_law_refuses_a_certification_inside_an_open_window(
    decided_on: date, ruled: set[int], refused: str | None
) -> None:
    why = certification_refusal(decided_on=decided_on, windows=[FIRST, SECOND], ruled=ruled)
    if refused is None:
        assert why is None
    else:
        assert why is not None and refused in why


def _revised_tally(world: World, frozen_clock: Any) -> Election:
    frozen_clock.at("2026-11-20")
    election = world.election
    record_tally(election, prepared_at=TALLY, yes=117, votes_against=113, challenged=8)
    record_event(world.case, "regional_investigation", "2026-11-20", actor=world.staff)
    challenges = [log_challenge(election, f"Voter {n}", by=world.employer) for n in range(8)]
    frozen_clock.at("2026-12-01")
    for n, challenge in enumerate(challenges):
        resolve_challenge(challenge, "sustained" if n < 4 else "overruled", decided_on=date(2026, 12, 1))
    frozen_clock.at(REVISED)
    challenges_open_and_count(
        election=election, votes_for={"RWDSU": 4}, votes_against=0, prepared_at=REVISED, actor=world.staff
    )
    return election


@pytest.mark.parametrize(
    ("decided_on", "status"),
    [("2026-12-03", 409), ("2026-12-10", 409), ("2026-12-11", 201)],
)
def test_a_certifying_decision_inside_the_revised_tally_window_is_a_409_naming_it(
    world: World, as_staff: Any, frozen_clock: Any, decided_on: str, status: int
) -> None:
    _revised_tally(world, frozen_clock)
    frozen_clock.at(decided_on, 16)

    response = post_event(
        as_staff, "regional_director_decision", decided_on, outcome="certify_representative"
    )

    assert response.status_code == status, response.json()
    if status == 201:
        return
    detail = response.json()["detail"]
    assert (
        "objections to the revised tally (revision 1) is open until December 10, 2026, 11:59 p.m. EST"
        in detail
    )
    assert "29 CFR 102.69(e)" in detail
    assert "certification_issued" not in response.json()["allowed"]
    assert not ProceedingEvent.objects.filter(event="regional_director_decision").exists()


def test_a_decision_ruling_on_every_objection_filed_in_the_window_may_certify(
    world: World, as_staff: Any, frozen_clock: Any
) -> None:
    election = _revised_tally(world, frozen_clock)
    frozen_clock.at("2026-12-09", 16)
    objection = file_objection(
        election,
        world.employer,
        filed_at=datetime(2026, 12, 8, 10, 0, tzinfo=ATLANTA),
        offer_of_proof_filed_at=datetime(2026, 12, 8, 10, 0, tzinfo=ATLANTA),
        statement="The four opened ballots were marked in the same hand.",
        objects_to="revised_tally",
        actor=world.staff,
    )

    response = post_event(
        as_staff,
        "regional_director_decision",
        "2026-12-09",
        outcome="certify_representative",
        objection_rulings=[{"objection": objection.pk, "disposition": "overruled"}],
    )

    assert response.status_code == 201, response.json()


def test_a_certification_inside_the_first_window_is_refused_even_after_an_investigation_step(
    world: World, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2026-11-17", 16)
    record_tally(world.election, prepared_at=TALLY, yes=130, votes_against=100)
    record_event(world.case, "regional_investigation", "2026-11-16", actor=world.staff)

    response = post_event(as_staff, "certification_issued", "2026-11-17", kind="representative")

    assert response.status_code == 409
    assert "open until November 19, 2026, 11:59 p.m. EST (29 CFR 102.69(a)(8))" in response.json()["detail"]


def test_the_work_queue_shows_the_open_revised_tally_window(world: World, frozen_clock: Any) -> None:
    from staff import workqueue

    _revised_tally(world, frozen_clock)
    frozen_clock.at("2026-12-04", 9)

    section = next(s for s in workqueue.work_queue().sections if s.key == "windows")

    assert [(line.what, line.when) for line in section.lines] == [
        (
            "Election 1: objections to the revised tally 1 (29 CFR 102.69(e))",
            "closes December 10, 2026, 11:59 p.m. EST",
        )
    ]
