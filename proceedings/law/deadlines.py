"""Which deadlines each step of the proceeding sets, what answers them, and their status — plain Python.

The periods themselves (length, unit, citation, whether verified) are the rule-set tables of
``elections.law.rule_sets``; the computation is ``elections.law.calendar.compute_deadline`` (29 CFR 102.2).
This module says which codes an event attaches (``ATTACHED``), which filing answers each code (``ANSWERED_BY``)
and how a deadline's status follows from the record (``evaluate``).

Statuses, as a practitioner reads them:

- ``open``: not yet due, and nothing has answered it.
- ``met``: the filing it waits for came in time (objections filed, exceptions filed, …). A hearing date (a
  target, not a bar) is met when the hearing opens, whenever that is.
- ``missed``: it passed while someone *had* to file: the offer of proof of a party that filed objections
  (102.69(a)(8)), or a date an order set for a filing the tracker does not record as an event; or the
  filing came, but late.
- ``moot``: it no longer matters. Objections, exceptions, answering briefs, requests for review and
  oppositions are *optional*: a party that files none forfeits the point but breaks no rule, so an unused
  period is ``moot`` once it passes (never ``missed``). Also moot: an answering brief or an opposition when
  nothing was filed to answer; a hearing target that passed without a hearing (it opens "as soon as
  practicable"); a deadline whose triggering event was voided.
- ``superseded``: replaced by a later deadline of the same code (an order-set date, an extension, a new
  notice of hearing, or a new triggering decision). Stored, never derived here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from types import MappingProxyType
from typing import Final


class Status(StrEnum):
    OPEN = "open"
    MET = "met"
    MISSED = "missed"
    MOOT = "moot"
    SUPERSEDED = "superseded"


class Source(StrEnum):
    COMPUTED = "computed"
    ORDER = "order"
    MANUAL = "manual"


TALLY: Final = "tally"

# trigger → the period codes it attaches, in the order they are created (a responsive period after the one it
# answers). A code that the case's rule set does not define (post-hearing briefs outside 2019) is skipped.
ATTACHED: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        TALLY: ("objections", "offer_of_proof", "hearing"),
        "hearing_closed": ("post_hearing_brief",),
        "hearing_officer_report": ("exceptions", "answering_brief"),
        "regional_director_decision": ("request_for_review", "opposition"),
        "alj_decision": ("exceptions_to_board",),
    }
)

# The events that set a hearing date by order (``details.hearing_on``): a ``hearing`` deadline, source order.
HEARING_DATE_EVENTS: Final = ("notice_of_hearing", "consolidated_with_ulp")

# code → what answers it: proceeding event codes, or "objection" / "offer_of_proof" (records of the
# objections app). A code with none (post-hearing briefs, codes of manual deadlines) is answered only when
# staff mark it met.
ANSWERED_BY: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "objections": ("objection",),
        "offer_of_proof": ("offer_of_proof",),
        "hearing": ("hearing_opened",),
        "post_hearing_brief": (),
        "exceptions": ("exceptions_filed",),
        "answering_brief": ("answering_brief_filed",),
        "request_for_review": ("request_for_review_filed",),
        "opposition": ("opposition_filed",),
        "exceptions_to_board": ("exceptions_filed",),
    }
)

# Filings a party may choose not to make: an unused period is moot, not missed.
OPTIONAL: Final = frozenset(
    {
        "objections",
        "post_hearing_brief",
        "exceptions",
        "answering_brief",
        "request_for_review",
        "opposition",
        "exceptions_to_board",
    }
)

# Order of codes on one due date (the objections before the offer of proof, the hearing last).
CODE_RANK: Mapping[str, int] = MappingProxyType(
    {
        code: rank
        for rank, code in enumerate(
            (
                "objections",
                "offer_of_proof",
                "post_hearing_brief",
                "exceptions",
                "exceptions_to_board",
                "answering_brief",
                "request_for_review",
                "opposition",
                "hearing",
            )
        )
    }
)


@dataclass(frozen=True)
class Verdict:
    status: Status
    note: str


def evaluate(
    *,
    code: str,
    due_at: datetime,
    now: datetime,
    target_only: bool,
    obliged: bool,
    answered_on: date | None = None,
    answered_in_time: bool = False,
    moot_reason: str | None = None,
    marked_met_on: date | None = None,
) -> Verdict:
    """The status of one (not superseded) deadline from the record (module docstring)."""
    if marked_met_on is not None:
        return Verdict(Status.MET, f"Marked met by staff ({marked_met_on.isoformat()}).")
    if answered_on is not None and answered_in_time:
        return Verdict(Status.MET, f"Filed on {answered_on.isoformat()}.")
    if answered_on is not None and target_only:
        return Verdict(Status.MET, f"Happened on {answered_on.isoformat()}, after the target date.")
    if moot_reason:
        return Verdict(Status.MOOT, moot_reason)
    if answered_on is not None:
        return Verdict(Status.MISSED, f"Filed late, on {answered_on.isoformat()}.")
    if now <= due_at:
        return Verdict(Status.OPEN, "")
    return lapsed(code=code, target_only=target_only, obliged=obliged)


def lapsed(*, code: str, target_only: bool, obliged: bool) -> Verdict:
    """A deadline that passed with nothing filed: missed only if someone had to file."""
    if target_only:
        return Verdict(Status.MOOT, "The target date passed; it happens as soon as practicable.")
    if obliged:
        return Verdict(Status.MISSED, "Passed with no filing recorded, and a filing was required.")
    return Verdict(
        Status.MOOT,
        "Passed with no filing; the filing is optional, so nothing was missed (the right lapsed).",
    )


def is_obliged(code: str, *, source: str, objections_filed: bool) -> bool:
    """Whether someone had to file by this deadline (else an unused deadline is moot)."""
    if code == "offer_of_proof":
        return objections_filed  # objections without their offer of proof fail (102.69(a)(8))
    if code in OPTIONAL or code == "hearing":
        return False
    return source != Source.COMPUTED  # an order set a date for a filing the tracker has no event for
