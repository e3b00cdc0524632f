"""``Idempotency-Key`` on the API's writes (issue 36, item 6): a write repeated with the same key and the same
request answers with its first answer (``Idempotent-Replayed: true``) and writes nothing again; the same key
with a different request is a 422 naming the header. Keys belong to the user who sent them; what they keep
is in ``core.idempotency``. A request without the header is untouched."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from rest_framework.request import Request
from rest_framework.settings import api_settings

from core.idempotency import KeyReused, fingerprint, once

HEADER = "Idempotency-Key"
WRITES = frozenset({"POST", "PUT", "PATCH", "DELETE"})
MAX_KEY = 200
# Writes that must not run inside a transaction: a document upload reads its PDF first, holding no lock.
OUTSIDE_A_TRANSACTION = ("/api/v1/documents/",)


def _refused(message: str, status: int = 400) -> JsonResponse:
    return JsonResponse({HEADER: [message]}, status=status)


def _caller(request: HttpRequest) -> Any:
    """The user the API will see, by its own authenticators (a token, or a session); None if none holds."""
    classes: list[Any] = list(api_settings.DEFAULT_AUTHENTICATION_CLASSES)
    drf = Request(request, authenticators=[auth() for auth in classes])
    try:
        user = drf.user
    except Exception:  # bad credentials, or a session without CSRF: the view answers for itself
        return None
    return user if getattr(user, "is_authenticated", False) else None


def _what_was_sent(request: HttpRequest) -> bytes:
    """The body; for a multipart upload, its length only. An upload is not read here: it may be larger than
    Django keeps in memory, and its view sets how it is read (a document stops at the size limit). So a key
    reused for another upload of exactly the same length is answered with the first upload's answer — a key
    names one request; use a new one for each new upload."""
    if request.content_type == "multipart/form-data":
        return str(request.META.get("CONTENT_LENGTH") or "").encode()
    return request.body


class IdempotencyKeyMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        key = request.headers.get(HEADER)
        if key is None or request.method not in WRITES or not request.path.startswith("/api/"):
            return self.get_response(request)
        if not 1 <= len(key) <= MAX_KEY or not key.isascii() or not key.isprintable():
            return _refused(f"Give a key of 1 to {MAX_KEY} printable ASCII characters (a UUID, say).")
        user = _caller(request)
        if user is None:
            return self.get_response(request)  # 401 or 403 from the view; nothing to keep
        asked = fingerprint(
            request.method or "", request.get_full_path(), request.content_type or "", _what_was_sent(request)
        )
        try:
            return once(
                user=user,
                key=f"api:{key}",
                fingerprint=asked,
                run=lambda: self.get_response(request),
                atomic=not request.path.startswith(OUTSIDE_A_TRANSACTION),
            )
        except KeyReused:
            return _refused(
                "This key was used before for a different request (another path or body): use a new key "
                "for a new request; repeat a request only with the key it was first sent with.",
                status=422,
            )
