"""The NLRB's regional offices: region number → office city and IANA time zone.

The zone matters because an e-filed document is due by 11:59 p.m. in the receiving office's time zone
(29 CFR 102.2(b)); see ``elections.law.calendar.due_at_cutoff``.

History of the numbering (NLRB news releases, December 2012 and July 2013):

- 2012-12-10: 32 regions became 28. Region 11 (Winston-Salem) became a subregion of Region 10 (Atlanta),
  26 (Memphis) merged into 15 (New Orleans), 17 (Kansas City) into 14 (St. Louis), and 34 (Hartford) into
  1 (Boston).
- 2013: 28 regions became 26. Region 30 (Milwaukee) merged into 18 (Minneapolis) on 2013-08-01, and 24
  (San Juan) into 12 (Tampa) on 2013-09-01.

Active numbers since then: 1–10, 12–16, 18–22, 25, 27–29, 31–32. A merger of Regions 3 and 6 was proposed
but both still act as regions. Old case numbers carry the retired numbers (e.g. 34-RC-…): those cases keep
their numbers and are read on their historical office's clock (``office``, ``RETIRED_REGIONS``), but a
retired number opens no new case (``closed_to_new_cases``); ``CONSOLIDATED_REGIONS`` names the successor.
Regions 23 (Houston) and 33 (Peoria) had already left the numbering before 2012 (32 regions then, with
11, 17, 24, 26, 30 and 34 among them); no primary source at hand gives their successor or date, so their
entries say ``verified=False``.

One zone per region is a simplification: some regions have subregional or resident offices in another zone
(San Juan under Region 12, Las Vegas and Albuquerque under Region 28). Which zone governs a filing received
by such an office is an open question; this table uses the regional office's own zone.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType


class UnknownRegion(ValueError):
    """The number is not an active NLRB region (retired numbers say where their cases went)."""


@dataclass(frozen=True)
class Region:
    number: int
    office: str
    zone: str


def _table() -> dict[int, Region]:
    rows: tuple[tuple[int, str, str], ...] = (
        (1, "Boston", "America/New_York"),
        (2, "New York (Manhattan)", "America/New_York"),
        (3, "Buffalo", "America/New_York"),
        (4, "Philadelphia", "America/New_York"),
        (5, "Baltimore", "America/New_York"),
        (6, "Pittsburgh", "America/New_York"),
        (7, "Detroit", "America/Detroit"),
        (8, "Cleveland", "America/New_York"),
        (9, "Cincinnati", "America/New_York"),
        (10, "Atlanta", "America/New_York"),
        (12, "Tampa", "America/New_York"),
        (13, "Chicago", "America/Chicago"),
        (14, "St. Louis", "America/Chicago"),
        (15, "New Orleans", "America/Chicago"),
        (16, "Fort Worth", "America/Chicago"),
        (18, "Minneapolis", "America/Chicago"),
        (19, "Seattle", "America/Los_Angeles"),
        (20, "San Francisco", "America/Los_Angeles"),
        (21, "Los Angeles (downtown)", "America/Los_Angeles"),
        (22, "Newark", "America/New_York"),
        (25, "Indianapolis", "America/Indiana/Indianapolis"),
        (27, "Denver", "America/Denver"),
        (28, "Phoenix", "America/Phoenix"),
        (29, "Brooklyn", "America/New_York"),
        (31, "Los Angeles (West)", "America/Los_Angeles"),
        (32, "Oakland", "America/Los_Angeles"),
    )
    return {number: Region(number=number, office=office, zone=zone) for number, office, zone in rows}


REGIONS: Mapping[int, Region] = MappingProxyType(_table())

ACTIVE_REGION_NUMBERS: frozenset[int] = frozenset(REGIONS)

# Retired number → (successor region, date of the consolidation).
CONSOLIDATED_REGIONS: Mapping[int, tuple[int, date]] = MappingProxyType(
    {
        11: (10, date(2012, 12, 10)),
        17: (14, date(2012, 12, 10)),
        26: (15, date(2012, 12, 10)),
        34: (1, date(2012, 12, 10)),
        30: (18, date(2013, 8, 1)),
        24: (12, date(2013, 9, 1)),
    }
)


@dataclass(frozen=True)
class RetiredRegion:
    """A region number no longer in use: the office its cases were filed with, and where it went."""

    number: int
    office: str
    zone: str
    successor: int | None
    retired_on: date | None
    source: str
    verified: bool

    @property
    def as_office(self) -> Region:
        return Region(number=self.number, office=self.office, zone=self.zone)


_CONSOLIDATIONS = "NLRB news releases of December 2012 and July 2013 (docs/nlrb-procedure.md, Regions)"
_UNCONFIRMED = "not confirmed by a primary source: the office of the agency's former numbering"

RETIRED_REGIONS: Mapping[int, RetiredRegion] = MappingProxyType(
    {
        r.number: r
        for r in (
            RetiredRegion(
                11, "Winston-Salem", "America/New_York", 10, date(2012, 12, 10), _CONSOLIDATIONS, True
            ),
            RetiredRegion(
                17, "Kansas City", "America/Chicago", 14, date(2012, 12, 10), _CONSOLIDATIONS, True
            ),
            RetiredRegion(23, "Houston", "America/Chicago", None, None, _UNCONFIRMED, False),
            RetiredRegion(24, "San Juan", "America/Puerto_Rico", 12, date(2013, 9, 1), _CONSOLIDATIONS, True),
            RetiredRegion(26, "Memphis", "America/Chicago", 15, date(2012, 12, 10), _CONSOLIDATIONS, True),
            RetiredRegion(30, "Milwaukee", "America/Chicago", 18, date(2013, 8, 1), _CONSOLIDATIONS, True),
            RetiredRegion(33, "Peoria", "America/Chicago", None, None, _UNCONFIRMED, False),
            RetiredRegion(34, "Hartford", "America/New_York", 1, date(2012, 12, 10), _CONSOLIDATIONS, True),
        )
    }
)

# Every number a case of the public record may carry: the active regions and the retired ones.
KNOWN_REGION_NUMBERS: frozenset[int] = ACTIVE_REGION_NUMBERS | frozenset(RETIRED_REGIONS)


def office(number: int) -> Region:
    """The office whose clock a case of this region number runs on: the active region, or the historical
    office of a retired number (its cases keep their numbers and their zone). ``UnknownRegion`` for a number
    that was never a region."""
    if not isinstance(number, bool) and isinstance(number, int) and number in RETIRED_REGIONS:
        return RETIRED_REGIONS[number].as_office
    return region(number)


def closed_to_new_cases(number: int) -> str | None:
    """Why a new case cannot be opened under this region number (a retired one), or None."""
    retired = RETIRED_REGIONS.get(number)
    if retired is None:
        return None
    if retired.successor is not None and retired.retired_on is not None:
        where = (
            f"it was consolidated into Region {retired.successor} on {retired.retired_on.isoformat()}, "
            f"where new cases are filed"
        )
    else:
        where = "it is no longer a regional office"
    return (
        f"Region {number} ({retired.office}) opens no new cases: {where}. A case it opened keeps its "
        "number: import it from the public record."
    )


def region(number: int) -> Region:
    """The active region with this number; ``UnknownRegion`` otherwise."""
    if isinstance(number, bool) or not isinstance(number, int):
        raise UnknownRegion(f"{number!r} is not an NLRB region number")
    try:
        return REGIONS[number]
    except KeyError:
        pass
    if number in CONSOLIDATED_REGIONS:
        successor, on = CONSOLIDATED_REGIONS[number]
        raise UnknownRegion(
            f"Region {number} no longer exists: it was consolidated into Region {successor} "
            f"on {on.isoformat()}"
        ) from None
    raise UnknownRegion(f"{number!r} is not an active NLRB region number") from None
