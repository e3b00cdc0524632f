"""One place that turns domain and database errors into the API's 400/404/409 shapes.

Bad input → 400 ``{"field": ["message"]}``; an illegal step → 409 ``{"detail": "...", "allowed": [...]}``.
A conflicting concurrent write that reaches the database (a unique constraint) is a 409, never a 500.
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


# How the databases say "another transaction holds what you need": SQLite's busy/locked database (after its
# timeout), PostgreSQL's NOWAIT lock, deadlock and serialization failures. Each is a race the client can
# retry, so a 409, never a 500.
_CONFLICT_MARKERS = (
    "could not obtain lock",
    "database is locked",
    "database table is locked",
    "database is busy",
    "deadlock detected",
    "could not serialize access",
)


WRITE_CONFLICT = "Another user is changing this record right now; reload and retry."


def is_write_conflict(exc: BaseException) -> bool:
    text = str(exc).lower()
    return any(marker in text for marker in _CONFLICT_MARKERS)


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
    if isinstance(exc, IntegrityError):
        logger.info("integrity conflict: %s", exc)
        return Response(
            {"detail": "The change conflicts with the current state of the record; reload and retry."},
            status=status.HTTP_409_CONFLICT,
        )
    if isinstance(exc, DatabaseError) and is_write_conflict(exc):
        logger.info("write conflict: %s", exc)
        return Response(
            {"detail": WRITE_CONFLICT},
            status=status.HTTP_409_CONFLICT,
        )
    return drf_exception_handler(exc, context)
