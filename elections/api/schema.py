"""Error shapes declared in the OpenAPI schema, so that clients (and fuzzers) know every answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, inline_serializer
from rest_framework import serializers

Detail = inline_serializer("Detail", {"detail": serializers.CharField()})
Conflict = inline_serializer(
    "Conflict",
    {
        "detail": serializers.CharField(),
        "allowed": serializers.ListField(child=serializers.CharField(), required=False),
    },
)
FieldErrors = inline_serializer(
    "FieldErrors",
    {
        "field_name": serializers.ListField(
            child=serializers.CharField(), help_text="One entry per broken rule"
        )
    },
)

UNAUTHENTICATED = OpenApiResponse(Detail, description="No or invalid credentials")
NOT_FOUND = OpenApiResponse(Detail, description="Not found, or outside the caller's cases")
FORBIDDEN = OpenApiResponse(Detail, description="Visible to the caller but not theirs to change")
BAD_REQUEST = OpenApiResponse(FieldErrors, description="Bad input: each field names the rule it breaks")
CONFLICT = OpenApiResponse(Conflict, description="Not allowed in the current state")
THROTTLED = OpenApiResponse(
    Detail, description="Too many requests: wait the seconds in the Retry-After header (API_THROTTLE_*)"
)


def reading(ok: Any, extra: dict[int, Any] | None = None) -> dict[int, Any]:
    """Responses of a GET: the body, 400 for a bad filter, 401, 404 and 429."""
    return {200: ok, 400: BAD_REQUEST, 401: UNAUTHENTICATED, 404: NOT_FOUND, 429: THROTTLED, **(extra or {})}


def writing(ok: Any, status: int = 201, extra: dict[int, Any] | None = None) -> dict[int, Any]:
    """Responses of a POST, PATCH or DELETE: the body, 400, 401, 403, 404, 409 and 429."""
    return {
        status: ok,
        400: BAD_REQUEST,
        401: UNAUTHENTICATED,
        403: FORBIDDEN,
        404: NOT_FOUND,
        409: CONFLICT,
        429: THROTTLED,
        **(extra or {}),
    }
