"""A write repeated (a double click, a client retrying after a lost answer) is answered with its first
answer, not made twice (issue 36, item 6).

``once(user=…, key=…, fingerprint=…, run=…)`` runs ``run()`` — the view that makes the write — in one
transaction with the ``IdempotentRequest`` row that records its answer. The row is inserted first: a second
request with the same key waits on the unique index until the first commits, then finds its answer. An
answer that is not a success (a 4xx, a 5xx) is not kept and its transaction is rolled back, so the same key
may be tried again once the problem is fixed. The same key with another request (``fingerprint``) is refused.

Used by the API (``access.idempotency.IdempotencyKeyMiddleware``, the ``Idempotency-Key`` header) and by the
desk's forms (``desk.once``, a one-time token in each form that creates a paper).
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction
from django.http import HttpResponse

from core import clock
from core.models import IdempotentRequest

REPLAYED = "Idempotent-Replayed"


class KeyReused(Exception):
    """The key was used before for a different request."""


def fingerprint(*parts: bytes | str) -> str:
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8", "surrogatepass") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big") + data)
    return digest.hexdigest()


def _kept(response: HttpResponse) -> bool:
    return 200 <= response.status_code < 400 and not getattr(response, "streaming", False)


def _replay(row: IdempotentRequest) -> HttpResponse:
    response = HttpResponse(bytes(row.body), status=row.status, content_type=row.content_type or None)
    if row.location:
        response["Location"] = row.location
    response[REPLAYED] = "true"
    return response


def once(
    *,
    user: Any,
    key: str,
    fingerprint: str,
    run: Callable[[], HttpResponse],
    atomic: bool = True,
    keep: Callable[[HttpResponse], bool] = _kept,
) -> HttpResponse:
    """``run()``'s answer, or the first answer under ``(user, key)``; ``KeyReused`` for another request.
    ``keep``: which answers are kept (by default a success, 2xx or 3xx).

    ``atomic=False`` for a write that must not run inside a transaction (a document upload reads its PDF
    first, holding no lock): the answer is kept after ``run()`` commits its own; two such requests with one
    key at the very same moment may then both run, and the second keeps no answer."""
    if not atomic:
        found = IdempotentRequest.objects.filter(user=user, key=key).first()
        if found is not None:
            return _answer(found, fingerprint)
        response = run()
        if keep(response):
            try:
                with transaction.atomic():
                    _record(user, key, fingerprint, response)
            except IntegrityError:
                pass
        return response
    with transaction.atomic():
        try:
            with transaction.atomic():
                row = IdempotentRequest.objects.create(user=user, key=key, fingerprint=fingerprint, status=0)
        except IntegrityError:
            found = IdempotentRequest.objects.get(user=user, key=key)
            return _answer(found, fingerprint)
        response = run()
        if not keep(response):
            transaction.set_rollback(True)
            return response
        _fill(row, response)
        row.save()
    return response


def _answer(found: IdempotentRequest, wanted: str) -> HttpResponse:
    if found.fingerprint != wanted:
        raise KeyReused
    return _replay(found)


def _fill(row: IdempotentRequest, response: HttpResponse) -> None:
    if hasattr(response, "render") and not getattr(response, "is_rendered", True):
        response.render()
    row.status = response.status_code
    row.content_type = response.get("Content-Type", "")[:100]
    row.location = response.get("Location", "")[:2000]
    row.body = bytes(response.content)


def _record(user: Any, key: str, wanted: str, response: HttpResponse) -> None:
    row = IdempotentRequest(user=user, key=key, fingerprint=wanted)
    _fill(row, response)
    row.save()


def forget_old_answers() -> int:
    """Forget the answers kept longer than ``IDEMPOTENCY_KEY_DAYS``: a key is for retrying a write, not a
    record (the write itself is). Daily, by beat. Returns how many were forgotten."""
    cutoff = clock.now() - timedelta(days=int(getattr(settings, "IDEMPOTENCY_KEY_DAYS", 7)))
    forgotten, _ = IdempotentRequest.objects.filter(created_at__lt=cutoff).delete()
    return forgotten
