"""A backing service that is unreachable is a 503 the client may retry, never a 500 or a debug page.

A view (or DRF's authentication inside it) that meets a lost PostgreSQL connection, or a broker that is
down where a route must queue work, raises; DRF's handler leaves those alone, so they reach
``process_exception`` here, which answers ``503 {"detail": …}`` with ``Retry-After`` — no traceback, no
address (also with DEBUG on: this runs before Django's debug page). The server needs no restart when the
database is back: persistent connections are health-checked (CONN_HEALTH_CHECKS) and a connection that
failed is discarded at the end of its request.

A database that answers "locked", "deadlock" or "serialization failure" (by its SQLSTATE or SQLite result code,
``core.api.errors.is_write_conflict``) is up: that is a concurrent write the client may retry, a 409 as the
API's own handler makes it (issue 10), also where no DRF view stands (the admin, plain views). One past a
limit of its own (PostgreSQL's class 54, ``program_limit_exceeded``) is up too: a 413, not a 503.
"""

from __future__ import annotations

import logging
from collections.abc import Callable

from django.db import DatabaseError, InterfaceError, OperationalError
from django.http import HttpRequest, HttpResponse, JsonResponse
from kombu.exceptions import OperationalError as BrokerError

from core.api.errors import conflict_detail, is_write_conflict

logger = logging.getLogger(__name__)

RETRY_AFTER_SECONDS = 30


def unavailable(what: str) -> JsonResponse:
    response = JsonResponse(
        {"detail": f"The {what} is unavailable right now; nothing was changed. Retry shortly."}, status=503
    )
    response["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


# PostgreSQL's class 54, program_limit_exceeded (a search vector over 1 MB, a row or an index entry too
# large): psycopg raises it as an OperationalError, which read as "the database is unavailable", a 503 —
# false, and a retry fails the same way (issue 36, item 4). The request is too large for the database.
LIMIT_DETAIL = (
    "The request is too large for the database to store (a limit of PostgreSQL); nothing was changed."
)


def _past_a_limit(exc: BaseException) -> bool:
    seen: BaseException | None = exc
    while seen is not None:
        sqlstate = getattr(seen, "sqlstate", None)
        if sqlstate is not None:
            return str(sqlstate).startswith("54")
        seen = seen.__cause__
    return False


class ServiceUnavailableMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DatabaseError) and is_write_conflict(exception):
            logger.info("write conflict on %s %s: %s", request.method, request.path, exception)
            return JsonResponse({"detail": conflict_detail(exception)}, status=409)
        if isinstance(exception, DatabaseError) and _past_a_limit(exception):
            logger.warning("database limit on %s %s: %s", request.method, request.path, exception)
            return JsonResponse({"detail": LIMIT_DETAIL}, status=413)
        if isinstance(exception, OperationalError | InterfaceError):
            logger.error("database unavailable on %s %s", request.method, request.path, exc_info=exception)
            return unavailable("database")
        if isinstance(exception, BrokerError):
            logger.error("broker unavailable on %s %s", request.method, request.path, exc_info=exception)
            return unavailable("task queue")
        return None
