"""Answers built when the record changes, not when it is read (issue 35; ADR 0007).

A write moves its case's version (core/case_version.py), so every read of the case is cold until someone
reads it — and counsel read right after they write. Here, after a write commits, each per-case read it
changed is built once per audience (Board staff; each party with someone appearing for it: every reader
for one party reads the same bytes there, elections/api/scoping.py ``audience_on``) and stored in the
read cache under the tag that read will compute, so the first read after a write is a warm read.

The bodies are made by the API itself: each read is a GET dispatched to the real view, as a representative
user of the audience, with the writing request's scheme and host (the pagination links hold them). The
view computes its tag, misses the cache and stores its answer (core/api/conditional.py) exactly as a
caller's read would; so there is one definition of who sees what, and the key stored is the key looked up.

Which cases: a trigger queues every case whose version moves (``CaseToRebuild``). The request that wrote
drains its own rows after its response is ready (``BuildAfterWriteMiddleware``: the writer's next read is
warm; at most ``BODIES_AFTER_WRITE_CASES`` of the newest, so that a bulk write does not hold its response);
the periodic sweep (``build_queued``, from beat and ``manage.py run_schedule``) drains what imports, tasks and
commands wrote, at most ``BODIES_SWEEP_CASES`` of the newest cases a turn (an import that
touches 20,000 cases leaves the rest to be built when read, as before).

Which reads: those the apps register (``register_case_read``), each a URL name and whether the case is a
``?case=`` filter or the ``number`` in the path. Only the first page of a list is built; a list the same for
every reader of the case (``same_for_every_reader``: challenges, objections) is built once, not per audience.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.exceptions import DisallowedHost
from django.db import DatabaseError, connection, transaction
from django.http import HttpRequest, HttpResponse
from django.urls import resolve, reverse
from rest_framework.test import APIRequestFactory, force_authenticate

from elections.models import Appearance, Case, CaseToRebuild

logger = logging.getLogger(__name__)

UNSAFE = frozenset({"POST", "PUT", "PATCH", "DELETE"})


@dataclass(frozen=True)
class CaseRead:
    url_name: str
    by_query: bool  # ``?case=<number>`` on a list across cases; else ``number`` in the path


_reads: list[CaseRead] = []


def register_case_read(url_name: str, *, by_query: bool = False) -> None:
    """A per-case conditional read whose answer is built after every write under its case."""
    read = CaseRead(url_name, by_query)
    if read not in _reads:
        _reads.append(read)


def case_reads() -> tuple[CaseRead, ...]:
    return tuple(_reads)


def path_of(read: CaseRead, number: str) -> str:
    if read.by_query:
        return f"{reverse(read.url_name)}?case={number}"
    return reverse(read.url_name, kwargs={"number": number})


# --- who reads: the audiences of a case ---------------------------------------------------------


def audiences(case_ids: Iterable[int]) -> dict[int, list[Any]]:
    """For each case, one representative user per audience: a staff user (every case), and for each party
    with a current appearance the first active user appearing for it. Two queries whatever the cases."""
    ids = sorted(set(case_ids))
    user_model = get_user_model()
    staff = user_model.objects.filter(is_staff=True, is_active=True).order_by("pk").first()
    readers: dict[int, list[Any]] = {case_id: [staff] if staff is not None else [] for case_id in ids}
    seen: set[int] = set()
    appearances = (
        Appearance.objects.filter(case_id__in=ids, user__is_active=True, user__is_staff=False)
        .select_related("user")
        .order_by("party_id", "id")
    )
    for appearance in appearances:
        if appearance.party_id in seen:
            continue
        seen.add(appearance.party_id)
        readers[appearance.case_id].append(appearance.user)
    return readers


# --- building: the real view, through DRF's request ------------------------------------------------


@cache
def _view_for(path: str) -> tuple[Callable[..., Any], type, tuple[Any, ...], dict[str, Any]]:
    match = resolve(path)
    view_class = match.func.view_class  # type: ignore[attr-defined]
    initkwargs = getattr(match.func, "view_initkwargs", {})
    # No throttle: building an answer is not a call of the representative user's.
    view = view_class.as_view(**{**initkwargs, "throttle_classes": ()})
    return view, view_class, match.args, match.kwargs


def _shared(path: str) -> bool:
    """The read's answer is the same for every reader of the case (``same_for_every_reader``)."""
    return bool(getattr(_view_for(urlsplit(path).path)[1], "same_for_every_reader", False))


def build(path: str, user: Any, base: str) -> HttpResponse:
    """GET ``path`` (with its query) as ``user`` through the view's whole DRF stack, at ``base``
    (``https://host``): what ``user``'s own read of it would answer, stored in the read cache on the way."""
    split = urlsplit(base)
    request = APIRequestFactory().get(
        path,
        HTTP_HOST=split.netloc,
        HTTP_ACCEPT="application/json",
        secure=split.scheme == "https",
    )
    force_authenticate(request, user=user)
    view, _, args, kwargs = _view_for(urlsplit(path).path)
    response: HttpResponse = view(request, *args, **kwargs)
    if hasattr(response, "render"):
        response.render()  # the post-render callback stores the body under its tag
    return response


def build_cases(case_ids: Iterable[int], base: str) -> int:
    """Every registered read of each case, for each of its audiences; the number of answers built."""
    ids = set(case_ids)
    if not ids or not _reads:
        return 0
    numbers = dict(Case.objects.filter(pk__in=ids).values_list("pk", "number"))
    readers = audiences(numbers)
    built = 0
    for case_id, number in sorted(numbers.items()):
        for read in _reads:
            path = path_of(read, number)
            # An answer the same for every reader of the case is built once, by the first.
            for user in readers[case_id][:1] if _shared(path) else readers[case_id]:
                built += build(path, user, base).status_code == 200
    return built


# --- draining the queue -------------------------------------------------------------------------


def _writer() -> int | None:
    """This connection's id among the queue's writers (PostgreSQL's backend pid, known to the driver
    without a query); ``None`` on SQLite, whose rows all say 0 (one process writes there)."""
    if connection.vendor != "postgresql":
        return None
    connection.ensure_connection()
    return int(connection.connection.info.backend_pid)


def queued_so_far() -> int:
    """The newest row of the queue: on SQLite, where every row says writer 0, a request takes only the rows
    queued after this mark — not what ``load_demo``, an import or a command left for the sweep (a sign-in
    would otherwise build every demo case before its redirect)."""
    newest = CaseToRebuild.objects.order_by("-pk").values_list("pk", flat=True).first()
    return newest or 0


def _newest_cases(rows: Iterable[tuple[int, int]], limit: int) -> list[int]:
    """The cases of queue rows ``(pk, case_id)``, each once, the most recently queued first, at most
    ``limit``: what a request and the sweep build; the older ones are built when read."""
    newest_first = sorted(rows, reverse=True)
    return list(dict.fromkeys(case_id for _, case_id in newest_first))[:limit]


def _take_written(writer: int | None, after: int = 0) -> list[tuple[int, int]]:
    """Delete the rows ``writer`` queued (on SQLite, every row after the mark ``after``) and return them:
    one statement, so that a request that wrote nothing under a case pays one round trip here."""
    table, pk = CaseToRebuild._meta.db_table, CaseToRebuild._meta.pk.column
    where, params = (f" WHERE {pk} > %s", [after]) if writer is None else (" WHERE writer = %s", [writer])
    with connection.cursor() as cursor:
        cursor.execute(f"DELETE FROM {table}{where} RETURNING {pk}, case_id", params)
        return list(cursor.fetchall())


def build_written(base: str, after: int = 0, limit: int | None = None) -> int:
    """After a request's writes committed: the answers of the cases this connection queued (on SQLite,
    those queued after ``after``) — the newest ``limit`` of them (``BODIES_AFTER_WRITE_CASES``). A request
    that wrote more (an import, a bulk action) leaves the rest to be built when read: building them all
    would hold its response for seconds, or, for a whole record, hours."""
    limit = settings.BODIES_AFTER_WRITE_CASES if limit is None else limit
    return build_cases(_newest_cases(_take_written(_writer(), after), limit), base)


def build_queued(limit: int | None = None, base: str | None = None) -> int:
    """The sweep: the newest ``limit`` cases queued by anyone (``BODIES_SWEEP_CASES``); older ones are
    dropped from the queue (built when read, as before), so that a burst cannot grow the next turn."""
    limit = settings.BODIES_SWEEP_CASES if limit is None else limit
    with transaction.atomic():
        newest = list(CaseToRebuild.objects.order_by("-pk").values_list("pk", "case_id")[: max(limit * 4, 1)])
        if not newest:
            return 0
        CaseToRebuild.objects.filter(pk__lte=newest[0][0]).delete()
    return build_cases(_newest_cases(newest, limit), base or settings.SITE_URL)


class BuildAfterWriteMiddleware:
    """After an unsafe request (API, desk, admin) and the commit of its writes, build the answers of the
    cases it wrote, before its response leaves: the writer's next read is warm. A failure here is logged,
    never the request's: the answers are then built when read."""

    def __init__(self, get_response: Callable[[HttpRequest], Any]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> Any:
        if request.method not in UNSAFE:
            return self.get_response(request)
        try:
            # PostgreSQL's rows name the connection that queued them; SQLite's are told apart by this mark.
            after = queued_so_far() if connection.vendor != "postgresql" else 0
        except DatabaseError:
            return self.get_response(request)  # the database is down: the view answers for it (a 503)
        response = self.get_response(request)
        if response.status_code >= 400:
            return response  # refused or failed: one transaction per change, so nothing was written
        try:
            base = f"{request.scheme}://{request.get_host()}"
            transaction.on_commit(lambda: _build_quietly(base, after))
        except DisallowedHost:
            pass
        except DatabaseError:  # asking whether a transaction is open needs the connection
            logger.warning("answers not built after a write; they will be built when read", exc_info=True)
        return response


def _build_quietly(base: str, after: int) -> None:
    try:
        build_written(base, after)
    except DatabaseError:
        logger.warning("answers not built after a write; they will be built when read", exc_info=True)
