"""The elections services called directly (the API's tests are beside): cases, parties, appearances,
elections and tallies; each refusal, and that a refused call writes nothing."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest

from core.errors import RuleViolation, TransitionNotAllowed
from elections import services
from elections.models import Appearance, Election
from tests.conftest import World
from tests.factories import record_tally
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db

TALLY_AT = datetime(2021, 4, 9, 16, 0, tzinfo=UTC)


# --- cases and parties ------------------------------------------------------------------------------------


def test_a_case_is_created_under_its_normalized_number_with_its_parties(db: None) -> None:
    case = services.case_create(
        number="10-rc-269251",
        name="Amazon.com Services LLC",
        petition_filed_on=date(2020, 11, 20),
        parties=[
            {"role": "petitioner", "name": " RWDSU "},
            {"role": "employer", "name": "Amazon.com Services LLC"},
        ],
    )

    assert case.number == "10-RC-269251"
    assert sorted(case.parties.values_list("name", flat=True)) == ["Amazon.com Services LLC", "RWDSU"]


@pytest.mark.parametrize(
    "number",
    [pytest.param("10-RC-269250", id="already on the tracker"), pytest.param("not a number", id="malformed")],
)
def test_a_case_number_that_is_taken_or_malformed_is_refused(world: World, number: str) -> None:
    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.case_create(number=number, name="Someone", petition_filed_on=date(2021, 1, 4))

    assert refused.value.field == "number"


def test_a_case_with_a_bad_party_is_not_created_at_all(db: None) -> None:
    with nothing_written(), pytest.raises(RuleViolation):
        services.case_create(
            number="10-RC-269251",
            name="Someone",
            petition_filed_on=date(2021, 1, 4),
            parties=[{"role": "petitioner", "name": "RWDSU"}, {"role": "intervenor", "name": " rwdsu "}],
        )


@pytest.mark.parametrize(
    ("name", "why"),
    [
        pytest.param("  ", "A party needs a name.", id="blank"),
        pytest.param(" rwdsu ", "already a party", id="the same name, typed differently"),
    ],
)
def test_a_party_name_that_is_blank_or_taken_is_refused(world: World, name: str, why: str) -> None:
    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.party_create(case=world.case, role="intervenor", name=name)

    assert (refused.value.field, why in refused.value.message) == ("name", True)


def test_a_party_correction_follows_the_creation_rules(world: World) -> None:
    with nothing_written(), pytest.raises(RuleViolation):
        services.party_update(party=world.employer, name="RWDSU")
    with nothing_written(), pytest.raises(RuleViolation):
        services.party_update(party=world.employer, role="referee")

    renamed = services.party_update(party=world.union, name="Retail, Wholesale and Department Store Union")

    assert renamed.name == "Retail, Wholesale and Department Store Union"


# --- appearances ------------------------------------------------------------------------------------------


def test_staff_do_not_appear_for_a_party(world: World) -> None:
    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.appearance_create(party=world.union, user=world.staff, capacity="counsel")

    assert refused.value.field == "user"


def test_an_appearance_ends_once(world: World) -> None:
    appearance = Appearance.objects.get(user=world.paralegal)

    ended = services.appearance_end(appearance=appearance)

    assert ended.ended_at is not None
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.appearance_end(appearance=appearance)


# --- elections --------------------------------------------------------------------------------------------


def test_an_election_takes_the_next_sequence_and_a_rerun_needs_an_earlier_election(world: World) -> None:
    rerun = services.election_create(case=world.case, choices=[" RWDSU "], kind=Election.Kind.RERUN)

    assert (rerun.sequence, rerun.choices) == (2, ["RWDSU"])
    with nothing_written(), pytest.raises(RuleViolation) as first_rerun:
        services.election_create(
            case=world.other_case, choices=["Amazon Labor Union"], kind=Election.Kind.RERUN
        )
    assert first_rerun.value.field == "kind"


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"choices": []}, "choices", id="no union"),
        pytest.param({"choices": ["A", "B", "C", "D"]}, "choices", id="four unions"),
        pytest.param({"choices": ["RWDSU", "rwdsu"]}, "choices", id="the same union twice"),
        pytest.param({"sequence": 1}, "sequence", id="a sequence taken"),
        pytest.param(
            {"voting_opens_on": date(2021, 3, 30), "voting_closes_on": date(2021, 2, 8)},
            "voting_closes_on",
            id="dates out of order",
        ),
    ],
)
def test_an_election_that_breaks_a_rule_is_refused_naming_the_field(
    world: World, changes: dict[str, Any], field: str
) -> None:
    fields: dict[str, Any] = {"choices": ["RWDSU"]}
    fields.update(changes)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.election_create(case=world.case, **fields)

    assert refused.value.field == field


def test_the_ballot_is_fixed_once_a_tally_is_recorded(world: World) -> None:
    record_tally(world.election, yes=10, votes_against=12)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.election_update(election=world.election, choices=["RWDSU", "Teamsters"])

    assert refused.value.field == "choices"


# --- tallies ----------------------------------------------------------------------------------------------


def test_the_tally_then_each_revision_is_numbered_in_order(world: World) -> None:
    first = services.tally_record(
        election=world.election,
        prepared_at=TALLY_AT,
        votes_for={"RWDSU": 738},
        votes_against=1798,
        challenged=505,
    )
    revised = services.tally_record(
        election=world.election,
        prepared_at=TALLY_AT,
        votes_for={" rwdsu ": 740},
        votes_against=1798,
        challenged=3,
    )

    assert (first.revision, revised.revision, revised.votes_for) == (0, 1, {"RWDSU": 740})


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"votes_for": {"Teamsters": 5}}, "votes_for", id="a union not on the ballot"),
        pytest.param({"votes_for": {"RWDSU": -1}}, "votes_for", id="negative votes"),
        pytest.param({"votes_against": -3}, "votes_against", id="negative against"),
        pytest.param(
            {"prepared_at": datetime(2021, 4, 8, tzinfo=UTC)}, "prepared_at", id="before the last one"
        ),
    ],
)
def test_a_tally_that_breaks_a_rule_is_refused_and_no_revision_is_recorded(
    world: World, changes: dict[str, Any], field: str
) -> None:
    record_tally(world.election, prepared_at=TALLY_AT, yes=10, votes_against=12)
    fields: dict[str, Any] = {"prepared_at": TALLY_AT, "votes_for": {"RWDSU": 10}, "votes_against": 12}
    fields.update(changes)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.tally_record(election=world.election, **fields)

    assert refused.value.field == field
    assert world.election.tallies.count() == 1
