"""Outages under running servers, on processes of the tests' own: PostgreSQL cut → every API route answers
503 JSON with Retry-After and no traceback or address (every write route of the URLconf, each with a body it
accepts, too), then recovers without a restart; Redis down for a
minute → the API still commits every change and its notice, and each notice goes out once when Redis is back."""

from __future__ import annotations

import io
import time

import pytest

from tests.faults import routes
from tests.faults.conftest import DBNAME, Stack
from tests.faults.services import Multipart, http, wait_for, web_server

pytestmark = pytest.mark.faults


def api_paths(stack: Stack) -> list[str]:
    return routes.api_paths(
        {"number": stack.seed["case"], "election_id": str(stack.seed["election"]), "token": "t" * 40}
    )


def assert_unavailable(status: int, headers: dict[str, str], body: object, what: str) -> None:
    assert status == 503, (what, status, body)
    assert isinstance(body, dict) and set(body) == {"detail"}, (what, body)
    assert headers.get("Retry-After", "").isdigit(), (what, headers)
    text = str(body)
    assert "Traceback" not in text and "127.0.0.1" not in text and "postgres" not in text.lower(), text


# Routes whose answer reads no record: with the caller's token remembered in the shared cache
# (access/token_cache.py) they still answer 200 while PostgreSQL is down (and a GET on a route that only takes
# POST still answers 405, a staff-only one 403 to counsel); every route that reads or writes a record answers
# 503.
READ_NO_RECORD = {"/api/v1/", "/api/v1/schema/", "/api/v1/docs/"}
# Refusals decided from the caller and the request alone: a staff-only route (403), a POST-only route (405),
# an HTML page asked for as JSON (406).
DECIDED_WITHOUT_A_RECORD = {403, 405, 406}


def write_requests(stack: Stack) -> list[tuple[str, str, object]]:
    """Every write route of the URLconf, as staff would send it: a body that passes its input checks (the
    documented example, or one given here for an operation documented without one)."""
    case = stack.seed["case"]
    values = {"number": case, "election_id": str(stack.seed["election"]), "token": "t" * 40}
    return routes.write_requests(
        values,
        {
            "/api/v1/cases/import/": {"number": case},
            "/api/v1/elections/": {"case": case, "choices": ["RWDSU"], "mode": "manual"},
            # An upload, as a client sends it: a one-page PDF for a filing (no filing is needed to be
            # refused with a 503: the filing's lookup is the first read).
            "/api/v1/documents/": Multipart(
                fields={"filing": "1", "title": "Exceptions"},
                files={"file": ("exceptions.pdf", _one_page_pdf(), "application/pdf")},
            ),
        },
    )


def _one_page_pdf() -> bytes:
    from pypdf import PdfWriter

    writer, out = PdfWriter(), io.BytesIO()
    writer.add_blank_page(width=612, height=792)
    writer.write(out)
    return out.getvalue()


def test_every_write_route_of_the_urlconf_is_enumerated() -> None:
    writes = routes.write_routes()
    assert ("POST", "/api/v1/elections/") in writes and ("PATCH", "/api/v1/notes/<int:note_id>/") in writes
    assert ("DELETE", "/api/v1/cases/<str:number>/appearances/<int:appearance_id>/") in writes
    assert len(writes) >= 30


@pytest.mark.parametrize("kind", ["runserver", "gunicorn"])
def test_with_postgresql_cut_every_route_is_a_503_and_the_server_recovers_unrestarted(
    stack: Stack, kind: str
) -> None:
    server, base = web_server(kind, stack.env, stack.base / f"{kind}.log")
    token = stack.seed["union_token"]
    paths = api_paths(stack)
    assert len(paths) > 20
    writes = write_requests(stack)
    case_status = f"{base}/api/v1/cases/{stack.seed['case']}/status/"
    try:
        assert http("GET", case_status, token=token)[0] == 200  # a pooled connection exists now
        # Staff's token remembered too: a write is refused for the database, not for an unknown caller.
        assert http("GET", f"{base}/api/v1/cases/", token=stack.seed["staff_token"])[0] == 200
        stack.pg.kill()
        try:
            # Every write route of the URLconf, with a body it accepts: 503, never a 400 or a 500.
            for method, path, body in writes:
                answer = http(method, base + path, token=stack.seed["staff_token"], body=body)
                assert_unavailable(*answer, what=f"{method} {path}")
            unavailable = 0
            for path in paths:
                if path.endswith("/health/"):
                    status, headers, body = http("GET", base + path)
                    assert status == 503 and body["database"] == "down", body
                    assert headers.get("Retry-After", "").isdigit()
                    continue
                status, headers, body = http("GET", base + path, token=token)
                if status in DECIDED_WITHOUT_A_RECORD or (path in READ_NO_RECORD and status == 200):
                    continue  # the caller's token is remembered in the cache, and the answer needs no record
                assert_unavailable(status, headers, body, what=f"GET {path}")
                unavailable += 1
            assert unavailable > 20, unavailable  # every route that reads a record: most of them
        finally:
            stack.pg.start()
        wait_for(
            lambda: http("GET", case_status, token=token)[0] == 200,
            timeout=30,
            what="the server to recover without a restart",
        )
        assert http("GET", f"{base}/api/v1/health/")[0] == 200
        assert server.alive()
    finally:
        server.stop()


# Issue 13: "Redis down for a minute: the API still succeeds and nothing is lost."
REDIS_OUTAGE_SECONDS = 60


def test_with_redis_down_for_a_minute_the_api_commits_and_each_notice_goes_out_once_when_it_returns(
    stack: Stack,
) -> None:
    server, base = web_server("gunicorn", stack.env, stack.base / "gunicorn-redis.log")
    worker = stack.worker("worker-redis")
    token = stack.seed["union_token"]
    logged: list[str] = []
    try:
        stack.redis.kill()
        down_since = time.monotonic()
        health = http("GET", f"{base}/api/v1/health/")
        assert health[0] == 200 and health[2]["broker"] == "down" and health[2]["status"] == "degraded"
        # Writes all through the outage: each one commits with its notice (a reader in between, too).
        while time.monotonic() - down_since < REDIS_OUTAGE_SECONDS:
            n = len(logged)
            status, _, body = http(
                "POST",
                f"{base}/api/v1/elections/{stack.seed['election']}/challenges/",
                token=token,
                body={
                    "voter_name": f"Outage {n}",
                    "voter_identifier": f"outage-{n}",
                    "challenged_by": stack.seed["union"],
                    "ground": "supervisor",
                    "reason": "Directs the work",
                },
            )
            assert status == 201, (n, body)
            logged.append(f"challenge:{body['id']}:logged")
            assert http("GET", f"{base}/api/v1/challenges/{body['id']}/", token=token)[0] == 200
            time.sleep(5)
        assert not stack.redis.ping() and len(logged) >= 6
        for key in logged:
            notice = stack.notice(f"key = '{key}'")
            assert notice and notice["sent_at"] is None  # written with the change, waiting in the outbox
        assert "not queued now" in server.output(tail=10**7)  # the failed .delay() was caught and logged
        stack.redis.start()  # empty: whatever was in flight is gone; the worker reconnects and sweeps
        for key in logged:
            notice = stack.wait_until_sent(f"key = '{key}'", timeout=120)
            assert stack.copies(str(notice["idempotency_key"])) == 1, key
        assert worker.alive()
    finally:
        if not stack.redis.ping():
            stack.redis.start()
        server.stop()
        worker.stop()


def test_the_seeded_database_is_the_tests_own(stack: Stack) -> None:
    assert stack.pg.port != 5432 and stack.redis.port != 6379
    assert stack.pg.psql(DBNAME, "SELECT count(*) FROM elections_case") == "1"
