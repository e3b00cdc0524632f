"""State changes of the appeal ladder: record an event, void one, set a deadline by order, calendar feeds.

Each function is one transaction. It locks the case (events of one case are recorded one at a time, so two
staff members cannot both move the same ladder), checks the step against the ladder (``proceedings.law``),
writes, carries out the consequences (the next election, the certification, related cases, the rulings on the
objections), creates and refreshes the deadlines, records who did it (django-simple-history) and queues the
notices through the outbox (``core.outbox.notify``, delivered after commit).

Errors: ``RuleViolation`` → 400 naming the field (``details`` for anything inside ``details``);
``TransitionNotAllowed`` → 409 with the events allowed next; ``NotPermitted`` → 403 for anyone but Board staff
(or the system, ``actor=None``) recording, voiding or setting anything.
"""

from __future__ import annotations

from proceedings.services._shared import MAX_REASON, election_of
from proceedings.services.calendar_feeds import (
    calendar_feed_ensure,
    calendar_feed_revoke,
    calendar_feed_rotate,
)
from proceedings.services.certification import UNDECIDED_RESULTS
from proceedings.services.deadlines import (
    CODE_PATTERN,
    EARLIEST_DATE,
    LATEST_DATE,
    deadline_mark_met,
    deadline_met_by_filing,
    deadline_met_by_party_filing,
    deadline_owner_check,
    deadline_row_of,
    deadline_set,
)
from proceedings.services.docket import docket_entries_sync
from proceedings.services.events import NEW, PARTY_FILINGS, code_is_filing, event_record
from proceedings.services.extensions import deadline_extend_for_party
from proceedings.services.orders import recommended_orders_settle, recommended_orders_take_effect
from proceedings.services.void import event_void

__all__ = [
    "CODE_PATTERN",
    "EARLIEST_DATE",
    "LATEST_DATE",
    "MAX_REASON",
    "NEW",
    "PARTY_FILINGS",
    "UNDECIDED_RESULTS",
    "calendar_feed_ensure",
    "calendar_feed_revoke",
    "calendar_feed_rotate",
    "code_is_filing",
    "deadline_extend_for_party",
    "deadline_mark_met",
    "deadline_met_by_filing",
    "deadline_met_by_party_filing",
    "deadline_owner_check",
    "deadline_row_of",
    "deadline_set",
    "docket_entries_sync",
    "election_of",
    "event_record",
    "event_void",
    "recommended_orders_settle",
    "recommended_orders_take_effect",
]
