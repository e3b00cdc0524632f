"""State changes to cases, parties, appearances, elections and tallies.

Each function is one transaction: it validates against the law modules, writes, records who did it
(django-simple-history), and publishes a domain event that the apps above may subscribe to. Every step
here is Board staff's (or the system's: ``actor=None``, the import and the demo): anyone else is refused
(``NotPermitted``, 403) by the service itself, whoever calls it.
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Mapping
from datetime import date, datetime
from typing import Any

from django.db import transaction
from django.db.models import Max
from simple_history.utils import bulk_update_with_history

from core import bulk_insert, clock
from core.actors import Actor, acting_user, is_staff, require_staff, stamp
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from elections import events
from elections.law import case_numbers, regions
from elections.law import tally as tally_law
from elections.law.local_time import local_time
from elections.law.names import tidy_union_name, union_key
from elections.models import Appearance, Case, Counsel, Election, Party, RelatedCase, Tally


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


def _new_case_number(number: str) -> str:
    """A number staff give a case they open or renumber: normalized, and not of a retired region (those
    regions take no new cases; their old cases come from the public record, ``cases_create``)."""
    normalized = _normalized_number(number)
    closed = regions.closed_to_new_cases(case_numbers.parse(normalized).region)
    if closed is not None:
        raise RuleViolation("number", closed)
    return normalized


@transaction.atomic
def case_create(
    *,
    number: str,
    name: str,
    petition_filed_on: date,
    unit_description: str = "",
    status: str = Case.Status.OPEN,
    parties: Iterable[Mapping[str, str]] = (),
    closed_on: date | None = None,
    closing_reason: str = "",
    actor: Actor = None,
) -> Case:
    require_staff(actor, "create a case")
    normalized = _new_case_number(number)
    if Case.objects.filter(number=normalized).exists():
        raise RuleViolation("number", f"Case {normalized} is already on the tracker.")
    case = Case(
        number=normalized,
        name=name,
        petition_filed_on=petition_filed_on,
        unit_description=unit_description,
        status=status,
        closed_on=closed_on,
        closing_reason=closing_reason,
    )
    stamp(case, actor)
    case.save()
    for party in parties:
        party_create(case=case, role=party["role"], name=party["name"], actor=actor)
    return case


# The proceeding events that close a case (proceedings.law.dispositions.CLOSING_EVENTS, which a test holds
# equal): this app sits below proceedings and names them as text.
CLOSING_EVENTS = ("petition_dismissed", "petition_withdrawn", "disclaimer_filed", "bargaining_order")


@transaction.atomic
def case_update(*, case: Case, actor: Actor = None, closed_by: str = "", **changes: Any) -> Case:
    """``closed_by``: what closes the case when ``status`` becomes closed — a proceeding event, or the public
    record's closing — never a hand edit: a case is closed only by the event that ends it."""
    require_staff(actor, "change a case")
    case = Case.objects.select_for_update().get(pk=case.pk)
    if changes.get("status") == Case.Status.CLOSED and case.status != Case.Status.CLOSED and not closed_by:
        raise RuleViolation(
            "status",
            "A case is closed only by the event that ends it, recorded at cases/{number}/proceedings/: "
            + ", ".join(CLOSING_EVENTS)
            + f". {case.number} is {case.status}.",
        )
    if "number" in changes:
        normalized = _new_case_number(changes["number"])
        if Case.objects.exclude(pk=case.pk).filter(number=normalized).exists():
            raise RuleViolation("number", f"Case {normalized} is already on the tracker.")
        changes["number"] = normalized
    for field, value in changes.items():
        setattr(case, field, value)
    if closed_by and changes.get("status") == Case.Status.CLOSED:
        # The history row says what closed it (simple_history's change reason, 100 characters).
        case._change_reason = f"Closed by {closed_by}"[:100]  # type: ignore[attr-defined]
    stamp(case, actor)
    case.save()
    return case


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


def _refuse_a_second_party_named(
    name: str, *, case_id: int, number: str, other_than: int | None = None
) -> None:
    """One party per name in a case, names compared as the Regions type them (``union_key``)."""
    others = Party.objects.filter(case_id=case_id)
    if other_than is not None:
        others = others.exclude(pk=other_than)
    if any(union_key(other) == union_key(name) for other in others.values_list("name", flat=True)):
        raise RuleViolation("name", f"{name} is already a party to {number}.")


@transaction.atomic
def party_create(*, case: Case, role: str, name: str, actor: Actor = None) -> Party:
    require_staff(actor, "add a party")
    name = _party_name(name)
    _refuse_a_second_party_named(name, case_id=case.pk, number=case.number)
    party = Party(case=case, role=role, name=name)
    stamp(party, actor)
    party.save()
    return party


@transaction.atomic
def party_update(*, party: Party, actor: Actor = None, **changes: Any) -> Party:
    """Correct a party's role or name, under the same rules as ``party_create``."""
    require_staff(actor, "change a party")
    party = Party.objects.select_for_update().get(pk=party.pk)
    if "role" in changes and changes["role"] not in Party.Role.values:
        raise RuleViolation("role", f"{changes['role']!r} is not one of {', '.join(Party.Role.values)}.")
    if "name" in changes:
        # Tidied and compared as ``party_create`` does (elections/law/names.py), so a correction cannot
        # store a name that creation would refuse as a duplicate.
        name = _party_name(str(changes["name"] or ""))
        _refuse_a_second_party_named(name, case_id=party.case_id, number="this case", other_than=party.pk)
        changes["name"] = name
    for field, value in changes.items():
        setattr(party, field, value)
    stamp(party, actor)
    party.save()
    return party


@transaction.atomic
def counsel_record(
    *, party: Party, counsel: Counsel | None = None, actor: Actor = None, **changes: Any
) -> Counsel:
    """Staff enter counsel of record on a party (``source`` staff) or correct one (the admin's inline).
    A name is required; white space is tidied as in ``counsel_sync``."""
    require_staff(actor, "record counsel")
    if counsel is None:
        counsel = Counsel(party=party, source=Counsel.Source.STAFF)
    else:
        counsel = Counsel.objects.select_for_update().get(pk=counsel.pk, party=party)
    for field, value in changes.items():
        if field not in ("name", "firm", "address", "phone"):
            raise RuleViolation(field, f"{field} is not a field of counsel of record staff enter.")
        setattr(counsel, field, str(value or "").strip())
    counsel.name = " ".join(counsel.name.split())
    if not counsel.name:
        raise RuleViolation("name", "Counsel of record need a name.")
    stamp(counsel, actor)
    counsel.save()
    return counsel


def _lock_person(user: Any) -> None:
    """Hold the person's row until the appearance commits, or answer at once: two requests giving one
    person appearances at the same moment (for two parties of one case) must not both pass the check below.
    The loser is refused without waiting (NOWAIT: the database's lock error is the API's 409); the database's
    one-current-appearance-per-case constraint refuses whatever reaches it all the same."""
    list(type(user)._default_manager.select_for_update(nowait=True).filter(pk=user.pk).values_list("pk"))


def _check_appearance(*, party: Party, user: Any, exclude_pk: int | None = None) -> None:
    _lock_person(user)
    if getattr(user, "is_staff", False):
        raise RuleViolation("user", "Board staff see every case; they do not appear for a party.")
    others = Appearance.objects.filter(user=user, party__case_id=party.case_id)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    existing = others.select_related("party").first()
    if existing is not None:
        raise RuleViolation(
            "user",
            f"{user.get_username()} already appears for {existing.party.name} in this case; "
            "one person appears for one party.",
        )


@transaction.atomic
def appearance_update(*, appearance: Appearance, actor: Actor = None, **changes: Any) -> Appearance:
    """Change an appearance (its capacity, or the party or person), under the rules of
    ``appearance_create``."""
    require_staff(actor, "change an appearance")
    appearance = Appearance.objects.select_for_update().get(pk=appearance.pk)
    if "capacity" in changes and changes["capacity"] not in Appearance.Capacity.values:
        raise RuleViolation("capacity", f"{changes['capacity']!r} is not counsel or paralegal.")
    for field, value in changes.items():
        setattr(appearance, field, value)
    _check_appearance(party=appearance.party, user=appearance.user, exclude_pk=appearance.pk)
    stamp(appearance, actor)
    appearance.save()
    return appearance


@transaction.atomic
def appearance_create(*, party: Party, user: Any, capacity: str, actor: Actor = None) -> Appearance:
    require_staff(actor, "record an appearance")
    _check_appearance(party=party, user=user)
    appearance = Appearance(party=party, user=user, capacity=capacity)
    stamp(appearance, actor)
    appearance.save()
    return appearance


@transaction.atomic
def appearance_end(*, appearance: Appearance, actor: Actor = None) -> Appearance:
    """End an appearance (the person withdrew or was replaced): from the next request on it gives no access
    to the case and no notices. Never deleted: the history keeps who appeared, when, and who ended it."""
    require_staff(actor, "end an appearance")
    appearance = Appearance.all_objects.select_for_update().get(pk=appearance.pk)
    if appearance.ended_at is not None:
        raise TransitionNotAllowed(
            f"Appearance {appearance.pk} already ended on {appearance.ended_at:%Y-%m-%d}."
        )
    appearance.ended_at = clock.now()
    stamp(appearance, actor)
    appearance.save(update_fields=["ended_at"])
    return appearance


@transaction.atomic
def appearance_set_notices(*, appearance: Appearance, takes_notices: bool, actor: Actor) -> Appearance:
    """A paralegal opts out of (or back into) the notices counsel of their party receive. Their own choice,
    or staff's; counsel always receive them."""
    appearance = Appearance.objects.select_for_update().get(pk=appearance.pk)
    if not is_staff(actor) and getattr(actor, "pk", None) != appearance.user_id:
        raise NotPermitted(
            "Only the paralegal themselves, or Board staff, choose which notices they receive."
        )
    if appearance.capacity != Appearance.Capacity.PARALEGAL:
        raise TransitionNotAllowed(
            "Counsel of record receive every notice of the case; only paralegals opt out."
        )
    appearance.takes_notices = takes_notices
    stamp(appearance, actor)
    appearance.save(update_fields=["takes_notices"])
    return appearance


@transaction.atomic
def related_case_add(
    *, case: Case, kind: str, number: str, court: str = "", description: str = "", actor: Actor = None
) -> RelatedCase:
    require_staff(actor, "relate cases")
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
    """Record the tally of ballots (revision 0) or, later, a revised tally (revision 1, 2, …).

    Before it is written, ``events.tally_to_record`` asks the apps above whether the ladder allows it: the
    proceedings app refuses (409) a revised tally once the election is certified (29 CFR 102.69(b)-(c)) and
    any tally while a blocking charge holds the election (103.20), ``proceedings.receivers.refuse_tally``.
    After it, ``events.tally_recorded`` opens the objections period and sets the deadlines."""
    require_staff(actor, "record a tally")
    election = Election.objects.select_for_update().select_related("case").get(pk=election.pk)
    latest = election.tallies.order_by("-revision").first()
    counts = _tally_check(
        election=election,
        latest=latest,
        prepared_at=prepared_at,
        votes_for=votes_for,
        votes_against=votes_against,
        void=void,
        challenged=challenged,
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
    events.tally_to_record.send(sender=Tally, tally=tally)
    stamp(tally, actor)
    tally.save()
    events.tally_recorded.send(sender=Tally, tally=tally, actor=actor)
    return tally


# --- batches: the public-record import writes many cases in a few statements ---------------------------
#
# Each function applies the same rules as its one-record counterpart above, to each record in Python, reads
# what it needs in one query and writes with one bulk insert (``core.bulk_insert``: COPY on PostgreSQL) and
# one ``INSERT … SELECT`` for the history rows, whatever the number of cases, parties, elections and tallies.
# This is still the one path for every write: the importer hands these services what it read, they check
# every record by the same rules as the one-record services and refuse the batch if any is refused; only
# the row-writing is done in bulk, by the writer they call. They take no savepoint of their own: called inside a larger transaction,
# a refusal rolls the whole of it back (the importer's unit is the case, or a chunk of new cases).

_batch = transaction.atomic(savepoint=False)


def _check_voting_unit(voting_unit: str) -> str:
    unit = " ".join(str(voting_unit or "").split()).upper()
    if not unit or len(unit) > 8:
        raise RuleViolation("voting_unit", "Name the voting unit in one to eight characters, e.g. A.")
    return unit


@_batch
def cases_create(*, cases: Iterable[Mapping[str, Any]], actor: Actor = None) -> list[Case]:
    """Create cases as ``case_create`` does (number checked and normalized, not already on the tracker), but
    a retired region's number is taken: the batch is the public-record import, whose old cases keep their
    numbers."""
    require_staff(actor, "create cases")
    new = []
    for spec in cases:
        fields = dict(spec)
        fields["number"] = _normalized_number(fields["number"])
        case = Case(**fields)
        case.derive()
        new.append(case)
    numbers = [c.number for c in new]
    if len(set(numbers)) != len(numbers):
        raise RuleViolation("number", "A case number appears twice in the batch.")
    taken = list(Case.objects.filter(number__in=numbers).values_list("number", flat=True)[:1])
    if taken:
        raise RuleViolation("number", f"Case {taken[0]} is already on the tracker.")
    if new:
        bulk_insert.insert(new, history_user=acting_user(actor))
    return new


@_batch
def parties_add(
    *, parties: Iterable[tuple[Case, str, str]], actor: Actor = None
) -> dict[tuple[int, str], Party]:
    """Add the (case, role, name) parties not yet on their case (names tidied and compared as ``party_create``
    does); returns every party of those cases by (case id, ``union_key`` of the name)."""
    require_staff(actor, "add parties")
    batch = list(parties)
    case_ids = {case.pk for case, _, _ in batch}
    on_case = {(p.case_id, union_key(p.name)): p for p in Party.objects.filter(case_id__in=case_ids)}
    new = []
    roles = set(Party.Role.values)
    for case, role, name in batch:
        if not tidy_union_name(name):
            continue  # a participant row with no name: nothing to add
        name = _party_name(name)
        if role not in roles:
            raise RuleViolation("role", f"{role!r} is not a party role.")
        if not name or (case.pk, union_key(name)) in on_case:
            continue
        party = Party(case=case, role=role, name=name)
        on_case[(case.pk, union_key(name))] = party
        new.append(party)
    if new:
        bulk_insert.insert(new, history_user=acting_user(actor))
    return on_case


@_batch
def counsel_sync(
    *, parties: Mapping[int, Iterable[Mapping[str, str]]], actor: Actor = None
) -> tuple[int, int]:
    """Counsel of record from the public record, per party id: add the new, update the firm, address and
    phone of those already recorded (matched by name); counsel entered by staff are never touched.
    Returns (added, updated)."""
    require_staff(actor, "record counsel")
    existing = (
        {
            (c.party_id, c.name.casefold()): c
            for c in Counsel.objects.filter(party_id__in=list(parties), source=Counsel.Source.PUBLIC_RECORD)
        }
        if parties
        else {}
    )
    new, changed = [], []
    for party_id, entries in parties.items():
        for entry in entries:
            name = " ".join(entry["name"].split())
            fields = {k: entry.get(k, "") for k in ("firm", "address", "phone")}
            current = existing.get((party_id, name.casefold()))
            if current is None:
                counsel = Counsel(party_id=party_id, name=name, source=Counsel.Source.PUBLIC_RECORD, **fields)
                existing[(party_id, name.casefold())] = counsel
                new.append(counsel)
            elif any(getattr(current, k) != v for k, v in fields.items()):
                for k, v in fields.items():
                    setattr(current, k, v)
                changed.append(current)
    user = acting_user(actor)
    if new:
        bulk_insert.insert(new, history_user=user)
    if changed:
        bulk_update_with_history(changed, Counsel, ["firm", "address", "phone"], default_user=user)
    return len(new), len(changed)


@_batch
def elections_add(
    *, elections: Iterable[tuple[Case, Mapping[str, Any]]], actor: Actor = None, as_recorded: bool = False
) -> list[Election]:
    """Add elections to their cases, numbered after each case's last one, each checked as
    ``election_create`` checks it (the ballot, the order of the dates, a rerun or runoff only after an
    earlier election). ``as_recorded`` (the public-record import) takes a rerun or runoff whose earlier
    election the record lacks: the election happened, the record is incomplete, and the caller reports the
    gap."""
    require_staff(actor, "add elections")
    batch = list(elections)
    case_ids = {case.pk for case, _ in batch}
    if not batch:
        return []
    list(Case.objects.select_for_update().filter(pk__in=case_ids).values_list("pk", flat=True))
    last = dict(
        Election.objects.filter(case_id__in=case_ids)
        .values("case_id")
        .annotate(last=Max("sequence"))
        .values_list("case_id", "last")
    )
    new = []
    for case, spec in batch:
        fields = dict(spec)
        kind = fields.get("kind", Election.Kind.INITIAL)
        before = last.get(case.pk, 0)
        if kind != Election.Kind.INITIAL and before == 0 and not as_recorded:
            raise RuleViolation(
                "kind", f"A {kind} election follows an earlier election; {case.number} has none."
            )
        fields["choices"] = _check_choices(fields.get("choices"))
        _check_agreement(fields.get("agreement"))
        fields["voting_unit"] = _check_voting_unit(fields.get("voting_unit", "A"))
        _check_dates_in_order(fields)
        last[case.pk] = before + 1
        new.append(Election(case=case, sequence=before + 1, **fields))
    bulk_insert.insert(new, history_user=acting_user(actor))
    # What was recorded before a case's first election moves onto it: one query for the whole batch.
    events.elections_created.send(sender=Election, elections=new, actor=actor)
    return new


@_batch
def tallies_add(
    *,
    tallies: Iterable[tuple[Election, Mapping[str, Any]]],
    actor: Actor = None,
    announce: bool = True,
) -> list[Tally]:
    """Record tallies (each the next revision of its election) in one insert, each checked by
    ``_tally_check`` exactly as ``tally_record`` checks it. ``announce`` asks ``tally_to_record`` (the
    ladder's refusals) and sends ``tally_recorded`` for each (the objections period and the deadlines
    follow); the import leaves it off for closed cases, whose periods have all run."""
    require_staff(actor, "record tallies")
    batch = list(tallies)
    if not batch:
        return []
    ids = {election.pk for election, _ in batch}
    locked = {e.pk: e for e in Election.objects.select_for_update().select_related("case").filter(pk__in=ids)}
    latest: dict[int, Tally] = {}
    for tally in Tally.objects.filter(election_id__in=ids).order_by("election_id", "revision"):
        latest[tally.election_id] = tally
    user = acting_user(actor)
    new = []
    for given, figures in batch:
        election = locked[given.pk]
        before = latest.get(election.pk)
        counts = _tally_check(election=election, latest=before, **figures)
        tally = Tally(
            election=election,
            revision=0 if before is None else before.revision + 1,
            prepared_at=figures["prepared_at"],
            votes_for=counts,
            votes_against=figures["votes_against"],
            void=figures.get("void", 0),
            challenged=figures.get("challenged", 0),
            recorded_by=user,
        )
        latest[election.pk] = tally
        new.append(tally)
    if announce:
        for tally in new:
            events.tally_to_record.send(sender=Tally, tally=tally)
    if new:
        bulk_insert.insert(new, history_user=user)
    if announce:
        for tally in new:
            events.tally_recorded.send(sender=Tally, tally=tally, actor=actor)
    return new
