"""State changes to objections and rulings.

Each function is one transaction: it locks the rows it changes (``select_for_update``), checks the rule or the
transition, writes, names the actor in the history (django-simple-history), queues the notices through the
outbox (``core.outbox.notify``: delivered after commit, once per key and person) and publishes a
domain event (``objections.events``) that the apps above subscribe to. The API views, the admin actions and
the demo loader all call these functions; nobody writes ``status`` by hand.

Errors: ``RuleViolation(field, message)`` → 400 naming the field and the rule; ``TransitionNotAllowed`` →
409; ``NotPermitted`` → 403. Who may act is decided here, so that the API, the admin and the demo cannot
differ: counsel file for their own party, counsel of the filing party (or staff) withdraw an objection or file
its offer of proof, and only staff record rulings, extensions, corrections and confirmations. ``actor=None``
is the system itself (the demo loader, a command) and may do anything. The ``*_authorize_*`` functions are
the same checks for a caller that must refuse before it reads the input (the API: a 403 before a 400). The
law too depends on who acts: a counsel's late filing is refused, while staff may record it so that the record
is complete (flagged ``timely=False``).
"""

from __future__ import annotations

from objections.services._shared import CLOCK_SKEW
from objections.services.corrections import objection_confirm_filing, objection_correct, ruling_note_correct
from objections.services.filing import MAX_CONFIRMATION, objection_file
from objections.services.offers_of_proof import offer_of_proof_extend, offer_of_proof_file
from objections.services.permissions import (
    objection_authorize_file,
    objection_authorize_withdraw,
    offer_of_proof_authorize_file,
)
from objections.services.rulings import ruling_record, rulings_record_batch
from objections.services.withdrawal import objection_withdraw

__all__ = [
    "CLOCK_SKEW",
    "MAX_CONFIRMATION",
    "objection_authorize_file",
    "objection_authorize_withdraw",
    "objection_confirm_filing",
    "objection_correct",
    "objection_file",
    "objection_withdraw",
    "offer_of_proof_authorize_file",
    "offer_of_proof_extend",
    "offer_of_proof_file",
    "ruling_note_correct",
    "ruling_record",
    "rulings_record_batch",
]
