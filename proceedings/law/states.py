"""The vocabulary the ladder and the ends of a case share: stages, events, a proceeding's state, one step.

Plain Python (no Django import). ``proceedings.law.ladder`` (the transition table) and
``proceedings.law.dispositions`` (the ends of a case and what holds it) both read these; neither imports the
other's types, so the two modules no longer import each other. The codes are fixed by the v1 contract
(product.md); ``ladder`` re-exports every name here, so ``ladder.Event`` and ``ladder.State`` keep working.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from core.law.labelled import LabelledEnum, labels


class Stage(LabelledEnum):
    AWAITING_TALLY = "awaiting_tally", "Awaiting the tally of ballots"
    OBJECTIONS_PERIOD = "objections_period", "Objections period open"
    REGIONAL_INVESTIGATION = "regional_investigation", "Regional investigation of objections and challenges"
    HEARING_SCHEDULED = "hearing_scheduled", "Hearing scheduled"
    HEARING = "hearing", "Hearing under way"
    AWAITING_REPORT = "awaiting_report", "Awaiting the hearing officer's report or ALJ decision"
    EXCEPTIONS_PERIOD = "exceptions_period", "Exceptions period open"
    AWAITING_REGIONAL_DIRECTOR = "awaiting_regional_director", "Awaiting the Regional Director"
    REVIEW_PERIOD = "review_period", "Request-for-review period open"
    BOARD_REVIEW = "board_review", "Before the Board"
    RERUN_PENDING = "rerun_pending", "Rerun election ordered, not yet tallied"
    RUNOFF_PENDING = "runoff_pending", "Runoff election ordered, not yet tallied"
    CERTIFIED = "certified", "Certified"
    TEST_OF_CERTIFICATION = "test_of_certification", "Test of certification (refusal to bargain)"
    COURT_OF_APPEALS = "court_of_appeals", "Before the court of appeals"
    CLOSED = "closed", "Closed"
    # 29 CFR 103.20: held in abeyance until the block is lifted (proceedings.law.dispositions)
    BLOCKED = "blocked", "Blocked by an unfair-labor-practice charge (29 CFR 103.20)"


STAGE_LABELS: Mapping[Stage, str] = labels(Stage)


class Event(LabelledEnum):
    REGIONAL_INVESTIGATION = "regional_investigation", "Regional investigation"
    NOTICE_OF_HEARING = "notice_of_hearing", "Notice of hearing"
    HEARING_OPENED = "hearing_opened", "Hearing opened"
    HEARING_CLOSED = "hearing_closed", "Hearing closed"
    HEARING_OFFICER_REPORT = "hearing_officer_report", "Hearing officer's report"
    CONSOLIDATED_WITH_ULP = "consolidated_with_ulp", "Consolidated with an unfair-labor-practice case"
    ALJ_DECISION = "alj_decision", "Administrative law judge's decision"
    EXCEPTIONS_FILED = "exceptions_filed", "Exceptions filed"
    ANSWERING_BRIEF_FILED = "answering_brief_filed", "Answering brief filed"
    REGIONAL_DIRECTOR_DECISION = "regional_director_decision", "Regional Director's decision"
    REQUEST_FOR_REVIEW_FILED = "request_for_review_filed", "Request for review filed"
    OPPOSITION_FILED = "opposition_filed", "Opposition to the request for review filed"
    BOARD_DECISION = "board_decision", "Board decision"
    CERTIFICATION_ISSUED = "certification_issued", "Certification issued"
    REFUSAL_TO_BARGAIN = "refusal_to_bargain", "Refusal to bargain (test of certification)"
    BOARD_ORDER = "board_order", "Board order in the refusal-to-bargain case"
    COURT_PETITION_FILED = "court_petition_filed", "Petition to the court of appeals"
    COURT_DECISION = "court_decision", "Court of appeals decision"
    SEVERED_AND_TRANSFERRED = (
        "severed_and_transferred",
        "Representation case severed and transferred to the Regional Director",
    )
    # The ends of a case and what holds it (proceedings.law.dispositions).
    PETITION_DISMISSED = "petition_dismissed", "Petition dismissed"
    PETITION_WITHDRAWN = "petition_withdrawn", "Petition withdrawn"
    DISCLAIMER_FILED = "disclaimer_filed", "Disclaimer of interest"
    BARGAINING_ORDER = "bargaining_order", "Bargaining order (Cemex or Gissel)"
    ELECTION_BLOCKED = "election_blocked", "Election blocked by an unfair-labor-practice charge"
    BLOCK_LIFTED = "block_lifted", "Block lifted"
    CASE_TRANSFERRED = "case_transferred", "Case transferred to another Region"
    # The test of certification and the courts (proceedings.law.ca_case).
    ULP_CHARGE_FILED = "ulp_charge_filed", "Unfair-labor-practice charge filed"
    COMPLAINT_ISSUED = "complaint_issued", "Complaint issued"
    ANSWER_FILED = "answer_filed", "Answer to the complaint filed"
    SUMMARY_JUDGMENT_MOTION_FILED = "summary_judgment_motion_filed", "Motion for summary judgment filed"
    NOTICE_TO_SHOW_CAUSE = "notice_to_show_cause", "Notice to show cause"
    COURT_CASES_CONSOLIDATED = "court_cases_consolidated", "Court cases consolidated"
    REHEARING_PETITION_FILED = "rehearing_petition_filed", "Petition for rehearing filed"
    REHEARING_DECISION = "rehearing_decision", "Decision on rehearing"
    MANDATE_ISSUED = "mandate_issued", "Mandate issued"
    CERTIORARI_PETITION_FILED = "certiorari_petition_filed", "Petition for certiorari filed"
    CERTIORARI_DECISION = "certiorari_decision", "Decision on certiorari"
    SUPREME_COURT_DECISION = "supreme_court_decision", "Supreme Court decision"


EVENT_LABELS: Mapping[Event, str] = labels(Event)

# The test of certification runs beside the representation case (product.md v1.3): its events never move
# the election's stage; proceedings.law.ca_case orders them.
SIDE_TRACK: Final = frozenset(
    {
        Event.REFUSAL_TO_BARGAIN,
        Event.ULP_CHARGE_FILED,
        Event.COMPLAINT_ISSUED,
        Event.ANSWER_FILED,
        Event.SUMMARY_JUDGMENT_MOTION_FILED,
        Event.NOTICE_TO_SHOW_CAUSE,
        Event.BOARD_ORDER,
        Event.COURT_PETITION_FILED,
        Event.COURT_CASES_CONSOLIDATED,
        Event.COURT_DECISION,
        Event.REHEARING_PETITION_FILED,
        Event.REHEARING_DECISION,
        Event.MANDATE_ISSUED,
        Event.CERTIORARI_PETITION_FILED,
        Event.CERTIORARI_DECISION,
        Event.SUPREME_COURT_DECISION,
    }
)

# Events filed by a party (they may name it in ``details.party``); the others are acts of the Agency or a court.
FILING_EVENTS: Final = frozenset(
    {
        Event.EXCEPTIONS_FILED,
        Event.ANSWERING_BRIEF_FILED,
        Event.REQUEST_FOR_REVIEW_FILED,
        Event.OPPOSITION_FILED,
        Event.REFUSAL_TO_BARGAIN,
        Event.COURT_PETITION_FILED,
        Event.PETITION_WITHDRAWN,
        Event.DISCLAIMER_FILED,
        Event.ULP_CHARGE_FILED,
        Event.ANSWER_FILED,
        Event.SUMMARY_JUDGMENT_MOTION_FILED,
        Event.REHEARING_PETITION_FILED,
        Event.CERTIORARI_PETITION_FILED,
    }
)

# Decisions end a round: the filings before them have been decided.
DECISION_EVENTS: Final = frozenset(
    {
        Event.HEARING_OFFICER_REPORT,
        Event.ALJ_DECISION,
        Event.REGIONAL_DIRECTOR_DECISION,
        Event.BOARD_DECISION,
        Event.CERTIFICATION_ISSUED,
        Event.COURT_DECISION,
    }
)


class Track(StrEnum):
    REGIONAL = "regional"  # hearing officer → Regional Director (102.69(c)(1)(iii))
    ALJ = "alj"  # consolidated with a ULP complaint: ALJ → Board (102.46)


# What a decision orders (``details.outcome`` of an RD or ALJ decision, ``details.order`` of a Board decision).
CERTIFY_REPRESENTATIVE: Final = "certify_representative"
CERTIFY_RESULTS: Final = "certify_results"
RERUN_ELECTION: Final = "rerun_election"
RUNOFF_ELECTION: Final = "runoff_election"
# A judge's bargaining order (proceedings.law.dispositions): it ends the case rather than leading to a stage.
BARGAINING_ORDER: Final = "bargaining_order"
ORDERS: Final = (CERTIFY_REPRESENTATIVE, CERTIFY_RESULTS, RERUN_ELECTION, RUNOFF_ELECTION)
ORDERS_NEW_ELECTION: Final = MappingProxyType({RERUN_ELECTION: "rerun", RUNOFF_ELECTION: "runoff"})

BOARD_OUTCOMES: Final = ("review_denied", "review_granted", "affirmed", "reversed", "remanded")
COURT_OUTCOMES: Final = ("enforced", "denied", "dismissed", "remanded", "vacated")
CERTIFICATION_KINDS: Final = ("representative", "results")


class Outcome(LabelledEnum):
    """How the dispute over an election came out (``outcome`` of the case status; null while open)."""

    RERUN_ORDERED = "rerun_ordered", "A rerun election was ordered"
    RUNOFF_ORDERED = "runoff_ordered", "A runoff election was ordered"
    REPRESENTATIVE_CERTIFIED = "representative_certified", "Representative certified"
    RESULTS_CERTIFIED = "results_certified", "Results certified (no representative)"
    ORDER_ENFORCED = "order_enforced", "The court enforced the Board's order; the certification stands"
    ENFORCEMENT_DENIED = "enforcement_denied", "The court denied enforcement of the Board's order"
    PETITION_DISMISSED = "petition_dismissed", "The court dismissed the petition"
    ORDER_VACATED = "order_vacated", "The court vacated the Board's order"
    # The ends of a case (product.md v1.3, proceedings.law.dispositions).
    DISMISSED = "dismissed", "Petition dismissed"
    WITHDRAWN = "withdrawn", "Petition withdrawn"
    DISCLAIMED = "disclaimed", "The union disclaimed interest"
    BARGAINING_ORDER = "bargaining_order", "Bargaining ordered instead of an election (Cemex or Gissel)"


OUTCOME_LABELS: Mapping[Outcome, str] = labels(Outcome)


@dataclass(frozen=True)
class State:
    """Where the proceeding of one election stands (see the module docstring for the fields)."""

    stage: Stage
    tallied: bool = True
    track: Track = Track.REGIONAL
    order: str | None = None
    certification: str | None = None
    court_outcome: str | None = None
    round: frozenset[Event] = field(default_factory=frozenset)
    consent: bool = False  # a consent election (102.62(a), (c)): the RD's decision is final, no Board review
    # How the case ended (an ``Outcome`` of proceedings.law.dispositions), and the stage a block interrupted.
    ended: str | None = None
    blocked_from: Stage | None = None
    review_open: bool = False  # a Regional Director's dismissal may still be reviewed (102.71(c), 102.67)
    # The record has gone to the Board: review granted (102.67), or the judge's decision filed, upon which
    # "the Board will enter an order transferring the case to the Board" (102.45(a)). Who approves a
    # withdrawal follows it (102.60(a)). A request for review merely pending leaves the record with the RD.
    record_with_board: bool = False


@dataclass(frozen=True)
class Step:
    """One event as the ladder applies it: ``outcome`` for decisions, ``order`` for a Board decision that
    says what it leaves in force, ``kind`` for a certification."""

    event: Event
    outcome: str | None = None
    order: str | None = None
    kind: str | None = None
    by: str | None = None  # who acted (a dismissal, a bargaining order): proceedings.law.dispositions


def event_label(code: str) -> str:
    """The label of an event code (the code itself if it is not one)."""
    try:
        return EVENT_LABELS[Event(code)]
    except ValueError:
        return code


def stage_label(code: str) -> str:
    try:
        return STAGE_LABELS[Stage(code)]
    except ValueError:
        return code


class EventNotAllowed(Exception):
    """The event may not be recorded in this state; ``allowed`` lists what may come next."""

    def __init__(self, event: str, state: State, allowed: Sequence[Event], why: str = "") -> None:
        self.event = event
        self.state = state
        self.allowed = tuple(allowed)
        stage = STAGE_LABELS[state.stage].lower()
        text = f"{event_label(event)} ({event}) cannot be recorded while the proceeding is at {state.stage} ({stage})"
        if why:
            text += f": {why}"
        if self.allowed:
            text += ". Allowed next: " + ", ".join(self.allowed) + "."
        else:
            text += ". Nothing can be recorded at this stage."
        super().__init__(text)
        self.message = text


class InvalidStep(ValueError):
    """A decision without the outcome it needs (the details validator normally catches this first)."""
