"""The OpenAPI schema documents the access operations and the throttle's 429 on every throttled call."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


@pytest.fixture
def schema(as_staff) -> dict:
    return as_staff.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()


def test_every_throttled_operation_documents_429(schema) -> None:
    missing = [
        f"{method.upper()} {path}"
        for path, operations in schema["paths"].items()
        if not path.endswith("/health/")  # never throttled: load balancers poll it
        for method, operation in operations.items()
        if method in {"get", "post", "put", "patch", "delete"} and "429" not in operation["responses"]
    ]
    assert missing == []


@pytest.mark.parametrize(
    ("path", "method", "ok"),
    [
        ("/api/v1/auth/token/rotate/", "post", "201"),
        ("/api/v1/cases/{number}/appearances/{appearance_id}/", "delete", "204"),
    ],
)
def test_the_new_operations_document_their_errors(schema, path: str, method: str, ok: str) -> None:
    responses = set(schema["paths"][path][method]["responses"])
    assert {ok, "400", "401", "403", "404", "409", "429"} <= responses
