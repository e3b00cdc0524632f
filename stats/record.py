"""Each case's milestones, read from the record in a few queries over all cases (or one case): the input of
the refresh and of a case's outlook. Which rows and which dates: ``stats.law.stages`` (``READING``)."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date
from functools import reduce
from operator import or_
from typing import Any

from django.db.models import Min, Q, QuerySet

from elections.law import tally as tally_law
from elections.law.local_time import local_date
from elections.law.regions import office as region_office
from elections.models import Case, Election, Tally
from objections.models import Objection
from proceedings.models import DocketEntry, ProceedingEvent
from public_record.models import ImportedCase
from stats.law.figures import merged_region
from stats.law.stages import DOCKET_DOCUMENTS, EVENTS, Milestone, docket_milestone

# The milestones after the tally, each read on or after the one before it that the case has.
_CHAIN = (Milestone.OBJECTIONS, Milestone.HEARING, Milestone.REPORT, Milestone.DECISION, Milestone.BOARD)
_EVENT_MILESTONE = {event: m for m, events in EVENTS.items() for event in events}


@dataclass
class CaseRecord:
    case_id: int
    number: str
    region: int  # after the merger mapping
    rule_set: str
    case_type: str
    is_open: bool
    zone: str
    milestones: dict[Milestone, date] = field(default_factory=dict)
    determinative: bool | None = None  # the first tally's challenges (None without a tally)
    # Whether the record could show objections: the tracker's own cases, and imported cases with a public
    # docket (the FOIA tallies hold none: their objections are unknown, not absent).
    knows_objections: bool = True
    rerun: bool = False
    runoff: bool = False
    review_granted: bool | None = None  # None: no request for review decided by the Board
    review_decided_on: date | None = None


def read_records(case_ids: Iterable[int] | QuerySet[Any] | None = None) -> dict[int, CaseRecord]:
    """Every case's record (or those of ``case_ids``, ids or a one-column queryset of them, which is passed
    as a subquery: a list of every open case would pass PostgreSQL's 65,535 parameters a statement at NLRB
    scale): eight queries at most (seven when none was imported), whatever the number of cases."""
    ids = case_ids if isinstance(case_ids, QuerySet) else list(case_ids) if case_ids is not None else None

    def only(field_name: str) -> Q:
        return Q(**{f"{field_name}__in": ids}) if ids is not None else Q()

    records: dict[int, CaseRecord] = {}
    dates: dict[int, dict[Milestone, list[date]]] = {}
    for pk, number, region, moved, rule_set, case_type, status, filed, closed in Case.objects.filter(
        only("pk")
    ).values_list(
        "pk",
        "number",
        "region",
        "transferred_to",
        "rule_set",
        "case_type",
        "status",
        "petition_filed_on",
        "closed_on",
    ):
        office = moved or region
        record = CaseRecord(
            case_id=pk,
            number=number,
            region=merged_region(office),
            rule_set=rule_set,
            case_type=case_type,
            is_open=status == Case.Status.OPEN,
            zone=region_office(office).zone,
        )
        record.milestones[Milestone.PETITION] = filed
        records[pk] = record
        dates[pk] = {Milestone.CLOSE: [closed]} if closed else {}

    first: dict[int, int] = {}  # case → its first initial election
    election_day: dict[int, date] = {}
    elections = Election.objects.filter(only("case_id")).values_list(
        "pk",
        "case_id",
        "kind",
        "sequence",
        "voting_closes_on",
        "count_on",
        "approx_eligible_voters",
        "choices",
    )
    shape: dict[int, tuple[str, int | None, int]] = {}
    sequence: dict[int, int] = {}
    for pk, case_id, kind, seq, closes, count_on, eligible, choices in elections.order_by(
        "case_id", "sequence"
    ):
        if case_id not in records:
            continue
        if kind == Election.Kind.RERUN:
            records[case_id].rerun = True
        elif kind == Election.Kind.RUNOFF:
            records[case_id].runoff = True
        elif case_id not in first or seq < sequence[case_id]:
            first[case_id], sequence[case_id] = pk, seq
            day = closes or count_on
            if day is not None:
                election_day[case_id] = day
            shape[pk] = (kind, eligible, len(choices))
    for case_id, day in election_day.items():
        records[case_id].milestones[Milestone.ELECTION] = day
    case_of = {election: case_id for case_id, election in first.items()}

    tallies = (
        Tally.objects.filter(election__case_id__in=ids) if ids is not None else Tally.objects.all()
    ).values_list(
        "election_id", "revision", "prepared_at", "votes_for", "votes_against", "void", "challenged"
    )
    for election_id, _, prepared_at, votes_for, against, void, challenged in tallies.order_by(
        "election_id", "revision"
    ):
        owner = case_of.get(election_id)
        if owner is None or Milestone.TALLY in records[owner].milestones:
            continue  # a later revision, or another election's tally
        record = records[owner]
        record.milestones[Milestone.TALLY] = local_date(prepared_at, record.zone)
        kind, eligible, unions = shape[election_id]
        record.determinative = _determinative(votes_for, against, void, challenged, eligible, kind, unions)

    # Filtered by case, as the elections were, never by a list of election ids: at NLRB scale that list
    # (one per case) passes PostgreSQL's 65,535 parameters a statement.
    objections = (
        Objection.objects.filter(only("election__case_id"))
        .values("election_id")
        .annotate(first=Min("filed_at"))
        .values_list("election_id", "first")
    )
    for election_id, filed_at in objections:
        owner = case_of.get(election_id)
        if owner is not None:
            dates[owner].setdefault(Milestone.OBJECTIONS, []).append(
                local_date(filed_at, records[owner].zone)
            )

    wanted_events = [*_EVENT_MILESTONE, "request_for_review_filed"]
    events = ProceedingEvent.objects.filter(only("case_id"), voided=False, event__in=wanted_events)
    review_asked: dict[int, date] = {}
    board: dict[int, list[tuple[date, str]]] = {}
    for case_id, event, day, details in events.values_list("case_id", "event", "occurred_on", "details"):
        if case_id not in records:
            continue
        if event == "request_for_review_filed":
            review_asked[case_id] = min(day, review_asked.get(case_id, day))
            continue
        if event == "board_decision":
            board.setdefault(case_id, []).append((day, str((details or {}).get("outcome", ""))))
        dates[case_id].setdefault(_EVENT_MILESTONE[event], []).append(day)

    imported = set(ImportedCase.objects.filter(only("case_id")).values_list("case_id", flat=True))
    with_docket = (
        set(
            DocketEntry.objects.filter(only("case_id"), case_id__in=ImportedCase.objects.values("case_id"))
            .values_list("case_id", flat=True)
            .distinct()
        )
        if imported
        else set()
    )
    for case_id in imported - with_docket:
        if case_id in records:
            records[case_id].knows_objections = False

    prefixes = [prefix for documents in DOCKET_DOCUMENTS.values() for prefix in documents]
    marked = reduce(or_, (Q(document__istartswith=prefix) for prefix in prefixes))
    for case_id, day, document in (
        DocketEntry.objects.filter(only("case_id"))
        .filter(marked)
        .values_list("case_id", "filed_on", "document")
    ):
        milestone = docket_milestone(document)
        if milestone is not None and case_id in dates:
            dates[case_id].setdefault(milestone, []).append(day)

    for case_id, record in records.items():
        _settle(record, dates[case_id])
        asked = review_asked.get(case_id)
        if asked is not None:
            decided = sorted(d for d in board.get(case_id, []) if d[0] >= asked)
            if decided:
                record.review_decided_on = decided[0][0]
                record.review_granted = decided[0][1] != "review_denied"
    return records


def _settle(record: CaseRecord, found: dict[Milestone, list[date]]) -> None:
    """The date of each milestone after the tally: the earliest on or after the milestone before it."""
    tally = record.milestones.get(Milestone.TALLY)
    if tally is None:
        return
    floor = tally
    for milestone in _CHAIN:
        later = [d for d in found.get(milestone, []) if d >= floor]
        if later:
            floor = record.milestones[milestone] = min(later)
    closing = [d for d in found.get(Milestone.CLOSE, []) if d >= tally]
    if closing:
        record.milestones[Milestone.CLOSE] = min(closing)


def _determinative(
    votes_for: dict[str, int],
    against: int,
    void: int,
    challenged: int,
    eligible: int | None,
    kind: str,
    unions: int,
) -> bool | None:
    try:
        figures = tally_law.TallyFigures(
            votes_for={name: int(v) for name, v in votes_for.items()},
            votes_against=against,
            void=void,
            challenged=challenged,
            eligible=eligible,
            against_on_ballot=tally_law.against_on_ballot(kind=kind, unions=unions),
        )
        return tally_law.assess(figures).challenges_determinative
    except tally_law.InvalidTally:
        return None
