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
# Bad input is keyed by the field it concerns (``{"voting_closes_on": ["…"]}``), nested for nested input
# (``{"parties": [{}, {"name": ["…"]}]}``); input that is not JSON at all is ``{"detail": "…"}``.
FieldErrors: dict[str, Any] = {
    "type": "object",
    "description": "One key per field at fault, each with the rules it breaks (nested for nested input); "
    "`non_field_errors` for a rule across fields; `detail` when the body could not be read at all.",
    "properties": {
        "detail": {"type": "string"},
        "non_field_errors": {"type": "array", "items": {"type": "string"}},
    },
    "additionalProperties": {"anyOf": [{"type": "array"}, {"type": "object"}]},
    "example": {"voting_closes_on": ["Voting cannot close before it opens (2022-02-04)."]},
}

UNAUTHENTICATED = OpenApiResponse(Detail, description="No or invalid credentials")
NOT_FOUND = OpenApiResponse(Detail, description="Not found, or outside the caller's cases")
FORBIDDEN = OpenApiResponse(Detail, description="Visible to the caller but not theirs to change")
BAD_REQUEST = OpenApiResponse(FieldErrors, description="Bad input: each field names the rule it breaks")
CONFLICT = OpenApiResponse(Conflict, description="Not allowed in the current state")


def reading(ok: Any, extra: dict[int, Any] | None = None) -> dict[int, Any]:
    """Responses of a GET: the body, 400 for a bad filter, 401 and 404."""
    return {200: ok, 400: BAD_REQUEST, 401: UNAUTHENTICATED, 404: NOT_FOUND, **(extra or {})}


def writing(ok: Any, status: int = 201, extra: dict[int, Any] | None = None) -> dict[int, Any]:
    """Responses of a POST or PATCH: the body, 400, 401, 403, 404 and 409."""
    return {
        status: ok,
        400: BAD_REQUEST,
        401: UNAUTHENTICATED,
        403: FORBIDDEN,
        404: NOT_FOUND,
        409: CONFLICT,
        **(extra or {}),
    }
