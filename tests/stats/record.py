"""A small record built by hand, its figures counted by hand in the tests that use it.

Region 10 (Atlanta), six RC cases, each with one initial election and its tally:

| case | tally      | petition_to_tally | objections docket line | tally_to_close                      |
| ---- | ---------- | ----------------- | ---------------------- | ----------------------------------- |
| a    | 2017-09-30 | 10                | tally + 4              | certification tally + 7 (closed +30)|
| b    | 2017-10-01 | 20                | tally + 5              | closed tally + 3                    |
| c-f  | 2018-03-01 | 30, 40, 50, 61    | none                   | closed tally + 9, 11, 12, 20        |

Region 1 (Boston): four 01-RC cases and one 34-RC (Hartford, merged into Region 1 in December 2012), tallies
on 2018-03-01, petition_to_tally 5, 6, 7, 8 and (the 34-RC case) 100; all open.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from elections.models import Case
from proceedings.models import DocketEntry
from tests.factories import CaseFactory, ElectionFactory, record_tally

NEW_YORK = ZoneInfo("America/New_York")
LATER = date(2018, 3, 1)

REGION_10 = [
    # (serial, tally day, petition_to_tally days, objections after (days) or None, close after, certified after)
    (1, date(2017, 9, 30), 10, 4, 30, 7),
    (2, date(2017, 10, 1), 20, 5, 3, None),
    (3, LATER, 30, None, 9, None),
    (4, LATER, 40, None, 11, None),
    (5, LATER, 50, None, 12, None),
    (6, LATER, 61, None, 20, None),
]
REGION_1 = [("01", 11, 5), ("01", 12, 6), ("01", 13, 7), ("01", 14, 8), ("34", 15, 100)]


def _case(number: str, tally: date, days: int, closed_after: int | None = None) -> Case:
    closed = tally + timedelta(days=closed_after) if closed_after is not None else None
    case = CaseFactory(
        number=number,
        petition_filed_on=tally - timedelta(days=days),
        status=Case.Status.CLOSED if closed else Case.Status.OPEN,
        closed_on=closed,
    )
    election = ElectionFactory(case=case, sequence=1, choices=["Union"], count_on=tally)
    record_tally(
        election, prepared_at=datetime.combine(tally, time(12), tzinfo=NEW_YORK), yes=10, votes_against=5
    )
    return case


def build() -> dict[str, Case]:
    cases = {}
    for serial, tally, days, objections, closed, certified in REGION_10:
        case = _case(f"10-RC-{200000 + serial}", tally, days, closed)
        if objections is not None:
            DocketEntry.objects.create(
                case=case,
                filed_on=tally + timedelta(days=objections),
                document="Objections",
                key=f"o{serial}",
            )
        if certified is not None:
            DocketEntry.objects.create(
                case=case,
                filed_on=tally + timedelta(days=certified),
                document="Certification of Representative",
                key=f"c{serial}",
            )
        cases[case.number] = case
    for region, serial, days in REGION_1:
        case = _case(f"{region}-RC-{200000 + serial}", LATER, days)
        cases[case.number] = case
    return cases
