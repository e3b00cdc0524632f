"""DRF's output formats, written out for the hot read paths.

A ``ModelSerializer`` builds its fields afresh for every request (a deep copy of the declared ones, and one
more per model field) and then dispatches every value of every row through a field object; on a list of
challenges that was most of a request's Python time. The read serializers of the lists and the status
therefore build their dicts directly, with these functions giving exactly the strings DRF's fields give
(``tests/test_fast_output.py`` checks each serializer against DRF's own ``to_representation``). The declared
fields stay: they are what the OpenAPI schema and the input side read."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

from django.utils import timezone


def iso_date(value: date | None) -> str | None:
    """``serializers.DateField`` with ``DATE_FORMAT = "iso-8601"``."""
    return value.isoformat() if value else None


def iso_datetime(value: datetime | None) -> str | None:
    """``serializers.DateTimeField``: in the current zone (UTC unless one is activated), UTC as ``Z``."""
    if not value:
        return None
    if timezone.is_aware(value):
        value = value.astimezone(timezone.get_current_timezone())
    else:  # naive: DRF makes it aware in the current zone first
        value = timezone.make_aware(value, timezone.get_current_timezone())
    text = value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def attribute_or_none(value: Any, name: str) -> Any:
    """A dotted source's last step (``logged_by.username``): None when the related object is None."""
    return None if value is None else getattr(value, name)
