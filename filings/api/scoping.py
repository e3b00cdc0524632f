"""Routes under ``filings/{id}/`` and ``documents/{id}/`` resolve their record within the caller's cases first:
another case's filing or document is a 404 — the same as one that does not exist — never a 403."""

from __future__ import annotations

from core.api.scoping import ScopedObjectMixin, ScopedRecord
from filings import selectors


class FilingScopedMixin(ScopedObjectMixin):
    filing = ScopedRecord("filing_id", selectors.visible_filing)


class DocumentScopedMixin(ScopedObjectMixin):
    document = ScopedRecord("document_id", selectors.visible_document)
