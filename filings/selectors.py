"""Reads of filings and documents: what a caller may see (everyone on the case, and staff: filings are served
on all parties), shaped for the API and the admin. Never a write, never an HTTP error."""

from __future__ import annotations

from typing import Any

from django.db import connection
from django.db.models import Prefetch, Q, QuerySet

from elections.models import Appearance, scoped_to_cases_of
from filings.law.kinds import State
from filings.models import Document, Filing


def without_others_drafts(queryset: QuerySet[Any], user: Any, *, filing: str = "") -> QuerySet[Any]:
    """``queryset`` (of filings, or rows under a filing at ``filing``) without the drafts of any side but
    the user's own: a draft is seen by counsel and paralegals of its party alone, never by staff."""
    filed = Q(**{f"{filing}state": State.FILED})
    if not getattr(user, "is_authenticated", False) or getattr(user, "is_staff", False):
        return queryset.filter(filed)
    own = Appearance.objects.filter(user=user).values("party_id")
    return queryset.filter(filed | Q(**{f"{filing}party_id__in": own}))


def filings_for(user: Any) -> QuerySet[Filing]:
    documents = (
        Document.objects.select_related("uploaded_by", "filing__case")
        .defer("text")
        .order_by("uploaded_at", "id")
    )
    return (
        without_others_drafts(scoped_to_cases_of(Filing.objects.all(), user, case_id="case_id"), user)
        .select_related("case", "election", "party", "answers", "relates_to", "event", "order_deadline")
        .prefetch_related("served_on", "case__parties", Prefetch("documents", queryset=documents))
        .order_by("filed_at", "id")
    )


def visible_filing(user: Any, pk: int) -> Filing | None:
    return filings_for(user).filter(pk=pk).first()


def documents_for(user: Any) -> QuerySet[Document]:
    scoped = scoped_to_cases_of(Document.objects.all(), user, case_id="filing__case_id")
    return (
        without_others_drafts(scoped, user, filing="filing__")
        .select_related("filing__case", "uploaded_by")
        .defer("text")
    )


def visible_document(user: Any, pk: int) -> Document | None:
    """A document the caller may read, or None: one they may not read is the same as one that is missing."""
    return documents_for(user).filter(pk=pk).first()


def search(filings: QuerySet[Filing], q: str) -> QuerySet[Filing]:
    """Filings whose title, or one of whose documents' text, matches ``q``: PostgreSQL full-text search on
    the documents (the GIN index of migration 0002), a plain match on SQLite."""
    q = q.strip()
    if not q:
        return filings
    if connection.vendor == "postgresql":
        from django.contrib.postgres.search import SearchQuery, SearchVector

        matching: QuerySet[Any, Any] = (
            Document.objects.annotate(found=SearchVector("text", config="english"))
            .filter(found=SearchQuery(q, config="english", search_type="plain"))
            .values("filing_id")
        )
    else:
        matching = Document.objects.filter(text__icontains=q).values("filing_id")
    return filings.filter(Q(title__icontains=q) | Q(pk__in=matching))


def rulings_awaited(cases: Any) -> QuerySet[Filing]:
    """Motions and extension requests with no ruling yet, oldest first (the staff work queue)."""
    return (
        Filing.objects.filter(
            case__in=cases, kind__in=("motion", "extension_request"), ruling="", state=State.FILED
        )
        .select_related("case", "party", "election", "answers")
        .prefetch_related("served_on", "case__parties")
        .order_by("filed_at", "id")
    )
