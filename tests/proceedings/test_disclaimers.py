"""An intervenor's disclaimer does not end the petitioner's case (issue 30, item 5): it takes that union off
the case and the ballot, and the runoff of 29 CFR 102.70(a) ("no choice receiving a majority of the valid
ballots cast") still follows. The petitioner's disclaimer ends the question of representation."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from elections.models import Case, Election, Party
from tests import factories
from tests.proceedings.conftest import CENTRAL, climb, make_case, make_party

TALLY = datetime(2024, 3, 1, 12, 0, tzinfo=CENTRAL)  # Friday; objections due 2024-03-08


def _three_way(db: None) -> tuple[Case, dict[str, Party]]:
    case = make_case(number="10-RC-300011", name="Acme Widgets LLC")
    parties = {
        "petitioner": make_party(case=case, role=Party.Role.PETITIONER, name="Local 1"),
        "intervenor": make_party(case=case, role=Party.Role.INTERVENOR, name="Local 2"),
    }
    election = factories.ElectionFactory(case=case, sequence=1, choices=["Local 1", "Local 2"])
    # 40-35-25 of 100 valid ballots: no choice has the 51 a majority needs; no tie: a runoff.
    factories.record_tally(
        election, prepared_at=TALLY, votes_for={"Local 1": 40, "Local 2": 35}, votes_against=25
    )
    return case, parties


def test_an_intervenors_disclaimer_takes_it_off_the_ballot_and_the_runoff_follows(
    db: None, frozen_clock: Any
) -> None:
    frozen_clock.at("2024-04-01")
    case, parties = _three_way(db)
    staff = factories.StaffFactory(username="agent")
    (disclaimer,) = climb(
        case, staff, ("disclaimer_filed", "2024-03-11", {"party": parties["intervenor"].pk})
    )
    assert disclaimer.details["effect"] == "off_the_ballot"
    assert Case.objects.get(pk=case.pk).status == Case.Status.OPEN
    climb(case, staff, ("regional_director_decision", "2024-03-12", {"outcome": "runoff_election"}))
    runoff = Election.objects.get(case=case, sequence=2)
    assert (runoff.kind, runoff.choices) == ("runoff", ["Local 1"])


def test_the_petitioners_disclaimer_ends_the_case(db: None, frozen_clock: Any) -> None:
    frozen_clock.at("2024-04-01")
    case, parties = _three_way(db)
    staff = factories.StaffFactory(username="agent")
    (disclaimer,) = climb(
        case, staff, ("disclaimer_filed", "2024-03-11", {"party": parties["petitioner"].pk})
    )
    assert disclaimer.details["effect"] == "ends_the_case"
    assert Case.objects.get(pk=case.pk).status == Case.Status.CLOSED
