"""Date-times as a person reads them: in the regional office's zone, with the zone named.

Plain Python (no Django import), so the admin, the e-mails, the calendar feed and the CSV exports all say
the same thing: ``"April 7, 2022, 11:59 p.m. EDT"``. A deadline is due at 11:59 p.m. in the receiving
office's zone (29 CFR 102.2(b)); shown in UTC it reads as the next morning, which is how staff misread it.
The API keeps ISO 8601 with its offset — machines get the offset, people get the zone's name.

A moment that belongs to no case (a staff user's last login, a calendar feed's creation) is shown in
``DEFAULT_ZONE``, the zone of the Agency's headquarters in Washington, D.C.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Final
from zoneinfo import ZoneInfo

DEFAULT_ZONE: Final = "America/New_York"

_MONTHS: Final = (
    "January",
    "February",
    "March",
    "April",
    "May",
    "June",
    "July",
    "August",
    "September",
    "October",
    "November",
    "December",
)


def in_zone(moment: datetime, zone: str | None = None) -> datetime:
    """The moment on the wall clock of ``zone`` (a naive moment is taken as UTC: Django stores UTC)."""
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=ZoneInfo("UTC"))
    return moment.astimezone(ZoneInfo(zone or DEFAULT_ZONE))


def local_date(moment: datetime, zone: str) -> date:
    """The calendar day of ``moment`` in ``zone``: the day a period counts from, or a ruling is dated, in the
    regional office's zone (29 CFR 102.2(a)) — a tally at 9 p.m. Pacific is already tomorrow in UTC."""
    return in_zone(moment, zone).date()


def day_text(day: date) -> str:
    """``April 7, 2022``."""
    return f"{_MONTHS[day.month - 1]} {day.day}, {day.year}"


def clock_text(moment: datetime) -> str:
    """``11:59 p.m.`` — the house style of the Agency's orders (and of Django's admin)."""
    hour = moment.hour % 12 or 12
    half = "a.m." if moment.hour < 12 else "p.m."
    return f"{hour}:{moment.minute:02d} {half}"


def local_time(moment: datetime, zone: str | None = None) -> str:
    """``April 7, 2022, 11:59 p.m. EDT``: the moment in ``zone``, the zone named by its abbreviation."""
    local = in_zone(moment, zone)
    return f"{day_text(local.date())}, {clock_text(local)} {local.tzname()}"


def local_day(moment: datetime, zone: str | None = None) -> str:
    """``April 7, 2022`` — the calendar day of the moment in ``zone`` (not in UTC)."""
    return day_text(in_zone(moment, zone).date())


def sortable_local_time(moment: datetime | None, zone: str | None = None) -> str:
    """``2021-04-09 12:00 CDT``: for CSV exports, where a spreadsheet should sort the column as text; the
    zone is still named. Empty for no moment."""
    if moment is None:
        return ""
    local = in_zone(moment, zone)
    return f"{local:%Y-%m-%d %H:%M} {local.tzname()}"
