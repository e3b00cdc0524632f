"""The case page's long lists — challenged ballots and objections — a page at a time, with a search and a
status filter each, so a case of 921 challenges and 52 objections (Bessemer) stays short on a phone. Each
list keeps its own query parameters (``challenges_page``, ``challenges_q``, ``challenges_status``; the same
for ``objections_``), so paging one leaves the other where it was."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.core.paginator import Page, Paginator
from django.http import HttpRequest
from django.utils.http import urlencode

PER_PAGE = 25


@dataclass
class PagedList:
    prefix: str
    page: Page[Any]
    total: int
    shown: int
    q: str
    status: str
    statuses: list[tuple[str, str]]
    others: str  # the other lists' parameters, kept in this list's links

    def link(self, number: int) -> str:
        query = {f"{self.prefix}_page": str(number)}
        if self.q:
            query[f"{self.prefix}_q"] = self.q
        if self.status:
            query[f"{self.prefix}_status"] = self.status
        return "?" + "&".join(filter(None, [urlencode(query), self.others])) + f"#{self.prefix}"

    @property
    def previous_link(self) -> str:
        return self.link(self.page.previous_page_number()) if self.page.has_previous() else ""

    @property
    def next_link(self) -> str:
        return self.link(self.page.next_page_number()) if self.page.has_next() else ""


def _paged(
    request: HttpRequest,
    prefix: str,
    rows: Sequence[Any],
    *,
    text: Callable[[Any], str],
    status_of: Callable[[Any], tuple[str, str]],
) -> PagedList:
    q = request.GET.get(f"{prefix}_q", "").strip()[:200]
    status = request.GET.get(f"{prefix}_status", "").strip()[:40]
    statuses = sorted({status_of(r) for r in rows}, key=lambda s: s[1])
    chosen = [
        r
        for r in rows
        if (not status or status_of(r)[0] == status)
        and all(w in text(r).casefold() for w in q.casefold().split())
    ]
    others = urlencode(
        {
            k: str(v)
            for k, v in request.GET.items()
            if not k.startswith(f"{prefix}_") and k.endswith(("_page", "_q", "_status"))
        }
    )
    page = Paginator(chosen, PER_PAGE).get_page(request.GET.get(f"{prefix}_page"))
    return PagedList(prefix, page, len(rows), len(chosen), q, status, statuses, others)


@dataclass
class CaseLists:
    challenges: PagedList
    objections: PagedList


def case_lists(request: HttpRequest, challenges: Sequence[Any], objections: Sequence[Any]) -> CaseLists:
    return CaseLists(
        challenges=_paged(
            request,
            "challenges",
            challenges,
            text=lambda c: f"{c.voter_name} {c.voter_identifier} {c.job_classification} {c.reason}",
            status_of=lambda c: (c.status, c.get_status_display()),
        ),
        objections=_paged(
            request,
            "objections",
            objections,
            text=lambda o: f"{o.filed_by.name} objection {o.number} {o.get_category_display()} {o.statement}",
            status_of=lambda o: (o.status, o.get_status_display()),
        ),
    )
