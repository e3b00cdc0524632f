"""Resolve challenges, one (``challenge_resolve``) or a batch (``challenges_resolve``): sustained or
overruled, with the decision's date and basis, or a recommendation of the hearing officer.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Collection
from dataclasses import dataclass, field
from datetime import date, datetime

from django.db import transaction
from simple_history.utils import bulk_update_with_history

from challenges import notices
from challenges.models import Challenge
from challenges.services._shared import _latest_revisions, _locked, _not_pending, _today_in
from core import clock
from core.actors import Actor, acting_user, require_staff, stamp
from core.errors import RuleViolation
from elections.law import levels
from elections.models import Election

OUTCOMES = (Challenge.Status.SUSTAINED, Challenge.Status.OVERRULED)


def _check_resolution(outcome: str, method: str, level: str) -> str:
    """The level that decides (``levels.challenge_level``: the Board agent's for an agreement, else the
    Regional Director's when none is given)."""
    if outcome not in OUTCOMES:
        raise RuleViolation("outcome", f"{outcome!r} is not one of sustained, overruled.")
    if method not in Challenge.Method.values:
        raise RuleViolation("method", f"{method!r} is not one of {', '.join(Challenge.Method.values)}.")
    if level and level not in levels.CHALLENGE_LEVELS:
        raise RuleViolation("level", f"{level!r} is not one of {', '.join(levels.CHALLENGE_LEVELS)}.")
    return levels.challenge_level(level, method=method)


def _check_decided_on(decided_on: date, election: Election) -> None:
    """Not in the future (in the regional office's zone), and not before the voting began: a challenge
    is made at the polls or at the count, and may be settled by agreement before the tally."""
    if not isinstance(decided_on, date) or isinstance(decided_on, datetime):
        raise RuleViolation("decided_on", "Give the date of the decision as YYYY-MM-DD.")
    today = _today_in(election.case)
    if decided_on > today:
        raise RuleViolation("decided_on", f"{decided_on} is in the future (today is {today}).")
    began = election.voting_opens_on or election.count_on
    if began is not None and decided_on < began:
        raise RuleViolation(
            "decided_on",
            f"{decided_on} is before election {election.sequence} began ({began}); "
            "a challenge cannot be decided before it was made.",
        )


MAX_BASIS = 5000


def _clean_basis(basis: str) -> str:
    if not isinstance(basis, str):
        raise RuleViolation("basis", "Give the basis of the decision as text.")
    basis = basis.strip()
    if len(basis) > MAX_BASIS:
        raise RuleViolation(
            "basis", f"The basis is limited to {MAX_BASIS} characters; this one has {len(basis)}."
        )
    return basis


RECOMMENDED: dict[str, str] = {
    Challenge.Status.SUSTAINED: Challenge.Recommendation.SUSTAIN,
    Challenge.Status.OVERRULED: Challenge.Recommendation.OVERRULE,
}


def _apply_resolution(
    challenge: Challenge,
    *,
    outcome: str,
    method: str,
    decided_on: date,
    level: str,
    tallied_revision: int | None,
    basis: str = "",
) -> None:
    if levels.is_recommendation(level):
        # A hearing officer's report or an ALJ's decision recommends: the challenge stays pending and its
        # ballot stays sealed until a deciding body acts (29 CFR 102.69(c)(1)(iii)).
        challenge.recommendation = RECOMMENDED[outcome]
        challenge.recommended_on = decided_on
        challenge.recommendation_level = level
        return
    challenge.status = outcome
    challenge.resolution_basis = basis
    challenge.resolution_method = method
    challenge.resolved_on = decided_on
    challenge.resolved_level = level
    challenge.settled_after_revision = tallied_revision
    # Overruled after a tally: the sealed ballot is opened into the next revised tally.
    challenge.awaiting_count = outcome == Challenge.Status.OVERRULED and tallied_revision is not None


@transaction.atomic
def challenge_resolve(
    *,
    challenge_id: int,
    outcome: str,
    method: str,
    decided_on: date,
    level: str = "",
    basis: str = "",
    actor: Actor,
) -> Challenge:
    """Sustain or overrule one pending challenge (29 CFR 102.69(c)(1)), with the basis of the decision. Two
    staff at once: the second waits for the first's lock, then finds the challenge no longer pending (409)."""
    require_staff(actor, "resolve challenged ballots")
    level = _check_resolution(outcome, method, level)
    basis = _clean_basis(basis)
    locked = _locked([challenge_id])
    if not locked:
        raise Challenge.DoesNotExist(f"No challenge {challenge_id}.")
    challenge = locked[0]
    if challenge.status != Challenge.Status.PENDING:
        raise _not_pending(challenge, "resolved")
    _check_decided_on(decided_on, challenge.election)
    _apply_resolution(
        challenge,
        outcome=outcome,
        method=method,
        decided_on=decided_on,
        level=level,
        tallied_revision=_latest_revisions([challenge.election_id]).get(challenge.election_id),
        basis=basis,
    )
    stamp(challenge, actor)
    challenge.save()
    if challenge.status == Challenge.Status.PENDING:
        notices.challenge_recommended(challenge)
    else:
        notices.challenge_resolved(challenge)
    return challenge


@dataclass
class BatchResult:
    resolved: list[Challenge] = field(default_factory=list)
    skipped: list[Challenge] = field(default_factory=list)


@transaction.atomic
def challenges_resolve(
    *,
    challenge_ids: Collection[int],
    outcome: str,
    method: str,
    decided_on: date,
    level: str = "",
    basis: str = "",
    actor: Actor,
) -> BatchResult:
    """Resolve a batch (the admin's action): pending ones are resolved, the others skipped and reported.
    One notice per counsel and case summarises the batch."""
    require_staff(actor, "resolve challenged ballots")
    level = _check_resolution(outcome, method, level)
    basis = _clean_basis(basis)
    result = BatchResult()
    locked = _locked(challenge_ids)
    for challenge in locked:
        (result.resolved if challenge.status == Challenge.Status.PENDING else result.skipped).append(
            challenge
        )
    elections = {c.election_id: c.election for c in result.resolved}
    for election in elections.values():
        _check_decided_on(decided_on, election)
    tallied = _latest_revisions(elections)
    now = clock.now()
    for challenge in result.resolved:
        _apply_resolution(
            challenge,
            outcome=outcome,
            method=method,
            decided_on=decided_on,
            level=level,
            tallied_revision=tallied.get(challenge.election_id),
            basis=basis,
        )
        challenge.updated_at = now
    if result.resolved:
        bulk_update_with_history(
            result.resolved,
            Challenge,
            [
                "status",
                "resolution_method",
                "resolved_on",
                "resolved_level",
                "resolution_basis",
                "awaiting_count",
                "settled_after_revision",
                "recommendation",
                "recommended_on",
                "recommendation_level",
                "updated_at",
            ],
            default_user=acting_user(actor),
            default_change_reason=(
                f"recommended {RECOMMENDED[outcome]} in a batch"
                if levels.is_recommendation(level)
                else f"{outcome} in a batch"
            ),
        )
    if levels.is_recommendation(level):
        return result
    by_case: dict[int, list[Challenge]] = defaultdict(list)
    for challenge in result.resolved:
        by_case[challenge.election.case_id].append(challenge)
    for batch in by_case.values():
        notices.batch_resolved(batch[0].election.case, batch, outcome=outcome)
    return result
