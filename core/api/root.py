"""``GET /api/v1/``: the API root, listing every endpoint; and the JSON 404 for any other path under it.

The list is read from the URL configuration itself, so a new route appears here without anyone editing it."""

from __future__ import annotations

import re
from typing import Any

from django.http import HttpRequest, HttpResponsePermanentRedirect, JsonResponse
from django.urls import URLPattern, URLResolver, get_resolver, resolve, reverse
from django.urls.exceptions import Resolver404
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import schema

API_PREFIX = "api/v1/"
_CONVERTER = re.compile(r"<(?:\w+:)?(\w+)>")
METHODS = ("get", "post", "put", "patch", "delete")

Endpoint = inline_serializer(
    "Endpoint",
    {
        "path": serializers.CharField(help_text="With {placeholders} for the parts you fill in"),
        "url": serializers.URLField(help_text="The absolute URL, placeholders left in"),
        "methods": serializers.ListField(child=serializers.CharField()),
        "name": serializers.CharField(),
    },
    many=True,
)
ApiRoot = inline_serializer(
    "ApiRoot",
    {
        "docs": serializers.URLField(help_text="Interactive documentation (Swagger UI)"),
        "schema": serializers.URLField(help_text="The OpenAPI 3 schema"),
        "endpoints": Endpoint,
    },
)


def api_endpoints() -> list[dict[str, Any]]:
    """Every route under /api/v1/ with the methods its view answers, in URL-configuration order."""
    root = next(
        p for p in get_resolver().url_patterns if isinstance(p, URLResolver) and str(p.pattern) == API_PREFIX
    )
    found: list[dict[str, Any]] = []
    _walk(root.url_patterns, "/" + API_PREFIX, found)
    return found


def _walk(patterns: list[Any], prefix: str, found: list[dict[str, Any]]) -> None:
    for pattern in patterns:
        route = prefix + _CONVERTER.sub(r"{\1}", str(pattern.pattern))
        if isinstance(pattern, URLResolver):
            _walk(pattern.url_patterns, route, found)
            continue
        view = getattr(pattern.callback, "cls", None) or getattr(pattern.callback, "view_class", None)
        if not isinstance(pattern, URLPattern) or view is None:
            continue
        methods = [m.upper() for m in METHODS if hasattr(view, m) and m in view.http_method_names]
        found.append({"path": route, "methods": methods, "name": pattern.name or ""})


@extend_schema(tags=["api"])
class ApiRootView(APIView):
    @extend_schema(
        responses={200: ApiRoot, 401: schema.UNAUTHENTICATED, 429: schema.THROTTLED},
    )
    def get(self, request: Request) -> Response:
        endpoints = [
            {**endpoint, "url": request.build_absolute_uri(endpoint["path"])} for endpoint in api_endpoints()
        ]
        return Response(
            {
                "docs": request.build_absolute_uri(reverse("docs")),
                "schema": request.build_absolute_uri(reverse("schema")),
                "endpoints": endpoints,
            }
        )


@csrf_exempt  # a 404 whatever the method: no form is being posted, so no CSRF page either
def not_found(request: HttpRequest, rest: str = "") -> JsonResponse | HttpResponsePermanentRedirect:
    """Any path under /api/ that names no endpoint: a JSON 404 (never Django's HTML page).

    Being a catch-all it would hide APPEND_SLASH's redirect, so it does that redirect itself for reads."""
    path = request.path_info
    if not path.endswith("/") and request.method in ("GET", "HEAD"):
        try:
            match = resolve(path + "/")
        except Resolver404:
            match = None
        if match is not None and match.func is not not_found:
            query = request.META.get("QUERY_STRING", "")
            return HttpResponsePermanentRedirect(request.path + "/" + (f"?{query}" if query else ""))
    return JsonResponse({"detail": "No such endpoint. GET /api/v1/ lists them."}, status=404)
