"""State changes to cases, parties, appearances, elections and tallies.

Each function is one transaction: it validates against the law modules, writes, records who did it
(django-simple-history), and publishes a domain event that the apps above may subscribe to. Every step
here is Board staff's (or the system's: ``actor=None``, the import and the demo): anyone else is refused
(``NotPermitted``, 403) by the service itself, whoever calls it.
"""

from __future__ import annotations

from core.errors import RuleViolation
from elections.services.appearances import (
    appearance_create,
    appearance_end,
    appearance_set_notices,
    appearance_update,
    counsel_record,
)
from elections.services.bulk import cases_create, counsel_sync, elections_add, parties_add, tallies_add
from elections.services.cases import CLOSING_EVENTS, case_create, case_update, related_case_add
from elections.services.checks import parties_served, tally_votes_clean
from elections.services.elections import election_create, election_update
from elections.services.parties import party_create, party_update
from elections.services.tallies import tally_record

__all__ = [
    "CLOSING_EVENTS",
    "RuleViolation",
    "appearance_create",
    "appearance_end",
    "appearance_set_notices",
    "appearance_update",
    "case_create",
    "case_update",
    "cases_create",
    "counsel_record",
    "counsel_sync",
    "election_create",
    "election_update",
    "elections_add",
    "parties_add",
    "parties_served",
    "party_create",
    "party_update",
    "related_case_add",
    "tallies_add",
    "tally_record",
    "tally_votes_clean",
]
