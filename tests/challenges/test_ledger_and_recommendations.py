"""Issue 10, items 3–5: the ledger agrees with the tally; a recommendation decides nothing; dates that
cannot be. Through the API and through the admin."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.test import Client
from rest_framework.test import APIClient

from challenges.models import LEVEL_CHOICES, Challenge
from elections.law import levels
from tests.challenges.conftest import log, open_and_count_url, resolve
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db

CHALLENGES = "/admin/challenges/challenge/"


def test_challenge_levels_are_the_shared_definition() -> None:
    assert {value for value, _label in LEVEL_CHOICES} == set(levels.CHALLENGE_LEVELS)


def test_elections_and_tallies_say_whether_the_ledger_matches(as_staff: APIClient, world: World) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=2)
    log(world, "A")

    election = as_staff.get(f"/api/v1/elections/{world.election.pk}/").json()
    tallies = as_staff.get(f"/api/v1/elections/{world.election.pk}/tallies/").json()["results"]
    status = as_staff.get(f"/api/v1/cases/{world.case.number}/status/").json()

    assert (election["ledger_count"], election["ledger_matches_tally"]) == (1, False)
    assert (election["latest_tally"]["ledger_count"], election["latest_tally"]["ledger_matches_tally"]) == (
        1,
        False,
    )
    assert (tallies[0]["ledger_count"], tallies[0]["ledger_matches_tally"]) == (1, False)
    assert status["ledger_matches_tally"] is False
    latest = status["current_election"]["latest_tally"]
    assert (latest["ledger_count"], latest["ledger_matches_tally"]) == (1, False)

    resolve(world, log(world, "B"), "sustained")  # settled after the tally: still among its ballots

    election = as_staff.get(f"/api/v1/elections/{world.election.pk}/").json()
    assert (election["ledger_count"], election["ledger_matches_tally"]) == (2, True)
    assert as_staff.get(f"/api/v1/cases/{world.case.number}/status/").json()["ledger_matches_tally"] is True


def test_the_admin_refuses_a_challenge_beyond_the_tally_and_logs_nothing(
    staff_browser: Client, world: World
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=0)

    response = staff_browser.post(
        f"{CHALLENGES}add/",
        {
            "election": world.election.pk,
            "challenged_by": "",
            "voter_name": "Extra Voter",
            "voter_identifier": "",
            "job_classification": "",
            "ground": "not_on_list",
            "reason": "",
        },
    )

    assert response.status_code == 200
    assert "counted 0 challenged ballots and the ledger already holds 0" in response.content.decode()
    assert not Challenge.objects.exists()


@pytest.mark.parametrize("level", ["hearing_officer", "administrative_law_judge"])
def test_a_recommendation_records_itself_and_the_challenge_stays_pending(
    as_staff: APIClient, world: World, level: str
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = log(world, "A")

    response = as_staff.post(
        f"/api/v1/challenges/{challenge.pk}/resolve/",
        {"outcome": "overruled", "method": "hearing", "decided_on": "2021-06-01", "level": level},
        format="json",
    )

    assert response.status_code == 200, response.json()
    shown = response.json()
    assert (shown["status"], shown["recommendation"], shown["recommendation_level"]) == (
        "pending",
        "overrule",
        level,
    )
    challenge.refresh_from_db()
    assert (challenge.status, challenge.awaiting_count) == ("pending", False)
    assert (challenge.recommendation, challenge.recommended_on, challenge.recommendation_level) == (
        "overrule",
        date(2021, 6, 1),
        level,
    )
    opened = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 1}, "votes_against": 0}, format="json"
    )
    assert opened.status_code == 409  # nothing was released: a recommendation opens no ballot


def test_the_regional_director_disposes_after_the_recommendation(world: World) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = log(world, "A")
    resolve(world, challenge, "overruled", method="hearing", level="hearing_officer")

    decided = resolve(world, challenge, "overruled", method="hearing")

    assert (decided.status, decided.resolved_level, decided.awaiting_count) == (
        "overruled",
        "regional_director",
        True,
    )
    assert decided.recommendation == "overrule"


def test_an_agreement_without_a_level_is_the_board_agents(world: World) -> None:
    decided = resolve(world, log(world, "A"), "sustained", method="agreement")

    assert (decided.status, decided.resolved_level) == ("sustained", "board_agent")


def test_the_admin_resolve_action_at_hearing_officer_level_leaves_the_challenge_pending(
    staff_browser: Client, world: World
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = log(world, "A")

    response = staff_browser.post(
        CHALLENGES,
        {
            "action": "resolve_selected",
            ACTION_CHECKBOX_NAME: [challenge.pk],
            "index": 0,
            "apply": "1",
            "outcome": "sustained",
            "method": "hearing",
            "decided_on": "2021-06-01",
            "level": "hearing_officer",
        },
        follow=True,
    )

    assert [str(m) for m in response.context["messages"]] == [
        "1 recommendations to sustain recorded; the challenges stay pending until the Regional Director rules."
    ]
    challenge.refresh_from_db()
    assert (challenge.status, challenge.recommendation) == ("pending", "sustain")


def test_a_withdrawal_dated_in_the_future_or_before_the_election_is_a_400(
    as_staff: APIClient, world: World
) -> None:
    challenge = log(world, "A")
    began = world.election.voting_opens_on or world.election.count_on
    dates = [str(date.today() + timedelta(days=3))]
    if began is not None:
        dates.append(str(began - timedelta(days=1)))

    for withdrawn_on in dates:
        response = as_staff.post(
            f"/api/v1/challenges/{challenge.pk}/withdraw/", {"withdrawn_on": withdrawn_on}, format="json"
        )
        assert response.status_code == 400
        assert list(response.json()) == ["withdrawn_on"]
    assert Challenge.objects.get(pk=challenge.pk).status == "pending"
