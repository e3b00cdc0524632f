"""Deadline records: created when their trigger happens, their status kept in step with the record.

- ``create_for_tally`` / ``create_for_event`` (``triggers``): the periods the case's rule set attaches to the
  trigger (``proceedings.law.deadlines.ATTACHED``), computed by ``elections.law.calendar.compute_deadline`` in
  the regional office's zone. A responsive period (answering brief, opposition) runs from the *due date* of
  the deadline it answers (29 CFR 102.2(a)).
- ``set_by_order``, ``rezone_for_transfer``, ``restore_superseded_by``, ``moot_for_voided``
  (``rescheduling``): a date set by an order or by staff, moved by a transfer, given back by a void.
- ``refresh`` (``status``): re-derive the status of every live deadline of one election from its events and
  objections (``proceedings.law.deadlines.evaluate``), and each party's row (``parties``; what answers a
  deadline: ``answers``). Called by every service that changes the record, by the receivers of the tally and
  objection signals, and by the hourly beat job for deadlines that lapsed meanwhile (``refresh_lapsed``).
- Between two refreshes a deadline may pass; reads annotate the status it has *now*
  (``proceedings.selectors.with_effective_status``) so that lists, filters, the status call and the
  calendar feed never show a passed deadline as open.

Idempotent: each (tally, code), (event, code) and (answered deadline, code) has at most one deadline, so a
signal received twice or a demo loaded twice adds nothing.

These are the writes the services, the receivers and the hourly job share; they check no caller. Import the
package (``from proceedings.services import deadline_records``), not its modules.
"""

from __future__ import annotations

from proceedings.services.deadline_records.parties import concerned_parties, party_rows
from proceedings.services.deadline_records.rescheduling import (
    moot_for_voided,
    order_zone,
    restore_superseded_by,
    rezone_for_transfer,
    set_by_order,
)
from proceedings.services.deadline_records.status import refresh, refresh_lapsed
from proceedings.services.deadline_records.triggers import (
    create_for_event,
    create_for_tally,
    period_for,
    zone_of,
)

__all__ = [
    "concerned_parties",
    "create_for_event",
    "create_for_tally",
    "moot_for_voided",
    "order_zone",
    "party_rows",
    "period_for",
    "refresh",
    "refresh_lapsed",
    "restore_superseded_by",
    "rezone_for_transfer",
    "set_by_order",
    "zone_of",
]
