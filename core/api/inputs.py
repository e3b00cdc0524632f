"""Writes refuse what they do not know (product.md, "Contract additions, v1.4").

DRF drops a key its serializer does not declare without a word, so a misspelt field is a silent loss:
``"offer_of_proof": true`` on an objection (the field is ``offer_of_proof_filed_at``) was ignored and the
offer later read "missed"; ``"servedon": [12]`` on a filing gave a paper with no service. Every input
serializer of the API is an ``InputSerializer``: a key it does not declare is a 400 naming it, with the
fields that do exist — ``{"servedon": ["Unknown field. Fields: a, b, c."]}`` — beside whatever else is
wrong with the body, and nested inputs (a case's ``parties``) are held to the same. A form or multipart
body is read the same way (its file fields are fields like the others).

The schema says so: ``TrackerAutoSchema`` declares ``additionalProperties: false`` on the request body of
every ``InputSerializer`` (``closed_request``). ``tests/core/test_unknown_fields.py`` sends one unknown
field to every write operation of the URLconf.

One input shape per write (issue 34): a write's ``InputSerializer`` is its one input declaration. The API
hands the service its ``validated_data``; the staff desk's form and the counsel desk's form hand it the same
names through ``handed``, so a field added to the declaration reaches the service from every door without
another call written by hand. ``tests/test_write_inputs.py`` holds each declaration, each form and the
service's keyword parameters to the same names and fails by the name of one left out.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import Any, ClassVar

from rest_framework import serializers

UNKNOWN = "Unknown field. Fields: {fields}."
NO_FIELDS = "none (send an empty body)"
# What a browser adds to a form it posts from a signed-in session (the desk's upload), not a field of the
# operation: Django's CSRF token, already checked by the session authentication before any serializer runs.
NOT_FIELDS = frozenset({"csrfmiddlewaretoken"})


def known_fields(serializer: serializers.Serializer[Any]) -> list[str]:
    """The names a client may send to ``serializer``: its writable fields, in alphabetical order."""
    return sorted(name for name, field in serializer.fields.items() if not field.read_only)


def unknown_field_errors(serializer: InputSerializer, data: Any) -> dict[str, list[str]]:
    """``{key: [message]}`` for each key of ``data`` that ``serializer`` does not declare (a key it names in
    ``not_taken`` with the reason written there)."""
    if not isinstance(data, Mapping):
        return {}
    known = known_fields(serializer)
    message = UNKNOWN.format(fields=", ".join(known) or NO_FIELDS)
    return {
        str(key): [serializer.not_taken.get(str(key), message)]
        for key in data
        if str(key) not in known and str(key) not in NOT_FIELDS
    }


class InputSerializer(serializers.Serializer[Any]):
    """The base of every input serializer: an undeclared key is a 400 naming it and the fields there are."""

    # Fields of the record this operation does not take, each with what to do instead (a note's visibility
    # is fixed when it is written): said in place of "Unknown field".
    not_taken: ClassVar[Mapping[str, str]] = {}

    def to_internal_value(self, data: Any) -> Any:
        unknown = unknown_field_errors(self, data)
        try:
            value = super().to_internal_value(data)
        except serializers.ValidationError as exc:
            if unknown and isinstance(exc.detail, dict):
                raise serializers.ValidationError({**unknown, **exc.detail}) from None
            raise
        if unknown:
            raise serializers.ValidationError(unknown)
        return value


class NoInput(InputSerializer):
    """This operation takes no fields: send no body, or an empty object."""


@cache
def input_names(declaration: type[InputSerializer]) -> frozenset[str]:
    """The fields a write's input declaration names: what every door hands its service."""
    return frozenset(known_fields(declaration()))


def handed(declaration: type[InputSerializer], values: Mapping[str, Any]) -> dict[str, Any]:
    """From a form's cleaned data, what the service is handed: the value of each field the declaration names
    (a field the form does not offer is left to the service's default; the test of inputs names it)."""
    names = input_names(declaration)
    return {name: value for name, value in values.items() if name in names}
