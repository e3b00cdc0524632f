"""Resolving and withdrawing challenges: who may, the state machine, its 409s, and the history kept."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from rest_framework.test import APIClient

from challenges import services
from challenges.models import Challenge
from core import clock
from tests.challenges.conftest import DECIDED, log, resolve, resolve_url, withdraw_url
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db

RESOLVE = {"outcome": "sustained", "method": "investigation", "decided_on": "2021-05-03"}


def test_staff_sustain_a_challenge_and_the_answer_shows_the_disposition(
    world: World, as_staff: APIClient
) -> None:
    challenge = log(world, "Ann Able", by=world.employer)

    response = as_staff.post(resolve_url(challenge), {**RESOLVE, "level": "regional_director"})

    assert response.status_code == 200, response.data
    body = response.json()
    assert {
        k: body[k] for k in ("status", "resolution_method", "resolved_on", "resolved_level", "awaiting_count")
    } == {
        "status": "sustained",
        "resolution_method": "investigation",
        "resolved_on": "2021-05-03",
        "resolved_level": "regional_director",
        "awaiting_count": False,
    }


def test_every_change_is_kept_in_history_with_who_made_it(world: World, as_staff: APIClient) -> None:
    challenge = log(world, "Ann Able", by=world.employer)
    as_staff.post(resolve_url(challenge), RESOLVE)

    history = list(
        challenge.history.order_by("history_id").values_list("history_type", "status", "history_user")
    )
    assert history == [("+", "pending", world.staff.pk), ("~", "sustained", world.staff.pk)]


def test_counsel_may_not_resolve_and_strangers_do_not_see_the_challenge(
    world: World, as_union: APIClient, as_paralegal: APIClient, as_stranger: APIClient, api: APIClient
) -> None:
    challenge = log(world, "Ann Able", by=world.union)

    assert as_union.post(resolve_url(challenge), RESOLVE).status_code == 403
    assert as_paralegal.post(resolve_url(challenge), RESOLVE).status_code == 403
    assert as_stranger.post(resolve_url(challenge), RESOLVE).status_code == 404
    assert api.post(resolve_url(challenge), RESOLVE).status_code == 401
    challenge.refresh_from_db()
    assert challenge.status == "pending"


def test_resolving_a_challenge_no_longer_pending_is_a_409(world: World, as_staff: APIClient) -> None:
    challenge = log(world, "Ann Able", by=world.employer)
    as_staff.post(resolve_url(challenge), RESOLVE)

    response = as_staff.post(resolve_url(challenge), {**RESOLVE, "outcome": "overruled"})

    assert response.status_code == 409
    assert response.json() == {
        "detail": f"Challenge {challenge.pk} (Ann Able) is already sustained; only a pending challenge can be resolved."
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"outcome": "withdrawn"}, "outcome"),
        ({"method": "coin_toss"}, "method"),
        ({"decided_on": "03/05/2021"}, "decided_on"),
        ({"level": "supreme_court"}, "level"),
    ],
)
def test_bad_resolution_input_is_a_400_naming_the_field(
    world: World, as_staff: APIClient, change: dict[str, str], field: str
) -> None:
    challenge = log(world, "Ann Able")

    response = as_staff.post(resolve_url(challenge), {**RESOLVE, **change})

    assert response.status_code == 400
    assert list(response.json()) == [field]


def test_a_decision_dated_in_the_future_is_refused(world: World, as_staff: APIClient) -> None:
    challenge = log(world, "Ann Able")
    tomorrow = clock.today(world.case.office_zone) + timedelta(days=2)

    response = as_staff.post(resolve_url(challenge), {**RESOLVE, "decided_on": tomorrow.isoformat()})

    assert response.status_code == 400
    assert "is in the future" in response.json()["decided_on"][0]


def test_a_decision_before_the_voting_began_is_refused(world: World, as_staff: APIClient) -> None:
    world.election.voting_opens_on = date(2021, 2, 8)
    world.election.save()
    challenge = log(world, "Ann Able")

    response = as_staff.post(resolve_url(challenge), {**RESOLVE, "decided_on": "2021-02-07"})

    assert response.status_code == 400
    assert response.json() == {
        "decided_on": [
            "2021-02-07 is before election 1 began (2021-02-08); a challenge cannot be decided before it was made."
        ]
    }


def test_a_ballot_overruled_after_the_tally_waits_to_be_counted(world: World) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = resolve(world, log(world, "Ann Able"), "overruled")

    assert (challenge.status, challenge.awaiting_count) == ("overruled", True)


def test_a_ballot_overruled_before_any_tally_was_counted_with_the_others(world: World) -> None:
    challenge = resolve(world, log(world, "Ann Able"), "overruled", method="agreement")

    assert (challenge.status, challenge.awaiting_count) == ("overruled", False)


def test_the_challenging_partys_counsel_withdraws_their_challenge(world: World, as_union: APIClient) -> None:
    challenge = log(world, "Ann Able", by=world.union)

    response = as_union.post(withdraw_url(challenge), {})

    assert response.status_code == 200, response.data
    assert response.json()["status"] == "withdrawn"
    assert response.json()["resolved_on"] == clock.today(world.case.office_zone).isoformat()
    assert challenge.history.latest().history_user == world.union_counsel


def test_other_counsel_and_paralegals_may_not_withdraw(
    world: World, as_employer: APIClient, as_paralegal: APIClient, as_stranger: APIClient
) -> None:
    challenge = log(world, "Ann Able", by=world.union)
    agents = log(world, "Bob Baker")

    assert as_employer.post(withdraw_url(challenge), {}).status_code == 403
    assert as_paralegal.post(withdraw_url(challenge), {}).status_code == 403
    assert as_employer.post(withdraw_url(agents), {}).status_code == 403
    assert as_stranger.post(withdraw_url(challenge), {}).status_code == 404
    assert Challenge.objects.filter(status="pending").count() == 2


def test_staff_withdraw_a_board_agent_challenge_and_a_second_withdrawal_is_a_409(
    world: World, as_staff: APIClient
) -> None:
    challenge = log(world, "Ann Able")

    assert as_staff.post(withdraw_url(challenge), {"withdrawn_on": "2021-04-10"}).status_code == 200
    response = as_staff.post(withdraw_url(challenge), {})

    assert response.status_code == 409
    assert "already withdrawn" in response.json()["detail"]


def test_a_ballot_withdrawn_after_the_tally_is_opened_like_an_overruled_one(world: World) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = log(world, "Ann Able", by=world.union)

    withdrawn = services.challenge_withdraw(challenge_id=challenge.pk, actor=world.union_counsel)

    assert (withdrawn.status, withdrawn.awaiting_count) == ("withdrawn", True)


def test_withdrawing_a_resolved_challenge_is_a_409_that_points_to_open_and_count(
    world: World, as_union: APIClient
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    challenge = resolve(world, log(world, "Ann Able", by=world.union), "overruled")

    response = as_union.post(withdraw_url(challenge), {})

    assert response.status_code == 409
    assert response.json()["allowed"] == ["open-and-count"]


def test_a_batch_resolves_pending_challenges_and_reports_the_others(world: World) -> None:
    pending = [log(world, name) for name in ("A", "B", "C")]
    done = resolve(world, log(world, "D"), "sustained")

    result = services.challenges_resolve(
        challenge_ids=[c.pk for c in [*pending, done]],
        outcome="overruled",
        method="hearing",
        decided_on=DECIDED,
        level="regional_director",
        actor=world.staff,
    )

    assert [c.voter_name for c in result.resolved] == ["A", "B", "C"]
    assert [c.voter_name for c in result.skipped] == ["D"]
    assert set(Challenge.objects.values_list("voter_name", "status")) == {
        ("A", "overruled"),
        ("B", "overruled"),
        ("C", "overruled"),
        ("D", "sustained"),
    }
    a = Challenge.objects.get(voter_name="A")
    assert [(h.history_type, h.status, h.history_user) for h in a.history.order_by("history_id")] == [
        ("+", "pending", world.staff),
        ("~", "overruled", world.staff),
    ]


def test_only_staff_resolve_even_through_the_service(world: World) -> None:
    from core.errors import NotPermitted

    challenge = log(world, "A")

    with pytest.raises(NotPermitted):
        services.challenge_resolve(
            challenge_id=challenge.pk,
            outcome="sustained",
            method="agreement",
            decided_on=DECIDED,
            actor=world.union_counsel,
        )


def test_the_database_refuses_a_decision_without_method_or_date(world: World) -> None:
    from django.db import IntegrityError, transaction

    challenge = log(world, "A")
    with pytest.raises(IntegrityError), transaction.atomic():
        Challenge.objects.filter(pk=challenge.pk).update(status="sustained")


def test_a_batch_keeps_the_basis_of_the_decision_on_each_challenge_and_refuses_an_overlong_one(
    world: World,
) -> None:
    a, b = log(world, "Ann Able", by=world.employer), log(world, "Bo Baker", by=world.employer)
    basis = "  Both are shift leads who assign work: supervisors under §2(11), RD's report p. 4.  "

    with pytest.raises(services.RuleViolation) as refused:
        services.challenges_resolve(
            challenge_ids=[a.pk],
            outcome="sustained",
            method="investigation",
            decided_on=DECIDED,
            basis="x" * 5001,
            actor=world.staff,
        )
    assert (refused.value.field, refused.value.message) == (
        "basis",
        "The basis is limited to 5000 characters; this one has 5001.",
    )
    services.challenges_resolve(
        challenge_ids=[a.pk, b.pk],
        outcome="sustained",
        method="investigation",
        decided_on=DECIDED,
        basis=basis,
        actor=world.staff,
    )
    assert set(Challenge.objects.values_list("resolution_basis", flat=True)) == {basis.strip()}
