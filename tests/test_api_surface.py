"""The API's outer surface: health without auth, the OpenAPI schema and its declared errors, the docs page."""

from __future__ import annotations

import pytest

pytestmark = pytest.mark.django_db


def test_health_needs_no_credentials_and_reports_database_and_broker(api) -> None:
    response = api.get("/api/v1/health/")
    assert response.status_code == 200
    assert response.json() == {"status": "ok", "database": "ok", "broker": "inline", "notices_failing": 0}


def test_the_schema_is_openapi_3_and_declares_the_error_answers(as_staff) -> None:
    response = as_staff.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    assert response.status_code == 200
    schema = response.json()
    assert schema["openapi"].startswith("3.")
    post_tally = schema["paths"]["/api/v1/elections/{election_id}/tallies/"]["post"]["responses"]
    assert {"201", "400", "401", "403", "404", "409"} <= set(post_tally)
    get_case = schema["paths"]["/api/v1/cases/{number}/"]["get"]["responses"]
    assert {"200", "401", "404"} <= set(get_case)


def test_every_operation_documents_its_errors(as_staff) -> None:
    schema = as_staff.get("/api/v1/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json").json()
    missing = []
    for path, operations in schema["paths"].items():
        if path.endswith("/health/") or path.endswith("/schema/") or ".ics" in path or path == "/api/v1/":
            continue  # no input, no object: nothing to refuse or to miss (the root only lists endpoints)
        for method, operation in operations.items():
            if method not in {"get", "post", "patch", "put", "delete"}:
                continue
            needed = {"401", "404"} if method == "get" else {"400", "401", "403", "404"}
            if not needed <= set(operation["responses"]):
                missing.append(f"{method.upper()} {path}: {sorted(needed - set(operation['responses']))}")
    assert missing == []


def test_the_interactive_docs_are_served_from_our_own_static_files(as_staff) -> None:
    response = as_staff.get("/api/v1/docs/")
    assert response.status_code == 200
    assert b"swagger-ui" in response.content
    assert b"cdn.jsdelivr.net" not in response.content


@pytest.mark.parametrize(
    "path",
    [
        "/api/v1/no-such-endpoint/",
        # A newline in a path segment (%0A): schemathesis sent one, and the catch-all's '.' stopped at it,
        # so Django's own HTML page answered (ST105, an undocumented content type).
        "/api/v1/cases/t%C2%84%C3%BD%0A/appearances/-2.1e-287/",
        "/api/v1/no%0Aendpoint/",
    ],
)
@pytest.mark.parametrize("method", ["get", "delete"])
def test_a_path_under_the_api_that_names_no_endpoint_is_a_json_404(as_staff, path: str, method: str) -> None:
    response = getattr(as_staff, method)(path)
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert "No such endpoint" in response.json()["detail"]
