"""Datetimes as people type them: a time given without a UTC offset is read on the clock of the regional
office of the case (the zone of its 11:59 p.m. cutoff, 29 CFR 102.2(b)), and the answer says so.

The view, which knows the case, puts its office's zone in the serializer's context (``case_context``); the
field reads a naive time there and notes it; ``said_in_zone`` adds the note to the answer's ``explanation``.
Without a zone in the context a naive time is refused, as before: there is no clock to read it on."""

from __future__ import annotations

import re
from datetime import datetime
from operator import attrgetter
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

from django.utils.dateparse import parse_datetime
from rest_framework import serializers

_READ = "read_in_office_zone"
_HAS_TIME = re.compile(r"\d[T ]\d")


def case_context(case: Any) -> dict[str, Any]:
    """The serializer context of an input to ``case`` (a ``Case``): its naive times are read in its office's
    zone, and a party named where its id is expected is told where the case's parties are listed."""
    return {"office_zone": case.office_zone, "case_number": case.number, _READ: []}


class PartyIdField(serializers.IntegerField):
    """A party's id. A name given instead ("RWDSU") is told where the ids are."""

    default_error_messages = {
        "name": "Give the party's id (a whole number), not its name: GET /api/v1/cases/{number}/parties/ lists "
        "the parties of the case with their ids.",
    }

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and not data.strip().isdigit():
            self.fail("name", number=self.context.get("case_number") or "{number}")
        value: int = super().to_internal_value(data)
        return value


class OfficeDateTimeField(serializers.DateTimeField):
    """An ISO 8601 datetime; without a UTC offset, read in the regional office's zone (noted for the answer)."""

    default_error_messages = {
        "naive": "Give the time with its UTC offset, e.g. 2021-04-16T17:00:00-04:00: a deadline depends on it.",
    }

    def to_internal_value(self, value: Any) -> datetime:
        if isinstance(value, str):
            try:
                parsed = parse_datetime(value.strip())
            except (ValueError, TypeError):
                parsed = None
            if parsed is not None and parsed.tzinfo is None:
                zone = self.context.get("office_zone")
                if not zone or not _HAS_TIME.search(value):  # a date alone names no time of day
                    self.fail("naive")
                value = parsed.replace(tzinfo=ZoneInfo(zone)).isoformat()
                moment: datetime = super().to_internal_value(value)
                self.context[_READ].append((self.field_name, parsed.replace(tzinfo=ZoneInfo(zone)), zone))
                return moment
        result: datetime = super().to_internal_value(value)
        return result


class InOfficeZone:
    # Not a docstring: the schema would show a mixin's docstring as the description of every serializer
    # that has none of its own.
    # The zoned datetimes go out on the regional office's clock with its UTC offset (2021-04-09T12:00:00-04:00),
    # not in UTC with Z. case_path leads from the instance to its case ("election.case"; empty for a case
    # itself), read with the rows the list already fetched.

    zoned: ClassVar[tuple[str, ...]] = ()
    case_path: ClassVar[str] = ""

    def to_representation(self, instance: Any) -> Any:
        data = super().to_representation(instance)  # type: ignore[misc]
        case = attrgetter(self.case_path)(instance) if self.case_path else instance
        zone = ZoneInfo(case.office_zone)
        for name in self.zoned:
            value = getattr(instance, name, None)
            if isinstance(value, datetime):
                data[name] = value.astimezone(zone).isoformat()
        return data


def said_in_zone(data: Any, context: dict[str, Any]) -> Any:
    """``data`` (an answer's body) with a sentence per time read on the office's clock added to its
    ``explanation``."""
    read = context.get(_READ) or []
    if not read:
        return data
    notes = " ".join(
        f"{name} was given without a UTC offset: read as {moment.isoformat()} ({moment.tzname()}), on the "
        f"regional office's clock ({zone})."
        for name, moment, zone in read
    )
    earlier = data.get("explanation")
    data["explanation"] = f"{earlier} {notes}" if earlier else notes
    return data
