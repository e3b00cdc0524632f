"""Every input of the API declares its fields from ``core/api/fields.py``: text is a JSON string, a whole
number a JSON number, a date one a case can have, a refused choice lists the choices. The serializers are
found the way the schema finds them — each write operation of the URLconf and the request it declares —
so a new endpoint is held to it without being listed here."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from django.http import QueryDict
from drf_spectacular.generators import EndpointEnumerator, SchemaGenerator
from rest_framework import serializers

from core.api import fields
from core.api.office_time import case_context, said_in_zone

# The DRF types that coerce or accept what the schema does not say, each with the field to use instead.
_PLAIN = {
    serializers.CharField: "TextField (PatternTextField for a RegexField)",
    serializers.IntegerField: "WholeNumberField (PartyIdField for a party's id)",
    serializers.DateField: "CaseDateField",
    serializers.DateTimeField: "CaseDateTimeField",
    serializers.ChoiceField: "ChoiceField",
}
_OURS = (
    fields.TextField,
    fields.WholeNumberField,
    fields.CaseDateField,
    fields.CaseDateTimeField,
    fields.ChoiceField,
)


def _declared_requests() -> Iterator[tuple[str, Any]]:
    """(operation, declared request) for every write operation of the URLconf."""
    generator = SchemaGenerator()
    for path, _regex, method, callback in EndpointEnumerator().get_api_endpoints():
        if method not in {"POST", "PUT", "PATCH"}:
            continue
        view = generator.create_view(callback, method)
        view.schema.path, view.schema.method = path, method
        yield f"{method} {path}", view.schema.get_request_serializer()


def _serializers(declared: Any) -> Iterator[serializers.BaseSerializer[Any]]:
    if isinstance(declared, dict):  # {media type: serializer}
        for value in declared.values():
            yield from _serializers(value)
    elif isinstance(declared, type) and issubclass(declared, serializers.BaseSerializer):
        yield declared()
    elif isinstance(declared, serializers.BaseSerializer):
        yield declared


def _writable_leaves(field: Any, name: str) -> Iterator[tuple[str, Any]]:
    if getattr(field, "read_only", False):
        return
    if isinstance(field, serializers.ListSerializer):
        yield from _writable_leaves(field.child, name)
    elif isinstance(field, serializers.Serializer):
        for child_name, child in field.fields.items():
            yield from _writable_leaves(child, f"{name}.{child_name}" if name else child_name)
    elif isinstance(field, (serializers.ListField, serializers.DictField)):
        yield from _writable_leaves(field.child, f"{name}[]")
    else:
        yield name, field


def plain_fields(serializer: serializers.BaseSerializer[Any]) -> list[str]:
    """The writable fields of ``serializer`` that are DRF's own type where ``core/api/fields.py`` has one."""
    found = []
    for name, field in _writable_leaves(serializer, ""):
        for plain, instead in _PLAIN.items():
            if isinstance(field, plain) and not isinstance(field, _OURS):
                found.append(f"{name}: {type(field).__name__}, use core.api.fields.{instead}")
    return found


def input_serializers() -> dict[str, list[serializers.BaseSerializer[Any]]]:
    return {
        operation: list(_serializers(declared))
        for operation, declared in _declared_requests()
        if list(_serializers(declared))
    }


def test_every_input_serializer_declares_its_fields_from_core_api_fields() -> None:
    found = input_serializers()
    names = {type(s).__name__ for inputs in found.values() for s in inputs}
    # The walk reaches the inputs (a JSON body, a multipart form, a nested list of parties).
    assert {"TallyInputSerializer", "DocumentInputSerializer", "CaseInputSerializer"} <= names
    plain = [
        f"{operation} {type(s).__name__}.{problem}"
        for operation, inputs in found.items()
        for s in inputs
        for problem in plain_fields(s)
    ]
    assert plain == []


def test_the_walk_finds_a_plain_drf_field_however_deep() -> None:
    class Inner(serializers.Serializer[Any]):
        when = serializers.DateField()

    class Plain(serializers.Serializer[Any]):
        name = fields.TextField()
        count = serializers.IntegerField()
        tags = serializers.ListField(child=serializers.CharField())
        inner = Inner(many=True)
        shown = serializers.CharField(read_only=True)

    assert [problem.split(":")[0] for problem in plain_fields(Plain())] == ["count", "tags[]", "inner.when"]


class _Form(serializers.Serializer[Any]):
    filing = fields.WholeNumberField(min_value=1)
    title = fields.TextField()


class _Json(serializers.Serializer[Any]):
    party = fields.PartyIdField(min_value=1)
    name = fields.TextField()
    on = fields.CaseDateField()
    at = fields.CaseDateTimeField()
    kind = fields.ChoiceField(choices=[("threats", "Threats"), ("other", "Other")])


def test_a_json_body_holds_to_its_json_types() -> None:
    data = _Json(
        data={"party": "3", "name": 0, "on": "0326-06-10", "at": "2100-01-01T00:00:00Z", "kind": "threat"}
    )
    assert not data.is_valid()
    assert data.errors == {
        "party": ["Give a whole number (a JSON number)."],
        "name": ["Give text (a JSON string)."],
        "on": ["Give a date from 1935-07-05 (the National Labor Relations Act) to 2099-12-31."],
        "at": ["Give a date from 1935-07-05 (the National Labor Relations Act) to 2099-12-31."],
        "kind": ["'threat' is not one of the choices: threats (Threats), other (Other)."],
    }


def test_a_form_body_gives_a_whole_number_as_its_digits() -> None:
    form = QueryDict(mutable=True)
    form.update({"filing": "3", "title": "Brief"})
    assert _Form(data=form).is_valid()
    assert _Form(data=form).run_validation(form) == {"filing": 3, "title": "Brief"}
    form["filing"] = "three"
    refused = _Form(data=form)
    assert not refused.is_valid()
    assert refused.errors == {"filing": ["Give a whole number (its digits)."]}
    # The same digits in a JSON body are text, not a number.
    assert not _Form(data={"filing": "3", "title": "Brief"}).is_valid()


@pytest.mark.django_db
def test_a_time_without_its_offset_is_read_on_the_office_clock_and_said(world: Any) -> None:
    context = case_context(world.case)
    data = _Json(
        data={"party": 3, "name": "x", "on": "2021-04-16", "at": "2021-04-16T17:00", "kind": "other"},
        context=context,
    )
    assert data.is_valid(), data.errors
    assert data.validated_data["at"].isoformat() == "2021-04-16T21:00:00+00:00"
    assert "at was given without a UTC offset: read as 2021-04-16T17:00:00-04:00" in str(
        said_in_zone({}, context)["explanation"]
    )
    without_zone = _Json(data={**data.initial_data, "at": "2021-04-16T17:00"})
    assert not without_zone.is_valid()
    assert without_zone.errors["at"][0].startswith("Give the time with its UTC offset")


@pytest.mark.django_db
@pytest.mark.parametrize("party", ["RWDSU", " Amazon "])
def test_a_party_named_instead_of_its_id_is_told_where_the_ids_are(world: Any, party: str) -> None:
    data = _Json(data={"party": party}, context=case_context(world.case))
    assert not data.is_valid()
    assert "GET /api/v1/cases/10-RC-269250/parties/" in data.errors["party"][0]
