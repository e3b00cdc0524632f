"""Routes under ``filings/{id}/`` and ``documents/{id}/`` resolve their record within the caller's cases first:
another case's filing or document is a 404 — the same as one that does not exist — never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from core.api.scoping import ScopedObjectMixin, bounded_id, found_or_404
from filings import selectors
from filings.models import Document, Filing


class FilingScopedMixin(ScopedObjectMixin):
    scoped_attribute = "filing"
    kwargs: Any
    request: Any

    @cached_property
    def filing(self) -> Filing:
        return found_or_404(selectors.visible_filing(self.request.user, bounded_id(self.kwargs["filing_id"])))


class DocumentScopedMixin(ScopedObjectMixin):
    scoped_attribute = "document"
    kwargs: Any
    request: Any

    @cached_property
    def document(self) -> Document:
        return found_or_404(
            selectors.visible_document(self.request.user, bounded_id(self.kwargs["document_id"]))
        )
