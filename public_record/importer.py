"""Import labordata's nlrb.db (or its CSV folder) into the tracker through the services, a batch of cases at
a time.

The transaction is the batch of cases new to the tracker (``CHUNK``), written by the services' batch
functions in a few statements (COPY on PostgreSQL, ``core.bulk_insert``), and the case for a case the
tracker holds already. A batch in which a case is refused is rolled back whole and written again in
halves, so the refused case fails alone, reported with its number and reason, and nothing of it stays.

Running it again adds nothing twice: a case whose source rows are unchanged (``ImportedCase.fingerprint``,
read for the whole batch in one query) is counted and skipped without being planned again; a changed one
gains what is new. A case entered by staff is never overwritten, nor a field of an imported case that staff
edited since: the differences are reported instead.
"""

from __future__ import annotations

import contextlib
import logging
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from datetime import date
from itertools import islice
from typing import Any, TextIO

from django.db import DatabaseError, connection, transaction

from core import bulk_insert
from core.actors import Actor
from core.errors import DomainError, RuleViolation
from elections import services as election_services
from elections.law import case_numbers
from elections.law.names import tidy_union_name, union_key
from elections.models import Case, Election, Tally
from proceedings import services as proceeding_services
from public_record import mapping, source
from public_record.mapping import BadCase, CasePlan
from public_record.models import ImportedCase
from public_record.progress import Progress
from public_record.report import Difference, Report

logger = logging.getLogger(__name__)

CHUNK = 500  # cases whose tracker rows are read in one query


class ImportStopped(source.SourceError):
    """Reading met a damaged part of the file after some cases: ``report`` says what came in before it."""

    def __init__(self, message: str, report: Report) -> None:
        super().__init__(message)
        self.report = report


class _DryRun(Exception):
    """Raised at the end of a dry-run case to roll its transaction back."""


@dataclass
class _Counts:
    """What one case did; added to the report only once its transaction committed."""

    rows: list[tuple[str, str, int]] = field(default_factory=list)
    differences: list[Difference] = field(default_factory=list)

    def add(self, kind: str, outcome: str, n: int = 1) -> None:
        self.rows.append((kind, outcome, n))

    def merge_into(self, report: Report) -> None:
        for kind, outcome, n in self.rows:
            report.add(kind, outcome, n)
        report.differences += self.differences


def import_public_record(
    path: str,
    *,
    numbers: Sequence[str] = (),
    since: date | None = None,
    dry_run: bool = False,
    actor: Actor = None,
    progress: TextIO | None = None,
    on_batch: Callable[[Report, int, int], None] | None = None,
) -> Report:
    """Import every case of the file (or ``numbers``, or those changed in the source ``since`` a day).
    Raises ``source.SchemaError`` before writing anything if the file is not labordata's schema, and
    ``source.SourceError`` when reading meets a damaged part of the file (the cases before it are imported,
    each whole; a run again imports the rest once the file is mended). ``on_batch(report, done, total)`` is
    called after each batch of cases (the import run's counts)."""
    started = time.monotonic()
    db = source.open_source(path)
    report = Report(source=str(path), dry_run=dry_run)
    wanted = _source_numbers(numbers)
    bar = None
    try:
        total = db.count_cases(wanted)
        bar = Progress(total, progress) if progress is not None else None
        done = 0
        for chunk in _chunks(db.read_cases(wanted), CHUNK):
            _import_chunk(chunk, report, since=since, actor=actor, dry_run=dry_run)
            done += len(chunk)
            if bar is not None:
                bar.advance(len(chunk))
            if on_batch is not None:
                on_batch(report, done, total)
    except source.SourceError as exc:
        if not report.read:
            raise
        report.seconds = time.monotonic() - started
        raise ImportStopped(str(exc), report) from None
    finally:
        db.close()
    if bar is not None:
        bar.finish()
    report.seconds = time.monotonic() - started
    return report


def _import_chunk(
    chunk: list[source.SourceCase], report: Report, *, since: date | None, actor: Actor, dry_run: bool
) -> None:
    """One chunk of the file: the unchanged cases counted (one query for the whole chunk), the new ones
    written together (``_write_new_cases``), the changed ones each in its own transaction."""
    if since is not None:
        chunk = [c for c in chunk if (mapping.changed_on(c) or date.max) >= since]
    numbers = {c.number: _normalized(c.number) for c in chunk}
    imported = _imported(n for n in numbers.values() if n)
    plans = []
    for case_rows in chunk:
        report.read += 1
        number = numbers[case_rows.number]
        if number is not None and not case_numbers.parse(number, representation_only=False).is_representation:
            report.add("cases", "skipped")
            report.skips.append((number, "not a representation case"))
            continue
        fingerprint = mapping.fingerprint(case_rows)
        known = imported.get(number or "")
        if known is not None and known.fingerprint == fingerprint:
            _unchanged(report, known, case_rows)
            continue
        plan = _plan(case_rows, report, fingerprint)
        if plan is not None:
            plans.append(plan)
    on_tracker = _tracker_cases([p.number for p in plans])
    fresh = [p for p in plans if p.number not in on_tracker]
    _write_new_cases(fresh, report, actor=actor, dry_run=dry_run)
    for plan in plans:
        if plan.number in on_tracker:
            _write_one_case(plan, on_tracker[plan.number], report, actor=actor, dry_run=dry_run)


def _source_numbers(numbers: Sequence[str]) -> list[str]:
    """The numbers as given and as normalized: the file keeps the Region's own spelling."""
    wanted: list[str] = []
    for number in numbers:
        wanted.append(number.strip())
        with contextlib.suppress(case_numbers.InvalidCaseNumber):
            wanted.append(case_numbers.normalize(number, representation_only=False))
    return sorted(set(wanted))


def _chunks(items: Iterable[source.SourceCase], size: int) -> Iterator[list[source.SourceCase]]:
    iterator = iter(items)
    while chunk := list(islice(iterator, size)):
        yield chunk


def _normalized(number: str) -> str | None:
    try:
        return case_numbers.normalize(number, representation_only=False)
    except case_numbers.InvalidCaseNumber:
        return None


@dataclass(frozen=True)
class _Known:
    fingerprint: str
    elections: int
    tallies: int


def _imported(numbers: Iterable[str]) -> dict[str, _Known]:
    """The fingerprint of each case of the chunk that came from the public record, in one query, with how
    many elections and tallies it brought (what an unchanged case reports without being planned again)."""
    rows = ImportedCase.objects.filter(case__number__in=list(numbers)).values_list(
        "case__number", "fingerprint", "keys"
    )
    return {
        number: _Known(fingerprint, len(keys.get("elections", ())), len(keys.get("tallies", ())))
        for number, fingerprint, keys in rows
    }


def _unchanged(report: Report, known: _Known, case_rows: source.SourceCase) -> None:
    report.add("cases", "unchanged")
    report.add("elections", "unchanged", known.elections)
    report.add("tallies", "unchanged", known.tallies)
    report.add("docket entries", "unchanged", mapping.docket_count(case_rows))


def _tracker_cases(numbers: list[str]) -> dict[str, Case]:
    if not numbers:
        return {}
    return {c.number: c for c in Case.objects.filter(number__in=numbers).select_related("public_record")}


def _plan(case_rows: source.SourceCase, report: Report, fingerprint: str) -> CasePlan | None:
    try:
        plan = mapping.plan_case(case_rows, digest=fingerprint)
    except BadCase as exc:
        _failed(report, case_rows.number, str(exc), None)
        return None
    report.disagreements += plan.disagreements
    report.notes += [(plan.number, note) for note in plan.notes]
    report.gaps += [(plan.number, gap) for gap in plan.gaps]
    return plan


_REFUSALS = (DomainError, BadCase, DatabaseError, ValueError)


def _reason(exc: Exception) -> str:
    return f"{exc.field}: {exc.message}" if isinstance(exc, RuleViolation) else str(exc)


@contextlib.contextmanager
def _transaction(dry_run: bool) -> Iterator[None]:
    """One transaction, rolled back at the end of a dry run."""
    try:
        with transaction.atomic():
            if connection.vendor == "postgresql":
                # A re-runnable import need not wait for each commit to reach the disk (PostgreSQL
                # "synchronous_commit": a crash loses at most the last moments, never half a case).
                with connection.cursor() as cursor:
                    cursor.execute("SET LOCAL synchronous_commit TO OFF")
            yield
            if dry_run:
                raise _DryRun
    except _DryRun:
        pass


def _write_new_cases(plans: list[CasePlan], report: Report, *, actor: Actor, dry_run: bool) -> None:
    """Cases new to the tracker, a batch in one transaction and a few statements in all. A batch in which
    the services refuse a case is rolled back whole and written again in two halves, down to the case
    itself, which is then reported with the rule it breaks: one refused case costs a few retries of its
    neighbours, never a half-written case."""
    if not plans:
        return
    if len(plans) == 1:
        _write_one_case(plans[0], None, report, actor=actor, dry_run=dry_run)
        return
    counts = _Counts()
    try:
        with _transaction(dry_run):
            cases = election_services.cases_create(cases=[_new_case_fields(p) for p in plans], actor=actor)
            records = [ImportedCase(case=case, keys={"elections": {}, "tallies": {}}) for case in cases]
            _write_contents(list(zip(plans, cases, records, strict=True)), counts, actor=actor)
            for plan, record in zip(plans, records, strict=True):
                _stamp(record, plan, plan.case_fields())
            bulk_insert.insert(records)
    except _REFUSALS as exc:
        logger.debug("public record: a batch of %s new cases goes in halves: %s", len(plans), exc)
        half = len(plans) // 2
        _write_new_cases(plans[:half], report, actor=actor, dry_run=dry_run)
        _write_new_cases(plans[half:], report, actor=actor, dry_run=dry_run)
        return
    counts.add("cases", "imported", len(plans))
    counts.merge_into(report)


def _write_one_case(
    plan: CasePlan, case: Case | None, report: Report, *, actor: Actor, dry_run: bool
) -> None:
    counts = _Counts()
    try:
        with _transaction(dry_run):
            _write(plan, case, counts, report, actor=actor)
    except _REFUSALS as exc:
        logger.debug("public record: %s not imported: %s", plan.number, _reason(exc))
        _failed(report, plan.number, _reason(exc), plan)
        return
    counts.merge_into(report)


def _failed(report: Report, number: str, reason: str, plan: CasePlan | None) -> None:
    report.failures.append((number, reason))
    report.add("cases", "failed")
    if plan is not None:
        report.add("elections", "failed", len(plan.elections))
        report.add("tallies", "failed", plan.tally_count)
        report.add("docket entries", "failed", len(plan.docket))


def _new_case_fields(plan: CasePlan) -> dict[str, Any]:
    return {
        "number": plan.number,
        "name": plan.name,
        "petition_filed_on": plan.petition_filed_on,
        "unit_description": plan.unit_description,
        "status": plan.status,
        "closed_on": plan.closed_on,
        "closing_reason": plan.closing_reason,
    }


def _stamp(record: ImportedCase, plan: CasePlan, as_imported: dict[str, Any]) -> None:
    record.fingerprint = plan.fingerprint
    record.snapshot = plan.snapshot
    record.as_imported = as_imported


def _write(plan: CasePlan, case: Case | None, counts: _Counts, report: Report, *, actor: Actor) -> None:
    record: ImportedCase | None = getattr(case, "public_record", None) if case is not None else None
    if case is not None and record is None:
        counts.add("cases", "skipped")
        report.skips.append((plan.number, "already on the tracker, entered by staff: not overwritten"))
        counts.differences += [
            Difference(plan.number, name, str(_json(getattr(case, name))), str(value), "entered by staff")
            for name, value in plan.case_fields().items()
            if _json(getattr(case, name)) != value
        ]
        return
    if record is not None and record.fingerprint == plan.fingerprint:
        counts.add("cases", "unchanged")
        counts.add("elections", "unchanged", len(plan.elections))
        counts.add("tallies", "unchanged", plan.tally_count)
        counts.add("docket entries", "unchanged", len(plan.docket))
        return
    fields = plan.case_fields()
    if case is None:
        (case,) = election_services.cases_create(cases=[_new_case_fields(plan)], actor=actor)
        record = ImportedCase(case=case, keys={"elections": {}, "tallies": {}})
        counts.add("cases", "imported")
        as_imported = fields
    else:
        assert record is not None
        as_imported = _update_case(case, record, fields, counts, actor=actor)
    _write_contents([(plan, case, record)], counts, actor=actor)
    _stamp(record, plan, as_imported)
    record.save()


def _write_contents(
    items: list[tuple[CasePlan, Case, ImportedCase]], counts: _Counts, *, actor: Actor
) -> None:
    """Parties, counsel, elections, tallies and docket of the cases, each kind in one batch."""
    parties = election_services.parties_add(
        parties=[(case, p.role, p.name) for plan, case, _ in items for p in plan.parties], actor=actor
    )
    counsel: dict[int, list[dict[str, str]]] = {}
    for plan, case, _ in items:
        for c in plan.counsel:
            party = parties[(case.pk, union_key(c.party))]
            counsel.setdefault(party.pk, []).append(
                {"name": c.name, "firm": c.firm, "address": c.address, "phone": c.phone}
            )
    election_services.counsel_sync(parties=counsel, actor=actor)
    _write_elections(items, counts, actor=actor)
    docket = [
        (case, {"filed_on": d.filed_on, "document": d.document, "actor": d.actor, "url": d.url, "key": d.key})
        for plan, case, _ in items
        for d in plan.docket
    ]
    added, updated = proceeding_services.docket_entries_sync(entries=docket)
    counts.add("docket entries", "imported", added)
    counts.add("docket entries", "updated", updated)
    counts.add("docket entries", "unchanged", len(docket) - added - updated)


def _json(value: Any) -> Any:
    return value.isoformat() if isinstance(value, date) else value


def _update_case(
    case: Case, record: ImportedCase, fields: dict[str, Any], counts: _Counts, *, actor: Actor
) -> dict[str, Any]:
    """Update the fields the public record changed, unless staff changed them since the last import (those
    are kept and reported). Returns the fields as the importer has now written them."""
    changes: dict[str, Any] = {}
    written = dict(record.as_imported)
    for name, value in fields.items():
        current = _json(getattr(case, name))
        if current == value:
            written[name] = value
        elif current == record.as_imported.get(name):
            changes[name] = (
                date.fromisoformat(value) if name in ("petition_filed_on", "closed_on") and value else value
            )
            written[name] = value
        else:
            counts.differences.append(Difference(case.number, name, str(current), str(value)))
    if changes:
        election_services.case_update(case=case, actor=actor, closed_by="the public record", **changes)
    counts.add("cases", "updated")
    return written


def _write_elections(
    items: list[tuple[CasePlan, Case, ImportedCase]], counts: _Counts, *, actor: Actor
) -> None:
    seen = [case.pk for _, case, record in items if record.keys["elections"]]
    known = {e.pk: e for e in Election.objects.filter(case_id__in=seen)} if seen else {}
    new_plans = [
        (plan, case, record, e)
        for plan, case, record in items
        for e in plan.elections
        if e.key not in record.keys["elections"]
    ]
    created = election_services.elections_add(
        elections=[
            (
                case,
                {
                    "kind": e.kind,
                    "choices": e.choices,
                    "voting_unit": e.voting_unit,
                    "count_on": e.count_on,
                    "approx_eligible_voters": e.approx_eligible_voters,
                },
            )
            for _, case, _, e in new_plans
        ],
        actor=actor,
        as_recorded=True,
    )
    for (_, _, record, election_plan), election in zip(new_plans, created, strict=True):
        record.keys["elections"][election_plan.key] = election.pk
        known[election.pk] = election
    total = sum(len(plan.elections) for plan, _, _ in items)
    counts.add("elections", "imported", len(created))
    counts.add("elections", "unchanged", total - len(created))
    recorded_ids = [pk for _, _, record in items for pk in record.keys["tallies"].values()]
    recorded = {t.pk: t for t in Tally.objects.filter(pk__in=recorded_ids)} if recorded_ids else {}
    batches: dict[bool, list[tuple[Election, dict[str, Any]]]] = {True: [], False: []}
    sources: dict[bool, list[tuple[ImportedCase, str]]] = {True: [], False: []}
    for plan, case, record in items:
        announce = plan.status == "open"  # a closed case's periods have all run: no deadlines to set
        for election_plan in plan.elections:
            election = known[record.keys["elections"][election_plan.key]]
            if [tidy_union_name(c) for c in election.choices] != election_plan.choices:
                counts.differences.append(
                    Difference(
                        case.number,
                        f"election {election.sequence} choices",
                        str(election.choices),
                        str(election_plan.choices),
                        "the ballot cannot change once a tally is recorded",
                    )
                )
            for tally in election_plan.tallies:
                figures = {
                    "prepared_at": tally.prepared_at,
                    "votes_for": dict(zip(election.choices, tally.votes_for.values(), strict=True)),
                    "votes_against": tally.votes_against,
                    "void": tally.void,
                    "challenged": tally.challenged,
                }
                existing = recorded.get(record.keys["tallies"].get(tally.source_id, 0))
                if existing is None:
                    batches[announce].append((election, figures))
                    sources[announce].append((record, tally.source_id))
                    continue
                counts.add("tallies", "unchanged")
                mine = (existing.votes_for, existing.votes_against, existing.void, existing.challenged)
                theirs = (figures["votes_for"], tally.votes_against, tally.void, tally.challenged)
                if mine != theirs:
                    counts.differences.append(
                        Difference(
                            case.number,
                            f"tally {tally.label}",
                            str(mine),
                            str(theirs),
                            "a recorded tally is not rewritten: staff record a revised tally",
                        )
                    )
    for announce, batch in batches.items():
        added = election_services.tallies_add(tallies=batch, actor=actor, announce=announce)
        for (record, source_id), new_tally in zip(sources[announce], added, strict=True):
            record.keys["tallies"][source_id] = new_tally.pk
        counts.add("tallies", "imported", len(added))
