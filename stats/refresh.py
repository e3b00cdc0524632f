"""Recompute the stored figures: each case's observations from the record (``stats.record``), then the
figures for every combination of Region, fiscal year, rule set and case type — on PostgreSQL in one
``INSERT … SELECT`` with ``percentile_cont`` over ``GROUP BY CUBE``, on SQLite in Python over one query,
the same numbers either way (tests/stats/test_refresh.py runs both on one record).

The whole refresh is one transaction: a read sees the old figures or the new, never half of them.
"""

from __future__ import annotations

import itertools
import time
from collections import defaultdict
from collections.abc import Iterable, Iterator
from typing import Any

from django.db import connection, transaction

from core import bulk_insert, clock
from stats.law.figures import MIN_CASES, fiscal_year, percentile_cont
from stats.law.stages import Milestone, Share, spans
from stats.models import Observation, Refresh, ShareFigure, StageFigure
from stats.record import CaseRecord, read_records

DIMENSIONS = ("region", "fiscal_year", "rule_set", "case_type")
SHARES = [s.value for s in Share]


def observations(records: Iterable[CaseRecord]) -> Iterator[Observation]:
    """One row per stage a case completed and per share it counts in."""
    for record in records:
        common: dict[str, Any] = {"case_id": record.case_id, "region": record.region}
        common |= {"rule_set": record.rule_set, "case_type": record.case_type}
        for span in spans(record.milestones):
            yield Observation(
                measure=span.stage.value,
                fiscal_year=fiscal_year(span.end),
                value=span.days,
                started_on=span.start,
                ended_on=span.end,
                **common,
            )
        tally = record.milestones.get(Milestone.TALLY)
        if tally is not None:
            traits = {
                Share.OBJECTIONS_FILED: Milestone.OBJECTIONS in record.milestones
                if record.knows_objections
                else None,
                Share.CHALLENGES_DETERMINATIVE: record.determinative,
                Share.RERUN_ORDERED: record.rerun,
                Share.RUNOFF_HELD: record.runoff,
            }
            for share, hit in traits.items():
                if hit is None:
                    continue
                yield Observation(
                    measure=share.value,
                    fiscal_year=fiscal_year(tally),
                    value=int(hit),
                    started_on=tally,
                    ended_on=tally,
                    **common,
                )
        if record.review_granted is not None and record.review_decided_on is not None:
            yield Observation(
                measure=Share.REVIEW_GRANTED.value,
                fiscal_year=fiscal_year(record.review_decided_on),
                value=int(record.review_granted),
                started_on=record.review_decided_on,
                ended_on=record.review_decided_on,
                **common,
            )


@transaction.atomic
def figures_refresh() -> Refresh:
    """Read the record, replace every observation and figure, and say when and how long it took."""
    started = time.monotonic()
    if connection.vendor == "postgresql":
        # One refresh at a time (an import's and beat's may meet): the second waits here, then reads and
        # deletes what the first wrote. Reads go on meanwhile (EXCLUSIVE lets SELECT through).
        with connection.cursor() as cursor:
            tables = ", ".join(m._meta.db_table for m in (Observation, StageFigure, ShareFigure))
            cursor.execute(f"LOCK TABLE {tables} IN EXCLUSIVE MODE")
    rows = list(observations(read_records().values()))
    Observation.objects.all().delete()
    StageFigure.objects.all().delete()
    ShareFigure.objects.all().delete()
    bulk_insert.insert(rows)
    if connection.vendor == "postgresql":
        _aggregate_in_postgresql()
    else:
        _aggregate_in_python()
    return Refresh.objects.create(
        finished_at=clock.now(), observations=len(rows), seconds=round(time.monotonic() - started, 3)
    )


def _aggregate_in_postgresql() -> None:
    observation = Observation._meta.db_table
    dims = ", ".join(DIMENSIONS)
    with connection.cursor() as cursor:
        cursor.execute(
            f"""
            INSERT INTO {StageFigure._meta.db_table} (stage, {dims}, n, q1_days, median_days, q3_days)
            SELECT measure, {dims}, count(*),
                   percentile_cont(0.25) WITHIN GROUP (ORDER BY value),
                   percentile_cont(0.5) WITHIN GROUP (ORDER BY value),
                   percentile_cont(0.75) WITHIN GROUP (ORDER BY value)
            FROM {observation}
            WHERE NOT (measure = ANY(%s))
            GROUP BY measure, CUBE ({dims})
            HAVING count(*) >= %s
            """,
            [SHARES, MIN_CASES],
        )
        cursor.execute(
            f"""
            INSERT INTO {ShareFigure._meta.db_table} (share, {dims}, n, hits, value)
            SELECT measure, {dims}, count(*), sum(value), round(sum(value)::numeric / count(*), 4)
            FROM {observation}
            WHERE measure = ANY(%s)
            GROUP BY measure, CUBE ({dims})
            HAVING count(*) >= %s
            """,
            [SHARES, MIN_CASES],
        )


def _groups(row: tuple[object, ...]) -> Iterator[tuple[object, ...]]:
    """Every combination of the row's dimensions with some replaced by None ("all"): CUBE's grouping sets."""
    for mask in itertools.product((False, True), repeat=len(row)):
        yield tuple(None if hide else value for value, hide in zip(row, mask, strict=True))


def _aggregate_in_python() -> None:
    values: dict[tuple[str, tuple[object, ...]], list[int]] = defaultdict(list)
    for measure, *dims, value in Observation.objects.values_list("measure", *DIMENSIONS, "value").iterator():
        for group in _groups(tuple(dims)):
            values[(measure, group)].append(value)
    stages, shares = [], []
    for (measure, group), found in values.items():
        if len(found) < MIN_CASES:
            continue
        where = dict(zip(DIMENSIONS, group, strict=True))
        if measure in SHARES:
            hits = sum(found)
            shares.append(
                ShareFigure(
                    share=measure, n=len(found), hits=hits, value=round(hits / len(found), 4), **where
                )
            )
        else:
            q1, median, q3 = (percentile_cont(found, f) for f in (0.25, 0.5, 0.75))
            stages.append(
                StageFigure(stage=measure, n=len(found), q1_days=q1, median_days=median, q3_days=q3, **where)
            )
    StageFigure.objects.bulk_create(stages, batch_size=2000)
    ShareFigure.objects.bulk_create(shares, batch_size=2000)
