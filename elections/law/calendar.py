"""Computing time under 29 CFR 102.2 (102.111–.114 before the 2017 renumbering).

The rules, as encoded here:

- Leave out the day of the triggering event; count the last day (102.2(a)).
- A period stated in business days counts only business days. A period stated in days that is **under 7
  days** also counts only business days (intermediate weekends and holidays are excluded). A period of 7 days
  or more counts calendar days, and if its last day is not a business day the due date rolls forward to the
  next Agency business day.
- A responsive document (an answering brief, an opposition) runs from the date the document it answers was
  *due*, even if that document was filed early (102.2(a)). The caller passes that due date as ``trigger_on``.
- An e-filed document is timely until 11:59 p.m. in the receiving office's time zone (102.2(b)).

"Business day" is not defined in the text found. It is taken to be Monday–Friday, excluding the federal
holidays of 5 U.S.C. 6103 on their observed dates, and excluding days on which the Agency's offices were
closed (``AGENCY_CLOSURES``): that last part is a reading, not a quotation, which is why each closure carries
``verified``.

Closures that toll (the 2025 lapse in appropriations): a due date that falls inside the closure gets one more
day for each day the offices were closed, and the new date then rolls forward past weekends, holidays and
closures. The due date is first computed as if the offices had been open (the date the parties were given
before the lapse), which reproduces the Agency's own example, 2025-10-07 → 2025-11-19.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

import holidays

from core.law.readings import Reading
from elections.law.regions import office as office_of_region
from elections.law.rule_sets import TIER_LABELS, Period, Tier, Unit, UnknownRuleSet, is_rule_set

ONE_DAY = timedelta(days=1)
SHORT_PERIOD_DAYS = 7  # 102.2(a): a period under 7 days counts business days only
E_FILING_CUTOFF = time(23, 59)  # 102.2(b): 11:59 p.m. in the receiving office's zone
BOARD_ZONE = "America/New_York"  # the Board and its Executive Secretary sit in Washington, D.C.

_WEEKDAY_ABBR = ("Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun")
_WEEKDAY_NAME = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")

# Observed dates included (2021-07-05 for a Sunday July 4th). Built without a fixed year list: the object
# fills in each year as it is asked about, and a New Year's Day observed on the Friday before (2021-12-31)
# sits in the earlier year's set, where a ``years=[2022]`` object would miss it. The "government" category
# (one-off executive-order closures) is left out on purpose: those are ``AGENCY_CLOSURES`` data.
federal_holidays: holidays.HolidayBase = holidays.country_holidays("US")


@dataclass(frozen=True)
class Closure:
    """Days the Agency's offices were closed outside the federal holidays; none of them is a business day.

    ``tolls``: due dates falling inside the closure are extended by one day per closed day (the lapse in
    appropriations), rather than simply rolling to the next business day.
    """

    first_day: date
    last_day: date
    reason: str
    citation: str
    verified: bool
    tolls: bool
    note: str = ""
    executive_order: bool = False  # a one-day closure by executive order (see ``compute_deadline``)

    def __post_init__(self) -> None:
        if self.last_day < self.first_day:
            raise ValueError(f"closure {self.reason!r} ends before it begins")

    @property
    def days(self) -> int:
        """Calendar days closed, both ends included (the lapse of 2025: 43)."""
        return (self.last_day - self.first_day).days + 1

    def covers(self, day: date) -> bool:
        return self.first_day <= day <= self.last_day


def _eo_closure(day: date, reason: str, citation: str, *, verified: bool, note: str = "") -> Closure:
    return Closure(
        first_day=day,
        last_day=day,
        reason=reason,
        citation=citation,
        verified=verified,
        tolls=False,
        note=note,
        executive_order=True,
    )


_EO_NOTE = (
    "The order closes 'all executive departments and agencies'; that the NLRB's offices closed is inferred."
)

AGENCY_CLOSURES: tuple[Closure, ...] = (
    _eo_closure(
        date(2014, 12, 26),
        "day after Christmas closure by executive order",
        "Executive Order 13682, 79 FR 73457",
        verified=True,
        note=_EO_NOTE,
    ),
    _eo_closure(
        date(2018, 12, 5),
        "National Day of Mourning for President George H. W. Bush",
        "Executive Order 13852, 83 FR 62687",
        verified=True,
        note=_EO_NOTE,
    ),
    _eo_closure(
        date(2018, 12, 24),
        "Christmas Eve closure by executive order",
        "Executive Order 13854, 83 FR 65481",
        verified=True,
        note=_EO_NOTE,
    ),
    _eo_closure(
        date(2019, 12, 24),
        "Christmas Eve closure by executive order",
        "Executive Order 13900, 84 FR 69983",
        verified=True,
        note=_EO_NOTE,
    ),
    _eo_closure(
        date(2020, 12, 24),
        "Christmas Eve closure by executive order",
        "Executive order of 2020-12-11 (number and FR page not confirmed)",
        verified=False,
        note="Known from news reports quoting the order and from python-holidays; not checked against the "
        "Federal Register. " + _EO_NOTE,
    ),
    _eo_closure(
        date(2024, 12, 24),
        "Christmas Eve closure by executive order",
        "Executive Order 14129, 89 FR 104857",
        verified=False,
        note="Order number and page from a secondary index of the Federal Register, not the text. "
        + _EO_NOTE,
    ),
    _eo_closure(
        date(2025, 1, 9),
        "National Day of Mourning for President Jimmy Carter",
        "Executive Order 14133, 90 FR 187",
        verified=True,
        note=_EO_NOTE,
    ),
    Closure(
        first_day=date(2025, 10, 1),
        last_day=date(2025, 11, 12),
        reason="2025 lapse in appropriations",
        citation="nlrb.gov notice on reopening (2025-11-13)",
        verified=False,
        tolls=True,
        note="Offices reopened 2025-11-13. One day added per day closed for all or part of the day, then "
        "rolled to the next business day (example: 2025-10-07 → 2025-11-19). Not tolled: unfair labor "
        "practice charges, EAJA fee applications and 'certain representation petitions'. Taken from a "
        "site banner, not a Federal Register notice.",
    ),
    _eo_closure(
        date(2025, 12, 24),
        "Christmas Eve closure by executive order",
        "Executive order of 2025-12-18 (number and FR page not confirmed)",
        verified=False,
        note="Known from news reports and the order's text as republished; not checked against the Federal "
        "Register. " + _EO_NOTE,
    ),
    _eo_closure(
        date(2025, 12, 26),
        "day after Christmas closure by executive order",
        "Executive order of 2025-12-18 (number and FR page not confirmed)",
        verified=False,
        note="Known from news reports and the order's text as republished; not checked against the Federal "
        "Register. " + _EO_NOTE,
    ),
)


@dataclass(frozen=True)
class SkippedDay:
    day: date
    reason: str  # "Saturday", "Memorial Day", "agency closed: 2025 lapse in appropriations"


def non_business_reason(day: date, closures: Sequence[Closure] = AGENCY_CLOSURES) -> str | None:
    """Why ``day`` is not an Agency business day, or ``None`` if it is one."""
    weekday = day.weekday()
    if weekday >= 5:
        return _WEEKDAY_NAME[weekday]
    holiday = federal_holidays.get(day)
    if holiday is not None:
        return str(holiday)
    for closure in closures:
        if closure.covers(day):
            return f"agency closed: {closure.reason}"
    return None


def is_business_day(day: date, closures: Sequence[Closure] = AGENCY_CLOSURES) -> bool:
    """Monday–Friday, not a federal holiday (observed date), and not a day the Agency was closed."""
    return non_business_reason(day, closures) is None


def add_business_days(start: date, n: int, closures: Sequence[Closure] = AGENCY_CLOSURES) -> date:
    """The ``n``-th business day after ``start`` (``start`` itself is not counted; ``n=0`` gives ``start``)."""
    if n < 0:
        raise ValueError(f"cannot count {n} business days")
    day = start
    while n:
        day += ONE_DAY
        if is_business_day(day, closures):
            n -= 1
    return day


def business_days_before(day: date, n: int, closures: Sequence[Closure] = AGENCY_CLOSURES) -> date:
    """The ``n``-th business day before ``day`` (``day`` itself is not counted): the day from which ``day`` is
    ``n`` business days on (``add_business_days(business_days_before(d, n), n) == d`` for a business day d)."""
    if n < 0:
        raise ValueError(f"cannot count {n} business days")
    while n:
        day -= ONE_DAY
        if is_business_day(day, closures):
            n -= 1
    return day


def next_business_day(day: date, closures: Sequence[Closure] = AGENCY_CLOSURES) -> date:
    """``day`` if it is a business day, otherwise the first business day after it (102.2(a))."""
    while not is_business_day(day, closures):
        day += ONE_DAY
    return day


def filing_zone(filed_with: str | None, regional_zone: str) -> str:
    """The zone of the office a paper is filed with: the Board's in Washington, D.C. for a paper filed with the
    Board, the regional office's otherwise (102.2(b): "11:59 p.m. of the time zone of the receiving office").
    A date set by an order keeps it: an extension moves the day, not the office (102.67(i)(3), 102.46(a))."""
    return BOARD_ZONE if filed_with == "board" else regional_zone


def due_at_cutoff(day: date, zone: str) -> datetime:
    """11:59 p.m. on ``day`` in ``zone``: the e-filing cutoff of 29 CFR 102.2(b)."""
    return datetime.combine(day, E_FILING_CUTOFF, tzinfo=ZoneInfo(zone))


def is_timely(filed_at: datetime, due_at: datetime) -> bool:
    """Was a document filed at ``filed_at`` in time for a cutoff of ``due_at``?

    Anything within the cutoff minute counts (23:59:59.999 local on the due date is timely); the next minute
    is late, however little: in Emerson Electric (1953) objections received 7 minutes after closing were
    untimely. Both datetimes must be timezone-aware.
    """
    if filed_at.tzinfo is None or filed_at.utcoffset() is None:
        raise ValueError("filed_at must be timezone-aware")
    if due_at.tzinfo is None or due_at.utcoffset() is None:
        raise ValueError("due_at must be timezone-aware")
    end_of_cutoff_minute = due_at.replace(second=0, microsecond=0) + timedelta(minutes=1)
    return filed_at < end_of_cutoff_minute


@dataclass(frozen=True)
class ComputedDeadline:
    code: str
    label: str
    trigger: str
    trigger_on: date
    rule_set: str
    length: int
    unit: Unit
    citation: str
    verified: bool  # the period's figure and every closure that moved the date are verified
    due_on: date
    due_at: datetime  # aware: 23:59 local in ``zone`` (102.2(b))
    zone: str
    days_skipped: tuple[SkippedDay, ...]
    explanation: str
    tolled_by: Closure | None
    rule: str  # "5 business days after the tally"
    source: Tier  # what the figure rests on: cfr, federal_register, agency_faq, inferred
    evidence: str  # the source in words
    responsive: bool
    target_only: bool
    region: int


@dataclass(frozen=True)
class _Count:
    by_business_days: bool
    first_counted: date
    last_day: date  # the last day of the period before any roll-forward
    due_on: date
    skipped: tuple[SkippedDay, ...]


def _roll_forward(day: date, closures: Sequence[Closure]) -> tuple[date, tuple[SkippedDay, ...]]:
    skipped: list[SkippedDay] = []
    while (reason := non_business_reason(day, closures)) is not None:
        skipped.append(SkippedDay(day, reason))
        day += ONE_DAY
    return day, tuple(skipped)


def _count(period: Period, start: date, closures: Sequence[Closure]) -> _Count:
    if period.unit is Unit.business_days or period.length < SHORT_PERIOD_DAYS:
        skipped: list[SkippedDay] = []
        first: date | None = None
        day, counted = start, 0
        while counted < period.length:
            day += ONE_DAY
            reason = non_business_reason(day, closures)
            if reason is None:
                counted += 1
                first = first or day
            else:
                skipped.append(SkippedDay(day, reason))
        assert first is not None  # length >= 1
        return _Count(True, first, day, day, tuple(skipped))
    last_day = start + timedelta(days=period.length)
    due_on, rolled = _roll_forward(last_day, closures)
    return _Count(False, start + ONE_DAY, last_day, due_on, rolled)


def _day(d: date) -> str:
    return f"{_WEEKDAY_ABBR[d.weekday()]} {d.isoformat()}"


def _skipped_text(days: Sequence[SkippedDay]) -> str:
    parts = []
    for s in days:
        parts.append(_day(s.day) if s.reason in _WEEKDAY_NAME else f"{_day(s.day)} ({s.reason})")
    return ", ".join(parts)


def _counting_text(period: Period, count: _Count) -> str:
    if count.by_business_days:
        prefix = ""
        if period.unit is Unit.calendar_days:
            prefix = "A period under 7 days counts only business days (29 CFR 102.2(a)). "
        span = f"Counted {count.first_counted.isoformat()} … {count.due_on.isoformat()}"
        if count.skipped:
            return f"{prefix}{span}; skipped {_skipped_text(count.skipped)}."
        return f"{prefix}{span}; no days skipped."
    span = (
        f"Counted {period.length} calendar days, {count.first_counted.isoformat()} … "
        f"{count.last_day.isoformat()}"
    )
    if count.skipped:
        return (
            f"{span}; the last day, {_day(count.last_day)}, is not a business day, so the due date rolls "
            f"forward past {_skipped_text(count.skipped)} (29 CFR 102.2(a))."
        )
    return f"{span}."


def compute_deadline(
    *,
    period: Period,
    rule_set: str,
    trigger_on: date,
    region: int,
    closures: Sequence[Closure] = AGENCY_CLOSURES,
) -> ComputedDeadline:
    """When is ``period`` due, counted from ``trigger_on`` under 29 CFR 102.2 (``_compute``)?

    A day the offices were closed by executive order is counted as a business day for the date shown: 102.2
    does not say whether such a day counts, and the earlier date is the safe one to file by. When skipping
    those days would give a later date, the explanation gives it and the deadline is not verified.
    """
    open_on_orders = [c for c in closures if not c.executive_order]
    safe = _compute(
        period=period, rule_set=rule_set, trigger_on=trigger_on, region=region, closures=open_on_orders
    )
    later = _compute(
        period=period, rule_set=rule_set, trigger_on=trigger_on, region=region, closures=closures
    )
    if later.due_on == safe.due_on:
        return later
    orders = [c for c in closures if c.executive_order and any(c.covers(s.day) for s in later.days_skipped)]
    named = "; ".join(f"{_day(c.first_day)}, {c.reason} ({c.citation})" for c in orders)
    sentence = (
        f"UNVERIFIED: the Agency was closed by executive order on {named}. Whether such a day is a business "
        f"day under 29 CFR 102.2 is not settled: the date shown counts it as one (the earlier, safe date); "
        f"skipping it, the due date would be {_day(later.due_on)}."
    )
    return replace(safe, verified=False, explanation=f"{safe.explanation} {sentence}")


def _compute(
    *,
    period: Period,
    rule_set: str,
    trigger_on: date,
    region: int,
    closures: Sequence[Closure],
) -> ComputedDeadline:
    """When is ``period`` due, counted from ``trigger_on`` under 29 CFR 102.2, skipping ``closures``?

    ``trigger_on`` is the date of the triggering event (the tally, the report, the decision) — or, for a
    ``responsive`` period, the date the earlier document was *due*, not the date it was filed (102.2(a)).
    ``region`` picks the time zone of the 11:59 p.m. cutoff (102.2(b)) — the receiving office's — except
    for documents filed with the Board (``period.filed_with == "board"``), which run on Washington time.

    A trigger that falls while the Agency is closed under a tolling closure is treated as falling on the
    last day before the closure: none of the period has run, exactly as for an event on that day, so the
    period is tolled the same way and a later event never gets an earlier deadline.
    """
    if not is_rule_set(rule_set):
        raise UnknownRuleSet(f"unknown rule set {rule_set!r}")
    regional_zone = office_of_region(region).zone
    zone = filing_zone(period.filed_with, regional_zone)
    tolling = [c for c in closures if c.tolls]
    plain = [c for c in closures if not c.tolls]

    start, started_in = trigger_on, None
    for closure in tolling:
        if closure.covers(start):
            start, started_in = closure.first_day - ONE_DAY, closure

    # The date as if the tolling closures had not happened: what the parties were given before the lapse.
    untolled = _count(period, start, plain)
    tolled_by = next(
        (c for c in tolling if c.covers(untolled.due_on) or c.covers(untolled.last_day)),
        None,
    )
    extended = untolled.due_on
    if tolled_by is not None:
        extended += timedelta(days=tolled_by.days)
        due_on, rolled = _roll_forward(extended, closures)
        count = untolled
        days_skipped = untolled.skipped + rolled
    else:
        count = _count(period, start, closures)
        due_on, rolled = count.due_on, ()
        days_skipped = count.skipped

    skipped_closures = [c for c in closures if not c.tolls and any(c.covers(s.day) for s in days_skipped)]
    moved_by = [c for c in (started_in, tolled_by) if c is not None] + skipped_closures
    unverified = (
        ([period.evidence] if not period.verified and not period.assumption else [])
        + ([period.assumption] if period.assumption else [])
        + [f"{c.reason} ({c.citation}): {c.note}" for c in dict.fromkeys(moved_by) if not c.verified]
    )

    sentences: list[str] = []
    weekday = _WEEKDAY_ABBR[trigger_on.weekday()]
    if period.responsive:
        sentences.append(
            f"{period.label}: {period.rule}, {trigger_on.isoformat()} ({weekday}), "
            f"under the {rule_set} rules, {period.citation}. A responsive document's time runs from the due "
            "date of the document it answers, even if that was filed early (29 CFR 102.2(a))."
        )
    else:
        sentences.append(
            f"{period.label}: {period.rule} of {trigger_on.isoformat()} ({weekday}) "
            f"under the {rule_set} rules, {period.citation}."
        )
    if period.note:
        sentences.append(period.note)
    if started_in is not None:
        sentences.append(
            f"That day fell while the Agency was closed ({started_in.reason}, "
            f"{started_in.first_day.isoformat()} – {started_in.last_day.isoformat()}), so the period is "
            f"counted as if it began on {start.isoformat()}, the last day before the closure, and tolled "
            "with it."
        )
    sentences.append(_counting_text(period, count))
    if tolled_by is not None:
        toll = (
            f"The Agency's offices were closed {tolled_by.first_day.isoformat()} through "
            f"{tolled_by.last_day.isoformat()} ({tolled_by.reason}); the due date counted as if they were "
            f"open, {untolled.due_on.isoformat()}, falls in the closure, so it gets one more day per day "
            f"closed: + {tolled_by.days} days = {_day(extended)}"
        )
        if rolled:
            toll += f", not a business day, so it rolls forward past {_skipped_text(rolled)}"
        sentences.append(toll + ".")
    if period.target_only:
        sentences.append(
            f"Target date {_day(due_on)}: a target, not a bar; it may happen later, as soon as practicable."
        )
    else:
        where = " (filed with the Board in Washington, D.C.)" if period.filed_with == "board" else ""
        sentences.append(f"Due {due_on.isoformat()} at 11:59 p.m. {zone}{where} (29 CFR 102.2(b)).")
    shown = "" if period.evidence in unverified else f" {period.evidence}"
    sentences.append(f"Source: {TIER_LABELS[period.source]}.{shown}")
    if unverified:
        sentences.append("UNVERIFIED: " + " ".join(unverified))

    return ComputedDeadline(
        code=period.code,
        label=period.label,
        trigger=period.trigger,
        trigger_on=trigger_on,
        rule_set=rule_set,
        length=period.length,
        unit=period.unit,
        citation=period.citation,
        verified=not unverified,
        due_on=due_on,
        due_at=due_at_cutoff(due_on, zone),
        zone=zone,
        days_skipped=days_skipped,
        explanation=" ".join(sentences),
        tolled_by=tolled_by,
        rule=period.rule,
        source=period.source,
        evidence=period.evidence,
        responsive=period.responsive,
        target_only=period.target_only,
        region=region,
    )


__all__ = [
    "AGENCY_CLOSURES",
    "BOARD_ZONE",
    "Closure",
    "ComputedDeadline",
    "SkippedDay",
    "add_business_days",
    "compute_deadline",
    "due_at_cutoff",
    "federal_holidays",
    "is_business_day",
    "is_timely",
    "next_business_day",
    "non_business_reason",
]


# How the counting reads what 102.1 and 102.2 leave open (the law page's readings, core.law.readings).
READINGS: tuple[Reading, ...] = (
    Reading(
        "A day the offices were closed by executive order (an Agency closure marked so) counts as a business day "
        'for the date shown: 102.1(i) calls business days "days that Agency offices are open normal business '
        'operating hours, which is Monday through Friday, excluding Federal holidays", which does not settle '
        "such a day, so the earlier, safe date is shown, the explanation gives the later date skipping it "
        "would give, and the deadline is not verified.",
        "29 CFR 102.1(i), 102.2(a)",
    ),
    Reading(
        "The other Agency closures are not business days, and the 2025 lapse in appropriations tolls: a due "
        "date inside it gets one more day per day closed, then rolls forward.",
        "29 CFR 102.1(i), 102.2(a)",
    ),
    Reading(
        "A date set by an order (an extension, a date in an order) keeps the clock of the office the paper is "
        "filed with: a paper filed with the Board is due at 11:59 p.m. in Washington whatever the Region's zone.",
        "29 CFR 102.2(b); 102.46(a), (h); 102.67(c), (i)(3)",
    ),
)
