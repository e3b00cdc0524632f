"""A filing's PDF documents: checked and stored (``document_attach``), their text read for search outside
the transaction (``document_text_read``), and those whose reading was lost (``documents_pending_text``).
"""

from __future__ import annotations

import logging
from typing import IO

from django.conf import settings
from django.core.files import File
from django.db import transaction

from core import clock
from core.actors import Actor, acting_user, stamp
from core.errors import RuleViolation
from core.text import refuse_breaks
from filings import pdf
from filings.models import Document, Filing
from filings.services._shared import MAX_TITLE
from filings.services.permissions import document_authorize_attach

log = logging.getLogger("filings.services")  # the name its records had before the split


def document_attach(*, filing: Filing, upload: IO[bytes], actor: Actor, title: str = "") -> Document:
    """Attach a PDF to ``filing``: checked by its content (not its name), its page count, size and SHA-256
    kept, the file stored through Django's storage API. A file that is not a readable, unencrypted PDF:
    400 on ``file``.

    The PDF is read (``filings.pdf.inspect``, a child process with a hard budget) before the transaction, so
    no lock is held while it is read (issue 36, item 3); the transaction only writes the row. Its text for
    search is read after commit by a task (``filings.tasks.read_document_text``; inline in the embedded
    default), and the document says until then that it is not read yet (``text_status``)."""
    filing = Filing.objects.select_related("party", "case").get(pk=filing.pk)
    document_authorize_attach(actor=actor, filing=filing)
    title = refuse_breaks("title", (title or "").strip()) or filing.title
    if len(title) > MAX_TITLE:
        raise RuleViolation("title", f"A title is at most {MAX_TITLE} characters.")
    limit = int(settings.DOCUMENT_MAX_BYTES)
    try:
        inspected = pdf.inspect(upload)
    except pdf.NotAcceptable as exc:
        raise RuleViolation("file", exc.message) from None
    if inspected.bytes > limit:
        raise RuleViolation("file", f"The file is {inspected.bytes:,} bytes; the limit is {limit:,}.")
    return _document_store(filing=filing, upload=upload, title=title, inspected=inspected, actor=actor)


@transaction.atomic
def _document_store(
    *, filing: Filing, upload: IO[bytes], title: str, inspected: pdf.Inspected, actor: Actor
) -> Document:
    filing = Filing.objects.select_for_update().select_related("party", "case").get(pk=filing.pk)
    document_authorize_attach(
        actor=actor, filing=filing
    )  # again, under the lock: an appearance may have ended
    document = Document(
        filing=filing,
        title=title,
        pages=inspected.pages,
        bytes=inspected.bytes,
        sha256=inspected.sha256,
        text="",
        text_status="pending",
        uploaded_by=acting_user(actor),
        uploaded_at=clock.now(),
    )
    upload.seek(0)
    document.file.save("document.pdf", File(upload), save=False)
    stored = document.file.name or ""
    try:
        stamp(document, actor)
        document.save()
    except Exception:
        document.file.storage.delete(stored)  # nothing half written
        raise
    transaction.on_commit(lambda: _queue_text(document.pk))
    return document


def _queue_text(document_id: int) -> None:
    from filings import tasks

    try:
        tasks.read_document_text.delay(document_id)
    except Exception:  # broker down: the paper is stored; the sweep reads its text later
        log.warning("document %s: text not queued now; the sweep reads it", document_id, exc_info=True)


def document_text_read(*, document_id: int) -> Document | None:
    """Read a stored document's text for search (``filings.pdf.read_text``: a child process, within a budget
    and a quota) outside any transaction, then write it in a short one, saying how much is searchable. A
    document already read, or gone, is left alone (a task run twice does the work once)."""
    document = Document.objects.filter(pk=document_id, text_status="pending").first()
    if document is None:
        return None
    with document.file.open("rb") as stream:
        text = pdf.read_text(stream, pages=document.pages)
    with transaction.atomic():
        Document.objects.filter(pk=document_id, text_status="pending").update(
            text=text.text,
            text_status="complete" if text.complete else "partial",
            text_note=text.note[:300],
        )
    return Document.objects.filter(pk=document_id).first()


def documents_pending_text() -> list[int]:
    """Documents whose text is not read yet: their task was lost (broker down, worker killed)."""
    return list(Document.objects.filter(text_status="pending").order_by("pk").values_list("pk", flat=True))
