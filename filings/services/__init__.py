"""State changes to filings, rulings on motions and extension requests, and documents.

Each function is one transaction: it locks the case, checks the caller and the law, writes, records who
did it (django-simple-history) and queues the notices through the outbox (delivered after commit).

- ``filing_file``: counsel file for their own party, staff record for any. A filing of a kind the ladder
  knows records the matching proceeding event through ``proceedings.services.event_record`` (the one way
  an event is written); a paper that answers a period meets its deadline; the other side is notified.
  Provenance as for objections: ``filed_at`` is the time stated, ``received_at`` when the tracker got it;
  a counsel's late filing is refused with the due time, zone and rule; a stated time inside the period on
  a filing received after it waits for staff (``timely`` null, ``filing_confirmed`` false).
- ``filing_rule``: staff rule on a motion or an extension request; a granted extension moves the deadline
  (source ``order``) and every deadline counted from it (``proceedings.services.deadline_set``).
- ``document_attach``: a PDF checked by its content (``filings.pdf``), stored through Django's storage API.

Errors: ``RuleViolation`` → 400 naming the field; ``TransitionNotAllowed`` → 409; ``NotPermitted`` → 403.
"""

from __future__ import annotations

from filings.services._shared import CLOCK_SKEW, MAX_CONFIRMATION, MAX_GROUNDS, MAX_TITLE
from filings.services.confirmation import filing_confirm
from filings.services.documents import document_attach, document_text_read, documents_pending_text
from filings.services.filing import DRAFT_FIELDS, filing_draft_file, filing_draft_update, filing_file
from filings.services.permissions import (
    document_authorize_attach,
    filing_authorize_draft,
    filing_authorize_file,
)
from filings.services.rulings import filing_rule

__all__ = [
    "CLOCK_SKEW",
    "DRAFT_FIELDS",
    "MAX_CONFIRMATION",
    "MAX_GROUNDS",
    "MAX_TITLE",
    "document_attach",
    "document_authorize_attach",
    "document_text_read",
    "documents_pending_text",
    "filing_authorize_draft",
    "filing_authorize_file",
    "filing_confirm",
    "filing_draft_file",
    "filing_draft_update",
    "filing_file",
    "filing_rule",
]
