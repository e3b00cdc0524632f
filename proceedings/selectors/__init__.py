"""Reads of the appeal ladder: the state of an election's proceeding, events and deadlines scoped to the
caller, the ladder's picture on the desks' case pages, the deadlines of a calendar feed, and the case as staff
see it before and after a change. Query counts are constant in the number of rows (pinned in
tests/proceedings), but for the ladder's picture and the snapshot, which replay each election."""

from __future__ import annotations

from proceedings.selectors.calendar_feeds import deadlines_in_feed
from proceedings.selectors.deadlines import (
    CallerView,
    caller_due_at,
    caller_view,
    deadline_passed,
    deadlines_for,
    effective_note,
    live_deadlines,
    next_deadline,
    own_party_ids,
    party_deadline_passed,
    prefetch_party_rows,
    row_note,
    row_status,
    with_caller_state,
    with_effective_status,
)
from proceedings.selectors.ladders import ladder_picture
from proceedings.selectors.proceeding import (
    Elections,
    Period,
    current_and_proceeding,
    elections_of,
    events_for_case,
    exceptions_period,
    fact_of,
    facts_of,
    live_events,
    live_events_before_election,
    live_events_of_case,
    objections_period,
    objections_windows,
    pending_after_period,
    replay,
    replay_before_election,
    step_of,
)
from proceedings.selectors.snapshots import ElectionState, Snapshot, cases_of_elections, snapshot
from proceedings.selectors.status import case_status
from proceedings.selectors.timeline import case_timeline

__all__ = [
    "CallerView",
    "ElectionState",
    "Elections",
    "Period",
    "Snapshot",
    "caller_due_at",
    "caller_view",
    "case_status",
    "case_timeline",
    "cases_of_elections",
    "current_and_proceeding",
    "deadline_passed",
    "deadlines_for",
    "deadlines_in_feed",
    "effective_note",
    "elections_of",
    "events_for_case",
    "exceptions_period",
    "fact_of",
    "facts_of",
    "ladder_picture",
    "live_deadlines",
    "live_events",
    "live_events_before_election",
    "live_events_of_case",
    "next_deadline",
    "objections_period",
    "objections_windows",
    "own_party_ids",
    "party_deadline_passed",
    "pending_after_period",
    "prefetch_party_rows",
    "replay",
    "replay_before_election",
    "row_note",
    "row_status",
    "snapshot",
    "step_of",
    "with_caller_state",
    "with_effective_status",
]
