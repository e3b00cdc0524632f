"""The filings' tasks: a stored document's text read for search after its paper is committed (issue 36,
item 3), and the sweep for those whose task was lost. Tasks take ids and tolerate rows that are gone."""

from __future__ import annotations

from celery import shared_task

from filings import services


@shared_task(acks_late=True)
def read_document_text(document_id: int) -> bool:
    return services.document_text_read(document_id=document_id) is not None


@shared_task
def read_pending_document_texts() -> int:
    """Every few minutes: the documents whose text was never read (broker down at commit, worker killed)."""
    done = 0
    for pk in services.documents_pending_text():
        done += services.document_text_read(document_id=pk) is not None
    return done
