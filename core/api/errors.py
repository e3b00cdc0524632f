"""One place that turns domain and database errors into the API's 400/404/409 shapes.

Bad input → 400 ``{"field": ["message"]}``; an illegal step → 409 ``{"detail": "...", "allowed": [...]}``.
A conflicting concurrent write that reaches the database (a lock, a deadlock, a serialization failure, a
unique constraint: known by its SQLSTATE) is a 409, never a 500. Any other database refusal (a check or a
foreign key the services should have seen to) is a fault of ours and stays loud.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.exceptions import ObjectDoesNotExist
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import DatabaseError, IntegrityError
from django.http import Http404
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed

logger = logging.getLogger(__name__)


# How the databases say "another transaction holds what you need, or wrote it first": each is a race the
# client can retry, so a 409, never a 500 or a 503. Recognised by the codes the databases give, never by the
# words of their messages (which follow the server's language, lc_messages, and its version).
# PostgreSQL's SQLSTATEs (Appendix A of its manual): serialization_failure, deadlock_detected,
# lock_not_available (NOWAIT, lock_timeout), unique_violation.
CONFLICT_SQLSTATES = frozenset({"40001", "40P01", "55P03", "23505"})
# SQLite's result codes: SQLITE_BUSY (5) and SQLITE_LOCKED (6), the low byte of their extended codes; and its
# unique and primary-key constraint codes (SQLITE_CONSTRAINT_UNIQUE, SQLITE_CONSTRAINT_PRIMARYKEY).
_SQLITE_BUSY_OR_LOCKED = frozenset({5, 6})
_SQLITE_UNIQUE = frozenset({2067, 1555})


WRITE_CONFLICT = "Another user is changing this record right now; reload and retry."
INTEGRITY_CONFLICT = "The change conflicts with the current state of the record; reload and retry."


def is_write_conflict(exc: BaseException) -> bool:
    """Whether a database error (Django's, or the driver's error it was raised from) is a conflicting
    concurrent write, by its SQLSTATE or SQLite result code."""
    seen: BaseException | None = exc
    while seen is not None:
        sqlstate = getattr(seen, "sqlstate", None)
        if sqlstate is not None:
            return sqlstate in CONFLICT_SQLSTATES
        code = getattr(seen, "sqlite_errorcode", None)
        if code is not None:
            return code & 0xFF in _SQLITE_BUSY_OR_LOCKED or code in _SQLITE_UNIQUE
        seen = seen.__cause__
    return False


def conflict_detail(exc: BaseException) -> str:
    return INTEGRITY_CONFLICT if isinstance(exc, IntegrityError) else WRITE_CONFLICT


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, RuleViolation):
        return Response({exc.field: [exc.message]}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, TransitionNotAllowed):
        body: dict[str, Any] = {"detail": exc.detail}
        if exc.allowed:
            body["allowed"] = exc.allowed
        return Response(body, status=status.HTTP_409_CONFLICT)
    if isinstance(exc, NotPermitted):
        return Response({"detail": exc.detail}, status=status.HTTP_403_FORBIDDEN)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            return Response(exc.message_dict, status=status.HTTP_400_BAD_REQUEST)
        return Response({"non_field_errors": exc.messages}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, ObjectDoesNotExist):
        exc = Http404()
    if isinstance(exc, DatabaseError) and is_write_conflict(exc):
        logger.info("write conflict: %s", exc)
        return Response({"detail": conflict_detail(exc)}, status=status.HTTP_409_CONFLICT)
    return drf_exception_handler(exc, context)
