"""The one place the ladder asks what time it is, so that tests can freeze it (the stage, open deadlines and
reminders all depend on today)."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.utils import timezone


def now() -> datetime:
    return timezone.now()


def today(zone: str = "UTC") -> date:
    return now().astimezone(ZoneInfo(zone)).date()
