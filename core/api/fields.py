"""The fields every input serializer declares: JSON types as the schema states them, and dates a case can have.

DRF coerces by default — ``{"name": 0}`` is stored as the text "0", ``{"party": "3"}`` as the number 3 — so
a client with a bug (or a fuzzer) sees its wrong request accepted. The schema says ``string`` and
``integer``; these fields refuse anything else with a 400 naming the field. A form or multipart body has
only text, so there a whole number may come as its digits ("3"). ``tests/core/test_input_fields.py`` fails when
an input serializer declares a plain DRF field where one of these exists.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

from django.http import QueryDict
from django.utils.dateparse import parse_datetime
from rest_framework import serializers

from core.api.office_time import note_read_in_zone

# No NLRB case has a date before the National Labor Relations Act (signed 1935-07-05), and none is
# scheduled into the next century: "0326-06-10" is a typo, not a voting date.
EARLIEST = date(1935, 7, 5)
LATEST = date(2099, 12, 31)
_RANGE = (
    f"Give a date from {EARLIEST.isoformat()} (the National Labor Relations Act) to {LATEST.isoformat()}."
)
_HAS_TIME = re.compile(r"\d[T ]\d")


def _in_a_form(field: serializers.Field[Any, Any, Any, Any]) -> bool:
    """Whether the body being read is a form (urlencoded or multipart): its values are all text."""
    return isinstance(getattr(field.root, "initial_data", None), QueryDict)


class TextField(serializers.CharField):
    """Text: a JSON string, never a number or a boolean made into one."""

    def to_internal_value(self, data: Any) -> str:
        if not isinstance(data, str):
            raise serializers.ValidationError("Give text (a JSON string).", code="invalid")
        return str(super().to_internal_value(data))


class PatternTextField(TextField, serializers.RegexField):
    """Text that matches a pattern (the schema shows it)."""


class WholeNumberField(serializers.IntegerField):
    """A whole number: a JSON number (in a form, its digits), never text or a boolean."""

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and _in_a_form(self):
            if not (data.strip().isascii() and data.strip().isdigit()):
                raise serializers.ValidationError("Give a whole number (its digits).", code="invalid")
            return int(super().to_internal_value(data))
        if isinstance(data, bool) or not isinstance(data, (int, float)):
            raise serializers.ValidationError("Give a whole number (a JSON number).", code="invalid")
        return int(super().to_internal_value(data))


class PartyIdField(WholeNumberField):
    """A party's id. A name given instead ("RWDSU") is told where the ids are."""

    default_error_messages = {
        "name": "Give the party's id (a whole number), not its name: GET /api/v1/cases/{number}/parties/ lists "
        "the parties of the case with their ids.",
    }

    def to_internal_value(self, data: Any) -> int:
        if isinstance(data, str) and not data.strip().isdigit():
            self.fail("name", number=self.context.get("case_number") or "{number}")
        return super().to_internal_value(data)


class CaseDateField(serializers.DateField):
    """An ISO 8601 date a case can have: from the Act to the end of the century."""

    def to_internal_value(self, data: Any) -> date:
        value: date = super().to_internal_value(data)
        if not EARLIEST <= value <= LATEST:
            raise serializers.ValidationError(_RANGE, code="out_of_range")
        return value


class CaseDateTimeField(serializers.DateTimeField):
    """An ISO 8601 datetime a case can have. Without a UTC offset it is read on the clock of the case's
    regional office (the zone the view put in the context, ``office_time.case_context``) and the reading
    is noted for the answer; with no zone in the context, it is refused."""

    default_error_messages = {
        "naive": "Give the time with its UTC offset, e.g. 2021-04-16T17:00:00-04:00: a deadline depends on it.",
    }

    def to_internal_value(self, data: Any) -> datetime:
        local = self._read_on_office_clock(data)
        moment: datetime = super().to_internal_value(data if local is None else local.isoformat())
        if not EARLIEST <= moment.date() <= LATEST:
            raise serializers.ValidationError(_RANGE, code="out_of_range")
        if local is not None:
            note_read_in_zone(self.context, self.field_name, local, self.context["office_zone"])
        return moment

    def _read_on_office_clock(self, data: Any) -> datetime | None:
        """A time given without its offset, placed in the office's zone; None for any other input."""
        if not isinstance(data, str):
            return None
        try:
            parsed = parse_datetime(data.strip())
        except (ValueError, TypeError):
            return None
        if parsed is None or parsed.tzinfo is not None:
            return None
        zone = self.context.get("office_zone")
        if not zone or not _HAS_TIME.search(data):  # a date alone names no time of day
            self.fail("naive")
        return parsed.replace(tzinfo=ZoneInfo(zone))


def choices_text(choices: Mapping[Any, Any]) -> str:
    """``threats (Threats), promises_or_benefits (Promises or grants of benefits), …``: each code a client
    sends, with the label a person reads beside it (once, where the two are the same)."""
    return ", ".join(
        f"{code} ({label})" if str(label) != str(code) else str(code) for code, label in choices.items()
    )


class ChoiceField(serializers.ChoiceField):
    """One of the choices. A refusal lists them, codes and labels, not only "is not a valid choice"."""

    def to_internal_value(self, data: Any) -> Any:
        try:
            return super().to_internal_value(data)
        except serializers.ValidationError as exc:
            codes = exc.get_codes()
            if codes == ["invalid_choice"] or codes == "invalid_choice":
                shown = data if isinstance(data, (str, int)) else type(data).__name__
                raise serializers.ValidationError(
                    f"{str(shown)[:80]!r} is not one of the choices: {choices_text(self.choices)}.",
                    code="invalid_choice",
                ) from None
            raise
