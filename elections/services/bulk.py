"""The public-record import's batch writes: cases, parties, counsel, elections and tallies, each checked as
its one-record service checks it and written in bulk.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.db import transaction
from django.db.models import Max
from simple_history.utils import bulk_update_with_history

from core import bulk_insert
from core.actors import Actor, acting_user, require_staff
from core.errors import RuleViolation
from elections import events
from elections.law.names import tidy_union_name, union_key
from elections.models import Case, Counsel, Election, Party, Tally
from elections.services.checks import (
    _check_agreement,
    _check_choices,
    _check_dates_in_order,
    _check_voting_unit,
    _normalized_number,
    _party_name,
    _tally_check,
)

# Each function applies the same rules as its one-record counterpart (``case_create``, ``tally_record``, …),
# to each record in Python, reads what it needs in one query and writes with one bulk insert
# (``core.bulk_insert``: COPY on PostgreSQL) and one ``INSERT … SELECT`` for the history rows, whatever the
# number of cases, parties, elections and tallies. This is still the one path for every write: the importer
# hands these services what it read, they check every record by the same rules as the one-record services and
# refuse the batch if any is refused; only the row-writing is done in bulk, by the writer they call. They take
# no savepoint of their own: called inside a larger transaction, a refusal rolls the whole of it back (the
# importer's unit is the case, or a chunk of new cases).


_batch = transaction.atomic(savepoint=False)


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
