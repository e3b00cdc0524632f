"""The challenged-ballot services called directly (the API's tests are beside): logging, resolving,
withdrawing, marking moot and opening and counting; each refusal, and that a refused call writes nothing."""

from __future__ import annotations

from datetime import date

import pytest

from challenges import services
from challenges.models import Challenge
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from tests.conftest import World
from tests.factories import log_challenge, record_tally, resolve_challenge
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db


@pytest.fixture
def tallied(world: World) -> World:
    """A close one-union tally, 10-10 with 3 challenged: the challenges are determinative."""
    record_tally(world.election, yes=10, votes_against=10, challenged=3)
    return world


# --- logging ----------------------------------------------------------------------------------------------


def test_counsel_log_a_challenge_in_their_own_partys_name(tallied: World) -> None:
    challenge = services.challenge_log(
        election=tallied.election,
        voter_name="  Jane Q. Voter ",
        voter_identifier="E-1001",
        challenged_by=tallied.union.pk,
        ground="supervisor",
        actor=tallied.union_counsel,
    )

    assert (challenge.voter_name, challenge.challenged_by, challenge.status, challenge.logged_by) == (
        "Jane Q. Voter",
        tallied.union,
        "pending",
        tallied.union_counsel,
    )


@pytest.mark.parametrize(
    ("who", "by"),
    [
        pytest.param("union_counsel", "employer", id="counsel in the other party's name"),
        pytest.param("union_counsel", "board_agent", id="counsel in the Board agent's name"),
        pytest.param("stranger", "union", id="someone not in the case"),
    ],
)
def test_a_challenge_in_a_name_the_actor_may_not_use_is_refused(tallied: World, who: str, by: str) -> None:
    challenged_by = "board_agent" if by == "board_agent" else getattr(tallied, by).pk

    with nothing_written(), pytest.raises(NotPermitted):
        services.challenge_log(
            election=tallied.election,
            voter_name="Jane Q. Voter",
            challenged_by=challenged_by,
            ground="supervisor",
            actor=getattr(tallied, who),
        )


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"voter_name": "  "}, "voter_name", id="no voter"),
        pytest.param({"ground": "dislikes the union"}, "ground", id="no such ground"),
        pytest.param({"challenged_by": 999_999}, "challenged_by", id="no such party"),
    ],
)
def test_a_challenge_that_breaks_a_rule_is_refused_naming_the_field(
    tallied: World, changes: dict[str, object], field: str
) -> None:
    fields: dict[str, object] = {
        "voter_name": "Jane Q. Voter",
        "challenged_by": "board_agent",
        "ground": "other",
    }
    fields.update(changes)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.challenge_log(election=tallied.election, actor=tallied.staff, **fields)  # type: ignore[arg-type]

    assert refused.value.field == field


def test_one_voter_has_one_live_challenge(tallied: World) -> None:
    log_challenge(tallied.election, "Jane Q. Voter", voter_identifier="E-1", actor=tallied.staff)

    with nothing_written(), pytest.raises(RuleViolation):
        log_challenge(tallied.election, "Jane Q. Voter", voter_identifier="E-1", actor=tallied.staff)


def test_the_ledger_holds_no_more_challenges_than_the_tally_counted(tallied: World) -> None:
    for voter in ("Ann", "Bo", "Cy"):
        log_challenge(tallied.election, voter, actor=tallied.staff)

    with nothing_written(), pytest.raises(TransitionNotAllowed) as refused:
        log_challenge(tallied.election, "Di", actor=tallied.staff)

    assert refused.value.allowed == ["tally"]


# --- resolving and withdrawing ----------------------------------------------------------------------------


def test_staff_overrule_a_challenge_after_the_tally_and_its_ballot_waits_to_be_counted(
    tallied: World,
) -> None:
    challenge = log_challenge(tallied.election, "Ann", actor=tallied.staff)

    resolved = services.challenge_resolve(
        challenge_id=challenge.pk,
        outcome="overruled",
        method="investigation",
        decided_on=date(2021, 5, 3),
        basis="On the voter list after all.",
        actor=tallied.staff,
    )

    assert (
        resolved.status,
        resolved.resolved_on,
        resolved.awaiting_count,
        resolved.settled_after_revision,
    ) == (
        "overruled",
        date(2021, 5, 3),
        True,
        0,
    )


def test_a_hearing_officers_recommendation_leaves_the_challenge_pending(tallied: World) -> None:
    challenge = log_challenge(tallied.election, "Ann", actor=tallied.staff)

    recommended = resolve_challenge(challenge, "sustained", level="hearing_officer", actor=tallied.staff)

    assert (recommended.status, recommended.recommendation, recommended.awaiting_count) == (
        "pending",
        "sustain",
        False,
    )


@pytest.mark.parametrize(
    ("changes", "error"),
    [
        pytest.param({"outcome": "maybe"}, RuleViolation, id="no such outcome"),
        pytest.param({"method": "coin"}, RuleViolation, id="no such method"),
        pytest.param({"level": "sheriff"}, RuleViolation, id="no such level"),
        pytest.param({"decided_on": date(2999, 1, 1)}, RuleViolation, id="in the future"),
        pytest.param({"basis": "x" * 5001}, RuleViolation, id="basis too long"),
        pytest.param({"actor": "union_counsel"}, NotPermitted, id="counsel may not resolve"),
    ],
)
def test_a_resolution_that_breaks_a_rule_is_refused_and_the_challenge_stays_pending(
    tallied: World, changes: dict[str, object], error: type[Exception]
) -> None:
    challenge = log_challenge(tallied.election, "Ann", actor=tallied.staff)
    fields: dict[str, object] = {
        "outcome": "overruled",
        "method": "investigation",
        "decided_on": date(2021, 5, 3),
        "actor": tallied.staff,
    }
    fields.update(changes)
    if fields["actor"] == "union_counsel":
        fields["actor"] = tallied.union_counsel

    with nothing_written(), pytest.raises(error):
        services.challenge_resolve(challenge_id=challenge.pk, **fields)  # type: ignore[arg-type]

    challenge.refresh_from_db()
    assert challenge.status == "pending"


def test_a_resolved_challenge_is_not_resolved_again(tallied: World) -> None:
    challenge = resolve_challenge(log_challenge(tallied.election, "Ann", actor=tallied.staff), "sustained")

    with nothing_written(), pytest.raises(TransitionNotAllowed):
        resolve_challenge(challenge, "overruled", actor=tallied.staff)


def test_the_challenging_partys_counsel_withdraw_and_the_other_sides_may_not(tallied: World) -> None:
    challenge = log_challenge(tallied.election, "Ann", by=tallied.union, actor=tallied.staff)

    with nothing_written(), pytest.raises(NotPermitted):
        services.challenge_withdraw(
            challenge_id=challenge.pk, actor=tallied.employer_counsel, withdrawn_on=date(2021, 4, 12)
        )
    withdrawn = services.challenge_withdraw(
        challenge_id=challenge.pk, actor=tallied.union_counsel, withdrawn_on=date(2021, 4, 12)
    )

    assert (withdrawn.status, withdrawn.resolved_on, withdrawn.awaiting_count) == (
        "withdrawn",
        date(2021, 4, 12),
        True,  # withdrawn after the tally: the ballot is opened into the next revised tally
    )
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.challenge_withdraw(challenge_id=challenge.pk, actor=tallied.union_counsel)


def test_a_withdrawal_dated_in_the_future_is_refused(tallied: World) -> None:
    challenge = log_challenge(tallied.election, "Ann", by=tallied.union, actor=tallied.staff)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.challenge_withdraw(
            challenge_id=challenge.pk, actor=tallied.staff, withdrawn_on=date(2999, 1, 1)
        )

    assert refused.value.field == "withdrawn_on"


# --- moot, and open-and-count -----------------------------------------------------------------------------


def test_challenges_are_moot_only_when_they_cannot_change_the_result(world: World) -> None:
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.challenges_mark_moot(election=world.election, actor=world.staff)  # no tally yet
    record_tally(world.election, yes=10, votes_against=10, challenged=2)
    ann, bo = (log_challenge(world.election, voter, actor=world.staff) for voter in ("Ann", "Bo"))
    with nothing_written(), pytest.raises(TransitionNotAllowed):  # 10-10 with 2: determinative
        services.challenges_mark_moot(election=world.election, actor=world.staff)
    record_tally(world.election, yes=20, votes_against=10, challenged=2)  # a revision: 20-10 with 2

    moot = services.challenges_mark_moot(election=world.election, actor=world.staff, on=date(2021, 4, 12))

    assert {c.pk for c in moot.challenges} == {ann.pk, bo.pk}
    assert set(Challenge.objects.values_list("status", flat=True)) == {"moot"}
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.challenges_mark_moot(election=world.election, actor=world.staff)  # none pending


def test_counsel_may_not_mark_challenges_moot(tallied: World) -> None:
    with nothing_written(), pytest.raises(NotPermitted):
        services.challenges_mark_moot(election=tallied.election, actor=tallied.union_counsel)


def test_open_and_count_adds_the_opened_ballots_to_the_tally_by_plain_counting(tallied: World) -> None:
    ann, bo, cy = (
        log_challenge(tallied.election, voter, actor=tallied.staff) for voter in ("Ann", "Bo", "Cy")
    )
    resolve_challenge(ann, "overruled", actor=tallied.staff)
    resolve_challenge(bo, "overruled", actor=tallied.staff)
    resolve_challenge(cy, "sustained", actor=tallied.staff)

    revised = services.challenges_open_and_count(
        election=tallied.election, votes_for={"RWDSU": 2}, votes_against=0, actor=tallied.staff
    )

    # 10 + 2 for, 10 against, none still sealed: 12-10, a majority.
    assert (revised.revision, revised.votes_for, revised.votes_against, revised.challenged) == (
        1,
        {"RWDSU": 12},
        10,
        0,
    )
    assert (revised.assessment.result, revised.assessment.winner) == ("representative", "RWDSU")
    assert set(Challenge.objects.filter(counted_in=revised).values_list("voter_name", flat=True)) == {
        "Ann",
        "Bo",
    }


def test_open_and_count_refuses_without_released_ballots_and_when_the_votes_do_not_account_for_them(
    world: World,
) -> None:
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.challenges_open_and_count(
            election=world.election, votes_for={"RWDSU": 1}, votes_against=0, actor=world.staff
        )
    record_tally(world.election, yes=10, votes_against=10, challenged=3)
    ann = log_challenge(world.election, "Ann", actor=world.staff)
    with nothing_written(), pytest.raises(TransitionNotAllowed) as nothing_released:
        services.challenges_open_and_count(
            election=world.election, votes_for={"RWDSU": 1}, votes_against=0, actor=world.staff
        )
    resolve_challenge(ann, "overruled", actor=world.staff)

    with nothing_written(), pytest.raises(RuleViolation) as unaccounted:
        services.challenges_open_and_count(
            election=world.election, votes_for={"RWDSU": 1}, votes_against=1, actor=world.staff
        )
    with nothing_written(), pytest.raises(NotPermitted):
        services.challenges_open_and_count(
            election=world.election, votes_for={"RWDSU": 1}, votes_against=0, actor=world.union_counsel
        )

    assert nothing_released.value.allowed == ["resolve"]
    assert unaccounted.value.field == "votes_for"
