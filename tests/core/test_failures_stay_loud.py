"""Issue 20, item 6: catch only what you mean. A database conflict is known by its SQLSTATE (or SQLite result
code), never by the words of its message; a database that is down is a 503 wherever it is met, never turned
into a 400 by a lookup that caught every exception."""

from __future__ import annotations

import json
import socket
import sqlite3
import threading
from pathlib import Path
from typing import Any

import psycopg
import pytest
from django.db import IntegrityError, OperationalError, connection, connections, transaction
from django.test import RequestFactory
from rest_framework.test import APIClient

from config.middleware import ServiceUnavailableMiddleware
from core.api.errors import exception_handler, is_write_conflict
from elections.models import Case
from tests.conftest import World

only_postgres = pytest.mark.skipif(connection.vendor != "postgresql", reason="PostgreSQL's own errors")


def raised_from(driver_error: Exception, django_error: type[Exception]) -> Exception:
    """The driver's error as Django raises it: Django's class, the driver's error as its cause."""
    try:
        try:
            raise driver_error
        except Exception as exc:
            raise django_error(*exc.args) from exc
    except django_error as wrapped:
        return wrapped


def middleware_answer(error: Exception) -> Any:
    middleware = ServiceUnavailableMiddleware(lambda request: None)  # type: ignore[arg-type,return-value]
    return middleware.process_exception(RequestFactory().post("/admin/elections/case/1/change/"), error)


# Each SQLSTATE with a message in another language than English (a server whose lc_messages is German).
CONFLICTS = [
    (
        "40001",
        "konnte Zugriff nicht serialisieren aufgrund von Lese/Schreib-Abhängigkeiten",
        OperationalError,
    ),
    ("40P01", "Verklemmung (Deadlock) entdeckt", OperationalError),
    ("55P03", "Zeitüberschreitung beim Warten auf Sperre", OperationalError),
    ("23505", "doppelter Schlüsselwert verletzt Unique-Constraint", IntegrityError),
]


@pytest.mark.parametrize(("sqlstate", "message", "django_error"), CONFLICTS)
def test_a_conflict_is_known_by_its_sqlstate_in_any_language(
    sqlstate: str, message: str, django_error: type[Exception]
) -> None:
    error = raised_from(psycopg.errors.lookup(sqlstate)(message), django_error)
    assert is_write_conflict(error)
    response = middleware_answer(error)
    assert response is not None and response.status_code == 409
    assert "Retry-After" not in response
    api = exception_handler(error, {})
    assert api is not None and api.status_code == 409 and "reload and retry" in api.data["detail"]


def test_words_of_a_conflict_in_a_lost_connection_do_not_make_it_one() -> None:
    """connection_failure (08006) is the server gone, whatever its text says: 503, not 409."""
    lost = psycopg.errors.lookup("08006")(
        "server closed the connection: deadlock detected, could not obtain lock"
    )
    error = raised_from(lost, OperationalError)
    assert not is_write_conflict(error)
    response = middleware_answer(error)
    assert response is not None and response.status_code == 503
    assert not is_write_conflict(OperationalError("database is locked"))  # words alone, no code: not known


def test_a_database_refusal_that_is_no_race_is_not_answered_as_one() -> None:
    """A check constraint (23514) the service should have seen to is our fault: loud, not a 409 "retry"."""
    error = raised_from(psycopg.errors.lookup("23514")("new row violates check constraint"), IntegrityError)
    assert not is_write_conflict(error)
    assert exception_handler(error, {}) is None  # DRF leaves it: a 500, logged with its traceback
    assert middleware_answer(error) is None


def test_sqlite_busy_is_a_conflict_by_its_result_code(tmp_path: Path) -> None:
    path = tmp_path / "busy.db"
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE t (x)")
    holder.execute("BEGIN IMMEDIATE")
    other = sqlite3.connect(path, timeout=0, isolation_level=None)
    with pytest.raises(sqlite3.OperationalError) as busy:
        other.execute("INSERT INTO t VALUES (1)")
    holder.rollback()
    assert busy.value.sqlite_errorcode & 0xFF == 5  # SQLITE_BUSY
    error = raised_from(busy.value, OperationalError)
    assert is_write_conflict(error)
    assert json.loads(middleware_answer(error).content)["detail"].startswith("Another user is changing")


def test_sqlite_unique_violation_is_a_conflict_by_its_result_code() -> None:
    db = sqlite3.connect(":memory:")
    db.execute("CREATE TABLE t (x UNIQUE)")
    db.execute("INSERT INTO t VALUES (1)")
    with pytest.raises(sqlite3.IntegrityError) as duplicate:
        db.execute("INSERT INTO t VALUES (1)")
    assert is_write_conflict(raised_from(duplicate.value, IntegrityError))


@only_postgres
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_lock_timeout_on_postgresql_is_a_409_conflict_not_a_503_outage(world: World) -> None:
    """A real 55P03: another connection holds the case's row; ours gives up after lock_timeout. Its English
    text ("canceling statement due to lock timeout") names no conflict: the SQLSTATE does."""
    holding = threading.Event()
    release = threading.Event()

    def hold() -> None:
        with transaction.atomic():
            Case.objects.select_for_update().get(pk=world.case.pk)
            holding.set()
            release.wait(10)
        connections.close_all()

    holder = threading.Thread(target=hold)
    holder.start()
    try:
        assert holding.wait(10)
        with pytest.raises(OperationalError) as timed_out, transaction.atomic():
            with connection.cursor() as cursor:
                cursor.execute("SET LOCAL lock_timeout = '50ms'")
            Case.objects.select_for_update().get(pk=world.case.pk)
    finally:
        release.set()
        holder.join(10)
    assert "lock timeout" in str(timed_out.value)
    assert is_write_conflict(timed_out.value)
    assert middleware_answer(timed_out.value).status_code == 409


def closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@only_postgres
@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_with_the_database_down_creating_an_election_is_a_503_not_no_such_case(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    client = APIClient(raise_request_exception=False)
    client.force_authenticate(world.staff)  # the caller is known without the database
    body = {"case": world.case.number, "kind": "rerun", "mode": "manual", "choices": ["RWDSU"]}
    connection.close()
    monkeypatch.setitem(connection.settings_dict, "PORT", closed_port())
    response = client.post("/api/v1/elections/", body, format="json")
    assert response.status_code == 503, response.content
    assert response["Retry-After"] == "30"
    monkeypatch.undo()
    connection.close()
    assert world.case.elections.count() == 1
