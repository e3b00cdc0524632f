"""The statistics of "what to expect" (issue 33; product.md, Contract additions v1.4), as plain Python.

- Days are calendar days between two dates (``days_between``): the record's dates are days, not moments.
- The fiscal year of a figure is the one its stage *ends* in: the federal fiscal year runs from October 1 to
  September 30 and is named for the calendar year it ends in (31 U.S.C. 1102), so 2017-10-01 is in FY 2018.
- A figure's median and quartiles interpolate linearly between the two nearest ranks, as PostgreSQL's
  ``percentile_cont`` does (and numpy's default "linear" method): position ``p * (n - 1)`` of the sorted
  values, counted from 0.
- None is shown from fewer than ``MIN_CASES`` cases.
- A Region is the office after the consolidations of 2012 and 2013 (``elections.law.regions``): a case of
  a retired number (34-RC-…) counts in its successor's figures (Region 1), as the office that holds it now.

Nothing here imports Django.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from typing import Final

from elections.law.regions import RETIRED_REGIONS

MIN_CASES: Final = 5
QUARTILES: Final = (0.25, 0.5, 0.75)


def days_between(start: date, end: date) -> int:
    """Calendar days from ``start`` to ``end`` (the same day is 0)."""
    return (end - start).days


def fiscal_year(day: date) -> int:
    """The federal fiscal year of ``day``: October 1 opens the next year's (31 U.S.C. 1102)."""
    return day.year + 1 if day.month >= 10 else day.year


def merged_region(number: int) -> int:
    """The Region whose figures a case of this number counts in: a retired number's successor (Region 34 →
    1, 11 → 10, 17 → 14, 26 → 15, 30 → 18, 24 → 12), any other number as it is (23 and 33 have no successor
    a primary source confirms: they stay apart)."""
    retired = RETIRED_REGIONS.get(number)
    if retired is not None and retired.successor is not None:
        return retired.successor
    return number


def percentile_cont(values: Sequence[float], fraction: float) -> float:
    """The ``fraction`` percentile of ``values`` with linear interpolation, as PostgreSQL's
    ``percentile_cont(fraction) WITHIN GROUP (ORDER BY value)``."""
    if not values:
        raise ValueError("no values")
    if not 0 <= fraction <= 1:
        raise ValueError(f"fraction {fraction} is not between 0 and 1")
    ordered = sorted(values)
    position = fraction * (len(ordered) - 1)
    low = math.floor(position)
    high = math.ceil(position)
    return ordered[low] + (ordered[high] - ordered[low]) * (position - low)


@dataclass(frozen=True)
class Summary:
    n: int
    q1_days: float
    median_days: float
    q3_days: float


def summarize(values: Sequence[float]) -> Summary | None:
    """The count, quartiles and median of ``values``; None when fewer than ``MIN_CASES``."""
    if len(values) < MIN_CASES:
        return None
    q1, median, q3 = (percentile_cont(values, f) for f in QUARTILES)
    return Summary(n=len(values), q1_days=q1, median_days=median, q3_days=q3)


def share(hits: int, n: int) -> float | None:
    """The share of ``n`` cases with the trait (rounded to 4 places); None when fewer than ``MIN_CASES``."""
    if n < MIN_CASES:
        return None
    return round(hits / n, 4)
