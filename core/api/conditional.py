"""Conditional reads and the versioned cache of rendered answers.

A read that opts in (``ConditionalRead``) names what its answer depends on besides the request itself — for a
case's reads, the case's version (``core/case_version.py``) and the time buckets below; for a list across
cases, the caller's audience version (``core/audience_version.py``). With the caller's scope, the full URL
(host and scheme included: the pagination links hold them), the media type and the code's revision, that
makes a strong ``ETag``. Then:

- ``If-None-Match`` holding the tag answers 304 before the body is built;
- otherwise the rendered body is read from the cache (Redis in production, local memory in the embedded
  default) under the tag, and stored there after a miss.

Nothing is ever invalidated: a write moves a version, which makes a new tag, hence a new key; old entries
expire (``READ_CACHE_SECONDS``). The scope is part of the tag — ``staff`` for staff (they all see the same),
the user's id for anyone else, or on a read of one case the caller's audience there (``party:<id>``: every
reader for one party reads the same bytes; elections/api/scoping.py) — so no caller is ever served a body
rendered for another scope. A write's answers are built before anyone asks (elections/bodies.py), by the
same views, under the same tags.

Time buckets: an answer can change with no write at all when a moment passes (an open deadline falls due and
reads as missed or moot; the objections period ends and the stage moves). Apps above register a function
returning a one-value queryset — the latest such moment already passed — and that moment is part of the tag:
it changes exactly when one of those moments passes.

Only JSON answers are tagged and cached: the browsable API's HTML holds the caller's CSRF token.
"""

from __future__ import annotations

import hashlib
import logging
import os
from collections.abc import Callable
from datetime import datetime
from functools import lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db.models import QuerySet, Subquery
from django.http import HttpResponse, HttpResponseBase, HttpResponseNotModified
from django.utils.cache import patch_vary_headers
from django.utils.http import parse_etags
from rest_framework.renderers import JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response

from core import clock
from core.actors import is_staff
from core.cache_errors import CACHE_UNREACHABLE

logger = logging.getLogger(__name__)

TimeBucket = Callable[[datetime, dict[str, Any]], QuerySet[Any]]
_time_buckets: dict[str, TimeBucket] = {}

# What a conditional answer varies by, besides its URL.
VARY = ("Accept", "Authorization", "Cookie")
CACHE_CONTROL = "private, no-cache"


def register_time_bucket(name: str, bucket: TimeBucket) -> None:
    """``bucket(now, filters)``: a queryset of one value, the latest moment up to ``now`` at which an answer
    under the rows ``filters`` select changed by time alone (``filters`` may be ``{"case_id": OuterRef("pk")}``
    or empty for every case)."""
    _time_buckets[name] = bucket


def time_buckets(*, at: datetime | None = None, **filters: Any) -> dict[str, Subquery]:
    """The registered buckets as subqueries to annotate or aggregate (``bucket_<name>``), as of ``at`` (now)."""
    now = clock.now() if at is None else at
    return {f"bucket_{name}": Subquery(bucket(now, filters)[:1]) for name, bucket in _time_buckets.items()}


def bucket_names() -> tuple[str, ...]:
    """The annotations ``time_buckets`` makes, in the order of ``bucket_values``."""
    return tuple(f"bucket_{name}" for name in sorted(_time_buckets))


def bucket_values(record: Any) -> tuple[Any, ...]:
    return tuple(getattr(record, f"bucket_{name}") for name in sorted(_time_buckets))


# Audience parts: what a caller may read under a case that not every caller may (a side's notes, staff
# notes) moves no case version (its rows carry no case-version triggers: core/case_version.py); it reaches
# the tag through a part registered here by the app that owns it, computed for the caller — so one side's
# privileged write never moves the other side's tag (issue 36, item 5: a timing channel into its work). That
# is for the reads of one case; the lists across cases read the audience version instead, which such a table
# moves by its own triggers for its readers only (core/audience_version.py, ADR 0008).
AudiencePart = Callable[[Any, dict[str, Any]], QuerySet[Any]]
_audience_parts: dict[str, AudiencePart] = {}


def register_audience_part(name: str, part: AudiencePart) -> None:
    """``part(user, filters)``: a queryset of one value that moves whenever a row ``user`` may read under the
    rows ``filters`` select is written (``{"case_id": OuterRef("pk")}``, or empty for every case)."""
    _audience_parts[name] = part


def audience_parts(user: Any, **filters: Any) -> dict[str, Subquery]:
    return {f"audience_{name}": Subquery(part(user, filters)[:1]) for name, part in _audience_parts.items()}


def audience_names() -> tuple[str, ...]:
    return tuple(f"audience_{name}" for name in sorted(_audience_parts))


def audience_values(record: Any) -> tuple[Any, ...]:
    return tuple(getattr(record, name) for name in audience_names())


def scope_of(user: Any) -> str:
    """Who the answer is rendered for: staff share one scope (they see every case alike); anyone else has
    their own (what a counsel or paralegal sees depends on their appearances and their side)."""
    return "staff" if is_staff(user) else f"user:{getattr(user, 'pk', None)}"


@lru_cache(maxsize=1)
def code_revision() -> str:
    """What identifies the tracker's code: a deploy that changes how an answer is rendered makes new tags (the
    cache in Redis outlives a process). ``CODE_REVISION`` when the deploy names it (a git revision baked into
    the image); else a digest of the name, size and modification time of every module of the apps and of
    every template beside them — read once per process (``config/wsgi.py`` asks at start-up), no file read.
    No conditional read renders a template today (JSON only); they are in the digest so that one may."""
    if settings.CODE_REVISION:
        return str(settings.CODE_REVISION)
    digest = hashlib.sha256()
    root = Path(settings.BASE_DIR)
    for path in _source_files(root):
        stat = path.stat()
        digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


def _source_files(root: Path) -> list[Path]:
    """The apps' and config's modules (never the virtualenv beside them, nor migrations) and templates."""
    found: list[Path] = []
    for top in sorted(root.iterdir()):
        if not (top / "__init__.py").is_file() or top.name in {"tests", "bench", "tools"}:
            continue
        for folder, subfolders, files in os.walk(top):
            subfolders[:] = sorted(name for name in subfolders if name not in {"migrations", "__pycache__"})
            in_templates = "templates" in Path(folder).relative_to(root).parts
            found.extend(
                Path(folder) / name for name in sorted(files) if in_templates or name.endswith(".py")
            )
    return found


def make_tag(request: Request, parts: tuple[Any, ...], scope: str | None = None) -> str:
    """``scope``: who the answer is rendered for (``scope_of`` the caller unless the read says, e.g. the
    caller's audience on a case: every reader of one side reads the same bytes there)."""
    scope = scope_of(request.user) if scope is None else scope
    key = repr((code_revision(), request.build_absolute_uri(), scope, parts))
    return '"' + hashlib.sha256(key.encode()).hexdigest()[:40] + '"'


def cache_key(tag: str) -> str:
    return "read:" + tag.strip('"')


def _cached(tag: str) -> HttpResponse | None:
    try:
        hit = cache.get(cache_key(tag))
    except CACHE_UNREACHABLE:  # a cache that does not answer costs a cold read, never a failed one
        logger.warning("read cache unavailable; building the answer", exc_info=True)
        return None
    if hit is None:
        return None
    content_type, body = hit
    return HttpResponse(body, content_type=content_type)


def _store(tag: str, response: Any) -> None:
    try:
        cache.set(cache_key(tag), (response["Content-Type"], response.content), settings.READ_CACHE_SECONDS)
    except CACHE_UNREACHABLE:
        logger.warning("read cache unavailable; answer not kept", exc_info=True)


def mark(response: HttpResponseBase, tag: str) -> None:
    """The tag and the headers of every conditional answer (a 200 or a 304); stats/answers.py shares them."""
    response["ETag"] = tag
    response["Cache-Control"] = CACHE_CONTROL
    patch_vary_headers(response, VARY)


class _Answered(Exception):
    def __init__(self, response: HttpResponseBase) -> None:
        self.response = response


class ConditionalRead:
    """For a DRF view whose GET may be answered from its tag: ``read_parts()`` returns what the answer
    depends on besides the request (``None``: this call is not conditional, e.g. a filter to refuse)."""

    read_tag: str | None = None
    read_star = False  # If-None-Match: "*", to be answered once the view shows the request is a good one

    def read_parts(self) -> tuple[Any, ...] | None:
        raise NotImplementedError

    def read_scope(self) -> str | None:
        """Who the answer is rendered for, asked after ``read_parts``; ``None``: ``scope_of`` the caller."""
        return None

    def initial(self, request: Request, *args: Any, **kwargs: Any) -> None:
        super().initial(request, *args, **kwargs)  # type: ignore[misc]  # 401, 404 and 403 come first
        if request.method not in ("GET", "HEAD") or not isinstance(
            getattr(request, "accepted_renderer", None), JSONRenderer
        ):
            return
        parts = self.read_parts()
        if parts is None:
            return
        tag = self.read_tag = make_tag(request, parts, self.read_scope())
        held = parse_etags(request.headers.get("If-None-Match", ""))
        response: HttpResponseBase
        if tag in held:
            response = HttpResponseNotModified()
        else:
            # "*" matches any current answer (RFC 9110, 13.1.2), but a precondition is ignored when the
            # request without it would not be a 2xx (13.2.1): a tag is only ever issued on a 200, so it
            # answers for itself; "*" waits for a cached 200 of this very URL, or for the view's own answer.
            star = "*" in held
            cached = _cached(tag)
            if cached is None:
                self.read_star = star
                return
            response = HttpResponseNotModified() if star else cached
        raise _Answered(response)

    def handle_exception(self, exc: Exception) -> Any:
        if isinstance(exc, _Answered):
            return exc.response
        return super().handle_exception(exc)  # type: ignore[misc]

    def finalize_response(self, request: Request, response: Any, *args: Any, **kwargs: Any) -> Any:
        response = super().finalize_response(request, response, *args, **kwargs)  # type: ignore[misc]
        tag = self.read_tag
        if tag is not None and response.status_code == 200 and self.read_star:
            response = HttpResponseNotModified()  # "*" held, and the request was one to answer
        if tag is not None and response.status_code in (200, 304):
            mark(response, tag)  # after DRF's own headers, which set Vary
            if isinstance(response, Response):
                response.add_post_render_callback(lambda rendered: _store(tag, rendered))
        return response
