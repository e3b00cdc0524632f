"""The answers of ``GET stats/stages/`` kept between refreshes (issue 33: a Region's figures read near their
SQL floor).

The stored figures change only when a refresh rewrites them (``stats.refresh``), and every refresh writes
one ``Refresh`` row in the same transaction: its id is the figures' generation. An answer's tag is a digest
of that generation, the code's revision, the query string as sent (its pairs sorted) and the media type, so
it is the same for every caller (the figures are public-record aggregates, the same for everyone signed in)
and a new one after every refresh. The rendered body is kept in the read cache under that tag, by the key
scheme of the other conditional reads (``core.api.conditional.cache_key``), and nothing is invalidated: a
refresh makes new tags, old entries expire. A cache that does not answer costs a fresh build, never a
failed read.
"""

from __future__ import annotations

import hashlib
import logging

from django.conf import settings
from django.core.cache import cache
from django.http import HttpResponseBase
from rest_framework.request import Request

from core.api.conditional import cache_key, code_revision, mark
from core.cache_errors import CACHE_UNREACHABLE

logger = logging.getLogger(__name__)

CSV_CONTENT_TYPE = "text/csv; charset=utf-8"


def tag(generation: int | None, request: Request) -> str:
    """The strong ETag of the answer to ``request`` over the figures of refresh ``generation``."""
    query = sorted(request.query_params.lists())
    key = repr(("stats/stages", code_revision(), generation, query, request.accepted_media_type))
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:40] + '"'


def content_type(request: Request) -> str:
    if request.accepted_renderer.format == "csv":
        return CSV_CONTENT_TYPE
    return str(request.accepted_renderer.media_type)


def cached(etag: str) -> bytes | None:
    try:
        body = cache.get(cache_key(etag))
    except CACHE_UNREACHABLE:
        logger.warning("read cache unavailable; building the figures' answer", exc_info=True)
        return None
    return body if isinstance(body, bytes) else None


def keep(etag: str, body: bytes) -> None:
    try:
        cache.set(cache_key(etag), body, settings.READ_CACHE_SECONDS)
    except CACHE_UNREACHABLE:
        logger.warning("read cache unavailable; figures' answer not kept", exc_info=True)


def marked(response: HttpResponseBase, etag: str) -> HttpResponseBase:
    mark(response, etag)
    return response
