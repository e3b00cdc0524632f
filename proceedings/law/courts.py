"""The courts that review the Board's orders, and the time counted in them — plain Python.

Which courts: a Board order is reviewed by a United States court of appeals (Section 10(e)–(f) of the Act):
the circuit where the unfair labor practice occurred, where the party resides or transacts business, or the
D.C. Circuit. The twelve regional circuits (1st–11th and D.C.) are a fixed list; a district court is never
the forum of review (a collateral suit such as Amazon's, Fifth Circuit No. 24-50761, is not a review of the
Board's order). The Federal Circuit does not review Board orders.

Time in court is counted under FRAP 26(a): leave out the day of the event, count every day (calendar days),
and if the last day is a Saturday, Sunday or legal holiday the period runs until the next day that is none;
electronic filing ends at midnight in the court's time zone (FRAP 26(a)(4)(A)). Two periods follow a decision:

- rehearing: 45 days after entry of judgment when a United States agency is a party (FRAP 40(d)(1)), source
  ``court_rule``;
- certiorari: 90 days after entry of the judgment, or of the order denying a timely petition for rehearing
  (28 U.S.C. 2101(c); S. Ct. R. 13), source ``statute``.

Neither text is among the project's verbatim copies (shared/docs/cfr holds the CFR only): the figures come
from nlrb-procedure.md §8, so both are ``verified: false`` until someone checks them against the rule and the
statute.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime, time, timedelta
from types import MappingProxyType
from typing import Final
from zoneinfo import ZoneInfo

import holidays


@dataclass(frozen=True)
class Court:
    name: str  # as the contract writes it: "5th Cir.", "D.C. Cir."
    seat: str
    zone: str


COURTS: Final = (
    Court("1st Cir.", "Boston", "America/New_York"),
    Court("2nd Cir.", "New York", "America/New_York"),
    Court("3rd Cir.", "Philadelphia", "America/New_York"),
    Court("4th Cir.", "Richmond", "America/New_York"),
    Court("5th Cir.", "New Orleans", "America/Chicago"),
    Court("6th Cir.", "Cincinnati", "America/New_York"),
    Court("7th Cir.", "Chicago", "America/Chicago"),
    Court("8th Cir.", "St. Louis", "America/Chicago"),
    Court("9th Cir.", "San Francisco", "America/Los_Angeles"),
    Court("10th Cir.", "Denver", "America/Denver"),
    Court("11th Cir.", "Atlanta", "America/New_York"),
    Court("D.C. Cir.", "Washington, D.C.", "America/New_York"),
)
CIRCUITS: Final = tuple(court.name for court in COURTS)
BY_NAME: Mapping[str, Court] = MappingProxyType({court.name: court for court in COURTS})
SUPREME_COURT: Final = Court("U.S.", "Washington, D.C.", "America/New_York")

_ORDINALS: Final = (
    "first",
    "second",
    "third",
    "fourth",
    "fifth",
    "sixth",
    "seventh",
    "eighth",
    "ninth",
    "tenth",
    "eleventh",
)
_NUMBERED: Final = re.compile(r"(\d{1,2})(?:st|nd|rd|th|d)?")
_DC: Final = frozenset({"dc", "d c", "district of columbia"})
_PREFIXES: Final = (
    "united states court of appeals for the ",
    "us court of appeals for the ",
    "court of appeals for the ",
    "the ",
)


def circuit(written: str) -> str | None:
    """The contract's name of the circuit a lawyer wrote, or None when it names no court of appeals that
    reviews Board orders: "D.C. Circuit", "CADC", "Fifth Circuit", "5th Cir", "5th Cir.", "2d Cir.", "CA5"
    and the contract's own names ("5th Cir.", "D.C. Cir.") all read as one of ``CIRCUITS``."""
    text = re.sub(r"[.,]", " ", written.strip().lower())
    text = re.sub(r"\s+", " ", text.replace("u s ", "us ")).strip()
    for prefix in _PREFIXES:
        text = text.removeprefix(prefix)
    squeezed = text.replace(" ", "")
    if squeezed in ("cadc", "cadccir"):
        return "D.C. Cir."
    if (abbreviated := re.fullmatch(r"ca(\d{1,2})", squeezed)) is not None:
        return _numbered(int(abbreviated.group(1)))
    match = re.fullmatch(r"(.+?) (?:cir|circuit)", text)
    if match is None:
        return None
    which = match.group(1)
    if which in _DC:
        return "D.C. Cir."
    if which in _ORDINALS:
        return _numbered(_ORDINALS.index(which) + 1)
    number = _NUMBERED.fullmatch(which)
    return _numbered(int(number.group(1))) if number is not None else None


def _numbered(number: int) -> str | None:
    return CIRCUITS[number - 1] if 1 <= number <= 11 else None


FILING_KINDS: Final = (
    "petition_for_review",
    "cross_application_for_enforcement",
    "application_for_enforcement",
)
DECISION_OUTCOMES: Final = (
    "enforced",
    "enforced_in_part",
    "denied",
    "dismissed",
    "remanded",
    "vacated",
    "transferred",
)
REHEARING_OUTCOMES: Final = ("granted", "denied")
CERTIORARI_OUTCOMES: Final = ("granted", "denied")
SUPREME_COURT_OUTCOMES: Final = ("affirmed", "reversed", "vacated", "remanded", "dismissed")

COURT_RULE: Final = "court_rule"
STATUTE: Final = "statute"
SOURCES: Final = (COURT_RULE, STATUTE)


@dataclass(frozen=True)
class CourtPeriod:
    code: str
    label: str
    days: int
    citation: str
    source: str
    trigger: str  # as a phrase: "after entry of the judgment"
    verified: bool = False
    evidence: str = (
        "The rule's text is not among the project's verbatim copies; the figure is nlrb-procedure.md §8's. "
        "Check it against the rule before relying on it."
    )


REHEARING: Final = CourtPeriod(
    code="rehearing",
    label="Petition for rehearing in the court of appeals",
    days=45,
    citation="FRAP 40(d)(1); FRAP 26(a)",
    source=COURT_RULE,
    trigger="after entry of the judgment (a United States agency is a party)",
)
CERTIORARI: Final = CourtPeriod(
    code="certiorari",
    label="Petition for a writ of certiorari",
    days=90,
    citation="28 U.S.C. 2101(c); S. Ct. R. 13; FRAP 26(a)",
    source=STATUTE,
    trigger="after entry of the judgment, or of the order denying rehearing",
)
PERIODS: Mapping[str, CourtPeriod] = MappingProxyType({p.code: p for p in (REHEARING, CERTIORARI)})

# Legal holidays of FRAP 26(a)(6)(A): the days set aside by statute as federal holidays (observed dates).
_legal_holidays: holidays.HolidayBase = holidays.country_holidays("US")
_WEEKDAYS: Final = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
MIDNIGHT_CUTOFF: Final = time(23, 59)


def not_a_court_day(day: date) -> str | None:
    """Why ``day`` is not a day a period may end on (FRAP 26(a)(1)(C)), or None."""
    if day.weekday() >= 5:
        return _WEEKDAYS[day.weekday()]
    holiday = _legal_holidays.get(day)
    return str(holiday) if holiday is not None else None


@dataclass(frozen=True)
class CourtDeadline:
    code: str
    label: str
    due_on: date
    due_at: datetime
    zone: str
    citation: str
    source: str
    verified: bool
    explanation: str


def compute(period: CourtPeriod, *, trigger_on: date, court: Court) -> CourtDeadline:
    """``period.days`` calendar days after ``trigger_on``, rolled past weekends and legal holidays."""
    last = trigger_on + timedelta(days=period.days)
    due_on, skipped = last, []
    while (why := not_a_court_day(due_on)) is not None:
        skipped.append(f"{due_on.isoformat()} ({why})")
        due_on += timedelta(days=1)
    text = (
        f"{period.label}: {period.days} days {period.trigger}, {trigger_on.isoformat()} "
        f"({_WEEKDAYS[trigger_on.weekday()][:3]}), {period.citation}. Counted under FRAP 26(a): the day of the "
        f"judgment is left out and every day counted; day {period.days} is {last.isoformat()}"
    )
    text += (
        f", not a day to file ({', '.join(skipped)}), so the period runs to {due_on.isoformat()}."
        if skipped
        else "."
    )
    text += (
        f" Electronic filing ends at midnight in the court's zone ({court.name}, {court.seat}: {court.zone})."
        f" Source: {'statute' if period.source == STATUTE else 'court rule'}."
    )
    if not period.verified:
        text += f" UNVERIFIED: {period.evidence}"
    return CourtDeadline(
        code=period.code,
        label=period.label,
        due_on=due_on,
        due_at=datetime.combine(due_on, MIDNIGHT_CUTOFF, tzinfo=ZoneInfo(court.zone)),
        zone=court.zone,
        citation=period.citation,
        source=period.source,
        verified=period.verified,
        explanation=text,
    )
