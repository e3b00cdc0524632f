"""Datetimes as people type them: a time given without a UTC offset is read on the clock of the regional
office of the case (the zone of its 11:59 p.m. cutoff, 29 CFR 102.2(b)), and the answer says so.

The view, which knows the case, puts its office's zone in the serializer's context (``case_context``); the
field (``core.api.fields.CaseDateTimeField``) reads a naive time there and notes it; ``said_in_zone`` adds
the note to the answer's ``explanation``.
Without a zone in the context a naive time is refused, as before: there is no clock to read it on."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from operator import attrgetter
from typing import Any, ClassVar
from zoneinfo import ZoneInfo

_READ = "read_in_office_zone"


def case_context(case: Any) -> dict[str, Any]:
    """The serializer context of an input to ``case`` (a ``Case``): its naive times are read in its office's
    zone, and a party named where its id is expected is told where the case's parties are listed."""
    return {"office_zone": case.office_zone, "case_number": case.number, _READ: []}


def note_read_in_zone(context: Mapping[str, Any], name: str | None, moment: datetime, zone: str) -> None:
    """Notes for the answer that ``name`` was given without an offset and read as ``moment`` in ``zone``
    (``core.api.fields.CaseDateTimeField`` calls it)."""
    context[_READ].append((name, moment, zone))


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
