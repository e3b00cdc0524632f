"""Reads of the stored figures (one query each) and a case's outlook."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import connection
from django.db.models import Q, QuerySet

from core import clock
from elections.models import Case
from stats.law.stages import LEAVING, ORDER, Milestone, Share, Stage, spans
from stats.models import Refresh, ShareFigure, StageFigure
from stats.record import read_records

EACH = "each"  # a filter's value asking for one row per value (``region=each``), not the total
FILTERS = ("region", "fiscal_year", "rule_set", "case_type")


def figures_generation() -> int | None:
    """The stored figures' generation: the id of the refresh that wrote them (each refresh writes its row in
    the transaction that rewrites the figures); None before the first. Read on every ``stats/stages/``
    call, by one fixed statement (prepared on PostgreSQL) rather than through the ORM's query building."""
    with connection.cursor() as cursor:
        cursor.execute(_GENERATION_SQL)
        (latest,) = cursor.fetchone()  # max() of no row is one NULL
    return None if latest is None else int(latest)


_GENERATION_SQL = f"SELECT max(id) FROM {Refresh._meta.db_table}"


def stage_figures(filters: dict[str, Any], *, stage: str | None = None) -> QuerySet[StageFigure]:
    """The stored figures: each filter absent is "all" (the row's column is null), ``each`` one row per
    value, any other value that value."""
    rows = _filtered(StageFigure.objects.all(), filters)
    if stage is not None:
        rows = rows.filter(stage=stage)
    return rows.order_by("stage", "region", "fiscal_year", "rule_set", "case_type")


def share_figures(filters: dict[str, Any]) -> dict[str, dict[str, Any] | None]:
    """``{share: {share, n} or None}`` for the filters' group (none from fewer than five cases)."""
    rows = _filtered(ShareFigure.objects.all(), {k: v for k, v in filters.items() if v != EACH})
    found = {r.share: {"share": r.value, "n": r.n} for r in rows}
    return {share.value: found.get(share.value) for share in Share}


def _filtered(rows: QuerySet[Any], filters: dict[str, Any]) -> QuerySet[Any]:
    for name in FILTERS:
        value = filters.get(name)
        if value is None:
            rows = rows.filter(**{f"{name}__isnull": True})
        elif value == EACH:
            rows = rows.filter(**{f"{name}__isnull": False})
        else:
            rows = rows.filter(**{name: value})
    return rows


@dataclass(frozen=True)
class Expectation:
    stage: str
    median_days: float | None
    q1_days: float | None
    q3_days: float | None
    n: int | None
    region: int | None  # the Region the figure is of; None: all Regions (too few cases in the case's own)


@dataclass(frozen=True)
class Past:
    """A stage the case completed, against the figure of cases like it."""

    stage: str
    stage_label: str
    days: int
    figure: Expectation


@dataclass(frozen=True)
class Outlook:
    case: Case
    region: int
    stage: str | None  # the milestone the case stands at (None once it is closed)
    stage_label: str
    since: date | None
    days_in_stage: int | None
    next: list[Expectation]
    to_close: Expectation
    running_long: bool  # past the third quartile of every next stage that has a figure
    history: list[Past]  # the stages it completed, against its Region


class _Figures:
    """The figures of one Region and case type (all years and rule sets), and of all Regions for the same
    case type, read in one query."""

    def __init__(self, region: int, case_type: str) -> None:
        self.region = region
        rows = StageFigure.objects.filter(fiscal_year=None, rule_set=None, case_type=case_type).filter(
            Q(region=region) | Q(region=None)
        )
        self.rows = {(r.stage, r.region): r for r in rows}

    def of(self, stage: Stage) -> Expectation:
        """The Region's figure; all Regions' when the Region has fewer than five such cases."""
        row = self.rows.get((stage.value, self.region)) or self.rows.get((stage.value, None))
        if row is None:
            return Expectation(stage.value, None, None, None, None, self.region)
        return Expectation(stage.value, row.median_days, row.q1_days, row.q3_days, row.n, row.region)


def case_outlook(case: Case, *, today: date | None = None) -> Outlook:
    """Where the case stands and how long cases like it took from there (its Region, its case type): nine
    queries, whatever the case holds."""
    record = read_records([case.pk])[case.pk]
    day = today or clock.today(record.zone)
    figures = _Figures(record.region, record.case_type)
    to_close = figures.of(Stage.TALLY_TO_CLOSE)
    history = [
        Past(s.stage.value, s.stage.label, s.days, figures.of(s.stage)) for s in spans(record.milestones)
    ]
    reached = [m for m in ORDER if m in record.milestones]
    if not record.is_open or Milestone.CLOSE in record.milestones or not reached:
        return Outlook(case, record.region, None, "closed", None, None, [], to_close, False, history)
    milestone = reached[-1]
    since = record.milestones[milestone]
    days = (day - since).days
    nexts = [figures.of(stage) for stage in LEAVING[milestone]]
    known = [e.q3_days for e in nexts if e.q3_days is not None]
    long = bool(known) and all(days > q3 for q3 in known)
    return Outlook(
        case, record.region, milestone.value, milestone.label, since, days, nexts, to_close, long, history
    )


@dataclass(frozen=True)
class RunningLong:
    case: Case
    stage_label: str
    since: date
    days_in_stage: int
    next: Expectation  # the slowest next stage's figure (the case is past its third quartile)


def running_long(region: int | None, *, today: date | None = None) -> list[RunningLong]:
    """The open cases of ``region`` (after the merger mapping; all Regions: None) past the third quartile of
    every stage leaving their last milestone that has a figure, longest first: the records in eight queries at most, the figures in one."""
    open_cases = Case.objects.filter(status=Case.Status.OPEN)
    records = [
        r for r in read_records(open_cases.values("pk")).values() if region is None or r.region == region
    ]
    figures = {
        (f.stage, f.region, f.case_type): f
        for f in StageFigure.objects.filter(fiscal_year=None, rule_set=None, case_type__isnull=False)
    }
    found: list[tuple[int, str, date, int, Expectation]] = []
    for record in records:
        reached = [m for m in ORDER if m in record.milestones]
        if not reached or Milestone.CLOSE in record.milestones:
            continue
        milestone = reached[-1]
        since = record.milestones[milestone]
        days = ((today or clock.today(record.zone)) - since).days
        nexts = [
            figures.get((s.value, record.region, record.case_type))
            or figures.get((s.value, None, record.case_type))
            for s in LEAVING[milestone]
        ]
        known = [f for f in nexts if f is not None]
        if not known or any(days <= f.q3_days for f in known):
            continue
        slowest = max(known, key=lambda f: f.q3_days)
        found.append(
            (
                record.case_id,
                milestone.label,
                since,
                days,
                Expectation(
                    slowest.stage,
                    slowest.median_days,
                    slowest.q1_days,
                    slowest.q3_days,
                    slowest.n,
                    slowest.region,
                ),
            )
        )
    cases = Case.objects.in_bulk([case_id for case_id, *_ in found])  # only the rows shown
    rows = [RunningLong(cases[pk], label, since, days, nxt) for pk, label, since, days, nxt in found]
    return sorted(rows, key=lambda r: -r.days_in_stage)
