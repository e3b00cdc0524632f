"""The checks the elections' writes share, one record or a batch alike: case numbers, party names, an
election's choices, agreement, dates and voting unit, a tally's votes (``tally_votes_clean``, also the
challenges' open-and-count), and the parties a paper was served on (``parties_served``, filings and objections).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from core.errors import RuleViolation
from elections.law import case_numbers
from elections.law import tally as tally_law
from elections.law.local_time import local_time
from elections.law.names import tidy_union_name, union_key
from elections.models import Case, Election, Party, Tally


def parties_served(case: Case, served_on: Iterable[Any]) -> list[Party]:
    """The parties a paper of ``case`` was served on, from their ids: each a party of the case, else a 400 on
    ``served_on`` (filings and objections alike; 29 CFR 102.2(c), 102.69(a)(8))."""
    ids: list[int] = []
    for value in served_on:
        if isinstance(value, bool) or not isinstance(value, int):
            raise RuleViolation(
                "served_on",
                f"{value!r} is not a party id: give the ids of the parties served (cases/{case.number}/parties/).",
            )
        ids.append(value)
    parties = {p.pk: p for p in case.parties.filter(pk__in=ids)}
    strangers = [pk for pk in ids if pk not in parties]
    if strangers:
        raise RuleViolation(
            "served_on",
            f"Party {strangers[0]} is not a party of {case.number}: a paper is served on the parties of its "
            f"own case (ids in cases/{case.number}/parties/).",
        )
    return list(parties.values())


def _normalized_number(number: str, field: str = "number") -> str:
    try:
        return case_numbers.normalize(number)
    except case_numbers.InvalidCaseNumber as exc:
        raise RuleViolation(field, str(exc)) from None


def _party_name(name: str) -> str:
    """A party's name as stored: as the NLRB writes it, white space tidied (elections/law/names.py); compared
    with ``union_key``. One rule for ``party_create`` and the public-record batch ``parties_add``."""
    name = tidy_union_name(name)
    if not name:
        raise RuleViolation("name", "A party needs a name.")
    longest = Party._meta.get_field("name").max_length or 300
    if len(name) > longest:  # NFKC can lengthen a name ('ﬃ' → 'ffi'): checked after, not before
        raise RuleViolation("name", f"A party's name has at most {longest} characters once normalised.")
    return name


def _normalized_number_any(number: str) -> str:
    try:
        return case_numbers.normalize(number, representation_only=False)
    except case_numbers.InvalidCaseNumber as exc:
        raise RuleViolation("ulp_case", str(exc)) from None


def _check_choices(choices: Any) -> list[str]:
    if not isinstance(choices, list) or not 1 <= len(choices) <= 3:
        raise RuleViolation("choices", "List one to three unions on the ballot.")
    cleaned = [tidy_union_name(str(c)) for c in choices]
    if any(not c for c in cleaned):
        raise RuleViolation("choices", "A union on the ballot needs a name.")
    if len({union_key(c) for c in cleaned}) != len(cleaned):
        raise RuleViolation("choices", "A union appears on the ballot only once.")
    return cleaned


def _check_agreement(agreement: Any) -> None:
    """How the election came about: consent (102.62(a)), full_consent (102.62(c)), stipulated (102.62(b)),
    directed (102.67), or None when unknown."""
    if agreement is not None and agreement not in Election.Agreement.values:
        raise RuleViolation(
            "agreement",
            f"{agreement!r} is not an agreement; give one of {', '.join(Election.Agreement.values)} "
            "(29 CFR 102.62, 102.67), or null when unknown.",
        )


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


def tally_votes_clean(*, election: Election, votes_for: Any) -> dict[str, int]:
    """``votes_for`` must name exactly the unions on this election's ballot, each with a count ≥ 0.

    A name that differs from the ballot's only in white space or letter case is that union (``union_key``):
    the count is stored under the ballot's spelling."""
    if not isinstance(votes_for, dict):
        raise RuleViolation("votes_for", "Give an object {union name: votes} for each union on the ballot.")
    ballot = list(election.choices)
    by_key = {union_key(c): c for c in ballot}
    keyed: dict[str, Any] = {}
    for name, value in votes_for.items():
        spelled = by_key.get(union_key(str(name)), str(name))
        if spelled in keyed:
            raise RuleViolation(
                "votes_for", f"{name!r} names the same union as another key ({spelled!r}); give it once."
            )
        keyed[spelled] = value
    votes_for = keyed
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


def _tally_check(
    *,
    election: Election,
    latest: Tally | None,
    prepared_at: datetime,
    votes_for: Mapping[str, Any],
    votes_against: int,
    void: int = 0,
    challenged: int = 0,
) -> dict[str, int]:
    """Every rule a tally must meet to be recorded after ``latest`` (one validation for the API, the admin
    and the public-record import); returns the votes for each union, in ballot order."""
    counts = tally_votes_clean(election=election, votes_for=dict(votes_for))
    try:
        tally_law.assess(
            tally_law.TallyFigures(
                votes_for=counts,
                votes_against=votes_against,
                void=void,
                challenged=challenged,
                against_on_ballot=tally_law.against_on_ballot(
                    kind=election.kind, unions=len(election.choices)
                ),
            )
        )
    except tally_law.InvalidTally as exc:
        field = "votes_against" if str(exc).startswith("votes_against") else "votes_for"
        raise RuleViolation(field, str(exc)) from None
    if latest is not None and prepared_at < latest.prepared_at:
        raise RuleViolation(
            "prepared_at",
            f"A revised tally cannot be prepared before revision {latest.revision} ({local_time(latest.prepared_at, election.case.office_zone)}).",
        )
    return counts


def _check_voting_unit(voting_unit: str) -> str:
    unit = " ".join(str(voting_unit or "").split()).upper()
    if not unit or len(unit) > 8:
        raise RuleViolation("voting_unit", "Name the voting unit in one to eight characters, e.g. A.")
    return unit
