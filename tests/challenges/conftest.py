"""Fixtures of the ledger's tests: challenges logged through the service, and URL helpers."""

from __future__ import annotations

from typing import Any, cast

import pytest

from challenges.models import BOARD_AGENT, Challenge
from elections.models import Case, Election, Party
from tests.conftest import World
from tests.factories import (
    CHALLENGE_DECIDED_ON,
    ElectionFactory,
    PartyFactory,
    log_challenge,
    resolve_challenge,
)

DECIDED = CHALLENGE_DECIDED_ON


def new_election(case: Case, sequence: int, choices: list[str], **extra: Any) -> Election:
    """An election from the shared factory, typed as the model (factory-boy's types say otherwise)."""
    return cast(Election, ElectionFactory(case=case, sequence=sequence, choices=choices, **extra))


def new_party(case: Case, role: str, name: str) -> Party:
    return cast(Party, PartyFactory(case=case, role=role, name=name))


def challenges_url(election: Election) -> str:
    return f"/api/v1/elections/{election.pk}/challenges/"


def import_url(election: Election) -> str:
    return f"/api/v1/elections/{election.pk}/challenges/import/"


def resolve_url(challenge: Challenge) -> str:
    return f"/api/v1/challenges/{challenge.pk}/resolve/"


def withdraw_url(challenge: Challenge) -> str:
    return f"/api/v1/challenges/{challenge.pk}/withdraw/"


def open_and_count_url(election: Election) -> str:
    return f"/api/v1/elections/{election.pk}/open-and-count/"


def moot_url(election: Election) -> str:
    return f"/api/v1/elections/{election.pk}/challenges/moot/"


def log(
    world: World, voter: str, *, by: Any = BOARD_AGENT, election: Election | None = None, **extra: Any
) -> Challenge:
    """Log a challenge as staff; ``by`` is a Party, or board_agent."""
    return log_challenge(election or world.election, voter, by=by, actor=world.staff, **extra)


def resolve(world: World, challenge: Challenge, outcome: str = "overruled", **extra: Any) -> Challenge:
    return resolve_challenge(challenge, outcome, actor=world.staff, **extra)


@pytest.fixture
def valid_body(world: World) -> dict[str, Any]:
    return {
        "voter_name": "Jane Q. Voter",
        "voter_identifier": "E-1001",
        "job_classification": "Fulfillment Associate",
        "challenged_by": world.union.pk,
        "ground": "supervisor",
        "reason": "Directs the work of the pick line",
    }
