"""A time as a person in the regional office reads it, with the zone named. (The admin branch is writing
the project-wide helper; this small one serves the exports until it lands.)"""

from __future__ import annotations

from datetime import datetime
from zoneinfo import ZoneInfo


def local_time(moment: datetime | None, zone: str) -> str:
    """``2021-04-09 12:00 CDT``: the moment in ``zone`` with its abbreviation (empty for no moment)."""
    if moment is None:
        return ""
    local = moment.astimezone(ZoneInfo(zone))
    return f"{local:%Y-%m-%d %H:%M} {local.tzname()}"
