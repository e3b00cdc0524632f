"""Opening released ballots into a revised tally; marking the rest moot; the election's live state."""

from __future__ import annotations

from datetime import UTC, datetime

import pytest
from rest_framework.test import APIClient

from challenges import services
from challenges.models import Challenge
from challenges.selectors import ledger_state
from elections.models import Tally
from tests.challenges.conftest import log, moot_url, new_election, open_and_count_url, resolve
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db


def election_view(client: APIClient, world: World) -> dict[str, object]:
    body = client.get(f"/api/v1/elections/{world.election.pk}/").json()
    return {k: body[k] for k in ("challenges_pending", "pending_challenges_determinative")}


def test_one_determinative_ballot_overruled_and_counted_against_gives_revision_1(
    world: World, as_staff: APIClient
) -> None:
    """10 for, 10 against, 1 challenged: determinative. Overruled, opened, against → 10–11, no representative."""
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = log(world, "Ann Able", by=world.employer)
    assert election_view(as_staff, world) == {
        "challenges_pending": 1,
        "pending_challenges_determinative": True,
    }
    resolve(world, challenge, "overruled")
    assert election_view(as_staff, world) == {
        "challenges_pending": 0,
        "pending_challenges_determinative": False,
    }

    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 0}, "votes_against": 1}
    )

    assert response.status_code == 201, response.data
    body = response.json()
    assert {k: body[k] for k in ("revision", "votes_for", "votes_against", "void", "challenged")} == {
        "revision": 1,
        "votes_for": {"RWDSU": 10},
        "votes_against": 11,
        "void": 0,
        "challenged": 0,
    }
    assert (body["result"], body["challenges_determinative"], body["winner"]) == (
        "no_representative",
        False,
        None,
    )
    challenge.refresh_from_db()
    assert challenge.counted_in is not None
    assert (challenge.counted_in.revision, challenge.awaiting_count) == (1, False)
    assert challenge.history.latest().history_user == world.staff


def test_the_revised_tally_keeps_the_still_pending_challenges_and_adds_void_ballots(
    world: World, as_staff: APIClient
) -> None:
    record_tally(world.election, yes=10, votes_against=8, void=1, challenged=4)
    a, b, c = (log(world, name) for name in "ABC")
    log(world, "D")
    resolve(world, a, "overruled")
    resolve(world, b, "overruled")
    services.challenge_withdraw(challenge_id=c.pk, actor=world.staff)  # withdrawn after the tally: opened too

    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 1}, "votes_against": 1, "void": 1}
    )

    assert response.status_code == 201, response.data
    body = response.json()
    assert (body["votes_for"], body["votes_against"], body["void"], body["challenged"]) == (
        {"RWDSU": 11},
        9,
        2,
        1,
    )
    # 11–9 with one pending: no allocation of one ballot changes the majority.
    assert (body["challenges_determinative"], body["result"]) == (False, "representative")
    assert set(Challenge.objects.exclude(counted_in=None).values_list("voter_name", flat=True)) == {
        "A",
        "B",
        "C",
    }


def test_votes_that_do_not_account_for_every_opened_ballot_are_a_400_naming_the_numbers(
    world: World, as_staff: APIClient
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=2)
    for name in "AB":
        resolve(world, log(world, name), "overruled")

    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 2}, "votes_against": 1}
    )

    assert response.status_code == 400
    assert response.json() == {
        "votes_for": [
            "2 ballots were opened, but 2 for RWDSU, 1 against and 0 void make 3; the votes found must account "
            "for every opened ballot."
        ]
    }
    assert Tally.objects.count() == 1


def test_a_union_not_on_the_ballot_is_a_400(world: World, as_staff: APIClient) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "A"), "overruled")

    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"ALU": 1}, "votes_against": 0}
    )

    assert response.status_code == 400
    assert list(response.json()) == ["votes_for"]


def test_with_nothing_to_open_open_and_count_is_a_409(world: World, as_staff: APIClient) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "A"), "sustained")

    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 1}, "votes_against": 0}
    )

    assert response.status_code == 409
    assert response.json()["allowed"] == ["resolve"]


def test_without_a_tally_open_and_count_is_a_409(world: World, as_staff: APIClient) -> None:
    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 1}, "votes_against": 0}
    )

    assert response.status_code == 409
    assert response.json()["allowed"] == ["tally"]


def test_a_challenge_beyond_the_tallys_challenged_ballots_is_refused_naming_both_numbers(
    world: World, as_union: APIClient
) -> None:
    """The ledger cannot outgrow the tally (issue 10, item 3): correct the tally with a revision first."""
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "A"), "overruled")

    response = as_union.post(
        f"/api/v1/elections/{world.election.pk}/challenges/",
        {"voter_name": "B", "challenged_by": world.union.pk, "ground": "supervisor"},
        format="json",
    )

    assert response.status_code == 409
    assert "counted 1 challenged ballots and the ledger already holds 1" in response.json()["detail"]
    assert response.json()["allowed"] == ["tally"]
    assert Challenge.objects.filter(election=world.election).count() == 1


def test_three_overruled_and_two_sustained_on_416_leave_411_challenged(
    world: World, as_staff: APIClient
) -> None:
    """The revised tally's challenged ballots are the previous figure less every challenge settled since
    it — not the ledger's pending count, which knows only the challenges logged so far."""
    record_tally(world.election, yes=875, votes_against=993, challenged=416)
    for name in ("O1", "O2", "O3"):
        resolve(world, log(world, name), "overruled")
    for name in ("S1", "S2"):
        resolve(world, log(world, name), "sustained")
    log(world, "P1")  # still pending

    response = as_staff.post(
        open_and_count_url(world.election), {"votes_for": {"RWDSU": 1}, "votes_against": 2}
    )

    assert response.status_code == 201, response.data
    assert response.json()["challenged"] == 411
    assert ledger_state(world.election).settled_since_latest == 0


def test_only_staff_open_and_count(
    world: World, as_union: APIClient, as_stranger: APIClient, api: APIClient
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    body = {"votes_for": {"RWDSU": 1}, "votes_against": 0}

    assert as_union.post(open_and_count_url(world.election), body).status_code == 403
    assert as_stranger.post(open_and_count_url(world.election), body).status_code == 404
    assert api.post(open_and_count_url(world.election), body).status_code == 401


def test_huge_or_negative_counts_are_400s(world: World, as_staff: APIClient) -> None:
    url = open_and_count_url(world.election)

    assert as_staff.post(url, {"votes_for": {"RWDSU": 10**12}, "votes_against": 0}).status_code == 400
    assert as_staff.post(url, {"votes_for": {"RWDSU": 0}, "votes_against": -1}).status_code == 400
    assert as_staff.post(url, {"votes_for": [1], "votes_against": 0}).status_code == 400


def test_a_revised_tally_cannot_predate_the_tally_it_revises(world: World, as_staff: APIClient) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "A"), "overruled")

    response = as_staff.post(
        open_and_count_url(world.election),
        {"votes_for": {"RWDSU": 1}, "votes_against": 0, "prepared_at": "2020-01-01T00:00:00Z"},
    )

    assert response.status_code == 400
    assert list(response.json()) == ["prepared_at"]


# --- moot ---------------------------------------------------------------------------------------------


def test_pending_challenges_that_cannot_change_the_result_are_marked_moot(
    world: World, as_staff: APIClient
) -> None:
    record_tally(world.election, yes=20, votes_against=10, challenged=3)
    for name in "ABC":
        log(world, name)
    assert election_view(as_staff, world) == {
        "challenges_pending": 3,
        "pending_challenges_determinative": False,
    }

    response = as_staff.post(moot_url(world.election))

    assert response.status_code == 200, response.data
    assert response.json() == {"election": world.election.pk, "mooted": 3, "against_tally_revision": 0}
    assert set(Challenge.objects.values_list("status", flat=True)) == {"moot"}
    assert election_view(as_staff, world) == {
        "challenges_pending": 0,
        "pending_challenges_determinative": False,
    }
    assert Challenge.objects.get(voter_name="A").history.latest().history_change_reason == (
        "not determinative against tally revision 0"
    )


def test_marking_determinative_challenges_moot_is_a_409_with_the_arithmetic(
    world: World, as_staff: APIClient
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    log(world, "A")

    response = as_staff.post(moot_url(world.election))

    assert response.status_code == 409
    assert response.json()["detail"].startswith(
        "The 1 pending challenges are still determinative against tally revision 0:"
    )
    assert Challenge.objects.get().status == "pending"


def test_moot_waits_while_released_ballots_could_still_swing_the_result(
    world: World, as_staff: APIClient
) -> None:
    """20–17 with 4 challenged: one pending alone cannot change it, but with 3 overruled ballots unopened
    the unknown ballots are 4, and 20–21 is possible."""
    record_tally(world.election, yes=20, votes_against=17, challenged=4)
    for name in "ABC":
        resolve(world, log(world, name), "overruled")
    log(world, "D")
    assert election_view(as_staff, world) == {
        "challenges_pending": 1,
        "pending_challenges_determinative": False,
    }

    response = as_staff.post(moot_url(world.election))

    assert response.status_code == 409
    assert "with 3 released ballots not yet opened" in response.json()["detail"]
    assert response.json()["allowed"] == ["resolve", "open-and-count"]


def test_moot_with_nothing_pending_or_no_tally_is_a_409_and_counsel_get_403(
    world: World, as_staff: APIClient, as_union: APIClient
) -> None:
    log(world, "A")
    assert as_staff.post(moot_url(world.election)).json()["allowed"] == ["tally"]
    assert as_union.post(moot_url(world.election)).status_code == 403

    other = new_election(world.case, 2, ["RWDSU"], kind="rerun")
    record_tally(other, yes=5, votes_against=1, prepared_at=datetime(2022, 1, 1, tzinfo=UTC))
    response = as_staff.post(moot_url(other))
    assert response.status_code == 409
    assert "no pending challenges" in response.json()["detail"]


def test_the_ledger_state_counts_pending_and_released_ballots(world: World) -> None:
    record_tally(world.election, yes=20, votes_against=17, challenged=4)
    resolve(world, log(world, "A"), "overruled")
    log(world, "B")

    state = ledger_state(world.election)

    assert (state.pending, state.awaiting_count, state.unresolved) == (1, 1, 2)
    assert state.determinative is False
    assert state.summary() == "1 pending, 1 to open and count: not determinative against tally revision 0"
