"""The challenging party's withdrawal of a pending challenge (``challenge_withdraw``) and who may ask
for it (``challenge_authorize_withdraw``).
"""

from __future__ import annotations

from datetime import date

from django.db import transaction

from challenges import notices
from challenges.models import Challenge
from challenges.services._shared import _latest_revisions, _locked, _not_pending, _today_in
from core.actors import Actor, is_staff, stamp
from core.errors import NotPermitted, RuleViolation
from elections.selectors import counsel_party_ids


def challenge_authorize_withdraw(*, challenge: Challenge, actor: Actor) -> None:
    """Board staff, or counsel for the challenging party; anyone else who sees the challenge: NotPermitted.
    (The API asks before it reads the body, so that a caller who may not act never learns about its rules.)"""
    if is_staff(actor):
        return
    own = counsel_party_ids(actor, challenge.election.case_id)
    if challenge.challenged_by_id is None or challenge.challenged_by_id not in own:
        raise NotPermitted(
            f"Only counsel for {challenge.challenger_name}, or Board staff, may withdraw this challenge."
        )


@transaction.atomic
def challenge_withdraw(*, challenge_id: int, actor: Actor, withdrawn_on: date | None = None) -> Challenge:
    """The challenging party (through its counsel) or Board staff withdraw a pending challenge."""
    locked = _locked([challenge_id])
    if not locked:
        raise Challenge.DoesNotExist(f"No challenge {challenge_id}.")
    challenge = locked[0]
    case = challenge.election.case
    if actor is not None:
        challenge_authorize_withdraw(challenge=challenge, actor=actor)
    if challenge.status != Challenge.Status.PENDING:
        raise _not_pending(challenge, "withdrawn")
    today = _today_in(case)
    withdrawn_on = withdrawn_on or today
    if withdrawn_on > today:
        raise RuleViolation("withdrawn_on", f"{withdrawn_on} is in the future (today is {today}).")
    began = challenge.election.voting_opens_on or challenge.election.count_on
    if began is not None and withdrawn_on < began:
        raise RuleViolation(
            "withdrawn_on",
            f"{withdrawn_on} is before election {challenge.election.sequence} began ({began}); a challenge "
            "cannot be withdrawn before it was made.",
        )
    challenge.status = Challenge.Status.WITHDRAWN
    challenge.resolved_on = withdrawn_on
    revision = _latest_revisions([challenge.election_id]).get(challenge.election_id)
    challenge.settled_after_revision = revision
    challenge.awaiting_count = revision is not None
    stamp(challenge, actor)
    challenge.save()
    notices.challenge_withdrawn(challenge)
    return challenge
