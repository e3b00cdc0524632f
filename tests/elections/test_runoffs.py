"""Issue 21, item 6: runoffs by 29 CFR 102.70.

A realistic three-choice election in Region 13 (Chicago, Central time): Teamsters Local 700 and SEIU Local 73
on the ballot with "neither". The tally of Thursday 2024-03-14 gives 45, 38 and 30: 113 valid votes, majority
57, nobody has it, so a runoff between the two leading choices, the two unions (102.70(a), (c)); "neither"
came third and is not on the runoff ballot. Objections period: Mar 15, 18, 19, 20, 21 → 2024-03-21. The
runoff's tally of Thursday 2024-04-11: its period Apr 12, 15, 16, 17, 18 → 2024-04-18.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from rest_framework.test import APIClient

from elections.law.tally import Result, TallyFigures, assess, runoff_refusal
from elections.models import Election, Party
from tests.factories import record_tally
from tests.proceedings.conftest import make_case, make_election, make_party, make_staff, post_event

CHICAGO = ZoneInfo("America/Chicago")
NUMBER = "13-RC-335001"
TEAMSTERS, SEIU = "Teamsters Local 700", "SEIU Local 73"


@pytest.mark.parametrize(
    ("votes", "against", "challenged", "on_ballot", "result", "winner", "pair"),
    [
        ((45, 38), 30, 0, True, Result.RUNOFF_REQUIRED, None, (TEAMSTERS, SEIU)),  # "neither" third
        ((45, 30), 38, 0, True, Result.RUNOFF_REQUIRED, None, (TEAMSTERS, "no union")),
        ((40, 40), 40, 0, True, Result.NEW_ELECTION_REQUIRED, None, ()),  # 102.70(d)
        ((60, 55), 0, 0, False, Result.REPRESENTATIVE, TEAMSTERS, ()),  # the runoff: no "against"
        ((57, 57), 0, 0, False, Result.NO_REPRESENTATIVE, None, ()),  # a tie: no second runoff
        ((57, 55), 0, 3, False, Result.UNDETERMINED, None, ()),  # 55 + 3 > 57
        ((57, 55), 0, 1, False, Result.REPRESENTATIVE, TEAMSTERS, ()),  # 55 + 1 < 57
    ],
)
def test_the_runoff_arithmetic_of_102_70(
    votes: tuple[int, int],
    against: int,
    challenged: int,
    on_ballot: bool,
    result: Result,
    winner: str | None,
    pair: tuple[str, ...],
) -> None:
    figures = TallyFigures(
        {TEAMSTERS: votes[0], SEIU: votes[1]},
        against,
        challenged=challenged,
        against_on_ballot=on_ballot,
    )
    assessment = assess(figures)
    assert (assessment.result, assessment.winner, assessment.runoff_choices) == (result, winner, pair)


@pytest.mark.parametrize(
    ("held", "result", "refused"),
    [
        (0, "runoff_required", None),
        (1, "no_representative", "102.70(a)"),
        (0, "new_election_required", "102.70(d)"),
    ],
)
def test_one_runoff_and_none_after_an_equal_division(held: int, result: str, refused: str | None) -> None:
    why = runoff_refusal(runoffs_held=held, result=result)
    assert (why is None) if refused is None else (why is not None and refused in why)


def _three_choices(frozen_clock: Any, votes: tuple[int, int, int]) -> tuple[APIClient, Election]:
    """The case with its tally of 2024-03-14: Teamsters, SEIU, neither."""
    frozen_clock.at("2024-03-22", 12)
    case = make_case(number=NUMBER, name="Lakeside Logistics Inc.", petition_filed_on=date(2024, 1, 15))
    make_party(case=case, role=Party.Role.PETITIONER, name=TEAMSTERS)
    make_party(case=case, role=Party.Role.INTERVENOR, name=SEIU)
    make_party(case=case, role=Party.Role.EMPLOYER, name="Lakeside Logistics Inc.")
    election = make_election(case=case, sequence=1, choices=[TEAMSTERS, SEIU])
    record_tally(
        election,
        prepared_at=datetime(2024, 3, 14, 16, 0, tzinfo=CHICAGO),
        votes_for={TEAMSTERS: votes[0], SEIU: votes[1]},
        votes_against=votes[2],
    )
    client = APIClient()
    client.force_authenticate(make_staff(username="region13"))
    return client, election


@pytest.fixture
def three_choices(db: None, frozen_clock: Any) -> tuple[APIClient, Election]:
    return _three_choices(frozen_clock, (45, 38, 30))


@pytest.mark.django_db
def test_a_runoff_between_two_unions_has_no_against_and_only_one_is_held(
    three_choices: tuple[APIClient, Election], frozen_clock: Any
) -> None:
    client, election = three_choices
    ordered = post_event(
        client, "regional_director_decision", "2024-03-22", number=NUMBER, outcome="runoff_election"
    )
    assert ordered.status_code == 201, ordered.json()
    runoff = Election.objects.get(case=election.case, sequence=2)
    assert (runoff.kind, runoff.choices) == ("runoff", [TEAMSTERS, SEIU])

    frozen_clock.at("2024-04-11", 17)
    tally_url = f"/api/v1/elections/{runoff.pk}/tallies/"
    phantom = client.post(
        tally_url,
        {
            "prepared_at": "2024-04-11T16:00:00-05:00",
            "votes_for": {TEAMSTERS: 57, SEIU: 57},
            "votes_against": 2,
        },
        format="json",
    )
    assert phantom.status_code == 400 and list(phantom.json()) == ["votes_against"]
    tied = client.post(
        tally_url,
        {"prepared_at": "2024-04-11T16:00:00-05:00", "votes_for": {TEAMSTERS: 57, SEIU: 57}},
        format="json",
    )
    assert tied.status_code == 201, tied.json()
    assert (tied.json()["result"], tied.json()["winner"]) == ("no_representative", None)

    frozen_clock.at("2024-04-19", 12)
    second = post_event(
        client, "regional_director_decision", "2024-04-19", number=NUMBER, outcome="runoff_election"
    )
    assert second.status_code == 409
    assert "102.70(a)" in second.json()["detail"]
    assert Election.objects.filter(case=election.case).count() == 2


@pytest.mark.django_db
def test_an_equal_division_orders_a_new_three_choice_election_not_a_runoff(
    db: None, frozen_clock: Any
) -> None:
    client, election = _three_choices(frozen_clock, (40, 40, 40))
    case = election.case

    runoff = post_event(
        client, "regional_director_decision", "2024-03-22", number=NUMBER, outcome="runoff_election"
    )
    assert runoff.status_code == 409 and "102.70(d)" in runoff.json()["detail"]
    rerun = post_event(
        client, "regional_director_decision", "2024-03-22", number=NUMBER, outcome="rerun_election"
    )
    assert rerun.status_code == 201, rerun.json()
    again = Election.objects.get(case=case, sequence=2)
    assert (again.kind, again.choices) == ("rerun", [TEAMSTERS, SEIU])  # every choice, "neither" included
