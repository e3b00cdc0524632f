"""State changes to cases, parties, appearances, elections and tallies.

Each function is one transaction: it validates against the law modules, writes, records who did it
(django-simple-history), and publishes a domain event that the apps above may subscribe to.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.db.models import Max

from elections import events
from elections.actors import Actor, acting_user, stamp
from elections.errors import RuleViolation
from elections.law import case_numbers
from elections.law import tally as tally_law
from elections.law.local_time import local_time
from elections.models import Appearance, Case, Election, Party, RelatedCase, Tally


def _normalized_number(number: str, field: str = "number") -> str:
    try:
        return case_numbers.normalize(number)
    except case_numbers.InvalidCaseNumber as exc:
        raise RuleViolation(field, str(exc)) from None


@transaction.atomic
def case_create(
    *,
    number: str,
    name: str,
    petition_filed_on: date,
    unit_description: str = "",
    status: str = Case.Status.OPEN,
    parties: Iterable[Mapping[str, str]] = (),
    actor: Actor = None,
) -> Case:
    normalized = _normalized_number(number)
    if Case.objects.filter(number=normalized).exists():
        raise RuleViolation("number", f"Case {normalized} is already on the tracker.")
    case = Case(
        number=normalized,
        name=name,
        petition_filed_on=petition_filed_on,
        unit_description=unit_description,
        status=status,
    )
    stamp(case, actor)
    case.save()
    for party in parties:
        party_create(case=case, role=party["role"], name=party["name"], actor=actor)
    return case


@transaction.atomic
def case_update(*, case: Case, actor: Actor = None, **changes: Any) -> Case:
    case = Case.objects.select_for_update().get(pk=case.pk)
    if "number" in changes:
        normalized = _normalized_number(changes["number"])
        if Case.objects.exclude(pk=case.pk).filter(number=normalized).exists():
            raise RuleViolation("number", f"Case {normalized} is already on the tracker.")
        changes["number"] = normalized
    for field, value in changes.items():
        setattr(case, field, value)
    stamp(case, actor)
    case.save()
    return case


@transaction.atomic
def party_create(*, case: Case, role: str, name: str, actor: Actor = None) -> Party:
    name = " ".join(name.split())
    if case.parties.filter(name__iexact=name).exists():
        raise RuleViolation("name", f"{name} is already a party to {case.number}.")
    party = Party(case=case, role=role, name=name)
    stamp(party, actor)
    party.save()
    return party


@transaction.atomic
def appearance_create(*, party: Party, user: Any, capacity: str, actor: Actor = None) -> Appearance:
    if getattr(user, "is_staff", False):
        raise RuleViolation("user", "Board staff see every case; they do not appear for a party.")
    existing = (
        Appearance.objects.filter(user=user, party__case_id=party.case_id).select_related("party").first()
    )
    if existing is not None:
        raise RuleViolation(
            "user",
            f"{user.get_username()} already appears for {existing.party.name} in this case; "
            "one person appears for one party.",
        )
    appearance = Appearance(party=party, user=user, capacity=capacity)
    stamp(appearance, actor)
    appearance.save()
    return appearance


@transaction.atomic
def related_case_add(
    *, case: Case, kind: str, number: str, court: str = "", description: str = "", actor: Actor = None
) -> RelatedCase:
    if kind == RelatedCase.Kind.UNFAIR_LABOR_PRACTICE:
        number = _normalized_number_any(number)
    related, _ = RelatedCase.objects.get_or_create(
        case=case, kind=kind, number=number, defaults={"court": court, "description": description}
    )
    return related


def _normalized_number_any(number: str) -> str:
    try:
        return case_numbers.normalize(number, representation_only=False)
    except case_numbers.InvalidCaseNumber as exc:
        raise RuleViolation("ulp_case", str(exc)) from None


def _check_choices(choices: Any) -> list[str]:
    if not isinstance(choices, list) or not 1 <= len(choices) <= 3:
        raise RuleViolation("choices", "List one to three unions on the ballot.")
    cleaned = [" ".join(str(c).split()) for c in choices]
    if any(not c for c in cleaned):
        raise RuleViolation("choices", "A union on the ballot needs a name.")
    if len({c.casefold() for c in cleaned}) != len(cleaned):
        raise RuleViolation("choices", "A union appears on the ballot only once.")
    return cleaned


def _check_dates_in_order(values: Mapping[str, date | None]) -> None:
    order = ["eligibility_date", "voting_opens_on", "voting_closes_on", "count_on"]
    known = [(f, values.get(f)) for f in order if values.get(f) is not None]
    for (earlier_field, earlier), (later_field, later) in itertools.pairwise(known):
        assert earlier is not None and later is not None
        if later < earlier:
            raise RuleViolation(
                later_field,
                f"{later_field} ({later}) cannot be before {earlier_field} ({earlier}).",
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
    actor: Actor = None,
) -> Election:
    Case.objects.select_for_update().filter(pk=case.pk).first()  # serialize sequence numbering per case
    cleaned = _check_choices(choices)
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
        **dates,
    )
    stamp(election, actor)
    election.save()
    return election


@transaction.atomic
def election_update(*, election: Election, actor: Actor = None, **changes: Any) -> Election:
    election = Election.objects.select_for_update().get(pk=election.pk)
    if "choices" in changes:
        changes["choices"] = _check_choices(changes["choices"])
        if election.tallies.exists() and changes["choices"] != election.choices:
            raise RuleViolation("choices", "The ballot cannot change once a tally has been recorded.")
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


def check_votes_for(election: Election, votes_for: Any) -> dict[str, int]:
    """``votes_for`` must name exactly the unions on this election's ballot, each with a count ≥ 0."""
    if not isinstance(votes_for, dict):
        raise RuleViolation("votes_for", "Give an object {union name: votes} for each union on the ballot.")
    ballot = list(election.choices)
    given = set(votes_for)
    if given != set(ballot):
        missing = [c for c in ballot if c not in given]
        extra = sorted(given - set(ballot))
        parts = []
        if missing:
            parts.append("missing " + ", ".join(repr(m) for m in missing))
        if extra:
            parts.append("not on the ballot: " + ", ".join(repr(e) for e in extra))
        raise RuleViolation(
            "votes_for",
            "The unions must be exactly those on the ballot ("
            + ", ".join(repr(b) for b in ballot)
            + "); "
            + "; ".join(parts)
            + ".",
        )
    counts: dict[str, int] = {}
    for name in ballot:
        value = votes_for[name]
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise RuleViolation("votes_for", f"Votes for {name!r} must be a whole number of 0 or more.")
        counts[name] = value
    return counts


@transaction.atomic
def tally_record(
    *,
    election: Election,
    prepared_at: datetime,
    votes_for: Mapping[str, Any],
    votes_against: int,
    void: int = 0,
    challenged: int = 0,
    actor: Actor = None,
) -> Tally:
    """Record the tally of ballots (revision 0) or, later, a revised tally (revision 1, 2, …)."""
    election = Election.objects.select_for_update().select_related("case").get(pk=election.pk)
    counts = check_votes_for(election, dict(votes_for))
    try:
        tally_law.assess(
            tally_law.TallyFigures(
                votes_for=counts, votes_against=votes_against, void=void, challenged=challenged
            )
        )
    except tally_law.InvalidTally as exc:
        raise RuleViolation("votes_for", str(exc)) from None
    latest = election.tallies.order_by("-revision").first()
    if latest is not None and prepared_at < latest.prepared_at:
        raise RuleViolation(
            "prepared_at",
            f"A revised tally cannot be prepared before revision {latest.revision} ({local_time(latest.prepared_at, election.case.office_zone)}).",
        )
    tally = Tally(
        election=election,
        revision=0 if latest is None else latest.revision + 1,
        prepared_at=prepared_at,
        votes_for=counts,
        votes_against=votes_against,
        void=void,
        challenged=challenged,
        recorded_by=acting_user(actor),
    )
    stamp(tally, actor)
    tally.save()
    events.tally_recorded.send(sender=Tally, tally=tally, actor=actor)
    return tally
