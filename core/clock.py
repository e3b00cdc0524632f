"""The one clock: application code asks ``clock.now()`` and ``clock.today(zone)``, never ``timezone.now()``
or ``date.today()``, so that a test freezes the whole tracker at one moment (the ladder's stage, open
deadlines, reminders, filing receipts and "cannot be in the future" all read it). Tests freeze it with the
``frozen_clock`` fixture (tests/conftest.py), which also freezes ``timezone.now`` for Django's own stamps
(``auto_now``) so that the two never disagree."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.utils import timezone


def now() -> datetime:
    return timezone.now()


def today(zone: str = "UTC") -> date:
    """Today's date in ``zone`` (a regional office's zone: the Board's days are that office's days)."""
    return now().astimezone(ZoneInfo(zone)).date()
