"""Writes refuse what they do not know (product.md, "Contract additions, v1.4"): a field the operation does
not define is a 400 ``{"<field>": ["Unknown field. Fields: a, b, c."]}``, and the schema says so with
``additionalProperties: false``.

The operations are found the way the schema finds them — every POST, PUT and PATCH of the URLconf — so a
new write is held to it without being listed here; its path is filled from the permission matrix's world
(``tests/test_permission_matrix.py``, where every route already has a row)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.urls import reverse
from drf_spectacular.generators import EndpointEnumerator, SchemaGenerator
from rest_framework.test import APIClient

from core.api.inputs import InputSerializer
from elections.models import Party
from filings.models import Filing
from objections.models import Objection
from tests.core.test_input_fields import _declared_requests, _serializers
from tests.test_permission_matrix import (
    ALL_ROUTES,
    MATRIX,
    OWN,
    MatrixWorld,
    _call,
    _client,
    _path_kwargs,
    matrix_world,  # noqa: F401 (the fixture, used by name)
)
from tests.writes import nothing_written

UNKNOWN = "zz_not_a_field"
WRITES = ("POST", "PUT", "PATCH")


def _write_operations() -> list[tuple[str, str]]:
    """(method, route pattern as the URLconf spells it) of every write operation of the API."""
    operations = []
    for path, _regex, method, _callback in EndpointEnumerator().get_api_endpoints():
        if method in WRITES:
            route = "api/v1/" + re.sub(r"\{(\w+)\}", r"<\1>", path.removeprefix("/api/v1/"))
            operations.append((method, route))
    return operations


def _route_of(route: str) -> str:
    """The URLconf's pattern (``<int:election_id>``) for the schema's (``{election_id}``)."""
    for pattern in MATRIX:
        if re.sub(r"<(?:\w+:)?(\w+)>", r"<\1>", pattern) == route:
            return pattern
    raise AssertionError(f"{route}: no row in the permission matrix")


def _caller(pattern: str, method: str) -> str:
    """Someone the operation lets through to reading the body: staff, or the author (a note's edit)."""
    policy = MATRIX[pattern].policies[method]
    for role in ("staff", "counsel_a"):
        if policy(role, OWN, MATRIX[pattern].scoped) not in (401, 403, 404, 405):
            return role
    raise AssertionError(f"{method} {pattern}: nobody may call it")


def _request_fields(schema: dict[str, Any], path: str, method: str) -> list[str] | None:
    """The fields the schema gives the operation's request body (None: it declares no body)."""
    body = schema["paths"][path][method.lower()].get("requestBody")
    if body is None:
        return None
    content = next(iter(body["content"].values()))["schema"]
    component = schema["components"]["schemas"][content["$ref"].rsplit("/", 1)[1]]
    assert component["additionalProperties"] is False, f"{method} {path}: the schema leaves the body open"
    return sorted(component.get("properties", {}))


@pytest.mark.django_db
def test_every_write_operation_refuses_an_unknown_field_by_name(
    matrix_world: MatrixWorld,  # noqa: F811 (the fixture imported above)
) -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    operations = _write_operations()
    assert len(operations) >= 30  # the walk found the API's writes, not nothing
    wrong = []
    for method, route in operations:
        pattern = _route_of(route)
        row = MATRIX[pattern]
        url = reverse(ALL_ROUTES[pattern], kwargs=_path_kwargs(matrix_world, row.on, OWN))
        role = _caller(pattern, method)
        declared = _request_fields(schema, "/" + re.sub(r"<(\w+)>", r"{\1}", route), method)
        if row.body is not None:  # a multipart upload: the unknown field is one more form field
            body: Any = ("multipart", {UNKNOWN: "1"})
        else:
            body = {UNKNOWN: 1}
        with nothing_written():
            response = _call(_client(matrix_world, role), method, url, body)
        listed = ", ".join(declared) if declared else "none (send an empty body)"
        expected = {UNKNOWN: [f"Unknown field. Fields: {listed}."]}
        answer = response.json() if response.status_code == 400 else response.status_code
        if not (isinstance(answer, dict) and answer.get(UNKNOWN) == expected[UNKNOWN]):
            wrong.append(f"{method} {url} as {role}: {answer!r}, expected {expected!r} among the errors")
    assert wrong == [], "\n".join(wrong)


def test_every_input_serializer_is_an_input_serializer() -> None:
    # The one root: a serializer of another base would drop unknown fields again.
    found = 0
    for operation, declared in _declared_requests():
        for serializer in _serializers(declared):
            assert isinstance(serializer, InputSerializer), f"{operation}: {type(serializer).__name__}"
            found += 1
    assert found >= 25


@pytest.mark.django_db
def test_an_unknown_field_is_named_beside_the_other_faults_of_the_body(
    as_staff: APIClient, world: Any
) -> None:
    response = as_staff.post(f"/api/v1/cases/{world.case.number}/parties/", {"rol": "union"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "rol": ["Unknown field. Fields: name, role."],
        "role": ["This field is required."],
        "name": ["This field is required."],
    }


@pytest.mark.django_db
def test_an_unknown_field_inside_a_nested_input_is_named_where_it_is(as_staff: APIClient) -> None:
    body = {
        "number": "10-RC-990001",
        "name": "Nested LLC",
        "petition_filed_on": "2021-01-04",
        "parties": [{"role": "petitioner", "name": "A Union"}, {"role": "employer", "nme": "Nested LLC"}],
    }
    with nothing_written():
        response = as_staff.post("/api/v1/cases/", body, format="json")
    assert response.status_code == 400
    assert response.json()["parties"]["1"]["nme"] == ["Unknown field. Fields: name, role."]


@pytest.mark.django_db
def test_a_misspelt_offer_of_proof_on_an_objection_is_refused_not_dropped(
    as_union: APIClient, world: Any
) -> None:
    # Issue 31: `"offer_of_proof": true` (the field is offer_of_proof_filed_at) was ignored, and the offer
    # later read "missed".
    body = {
        "filed_by": world.union.pk,
        "category": "threats",
        "statement": "Supervisors threatened closure.",
        "offer_of_proof": True,
    }
    with nothing_written():
        response = as_union.post(f"/api/v1/elections/{world.election.pk}/objections/", body, format="json")
    assert response.status_code == 400
    message = response.json()["offer_of_proof"][0]
    assert message.startswith("Unknown field. Fields: ")
    assert "offer_of_proof_filed_at" in message
    assert not Objection.objects.exists()


@pytest.mark.django_db
def test_a_misspelt_served_on_on_a_filing_is_refused_not_dropped(as_union: APIClient, world: Any) -> None:
    # Issue 31: `"servedon": [12]` gave a paper with no service.
    employer = Party.objects.get(pk=world.employer.pk)
    body = {
        "kind": "motion",
        "party": world.union.pk,
        "title": "Motion to postpone",
        "servedon": [employer.pk],
    }
    response = as_union.post(f"/api/v1/cases/{world.case.number}/filings/", body, format="json")
    assert response.status_code == 400
    assert "served_on" in response.json()["servedon"][0]
    assert not Filing.objects.exists()


@pytest.mark.django_db
def test_a_note_edit_names_the_fixed_fields_as_fixed_not_unknown(as_union: APIClient, world: Any) -> None:
    made = as_union.post(
        f"/api/v1/cases/{world.case.number}/notes/",
        {"body": "Call the witness.", "visibility": "side"},
        format="json",
    )
    assert made.status_code == 201
    response = as_union.patch(
        f"/api/v1/notes/{made.json()['id']}/",
        {"body": "Call the witness today.", "visibility": "case"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json() == {
        "visibility": ["A note's visibility is fixed when it is written; write a new note instead."]
    }
