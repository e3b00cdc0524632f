"""A case's elections: created (``election_create``) and changed (``election_update``)."""

from __future__ import annotations

from datetime import date
from typing import Any

from django.db import transaction
from django.db.models import Max

from core.actors import Actor, require_staff, stamp
from core.errors import RuleViolation
from elections import events
from elections.models import Case, Election
from elections.services.checks import (
    _check_agreement,
    _check_choices,
    _check_dates_in_order,
    _check_voting_unit,
)


@transaction.atomic
def election_create(
    *,
    case: Case,
    choices: list[str],
    kind: str = Election.Kind.INITIAL,
    mode: str = Election.Mode.MANUAL,
    sequence: int | None = None,
    eligibility_date: date | None = None,
    voting_opens_on: date | None = None,
    voting_closes_on: date | None = None,
    count_on: date | None = None,
    approx_eligible_voters: int | None = None,
    agreement: str | None = None,
    voting_unit: str = "A",
    actor: Actor = None,
) -> Election:
    require_staff(actor, "create an election")
    Case.objects.select_for_update().filter(pk=case.pk).first()  # serialize sequence numbering per case
    cleaned = _check_choices(choices)
    _check_agreement(agreement)
    dates = {
        "eligibility_date": eligibility_date,
        "voting_opens_on": voting_opens_on,
        "voting_closes_on": voting_closes_on,
        "count_on": count_on,
    }
    _check_dates_in_order(dates)
    last = case.elections.aggregate(last=Max("sequence"))["last"] or 0
    if sequence is None:
        sequence = last + 1
    elif case.elections.filter(sequence=sequence).exists():
        raise RuleViolation("sequence", f"{case.number} already has an election {sequence}.")
    if kind != Election.Kind.INITIAL and last == 0:
        raise RuleViolation("kind", f"A {kind} election follows an earlier election; {case.number} has none.")
    election = Election(
        case=case,
        sequence=sequence,
        kind=kind,
        mode=mode,
        choices=cleaned,
        approx_eligible_voters=approx_eligible_voters,
        agreement=agreement,
        voting_unit=_check_voting_unit(voting_unit),
        **dates,
    )
    stamp(election, actor)
    election.save()
    events.elections_created.send(sender=Election, elections=[election], actor=actor)
    return election


@transaction.atomic
def election_update(*, election: Election, actor: Actor = None, **changes: Any) -> Election:
    require_staff(actor, "change an election")
    election = Election.objects.select_for_update().get(pk=election.pk)
    if "choices" in changes:
        changes["choices"] = _check_choices(changes["choices"])
        if election.tallies.exists() and changes["choices"] != election.choices:
            raise RuleViolation("choices", "The ballot cannot change once a tally has been recorded.")
    if "agreement" in changes:
        _check_agreement(changes["agreement"])
    for field, value in changes.items():
        setattr(election, field, value)
    _check_dates_in_order(
        {
            f: getattr(election, f)
            for f in ("eligibility_date", "voting_opens_on", "voting_closes_on", "count_on")
        }
    )
    stamp(election, actor)
    election.save()
    return election
