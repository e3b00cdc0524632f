"""Error shapes declared in the OpenAPI schema, so that clients (and fuzzers) know every answer."""

from __future__ import annotations

from typing import Any

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.plumbing import force_instance
from drf_spectacular.utils import OpenApiExample, OpenApiResponse, inline_serializer
from rest_framework import serializers

from core.api.conditional import ConditionalRead
from core.api.inputs import InputSerializer

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


def _example(name: str, value: Any) -> list[OpenApiExample]:
    return [OpenApiExample(name, value=value, response_only=True)]


UNAUTHENTICATED = OpenApiResponse(
    Detail,
    description="No or invalid credentials: send `Authorization: Token <key>` (printed by `make run`)",
    examples=_example("No token", {"detail": "Authentication credentials were not provided."}),
)
NOT_FOUND = OpenApiResponse(
    Detail,
    description="Not found — or in a case where you have no appearance, which looks the same on purpose",
    examples=_example("Not yours, or not there", {"detail": "No Case matches the given query."}),
)
FORBIDDEN = OpenApiResponse(
    Detail,
    description="You can see it but may not do this (a paralegal filing, counsel acting for another party, "
    "a staff-only step)",
    examples=_example("Not yours to do", {"detail": "You do not have permission to perform this action."}),
)
BAD_REQUEST = OpenApiResponse(
    FieldErrors,
    description="Bad input: each field at fault, with the rule it breaks",
    examples=_example(
        "A date no case can have",
        {
            "voting_closes_on": [
                "Give a date from 1935-07-05 (the National Labor Relations Act) to 2099-12-31."
            ]
        },
    ),
)
CONFLICT = OpenApiResponse(
    Conflict,
    description="Not allowed at this stage of the case; `allowed` lists what may come next",
    examples=_example(
        "Out of order",
        {
            "detail": "board_decision is not allowed after the tally; the ladder allows next: "
            "notice_of_hearing, regional_investigation.",
            "allowed": ["notice_of_hearing", "regional_investigation"],
        },
    ),
)
THROTTLED = OpenApiResponse(
    Detail,
    description="Too many requests: wait the seconds in the Retry-After header (API_THROTTLE_USER/ANON)",
    examples=_example("Slow down", {"detail": "Request was throttled. Expected available in 12 seconds."}),
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


NOT_MODIFIED = {
    "description": "Not modified: the `If-None-Match` tag is still the answer's (no body). Nothing under the case "
    "changed and no deadline fell due since the answer that sent it.",
    "headers": {"ETag": {"$ref": "#/components/headers/ETag"}},
}
ETAG_HEADER = {
    "description": "A strong tag of this answer for this caller: send it back as `If-None-Match` to be "
    "answered 304 while it holds. It changes with every write under the case (or, for a list across cases, "
    "under any case you may see) and when one of the deadlines shown falls due.",
    "schema": {"type": "string"},
}
IF_NONE_MATCH = {
    "name": "If-None-Match",
    "in": "header",
    "required": False,
    "description": "The `ETag` of an answer you hold: 304 with no body when it is still the answer.",
    "schema": {"type": "string"},
}


class TrackerAutoSchema(AutoSchema):
    """drf-spectacular's schema, and for a conditional read (core/api/conditional.py) its tag: the
    `If-None-Match` header, the `ETag` of the answer and the 304. A request body read by an
    ``InputSerializer`` (core/api/inputs.py) is closed: `additionalProperties: false`, as the server is."""

    def _map_serializer(self, serializer: Any, direction: Any, bypass_extensions: bool = False) -> Any:
        mapped = super()._map_serializer(serializer, direction, bypass_extensions)
        if direction == "request" and isinstance(force_instance(serializer), InputSerializer):
            mapped["additionalProperties"] = False
        return mapped

    def get_operation(self, *args: Any, **kwargs: Any) -> Any:
        operation = super().get_operation(*args, **kwargs)
        if operation is None or self.method != "GET":
            return operation
        if not isinstance(self.view, ConditionalRead):
            # A read tagged its own way (the figures of what to expect, by refresh) documents its 304 by hand;
            # its answer carries the same ETag header.
            responses = operation.get("responses", {})
            if "304" in responses and "200" in responses:
                responses["200"].setdefault("headers", {})["ETag"] = {"$ref": "#/components/headers/ETag"}
            return operation
        operation.setdefault("parameters", []).append(dict(IF_NONE_MATCH))
        responses = operation.setdefault("responses", {})
        if "200" in responses:
            responses["200"].setdefault("headers", {})["ETag"] = {"$ref": "#/components/headers/ETag"}
        responses["304"] = dict(NOT_MODIFIED)
        return operation


def etag_header_component(
    result: dict[str, Any], generator: Any, request: Any, public: bool
) -> dict[str, Any]:
    """Postprocessing hook: the one `ETag` header the conditional reads refer to."""
    result.setdefault("components", {}).setdefault("headers", {})["ETag"] = ETAG_HEADER
    return result
