"""The OpenAPI schema tells the truth and is written for people: each operation says what it answers and
when to use it, its examples match its own schemas, and its types, enums and bounds are the server's."""

from __future__ import annotations

import re
from typing import Any

import pytest
from jsonschema import Draft202012Validator
from referencing import Registry, Resource

from core.api import operation_docs
from core.api.schema import TrackerAutoSchema

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(as_staff: Any) -> dict[str, Any]:
    response = as_staff.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    return dict(response.json())


def _operations(schema: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [
        (method, path, operation)
        for path, operations in schema["paths"].items()
        for method, operation in operations.items()
    ]


def _validator(
    schema: dict[str, Any], fragment: dict[str, Any], *, closed: bool = False
) -> Draft202012Validator:
    # OpenAPI 3.0's `nullable` is not JSON Schema: read it as "or null" for the check. `closed`: an object
    # may carry only the properties its schema names (an example must not show a field the server dropped).
    registry: Registry = Registry().with_resource("urn:openapi", Resource.opaque(_nullable(schema, closed)))
    return Draft202012Validator({**_nullable(fragment, closed), "$id": "urn:fragment"}, registry=registry)


def _nullable(node: Any, closed: bool = False) -> Any:
    if isinstance(node, dict):
        node = {k: _nullable(v, closed) for k, v in node.items()}
        if closed and "properties" in node:
            node.setdefault("additionalProperties", False)
        if node.pop("nullable", False):
            node = {"anyOf": [node, {"type": "null"}]}
        if "$ref" in node and node["$ref"].startswith("#/"):
            node["$ref"] = "urn:openapi" + node["$ref"]
        return node
    if isinstance(node, list):
        return [_nullable(v, closed) for v in node]
    return node


def test_every_operation_is_described_for_people_not_programmers(schema: dict[str, Any]) -> None:
    for method, path, operation in _operations(schema):
        assert operation.get("summary"), f"{method.upper()} {path} has no summary"
        description = operation.get("description", "")
        assert len(description) >= 40, f"{method.upper()} {path}: {description!r}"
        assert not re.search(r"\bself\.|``|TODO|XXX", description), (
            f"{method.upper()} {path}: {description!r}"
        )
    # Nor anywhere else: component and field descriptions come from docstrings and help texts too.
    assert not re.search(r"``|\bself\.", repr(schema))


def test_every_operation_is_documented_once_and_every_documented_operation_exists(
    schema: dict[str, Any],
) -> None:
    ids = {operation["operationId"] for _, _, operation in _operations(schema)}
    assert set(operation_docs.operations()) == ids


def test_each_operation_is_documented_in_the_app_of_its_view(monkeypatch: pytest.MonkeyPatch) -> None:
    # One place per change: an app's operations are described beside its views, never in core's tables.
    from drf_spectacular.generators import SchemaGenerator

    view_app: dict[str, str] = {}
    get_operation = TrackerAutoSchema.get_operation

    def recording(self: TrackerAutoSchema, *args: Any, **kwargs: Any) -> Any:
        operation = get_operation(self, *args, **kwargs)
        if operation is not None:
            view_app[operation["operationId"]] = type(self.view).__module__.split(".")[0]
        return operation

    monkeypatch.setattr(TrackerAutoSchema, "get_operation", recording)
    SchemaGenerator().get_schema(request=None, public=True)
    homes = operation_docs.documented_in()
    assert len(view_app) >= 60
    wrong = {op: (homes.get(op), app) for op, app in view_app.items() if homes.get(op) != app}
    assert wrong == {}, "operationId: (documented in, view's app)"


def test_the_examples_match_their_own_schemas(schema: dict[str, Any]) -> None:
    checked = 0
    for method, path, operation in _operations(schema):
        bodies = [operation.get("requestBody", {}).get("content", {}).get("application/json")]
        bodies += [r.get("content", {}).get("application/json") for r in operation["responses"].values()]
        for body in filter(None, bodies):
            for example in body.get("examples", {}).values():
                validator = _validator(schema, body["schema"], closed=True)
                errors = list(validator.iter_errors(example["value"]))
                assert errors == [], f"{method.upper()} {path}: {[e.message for e in errors]}"
                checked += 1
    assert checked >= 40


def test_the_bad_request_shape_is_keyed_by_the_fields_at_fault(schema: dict[str, Any]) -> None:
    bad = schema["paths"]["/api/v1/cases/"]["post"]["responses"]["400"]["content"]["application/json"][
        "schema"
    ]
    assert "field_name" not in repr(bad)
    validator = _validator(schema, bad)
    assert validator.is_valid({"status": ["Select a valid choice."]})
    assert validator.is_valid({"parties": [{}, {"name": ["This field is required."]}]})
    assert validator.is_valid({"detail": "JSON parse error"})


def test_fields_that_answer_null_or_blank_say_so(schema: dict[str, Any]) -> None:
    components = schema["components"]["schemas"]
    assert components["Deadline"]["properties"]["trigger_event"]["nullable"] is True
    assert components["ProceedingEvent"]["properties"]["ordered_election"]["nullable"] is True
    method = components["Challenge"]["properties"]["resolution_method"]
    assert _validator(schema, method).is_valid("")
    level = components["Challenge"]["properties"]["resolved_level"]
    assert _validator(schema, level).is_valid("")


def test_path_ids_are_whole_numbers_from_one_and_bodies_are_json(schema: dict[str, Any]) -> None:
    for method, path, operation in _operations(schema):
        for parameter in operation.get("parameters", []):
            if parameter["in"] == "path" and parameter["schema"].get("type") == "integer":
                assert parameter["schema"]["minimum"] == 1, path
        media = set(operation.get("requestBody", {}).get("content", {}))
        uploads = path.endswith(("/challenges/import/", "/documents/"))
        expected = {"multipart/form-data"} if uploads else {"application/json"}
        assert not media or media == expected, f"{method.upper()} {path}: {media}"
