"""The clock the appeal ladder reads, so that tests can freeze it: the stage, the open deadlines, the
reminders and the work queue all depend on today (tests freeze it with ``tests/proceedings/conftest.py``'s
``clock`` fixture).

Receipt stamps (``received_at``, ``ended_at``) and "cannot be in the future" checks still read
``django.utils.timezone.now()``: moving them onto this clock needs the tests that freeze it to keep their
worlds consistent (an objection filed after the frozen "now" is, to this clock, in the future)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.utils import timezone


def now() -> datetime:
    return timezone.now()


def today(zone: str = "UTC") -> date:
    """Today's date in ``zone`` (a regional office's zone: the Board's days are that office's days)."""
    return now().astimezone(ZoneInfo(zone)).date()
