"""JSON types as the schema states them: a number is not text, text is not a number, and a date is one a
case can have.

DRF coerces by default — ``{"name": 0}`` is stored as the text "0", ``{"party": "3"}`` as the number 3 — so
a client with a bug (or a fuzzer) sees its wrong request accepted. The schema says ``string`` and
``integer``; the server refuses anything else with a 400 naming the field. Installed once, at start-up
(``CoreConfig.ready``), so every input serializer of every app holds to it. The CSV import reads its
rows itself, so multipart uploads are not affected.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date, datetime
from typing import Any

from rest_framework import serializers

_char_to_internal = serializers.CharField.to_internal_value
_integer_to_internal = serializers.IntegerField.to_internal_value
_date_to_internal = serializers.DateField.to_internal_value
_datetime_to_internal = serializers.DateTimeField.to_internal_value
_choice_to_internal = serializers.ChoiceField.to_internal_value

# No NLRB case has a date before the National Labor Relations Act (signed 1935-07-05), and none is
# scheduled into the next century: "0326-06-10" is a typo, not a voting date.
EARLIEST = date(1935, 7, 5)
LATEST = date(2099, 12, 31)
_RANGE = (
    f"Give a date from {EARLIEST.isoformat()} (the National Labor Relations Act) to {LATEST.isoformat()}."
)


def _text(field: serializers.CharField, data: Any) -> str:
    if not isinstance(data, str):
        raise serializers.ValidationError("Give text (a JSON string).", code="invalid")
    return str(_char_to_internal(field, data))


def _whole_number(field: serializers.IntegerField, data: Any) -> int:
    if isinstance(data, bool) or not isinstance(data, (int, float)):
        raise serializers.ValidationError("Give a whole number (a JSON number).", code="invalid")
    return int(_integer_to_internal(field, data))


def _case_date(field: serializers.DateField, data: Any) -> date:
    value: date = _date_to_internal(field, data)
    if not EARLIEST <= value <= LATEST:
        raise serializers.ValidationError(_RANGE, code="out_of_range")
    return value


def _case_datetime(field: serializers.DateTimeField, data: Any) -> datetime:
    value: datetime = _datetime_to_internal(field, data)
    if not EARLIEST <= value.date() <= LATEST:
        raise serializers.ValidationError(_RANGE, code="out_of_range")
    return value


def choices_text(choices: Mapping[Any, Any]) -> str:
    """``threats (Threats), promises_or_benefits (Promises or grants of benefits), …``: each code a client
    sends, with the label a person reads beside it (once, where the two are the same)."""
    return ", ".join(
        f"{code} ({label})" if str(label) != str(code) else str(code) for code, label in choices.items()
    )


def _choice(field: serializers.ChoiceField, data: Any) -> Any:
    """A refused choice lists the choices, codes and labels (issue 24), not only "is not a valid choice"."""
    try:
        return _choice_to_internal(field, data)
    except serializers.ValidationError as exc:
        codes = exc.get_codes()
        if codes == ["invalid_choice"] or codes == "invalid_choice":
            shown = data if isinstance(data, (str, int)) else type(data).__name__
            raise serializers.ValidationError(
                f"{str(shown)[:80]!r} is not one of the choices: {choices_text(field.choices)}.",
                code="invalid_choice",
            ) from None
        raise


def install() -> None:
    serializers.CharField.to_internal_value = _text  # type: ignore[method-assign,assignment]
    serializers.IntegerField.to_internal_value = _whole_number  # type: ignore[method-assign,assignment]
    serializers.DateField.to_internal_value = _case_date  # type: ignore[method-assign,assignment]
    serializers.DateTimeField.to_internal_value = _case_datetime  # type: ignore[method-assign,assignment]
    serializers.ChoiceField.to_internal_value = _choice  # type: ignore[method-assign,assignment]
