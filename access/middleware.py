"""Request guards that run before any view: the size of a request body, and the production
Content-Security-Policy header. (The database-unavailable 503 lives elsewhere, in its own middleware.)"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse


class RequestSizeLimitMiddleware:
    """A body declared larger than ``MAX_REQUEST_BYTES`` is refused with 413 before a byte of it is read.

    Django reads a request body only up to its ``Content-Length`` (a body without one reads as empty),
    so refusing on the declared length caps what any upload can make the application receive."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        declared = request.META.get("CONTENT_LENGTH") or "0"
        limits = getattr(settings, "REQUEST_BYTES_BY_PATH", {})
        limit = int(limits.get(request.path, settings.MAX_REQUEST_BYTES))
        try:
            length = int(declared)
        except ValueError:
            return JsonResponse({"detail": "Content-Length is not a number."}, status=400)
        if length > limit:
            response = JsonResponse(
                {
                    "detail": f"The request body is {length:,} bytes; the limit is {limit:,} bytes "
                    f"({limit // 1_048_576} MB)."
                },
                status=413,
            )
            # No "Connection: close" from here: WSGI forbids hop-by-hop headers (runserver asserts on them);
            # a proxy's own body limit (nginx client_max_body_size) spares the server the unread rest.
            return response
        return self.get_response(request)


class ContentSecurityPolicyMiddleware:
    """Adds ``CONTENT_SECURITY_POLICY`` to every response that does not set its own (production)."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        policy = getattr(settings, "CONTENT_SECURITY_POLICY", "")
        if policy and "Content-Security-Policy" not in response:
            response["Content-Security-Policy"] = policy
        return response
