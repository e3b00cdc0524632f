"""The ends of a dispute as one table (issue 22, "Done when"): each sequence replays through the service layer,
step by step on each step's own date, and after every step the table gives the stage, the outcome and the
deadlines the step opened (code, due date, the zone of the office it is filed in), each due date counted by
hand in the comment beside it.

JFK8 (29-RC-288020) is the real record (../shared/docs/nlrb-procedure.md): the tally, the hearing officer's
report and the exceptions' due date, the certification, the complaint in 29-CA-318069 (2023-07-12), the
summary-judgment motion (2023-08-23), the denial of review (2024-08-29) and Amazon's collateral appeal (Fifth
Circuit No. 24-50761); the dates the record does not give are the demo's, marked UNVERIFIED there
(proceedings.demo.JFK8_RECORD). Every other sequence is CONSTRUCTED for the test — the case numbers (serials
3001xx) and dates are made up; the periods are the rules'.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

import pytest

from core.errors import RuleViolation, TransitionNotAllowed
from elections.models import Case, Election, Party
from proceedings.models import Deadline
from proceedings.selectors import status as case_status
from tests.factories import (
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    StaffFactory,
    record_event,
    record_tally,
)

pytestmark = pytest.mark.django_db

NY, PHX, DC = "America/New_York", "America/Phoenix", "America/New_York"  # Region 29, Region 28, the Board
ATL = "America/New_York"  # Region 10
# The Board in Washington, where a motion for reconsideration of its decision is filed (102.65(e)(2), "within
# 10 business days ... after the service of the decision"; issue 30, item 16).
BOARD = "America/New_York"


@dataclass(frozen=True)
class Step:
    on: str
    event: str  # a proceeding event, or "tally" (details: yes, against, challenged; counted at noon there)
    stage: str = ""  # the case's stage after the step; "" for a step that is refused
    outcome: str | None = None
    opened: tuple[tuple[str, str, str], ...] = ()  # (code, due date, zone) of each deadline the step opened
    details: dict[str, Any] = field(default_factory=dict)
    refused: str = ""  # "409: <words of the refusal>" or "400: <words>"
    test: str | None = None  # the test of certification's stage, when the case has one


@dataclass(frozen=True)
class Sequence:
    number: str
    petition: str
    steps: tuple[Step, ...]
    election: bool = True  # False: the case has no election row when the sequence starts


def tally_opens(objections_due: str, hearing_on: str, zone: str) -> tuple[tuple[str, str, str], ...]:
    """What a tally of ballots opens: objections and the offer of proof, due together (102.69(a)(8)), and the
    hearing's target date, 21 calendar days after the tally (102.69(c)(1)(ii))."""
    return (
        ("objections", objections_due, zone),
        ("offer_of_proof", objections_due, zone),
        ("hearing", hearing_on, zone),
    )


def S(
    on: str, event: str, stage: str = "", result: str | None = None, *opened: tuple[str, str, str], **kw: Any
) -> Step:
    """A step: its date, event, then the stage and outcome (``result``) after it and the deadlines it opened;
    ``kw`` are the event's details, with ``refused`` and ``test`` (the test of certification's stage)."""
    refused = kw.pop("refused", "")
    test = kw.pop("test", None)
    return Step(on, event, stage, result, tuple(opened), kw, refused, test)


CERT = "representative_certified"

SEQUENCES = [
    pytest.param(
        Sequence(
            "29-RC-288020",
            "2021-12-22",
            (
                # Objections: 5 business days after Fri 2022-04-01: Mon 4 ... Fri 2022-04-08, in Brooklyn;
                # the hearing's target 21 days after the tally: Fri 2022-04-22.
                S(
                    "2022-04-01",
                    "tally",
                    "objections_period",
                    None,
                    *tally_opens("2022-04-08", "2022-04-22", NY),
                    yes=2654,
                    against=2131,
                    challenged=67,
                ),
                # None filed: the Regional Director acts next. The hearing goes to Region 28 (Phoenix).
                S(
                    "2022-04-20",
                    "case_transferred",
                    "awaiting_regional_director",
                    None,
                    region=28,
                    reason="Hearing by Region 28",
                ),
                S(
                    "2022-04-20",
                    "notice_of_hearing",
                    "hearing_scheduled",
                    None,
                    ("hearing", "2022-06-13", PHX),
                    hearing_on="2022-06-13",
                ),
                S("2022-06-13", "hearing_opened", "hearing"),
                # Exceptions: 10 business days after Thu 2022-09-01 (Labor Day skipped): Fri 2022-09-16, the
                # date the JFK8 record gives; answering brief 5 business days later: Fri 2022-09-23.
                S(
                    "2022-09-01",
                    "hearing_officer_report",
                    "exceptions_period",
                    None,
                    ("exceptions", "2022-09-16", PHX),
                    ("answering_brief", "2022-09-23", PHX),
                ),
                S("2022-09-16", "exceptions_filed", "awaiting_regional_director", None, party="employer"),
                # Review: 10 business days after Wed 2023-01-11 (MLK Day skipped): Thu 2023-01-26, with the
                # Board; opposition 5 business days after: Thu 2023-02-02.
                S(
                    "2023-01-11",
                    "regional_director_decision",
                    "review_period",
                    None,
                    ("request_for_review", "2023-01-26", DC),
                    ("reconsideration", "2023-01-26", PHX),
                    ("opposition", "2023-02-02", DC),
                    outcome="certify_representative",
                ),
                S(
                    "2023-01-11",
                    "certification_issued",
                    "certified",
                    CERT,
                    ("request_for_review", "2023-01-26", DC),
                    ("opposition", "2023-02-02", DC),
                    kind="representative",
                ),
                S("2023-01-26", "request_for_review_filed", "board_review", CERT, party="employer"),
                # The test of certification beside the case while review is pending.
                S(
                    "2023-01-25",
                    "refusal_to_bargain",
                    "board_review",
                    CERT,
                    ulp_case="29-CA-318069",
                    party="employer",
                    test="charge_filed",
                ),
                # The answer (102.20, unverified): 14 days after Wed 2023-07-12: Wed 2023-07-26, Region 29.
                S(
                    "2023-07-12",
                    "complaint_issued",
                    "board_review",
                    CERT,
                    ("answer", "2023-07-26", NY),
                    test="complaint_issued",
                ),
                S(
                    "2023-08-23",
                    "summary_judgment_motion_filed",
                    "board_review",
                    CERT,
                    test="summary_judgment",
                ),
                S(
                    "2024-08-29",
                    "board_decision",
                    "test_of_certification",
                    CERT,
                    # Thu 08-29: Fri 30 (1), Labor Day skipped, Tue 09-03-Fri 06 (2-5), Mon 09-Fri 13 (6-10).
                    ("board_reconsideration", "2024-09-13", BOARD),
                    outcome="review_denied",
                    test="summary_judgment",
                ),
                # Amazon's collateral appeal is no review of the Board's order: refused, nothing written.
                S(
                    "2024-09-10",
                    "court_decision",
                    refused="409: docket 24-50761 is not a court filing on this case",
                    court="5th Cir.",
                    docket="24-50761",
                    outcome="dismissed",
                ),
                S(
                    "2024-12-16",
                    "board_order",
                    "test_of_certification",
                    CERT,
                    # 102.48(c)(2): "within 28 days ... after the service of the Board's decision or order":
                    # Mon 12-16 + 28 = Mon 2025-01-13 (2019 case: the figure is inferred, not verified).
                    ("reconsideration_of_board_order", "2025-01-13", BOARD),
                    ulp_case="29-CA-318069",
                    test="board_order",
                ),
                S(
                    "2024-12-20",
                    "court_petition_filed",
                    "court_of_appeals",
                    CERT,
                    court="2nd Cir.",
                    docket="placeholder-1",
                    party="employer",
                    test="court",
                ),
                S(
                    "2024-12-20",
                    "court_petition_filed",
                    refused="400: court of court_petition_filed must be one of",
                    court="W.D. Tex.",
                    docket="placeholder-2",
                    party="employer",
                ),
            ),
        ),
        id="jfk8-with-its-collateral-appeal",
    ),
    pytest.param(
        Sequence(
            "10-RC-300201",
            "2024-01-08",
            (
                # Dismissed by administrative action before any election (102.71(a)). Review: 10 business
                # days after Fri 2024-03-01: Mar 4-8, 11-15: Fri 2024-03-15 (102.71(c)); opposition 5
                # business days after that: Fri 2024-03-22 (102.71(d)).
                S(
                    "2024-03-01",
                    "petition_dismissed",
                    "closed",
                    "dismissed",
                    ("request_for_review", "2024-03-15", ATL),
                    ("opposition", "2024-03-22", ATL),
                    by="regional_director",
                    reason="No showing of interest",
                    administrative=True,
                ),
                S("2024-03-14", "request_for_review_filed", "board_review", "dismissed", party="union"),
                S("2024-03-21", "opposition_filed", "board_review", "dismissed", party="employer"),
                S(
                    "2024-06-03",
                    "board_decision",
                    "closed",
                    "dismissed",
                    # Mon 06-03: Tue 04-Fri 07 (1-4), Mon 10-Fri 14 (5-9), Mon 17 (10).
                    ("board_reconsideration", "2024-06-17", BOARD),
                    outcome="review_denied",
                ),
                S(
                    "2024-06-04",
                    "election_blocked",
                    refused="409: the case is closed (dismissed)",
                    ulp_case="10-CA-300201",
                ),
            ),
            election=False,
        ),
        id="dismissal-reviewed-under-102-71",
    ),
    pytest.param(
        Sequence(
            "29-RC-300202",
            "2021-12-22",
            (
                S(
                    "2022-04-01",
                    "tally",
                    "objections_period",
                    None,
                    *tally_opens("2022-04-08", "2022-04-22", NY),
                    yes=30,
                    against=40,
                ),
                S(
                    "2022-04-05",
                    "petition_withdrawn",
                    refused="400: only the petitioner withdraws it",
                    party="employer",
                ),
                # 102.60(a): closed; no review deadline; the objections period no longer runs.
                S(
                    "2022-04-05",
                    "petition_withdrawn",
                    "closed",
                    "withdrawn",
                    party="union",
                    with_prejudice=False,
                    approved_by="regional_director",
                ),
            ),
        ),
        id="withdrawal",
    ),
    pytest.param(
        Sequence(
            "10-RC-300203",
            "2024-01-08",
            (
                # Objections: 5 business days after Tue 2024-04-02: 3, 4, 5, 8, Tue 2024-04-09; hearing target
                # 21 days after the tally: Tue 2024-04-23.
                S(
                    "2024-04-02",
                    "tally",
                    "objections_period",
                    None,
                    *tally_opens("2024-04-09", "2024-04-23", ATL),
                    yes=30,
                    against=12,
                ),
                S("2024-04-12", "disclaimer_filed", "closed", "disclaimed", party="union"),
                S(
                    "2024-04-15",
                    "certification_issued",
                    refused="409: cannot be recorded while the proceeding is at closed",
                    kind="representative",
                ),
            ),
        ),
        id="disclaimer",
    ),
    pytest.param(
        Sequence(
            "10-RC-300204",
            "2020-11-20",
            (
                # Objections: 5 business days after Mon 2022-03-28: 29, 30, 31, Apr 1, Mon 2022-04-04; hearing
                # target 21 days after the tally: Mon 2022-04-18.
                S(
                    "2022-03-28",
                    "tally",
                    "objections_period",
                    None,
                    *tally_opens("2022-04-04", "2022-04-18", ATL),
                    yes=875,
                    against=993,
                ),
                S("2023-06-01", "consolidated_with_ulp", "hearing_scheduled", None, ulp_case="10-CA-300204"),
                S("2024-04-25", "hearing_opened", "hearing"),
                # Recommended: exceptions to the Board 28 days after Tue 2024-11-05: Tue 2024-12-03 (102.46(a));
                # the answering brief 14 days after that: Tue 2024-12-17 (102.46(b)).
                S(
                    "2024-11-05",
                    "bargaining_order",
                    "exceptions_period",
                    None,
                    ("exceptions_to_board", "2024-12-03", ATL),
                    ("answering_brief_to_board", "2024-12-17", ATL),
                    basis="cemex",
                    ulp_case="10-CA-300204",
                    by="administrative_law_judge",
                ),
                S("2024-12-03", "exceptions_filed", "board_review", None, party="employer"),
                S(
                    "2025-03-03",
                    "board_decision",
                    "closed",
                    "bargaining_order",
                    # Mon 03-03: Tue 04-Fri 07 (1-4), Mon 10-Fri 14 (5-9), Mon 17 (10).
                    ("board_reconsideration", "2025-03-17", BOARD),
                    outcome="affirmed",
                ),
            ),
        ),
        id="cemex-order-recommended-then-adopted",
    ),
    pytest.param(
        Sequence(
            "10-RC-300205",
            "2024-08-01",
            (
                S(
                    "2024-09-03",
                    "election_blocked",
                    "blocked",
                    None,
                    ulp_case="10-CA-300205",
                    action="election_delayed",
                ),
                S(
                    "2024-09-20",
                    "tally",
                    refused="409: record block_lifted before its tally",
                    yes=10,
                    against=5,
                ),
                S("2024-10-01", "block_lifted", "awaiting_tally", None, ulp_case="10-CA-300205"),
                # Objections: 5 business days after Tue 2024-10-15: 16, 17, 18, 21, Tue 2024-10-22; hearing
                # target 21 days after the tally: Tue 2024-11-05.
                S(
                    "2024-10-15",
                    "tally",
                    "objections_period",
                    None,
                    *tally_opens("2024-10-22", "2024-11-05", ATL),
                    yes=10,
                    against=5,
                ),
                S(
                    "2024-10-16",
                    "election_blocked",
                    "blocked",
                    None,
                    ulp_case="10-CA-300206",
                    action="ballots_impounded",
                ),
                S(
                    "2024-10-16",
                    "notice_of_hearing",
                    refused="409: blocking charge (29 CFR 103.20)",
                    hearing_on="2024-11-12",
                ),
                S("2024-10-17", "block_lifted", "objections_period", None, ulp_case="10-CA-300206"),
            ),
        ),
        id="blocked-election",
    ),
    pytest.param(
        Sequence(
            "29-RC-300206",
            "2021-12-22",
            (
                S("2022-03-01", "case_transferred", "awaiting_tally", None, region=28, reason="Workload"),
                # Objections: 5 business days after Fri 2022-04-01: Fri 2022-04-08, 11:59 p.m. in Phoenix,
                # the receiving office (102.72(b), 102.2); the hearing's target 21 days after: Fri 2022-04-22.
                S(
                    "2022-04-01",
                    "tally",
                    "objections_period",
                    None,
                    *tally_opens("2022-04-08", "2022-04-22", PHX),
                    yes=30,
                    against=40,
                ),
            ),
        ),
        id="transfer",
    ),
]


def setup(sequence: Sequence) -> tuple[Case, dict[str, int], Any]:
    case = cast(
        Case,
        CaseFactory(
            number=sequence.number,
            name=f"Employer of {sequence.number}",
            petition_filed_on=date.fromisoformat(sequence.petition),
        ),
    )
    union = cast(Party, PartyFactory(case=case, role=Party.Role.PETITIONER, name="Union"))
    employer = cast(
        Party, PartyFactory(case=case, role=Party.Role.EMPLOYER, name=f"Employer of {sequence.number}")
    )
    if sequence.election:
        ElectionFactory(case=case, sequence=1, choices=["Union"])
    return (
        case,
        {"union": union.pk, "employer": employer.pk},
        StaffFactory(username=f"staff-{sequence.number}"),
    )


def run(case: Case, parties: dict[str, int], staff: Any, step: Step) -> list[Deadline]:
    if step.event == "tally":
        election = Election.objects.get(case=case, sequence=1)
        zone = ZoneInfo(Case.objects.get(pk=case.pk).office_zone)
        tally = record_tally(
            election,
            prepared_at=datetime.combine(date.fromisoformat(step.on), datetime.min.time(), zone).replace(
                hour=12
            ),
            yes=step.details["yes"],
            votes_against=step.details["against"],
            challenged=step.details.get("challenged", 0),
        )
        return list(Deadline.objects.filter(trigger_tally=tally))
    details: dict[str, Any] = {k: parties[v] if k == "party" else v for k, v in step.details.items()}
    recorded = record_event(case, step.event, step.on, actor=staff, **details)
    return list(Deadline.objects.filter(trigger_event=recorded))


@pytest.mark.parametrize("sequence", SEQUENCES)
def test_a_real_sequence_replays_through_the_services_stage_by_stage(
    frozen_clock: Any, sequence: Sequence
) -> None:
    case, parties, staff = setup(sequence)
    for number, step in enumerate(sequence.steps, 1):
        frozen_clock.at(step.on, 18)
        where = f"step {number}: {step.event} of {step.on}"
        if step.refused:
            code, words = step.refused.split(": ", 1)
            error = TransitionNotAllowed if code == "409" else RuleViolation
            with pytest.raises(error) as refused:
                run(case, parties, staff, step)
            assert words in str(refused.value), where
            continue
        opened = run(case, parties, staff, step)
        status = case_status.case_status(Case.objects.get(pk=case.pk))
        test = status["test_of_certification"]
        assert (status["stage"], status["outcome"], test["stage"] if test else None) == (
            step.stage,
            step.outcome,
            step.test,
        ), where
        assert [(d.code, d.due_on.isoformat(), d.zone) for d in opened] == list(step.opened), where
        if step.outcome in ("dismissed", "withdrawn", "disclaimed", "bargaining_order"):
            # Ended: the case's own status is closed too (while the Board reviews a dismissal as well).
            assert Case.objects.get(pk=case.pk).status == "closed", where
