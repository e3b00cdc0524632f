"""Log a challenge at the polls or after (``challenge_log``) and correct what was logged
(``challenge_correct``, the fields in ``CORRECTABLE``).
"""

from __future__ import annotations

from typing import Any

from django.db import IntegrityError, transaction

from challenges import notices
from challenges.models import Challenge
from challenges.services._shared import _check_room_in_tally, _locked, _may_log_for, _rule
from challenges.validation import (
    JOB_CLASSIFICATION_MAX,
    REASON_MAX,
    VOTER_IDENTIFIER_MAX,
    VOTER_NAME_MAX,
    FieldProblem,
    clean_ground,
    clean_text,
    duplicate_column,
    resolve_challenger,
)
from core.actors import Actor, acting_user, require_staff, stamp
from core.errors import NotPermitted, RuleViolation
from elections.models import Election


@transaction.atomic
def challenge_log(
    *,
    election: Election,
    voter_name: str,
    challenged_by: int | str,
    ground: str,
    voter_identifier: str = "",
    job_classification: str = "",
    reason: str = "",
    actor: Actor,
) -> Challenge:
    """Log one challenged ballot. ``challenged_by``: a party id of the case, or ``board_agent``."""
    # The election row serializes writes to its ledger: the duplicate check below cannot race.
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    case = election.case
    allowed = _may_log_for(actor, case)
    try:
        name = clean_text("voter_name", voter_name, max_length=VOTER_NAME_MAX, required=True)
        identifier = clean_text("voter_identifier", voter_identifier, max_length=VOTER_IDENTIFIER_MAX)
        job = clean_text("job_classification", job_classification, max_length=JOB_CLASSIFICATION_MAX)
        code = clean_ground(ground)
        why = clean_text("reason", reason, max_length=REASON_MAX)
        challenger = resolve_challenger(
            challenged_by,
            dict(case.parties.values_list("pk", "name")),
            case_number=case.number,
        )
    except FieldProblem as problem:
        raise _rule(problem) from None
    if allowed is not None and challenger.party_id not in allowed:
        raise NotPermitted(
            f"Counsel log challenges only in their own party's name, not in the name of {challenger.name}."
        )
    _check_room_in_tally(election, adding=1, actor=actor)
    key = Challenge.key_for(voter_name=name, voter_identifier=identifier)
    existing = Challenge.objects.live().filter(election=election, voter_key=key).first()
    if existing is not None:
        raise RuleViolation(
            duplicate_column(identifier),
            f"{identifier or name!r} already has a live challenge in this election "
            f"(challenge {existing.pk}, {existing.status}); one voter, one challenge.",
        )
    challenge = Challenge(
        election=election,
        voter_name=name,
        voter_identifier=identifier,
        job_classification=job,
        challenged_by_id=challenger.party_id,
        ground=code,
        reason=why,
        logged_by=acting_user(actor),
    )
    stamp(challenge, actor)
    try:
        with transaction.atomic():
            challenge.save()
    except IntegrityError:  # pragma: no cover - the election lock makes this a bypass of the service
        raise RuleViolation(
            duplicate_column(identifier), f"{identifier or name!r} already has a live challenge."
        ) from None
    notices.challenge_logged(challenge)
    return challenge


CORRECTABLE = ("voter_name", "voter_identifier", "job_classification", "ground", "reason")


@transaction.atomic
def challenge_correct(*, challenge_id: int, actor: Actor, **changes: Any) -> Challenge:
    """Staff correct a challenge's particulars (the voter, the ground, the reason) under the rules of
    ``challenge_log``: the same lengths, grounds and one live challenge per voter. Who challenged and the
    disposition are not corrected here (withdraw and log anew; resolve)."""
    require_staff(actor, "correct a challenge")
    unknown = sorted(set(changes) - set(CORRECTABLE))
    if unknown:
        raise RuleViolation(
            unknown[0], f"{unknown[0]} is not corrected here; allowed: {', '.join(CORRECTABLE)}."
        )
    locked = _locked([challenge_id])
    if not locked:
        raise Challenge.DoesNotExist(f"No challenge {challenge_id}.")
    challenge = locked[0]
    Election.objects.select_for_update(of=("self",)).filter(pk=challenge.election_id).first()
    try:
        if "voter_name" in changes:
            changes["voter_name"] = clean_text(
                "voter_name", changes["voter_name"], max_length=VOTER_NAME_MAX, required=True
            )
        if "voter_identifier" in changes:
            changes["voter_identifier"] = clean_text(
                "voter_identifier", changes["voter_identifier"], max_length=VOTER_IDENTIFIER_MAX
            )
        if "job_classification" in changes:
            changes["job_classification"] = clean_text(
                "job_classification", changes["job_classification"], max_length=JOB_CLASSIFICATION_MAX
            )
        if "ground" in changes:
            changes["ground"] = clean_ground(changes["ground"])
        if "reason" in changes:
            changes["reason"] = clean_text("reason", changes["reason"], max_length=REASON_MAX)
    except FieldProblem as problem:
        raise _rule(problem) from None
    for name, value in changes.items():
        setattr(challenge, name, value)
    key = Challenge.key_for(voter_name=challenge.voter_name, voter_identifier=challenge.voter_identifier)
    clash = (
        Challenge.objects.live()
        .filter(election_id=challenge.election_id, voter_key=key)
        .exclude(pk=challenge.pk)
        .first()
    )
    if clash is not None and challenge.status != Challenge.Status.WITHDRAWN:
        raise RuleViolation(
            duplicate_column(challenge.voter_identifier),
            f"This voter already has a live challenge in this election ({clash.pk}); one voter, one challenge.",
        )
    stamp(challenge, actor)
    challenge.save()
    return challenge
