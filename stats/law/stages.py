"""The nine stages of "what to expect" and how each is read from the record (product.md, v1.4).

A case counts once per stage: the stage is read from its *first initial election* (the lowest sequence of
kind ``initial``) and that election's first tally. Each milestone is read from the tracker's own rows when it
has them (proceeding events, objections) and otherwise from the public docket the import brings in
(``proceedings.DocketEntry``, the lines of labordata's ``docket`` table); the earliest date on or after the
stage's start wins. ``READING`` says, for each stage, which rows and which dates: it is printed beside the
figures on the docs page and served with them.

Nothing here imports Django.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from types import MappingProxyType
from typing import Final

from core.law.labelled import LabelledEnum


class Stage(LabelledEnum):
    PETITION_TO_ELECTION = "petition_to_election", "Petition to election"
    ELECTION_TO_TALLY = "election_to_tally", "Election to tally"
    PETITION_TO_TALLY = "petition_to_tally", "Petition to tally"
    TALLY_TO_OBJECTIONS = "tally_to_objections", "Tally to objections filed"
    OBJECTIONS_TO_HEARING = "objections_to_hearing", "Objections to hearing"
    HEARING_TO_REPORT = "hearing_to_report", "Hearing to hearing officer's report"
    REPORT_TO_DECISION = "report_to_decision", "Report to Regional Director's decision"
    DECISION_TO_BOARD = "decision_to_board", "Regional Director's decision to Board decision"
    TALLY_TO_CLOSE = "tally_to_close", "Tally to certification or closing"


class Milestone(LabelledEnum):
    PETITION = "petition", "petition filed"
    ELECTION = "election", "election held"
    TALLY = "tally", "tally of ballots"
    OBJECTIONS = "objections", "objections filed"
    HEARING = "hearing", "hearing opened"
    REPORT = "report", "hearing officer's report"
    DECISION = "decision", "Regional Director's decision"
    BOARD = "board", "Board decision"
    CLOSE = "close", "certification or closing"


# Each stage runs from one milestone to another.
SPANS: Final[Mapping[Stage, tuple[Milestone, Milestone]]] = MappingProxyType(
    {
        Stage.PETITION_TO_ELECTION: (Milestone.PETITION, Milestone.ELECTION),
        Stage.ELECTION_TO_TALLY: (Milestone.ELECTION, Milestone.TALLY),
        Stage.PETITION_TO_TALLY: (Milestone.PETITION, Milestone.TALLY),
        Stage.TALLY_TO_OBJECTIONS: (Milestone.TALLY, Milestone.OBJECTIONS),
        Stage.OBJECTIONS_TO_HEARING: (Milestone.OBJECTIONS, Milestone.HEARING),
        Stage.HEARING_TO_REPORT: (Milestone.HEARING, Milestone.REPORT),
        Stage.REPORT_TO_DECISION: (Milestone.REPORT, Milestone.DECISION),
        Stage.DECISION_TO_BOARD: (Milestone.DECISION, Milestone.BOARD),
        Stage.TALLY_TO_CLOSE: (Milestone.TALLY, Milestone.CLOSE),
    }
)

# Public docket documents (labordata's ``docket.document``) that mark a milestone: a document matches when
# it starts with one of these, compared without case.
DOCKET_DOCUMENTS: Final[Mapping[Milestone, tuple[str, ...]]] = MappingProxyType(
    {
        Milestone.OBJECTIONS: ("objections",),
        Milestone.REPORT: ("hearing officer's report", "hearing officer report"),
        Milestone.DECISION: (
            "regional director's decision",
            "decision and certification",
            "supplemental decision",
            "decision and direction of second election",
            "decision on objections",
        ),
        Milestone.BOARD: ("board decision", "board order", "decision and order"),
        Milestone.CLOSE: ("certification of representative", "certification of results"),
    }
)

# The ladder events (``proceedings.law.ladder.Event`` values) that mark a milestone on the tracker's cases.
EVENTS: Final[Mapping[Milestone, tuple[str, ...]]] = MappingProxyType(
    {
        Milestone.HEARING: ("hearing_opened",),
        Milestone.REPORT: ("hearing_officer_report",),
        Milestone.DECISION: ("regional_director_decision",),
        Milestone.BOARD: ("board_decision",),
        Milestone.CLOSE: ("certification_issued",),
    }
)

READING: Final[Mapping[Stage, str]] = MappingProxyType(
    {
        Stage.PETITION_TO_ELECTION: (
            "From the case's petition date (labordata filing.date_filed; FOIA 'filed') to the day its first "
            "initial election closed its voting (the election's last voting day, else its count day: the "
            "public record gives only the tally date, so there the two are the same day)."
        ),
        Stage.ELECTION_TO_TALLY: (
            "From that election day to the day of the election's first tally (in the Region's time zone); "
            "0 for most manual elections, longer for mail ballots counted after the return date."
        ),
        Stage.PETITION_TO_TALLY: (
            "From the petition date to the first tally of the first initial election (labordata "
            "election.date of the first Initial row; FOIA 'tally_date')."
        ),
        Stage.TALLY_TO_OBJECTIONS: (
            "From that tally to the first objection filed to the election (tracker objections: filed_at in "
            "the Region's zone; public docket: a line whose document starts 'Objections' dated on or after "
            "the tally). Only cases with objections count; the share of tallies with objections is "
            "objections_filed."
        ),
        Stage.OBJECTIONS_TO_HEARING: (
            "From the objections to the hearing's opening (ladder event hearing_opened). The public docket "
            "holds the Notice of Hearing, not the day the hearing opened, so imported cases count only "
            "where staff recorded the hearing."
        ),
        Stage.HEARING_TO_REPORT: (
            "From the hearing's opening to the hearing officer's report (event hearing_officer_report, or "
            "a docket line starting 'Hearing Officer's Report')."
        ),
        Stage.REPORT_TO_DECISION: (
            "From the hearing officer's report to the Regional Director's decision on it (event "
            "regional_director_decision, or a docket line starting 'Regional Director's Decision', "
            "'Decision and Certification', 'Supplemental Decision', 'Decision on Objections' or 'Decision "
            "and Direction of Second Election')."
        ),
        Stage.DECISION_TO_BOARD: (
            "From the Regional Director's decision to the Board's (event board_decision, or a docket line "
            "starting 'Board Decision', 'Board Order' or 'Decision and Order')."
        ),
        Stage.TALLY_TO_CLOSE: (
            "From the first tally to the earliest of: a certification (event certification_issued, or a "
            "docket line starting 'Certification of Representative' or 'Certification of Results') and "
            "the case's closing date (labordata filing.date_closed)."
        ),
    }
)


class Share(LabelledEnum):
    OBJECTIONS_FILED = "objections_filed", "Tallies with objections filed"
    CHALLENGES_DETERMINATIVE = "challenges_determinative", "Tallies with determinative challenges"
    RERUN_ORDERED = "rerun_ordered", "Cases with a rerun election"
    RUNOFF_HELD = "runoff_held", "Cases with a runoff election"
    REVIEW_GRANTED = "review_granted", "Requests for review the Board granted"


SHARE_READING: Final[Mapping[Share, str]] = MappingProxyType(
    {
        Share.OBJECTIONS_FILED: (
            "Of the cases whose first initial election has a tally: those with an objection to it (as "
            "tally_to_objections reads it). Fiscal year of the tally. A case imported without any public "
            "docket line (the FOIA tallies) is left out: its objections are unknown, not absent."
        ),
        Share.CHALLENGES_DETERMINATIVE: (
            "Of the same cases: those whose first tally left enough challenged ballots unopened to change "
            "the result (computed from the tally, elections.law.tally; never the agency's flag)."
        ),
        Share.RERUN_ORDERED: "Of the same cases: those with a rerun election on the record.",
        Share.RUNOFF_HELD: "Of the same cases: those with a runoff election on the record.",
        Share.REVIEW_GRANTED: (
            "Of the cases with a request for review filed and a Board decision after it: those where the "
            "Board's decision was anything but review_denied. Fiscal year of the Board's decision."
        ),
    }
)


# A case's milestones, in the order a case reaches them, and the stages that leave each one: what the
# outlook shows a case standing at the milestone.
ORDER: Final = (
    Milestone.PETITION,
    Milestone.ELECTION,
    Milestone.TALLY,
    Milestone.OBJECTIONS,
    Milestone.HEARING,
    Milestone.REPORT,
    Milestone.DECISION,
    Milestone.BOARD,
)
LEAVING: Final[Mapping[Milestone, tuple[Stage, ...]]] = MappingProxyType(
    {m: tuple(s for s, (start, _) in SPANS.items() if start is m) for m in ORDER}
)


def docket_milestone(document: str) -> Milestone | None:
    """The milestone a public docket line marks, or None."""
    text = " ".join(document.split()).casefold().replace("\u2019", "'")
    for milestone, prefixes in DOCKET_DOCUMENTS.items():
        if text.startswith(prefixes):
            return milestone
    return None


@dataclass(frozen=True)
class Span:
    stage: Stage
    start: date
    end: date

    @property
    def days(self) -> int:
        return (self.end - self.start).days


def spans(milestones: Mapping[Milestone, date]) -> list[Span]:
    """The stages a case has completed, from the dates of its milestones (an end before its start — a
    record out of order — is left out)."""
    found = []
    for stage, (start, end) in SPANS.items():
        if start in milestones and end in milestones and milestones[end] >= milestones[start]:
            found.append(Span(stage, milestones[start], milestones[end]))
    return found


def current(milestones: Mapping[Milestone, date]) -> Milestone | None:
    """The last milestone an open case has reached (None when it has none)."""
    reached = [m for m in ORDER if m in milestones]
    return reached[-1] if reached else None
