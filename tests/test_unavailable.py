"""An unreachable backing service reaching a view is a 503 with Retry-After and no detail of the service
(tests/faults/test_outages.py proves it against a real PostgreSQL cut under running servers)."""

from __future__ import annotations

import json
import sqlite3

import psycopg
import pytest
from django.db import InterfaceError, OperationalError
from django.test import RequestFactory
from kombu.exceptions import OperationalError as BrokerError

from config.middleware import ServiceUnavailableMiddleware
from tests.core.test_failures_stay_loud import raised_from


@pytest.mark.parametrize(
    ("error", "what"),
    [
        (OperationalError('connection to server at "10.0.0.5", port 5432 failed'), "database"),
        (InterfaceError("connection already closed"), "database"),
        (BrokerError("Error 111 connecting to 10.0.0.6:6379. Connection refused."), "task queue"),
    ],
)
def test_an_unreachable_service_is_a_503_that_names_no_address(settings, error, what) -> None:
    settings.DEBUG = True  # no debug page either
    middleware = ServiceUnavailableMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
    response = middleware.process_exception(RequestFactory().post("/api/v1/cases/"), error)
    assert response is not None and response.status_code == 503
    assert response["Retry-After"] == "30"
    body = json.loads(response.content)
    assert list(body) == ["detail"] and what in body["detail"]
    assert "10.0.0" not in body["detail"]


def test_other_errors_are_left_alone() -> None:
    middleware = ServiceUnavailableMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
    assert middleware.process_exception(RequestFactory().get("/"), ValueError("x")) is None


def _locked() -> OperationalError:
    busy = sqlite3.OperationalError("database is locked")
    busy.sqlite_errorcode = 5  # SQLITE_BUSY, as the driver sets it
    return raised_from(busy, OperationalError)


@pytest.mark.parametrize(
    "make",
    [
        _locked,
        lambda: raised_from(
            psycopg.errors.DeadlockDetected("deadlock detected\nDETAIL: Process 7 waits"), OperationalError
        ),
    ],
)
def test_a_database_that_answers_locked_is_up_a_conflict_is_a_409_not_a_503(make) -> None:
    """Issue 10: a concurrent write is a 409 the client retries, also outside DRF (the admin). Known by the
    driver's code (issue 20), so each error is raised from the driver's own, as Django raises it."""
    error = make()
    middleware = ServiceUnavailableMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
    response = middleware.process_exception(RequestFactory().post("/admin/elections/case/1/change/"), error)
    assert response is not None and response.status_code == 409
    assert "Retry-After" not in response
    assert "changing this record" in json.loads(response.content)["detail"]
