"""The ends of a dispute, replayed through the service layer (issue 22): real sequences with every stage,
outcome and deadline asserted, each date counted by hand here.

- JFK8 (29-RC-288020, Region 29, 2019 rules): transferred to Region 28 for the hearing; certified
  2023-01-11; the refusal to bargain, the complaint (29-CA-318069, 2023-07-12) and the summary-judgment
  motion (2023-08-23) while the request for review was pending (denied 2024-08-29); Amazon's collateral
  appeal (Fifth Circuit No. 24-50761) is not a review of the Board's order. Dates the public record does not
  give are marked UNVERIFIED.
- A dismissal by administrative action reviewed under 102.71(c)–(d); a withdrawal (102.60(a)); a
  disclaimer; a Cemex order recommended by a judge then adopted by the Board; an election blocked by a charge
  (103.20), before and after the election.
- The courts (FRAP 40(d)(1), 28 U.S.C. 2101(c), FRAP 26(a)) on a constructed sequence: the dockets are made
  up for the test, the periods are the rules'.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any, cast
from zoneinfo import ZoneInfo

import pytest

from core.errors import RuleViolation, TransitionNotAllowed
from elections import services as election_services
from elections.models import Case, Election, Party
from proceedings.law.deadlines import Status
from proceedings.models import Deadline
from proceedings.selectors import status as case_status
from staff import workqueue
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    StaffFactory,
    UserFactory,
    record_event,
    record_tally,
)
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db

EASTERN = ZoneInfo("America/New_York")
PHOENIX = ZoneInfo("America/Phoenix")
CENTRAL = ZoneInfo("America/Chicago")


def make(number: str, petition: date, *, union: str = "Union", agreement: str | None = None) -> Any:
    case = cast(Case, CaseFactory(number=number, name=f"Employer of {number}", petition_filed_on=petition))
    petitioner = cast(Party, PartyFactory(case=case, role=Party.Role.PETITIONER, name=union))
    employer = cast(Party, PartyFactory(case=case, role=Party.Role.EMPLOYER, name=f"Employer of {number}"))
    election = cast(Election, ElectionFactory(case=case, sequence=1, choices=[union], agreement=agreement))
    staff = StaffFactory(username=f"staff-{number}")
    return case, election, petitioner, employer, staff


def refused_to_bargain(number: str, ulp_case: str) -> tuple[Case, Party, Any]:
    """A case certified 2023-03-15 (tally 2023-03-01) whose employer refused to bargain on 2023-04-03."""
    case, election, _union, employer, staff = make(number, date(2023, 1, 9))
    record_tally(election, prepared_at=datetime(2023, 3, 1, 12, tzinfo=EASTERN), yes=60, votes_against=40)
    record_event(case, "certification_issued", "2023-03-15", actor=staff, kind="representative")
    record_event(case, "refusal_to_bargain", "2023-04-03", actor=staff, ulp_case=ulp_case)
    return case, employer, staff


def stage_of(case: Case) -> dict[str, Any]:
    return case_status.case_status(Case.objects.get(pk=case.pk))


def live(case: Case, code: str) -> Deadline:
    return (
        Deadline.objects.filter(case=case, code=code)
        .exclude(status=Status.SUPERSEDED)
        .order_by("-id")
        .first()
    )  # type: ignore[return-value]


def due(case: Case, code: str) -> tuple[date, datetime, str]:
    d = live(case, code)
    return d.due_on, d.due_at, d.zone


def test_jfk8_as_it_happened_beside_its_test_of_certification(frozen_clock: Any) -> None:
    case, election, _alu, amazon, staff = make("29-RC-288020", date(2021, 12, 22), union="Amazon Labor Union")

    def event(name: str, on: str, **details: Any) -> Any:
        frozen_clock.at(on, 18)
        return record_event(case, name, on, actor=staff, **details)

    frozen_clock.at("2022-04-01", 18)
    record_tally(
        election,
        prepared_at=datetime(2022, 4, 1, 15, tzinfo=EASTERN),
        yes=2654,
        votes_against=2131,
        void=17,
        challenged=67,
    )
    # Objections: 5 business days after Fri 2022-04-01 -> Mon 4, Tue 5, Wed 6, Thu 7, Fri 8: 2022-04-08,
    # 11:59 p.m. in Brooklyn (Region 29).
    assert due(case, "objections") == (
        date(2022, 4, 8),
        datetime(2022, 4, 8, 23, 59, tzinfo=EASTERN),
        "America/New_York",
    )
    # The hearing was run by Region 28 (Phoenix); the transfer's date is not in the public record.
    event(
        "case_transferred",
        "2022-04-20",
        region=28,
        reason="Hearing and decision by Region 28 (UNVERIFIED date)",
    )
    assert Case.objects.get(pk=case.pk).office_zone == "America/Phoenix"
    assert Case.objects.get(pk=case.pk).number == "29-RC-288020"  # the number stays
    event("notice_of_hearing", "2022-04-20", hearing_on="2022-06-13")  # UNVERIFIED notice date
    # The staff work queue files the case under the receiving office.
    queue = workqueue.work_queue(days=60, region=28)
    assert {line.case_number for section in queue.sections for line in section.lines} == {"29-RC-288020"}
    assert not [line for s in workqueue.work_queue(days=60, region=29).sections for line in s.lines]
    event("hearing_opened", "2022-06-13")
    event("hearing_officer_report", "2022-09-01")
    # Exceptions (2019 rules): 10 business days after Thu 2022-09-01: Fri 2 (1), Labor Day Mon 5 skipped,
    # 6 (2), 7, 8, 9 (5), 12, 13, 14, 15 (9), Fri 16 (10): 2022-09-16, the date the JFK8 record gives —
    # at 11:59 p.m. in Phoenix now, the receiving office (MST, UTC-7).
    assert due(case, "exceptions") == (
        date(2022, 9, 16),
        datetime(2022, 9, 16, 23, 59, tzinfo=PHOENIX),
        "America/Phoenix",
    )
    assert live(case, "exceptions").due_at.utcoffset() is not None
    # The objections deadline computed before the transfer keeps Brooklyn's zone.
    assert live(case, "objections").zone == "America/New_York"
    event("exceptions_filed", "2022-09-16", party=amazon.pk)
    event("regional_director_decision", "2023-01-11", outcome="certify_representative")
    # Request for review: 10 business days after Wed 2023-01-11: 12, 13, (MLK Day Mon 16), 17, 18, 19, 20,
    # 23, 24, 25, Thu 26 — filed with the Board in Washington. Opposition: 5 business days after 01-26:
    # Fri 27, 30, 31, Feb 1, Thu Feb 2.
    assert due(case, "request_for_review")[:2] == (
        date(2023, 1, 26),
        datetime(2023, 1, 26, 23, 59, tzinfo=EASTERN),
    )
    assert due(case, "opposition")[0] == date(2023, 2, 2)
    event("certification_issued", "2023-01-11", kind="representative")
    assert stage_of(case)["stage"] == "certified"
    event("request_for_review_filed", "2023-01-25", party=amazon.pk)  # "January 2023": UNVERIFIED day
    assert stage_of(case)["stage"] == "board_review"

    # The refusal to bargain while review is pending: the test of certification runs beside the case.
    event("refusal_to_bargain", "2023-03-01", ulp_case="29-CA-318069", party=amazon.pk)  # UNVERIFIED
    status = stage_of(case)
    assert (status["stage"], status["outcome"]) == ("board_review", "representative_certified")
    assert status["test_of_certification"] == {
        "ulp_case": "29-CA-318069",
        "stage": "charge_filed",
        "stage_label": "Charge filed (refusal to bargain)",
        "board_order": None,
        "court_cases": [],
    }
    event("complaint_issued", "2023-07-12", ulp_case="29-CA-318069")
    # The answer (102.20, unverified): 14 days after Wed 2023-07-12 is Wed 2023-07-26, filed with Region 29
    # (the CA case's office, not Region 28 that heard the objections).
    answer = live(case, "answer")
    assert (answer.due_on, answer.zone, answer.verified, answer.source) == (
        date(2023, 7, 26),
        "America/New_York",
        False,
        "inferred",
    )
    assert "UNVERIFIED: 14 days after the complaint, as product.md states it: 102.20's text is not" in (
        answer.explanation
    )
    event("summary_judgment_motion_filed", "2023-08-23")
    assert stage_of(case)["test_of_certification"]["stage"] == "summary_judgment"
    # A court filing before the Board's order: 409, naming what may come next.
    with pytest.raises(TransitionNotAllowed) as early:
        event("court_petition_filed", "2023-09-01", court="5th Cir.", docket="23-60001", party=amazon.pk)
    assert "the Board has issued no order in 29-CA-318069" in early.value.detail
    assert "board_order" in early.value.allowed

    event("board_decision", "2024-08-29", outcome="review_denied")
    status = stage_of(case)
    assert (status["stage"], status["outcome"]) == ("test_of_certification", "representative_certified")

    # Amazon's collateral appeal is not a review of the Board's order: a decision on a docket not filed on
    # this case is a 409, and nothing is written; the case stays certified.
    with nothing_written(), pytest.raises(TransitionNotAllowed) as collateral:
        event("court_decision", "2025-01-10", court="5th Cir.", docket="24-50761", outcome="dismissed")
    assert (
        "court_decision cannot be recorded on the test of certification: docket 24-50761 is not a court "
        "filing on this case (filed: none)" in collateral.value.detail
    )
    assert Case.objects.get(pk=case.pk).status == "certified"

    event("board_order", "2024-12-16", ulp_case="29-CA-318069")  # UNVERIFIED date
    status = stage_of(case)
    assert status["stage"] == "test_of_certification"
    assert (status["test_of_certification"]["stage"], status["test_of_certification"]["board_order"]) == (
        "board_order",
        "bargaining_ordered",
    )
    assert "court_petition_filed" in status["allowed_events"]


def test_the_courts_several_filings_consolidated_decided_reheard_and_certiorari(frozen_clock: Any) -> None:
    """A constructed sequence (the dockets are made up): the periods are FRAP 40(d)(1) and 28 U.S.C. 2101(c)
    counted under FRAP 26(a)."""
    case, election, union, employer, staff = make("16-RC-300001", date(2023, 1, 9))

    def event(name: str, on: str, **details: Any) -> Any:
        frozen_clock.at(on, 18)
        return record_event(case, name, on, actor=staff, **details)

    frozen_clock.at("2023-03-01", 18)
    record_tally(election, prepared_at=datetime(2023, 3, 1, 15, tzinfo=CENTRAL), yes=60, votes_against=40)
    event("certification_issued", "2023-03-15", kind="representative")
    event("refusal_to_bargain", "2023-04-03", ulp_case="16-CA-310001", party=employer.pk)
    event("ulp_charge_filed", "2023-04-05", party=union.pk)
    event("complaint_issued", "2023-05-01")
    event("answer_filed", "2023-05-15", party=employer.pk)
    assert live(case, "answer").status == Status.MET
    event("summary_judgment_motion_filed", "2023-06-01")
    event("notice_to_show_cause", "2023-06-05", respond_by="2023-06-19")
    show_cause = live(case, "show_cause_response")
    assert (show_cause.due_on, show_cause.source, show_cause.verified) == (date(2023, 6, 19), "order", False)
    event("board_order", "2023-09-01", outcome="bargaining_ordered")

    # Bad input is a 400 naming the field and the rule: a district court is not a court of review.
    with pytest.raises(RuleViolation) as district:
        event("court_petition_filed", "2023-09-05", court="W.D. Tex.", docket="1:23-cv-1", party=employer.pk)
    assert "court of court_petition_filed must be one of 1st Cir., 2nd Cir." in district.value.message
    with pytest.raises(RuleViolation) as no_party:
        event("court_petition_filed", "2023-09-05", court="5th Cir.", docket="23-60700")
    assert "party is required for a petition for review" in no_party.value.message

    # The employer's petition for review and the Board's cross-application: several filings per order.
    event("court_petition_filed", "2023-09-05", court="5th Cir.", docket="23-60700", party=employer.pk)
    event(
        "court_petition_filed",
        "2023-09-20",
        court="5th Cir.",
        docket="23-60750",
        kind="cross_application_for_enforcement",
    )
    assert stage_of(case)["stage"] == "court_of_appeals"
    with pytest.raises(TransitionNotAllowed) as elsewhere:
        event(
            "court_cases_consolidated",
            "2023-09-25",
            court="D.C. Cir.",
            dockets=["23-60700", "23-60750"],
            lead_docket="23-60700",
        )
    assert "docket 23-60700 is in the 5th Cir." in elsewhere.value.detail
    event(
        "court_cases_consolidated",
        "2023-09-25",
        court="5th Cir.",
        dockets=["23-60700", "23-60750"],
        lead_docket="23-60700",
    )

    # Decided Wed 2025-06-11. Rehearing: 45 days -> Sat 2025-07-26, rolled past the weekend to Mon 07-28
    # (FRAP 26(a)(1)(C)); certiorari: 90 days -> Tue 2025-09-09; midnight in New Orleans (Central).
    event("court_decision", "2025-06-11", court="5th Cir.", docket="23-60700", outcome="enforced")
    rehearing, certiorari = live(case, "rehearing"), live(case, "certiorari")
    assert (rehearing.due_on, rehearing.source, rehearing.verified, rehearing.zone) == (
        date(2025, 7, 28),
        "court_rule",
        False,
        "America/Chicago",
    )
    assert "2025-07-26 (Saturday)" in rehearing.explanation
    # Not verified, and the deadline says why: no verbatim text of the court's rules is at hand.
    assert "UNVERIFIED: The rule's text is not among the project's verbatim copies" in rehearing.explanation
    assert (certiorari.due_on, certiorari.source) == (date(2025, 9, 9), "statute")
    status = stage_of(case)
    toc = status["test_of_certification"]
    assert [(c["docket"], c["kind"], c["stage"], c["outcome"]) for c in toc["court_cases"]] == [
        ("23-60700", "petition_for_review", "decided", "enforced"),
        ("23-60750", "cross_application_for_enforcement", "decided", "enforced"),  # consolidated with it
    ]
    # The decision ends the test of certification; the representation case stays certified.
    assert (toc["stage"], status["stage"], Case.objects.get(pk=case.pk).status) == (
        "closed",
        "certified",
        "certified",
    )

    event("rehearing_petition_filed", "2025-07-25", docket="23-60700", party=employer.pk)
    assert live(case, "rehearing").status == Status.MET
    assert stage_of(case)["test_of_certification"]["stage"] == "court"
    # Rehearing denied Fri 2025-08-29: certiorari 90 days later is Thanksgiving, Thu 2025-11-27, so Fri 11-28.
    event("rehearing_decision", "2025-08-29", docket="23-60700", outcome="denied")
    assert live(case, "certiorari").due_on == date(2025, 11, 28)
    event("mandate_issued", "2025-09-08", docket="23-60700")
    event("certiorari_petition_filed", "2025-11-26", docket="23-60700", party=employer.pk)
    event("certiorari_decision", "2026-01-12", docket="23-60700", outcome="denied")
    status = stage_of(case)
    assert (status["test_of_certification"]["stage"], status["stage"]) == ("closed", "certified")


def test_a_dismissal_by_administrative_action_is_reviewed_under_102_71(frozen_clock: Any) -> None:
    case, _election, union, employer, staff = make("10-RC-300002", date(2024, 1, 8))
    frozen_clock.at("2024-03-01", 18)
    # Before the election: the election exists, not tallied.
    record_event(
        case,
        "petition_dismissed",
        "2024-03-01",
        actor=staff,
        by="regional_director",
        reason="Inappropriate unit",
        administrative=True,
    )
    status = stage_of(case)
    assert (status["stage"], status["outcome"]) == ("closed", "dismissed")
    assert Case.objects.get(pk=case.pk).status == "closed"
    # 102.71(c): 10 business days after Fri 2024-03-01: Mar 4-8 (5), 11-15 (10): Fri 2024-03-15, with the
    # Board in Washington; 102.71(d): 5 business days after that: 18-22: Fri 2024-03-22.
    review = live(case, "request_for_review")
    assert (review.due_on, review.citation, review.zone) == (
        date(2024, 3, 15),
        "29 CFR 102.71(c)",
        "America/New_York",
    )
    assert review.verified is False  # counted from the dismissal's date; 102.71(c) counts from its service
    assert live(case, "opposition").due_on == date(2024, 3, 22)
    frozen_clock.at("2024-03-14", 18)
    record_event(case, "request_for_review_filed", "2024-03-14", actor=staff, party=union.pk)
    assert stage_of(case)["stage"] == "board_review"
    frozen_clock.at("2024-03-21", 18)
    record_event(case, "opposition_filed", "2024-03-21", actor=staff, party=employer.pk)
    assert live(case, "opposition").status == Status.MET
    frozen_clock.at("2024-06-03", 18)
    record_event(case, "board_decision", "2024-06-03", actor=staff, outcome="review_denied")
    status = stage_of(case)
    assert (status["stage"], status["outcome"], status["allowed_events"]) == ("closed", "dismissed", [])
    # Closed: nothing else moves it.
    with pytest.raises(TransitionNotAllowed):
        record_event(case, "election_blocked", "2024-06-03", actor=staff, ulp_case="10-CA-300009")


def test_a_regional_directors_dismissal_reversed_by_the_board_reopens_the_case(frozen_clock: Any) -> None:
    case, election, union, _employer, staff = make("10-RC-300003", date(2024, 1, 8))
    frozen_clock.at("2024-05-01", 18)
    record_tally(election, prepared_at=datetime(2024, 4, 2, 12, tzinfo=EASTERN), yes=10, votes_against=12)
    record_event(
        case, "petition_dismissed", "2024-04-15", actor=staff, by="regional_director", reason="Contract bar"
    )
    assert Case.objects.get(pk=case.pk).status == "closed"
    record_event(case, "request_for_review_filed", "2024-04-22", actor=staff, party=union.pk)
    record_event(case, "board_decision", "2024-04-30", actor=staff, outcome="reversed")
    status = stage_of(case)
    assert (status["stage"], status["outcome"]) == ("awaiting_regional_director", None)
    assert Case.objects.get(pk=case.pk).status == "open"


def test_a_dismissal_after_a_consent_elections_tally_is_final(frozen_clock: Any) -> None:
    case, election, union, _employer, staff = make("10-RC-300004", date(2024, 1, 8), agreement="consent")
    frozen_clock.at("2024-05-01", 18)
    record_tally(election, prepared_at=datetime(2024, 4, 2, 12, tzinfo=EASTERN), yes=10, votes_against=12)
    record_event(case, "petition_dismissed", "2024-04-15", actor=staff, by="regional_director", reason="Unit")
    assert live(case, "request_for_review") is None and live(case, "opposition") is None  # 102.62(a)
    with pytest.raises(TransitionNotAllowed) as final:
        record_event(case, "request_for_review_filed", "2024-04-22", actor=staff, party=union.pk)
    assert "102.62(a)" in final.value.detail


def test_a_withdrawal_closes_the_case_and_moots_what_was_running(frozen_clock: Any) -> None:
    case, election, union, employer, staff = make("29-RC-300005", date(2021, 12, 22))
    frozen_clock.at("2022-04-01", 18)
    record_tally(election, prepared_at=datetime(2022, 4, 1, 15, tzinfo=EASTERN), yes=30, votes_against=40)
    frozen_clock.at("2022-04-05", 18)
    with pytest.raises(RuleViolation) as not_petitioner:
        record_event(case, "petition_withdrawn", "2022-04-05", actor=staff, party=employer.pk)
    assert "only the petitioner withdraws it" in not_petitioner.value.message
    with pytest.raises(TransitionNotAllowed) as by_board:
        record_event(
            case, "petition_withdrawn", "2022-04-05", actor=staff, party=union.pk, approved_by="board"
        )
    assert "before the record goes to the Board the Regional Director approves" in by_board.value.detail
    record_event(
        case,
        "petition_withdrawn",
        "2022-04-05",
        actor=staff,
        party=union.pk,
        with_prejudice=False,
        approved_by="regional_director",
    )
    status = stage_of(case)
    assert (status["stage"], status["outcome"], status["next_deadline"]) == ("closed", "withdrawn", None)
    # The objections period (due Fri 2022-04-08) no longer runs, and no review deadline opens.
    objections = live(case, "objections")
    assert (objections.due_on, objections.status) == (date(2022, 4, 8), Status.MOOT)
    assert "petition withdrawn on 2022-04-05" in objections.status_note
    assert live(case, "request_for_review") is None


def test_a_disclaimer_ends_the_case_and_no_certification_follows(frozen_clock: Any) -> None:
    case, election, union, employer, staff = make("10-RC-300006", date(2024, 1, 8), union="Local 7")
    frozen_clock.at("2024-05-01", 18)
    record_tally(election, prepared_at=datetime(2024, 4, 2, 12, tzinfo=EASTERN), yes=30, votes_against=12)
    with pytest.raises(RuleViolation) as employer_disclaims:
        record_event(case, "disclaimer_filed", "2024-04-20", actor=staff, party=employer.pk)
    assert "is not a union on the ballot" in employer_disclaims.value.message
    record_event(case, "disclaimer_filed", "2024-04-20", actor=staff, party=union.pk)
    assert (stage_of(case)["stage"], stage_of(case)["outcome"]) == ("closed", "disclaimed")
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        record_event(case, "certification_issued", "2024-04-25", actor=staff, kind="representative")


def test_a_cemex_order_recommended_by_a_judge_then_adopted_by_the_board(frozen_clock: Any) -> None:
    case, election, _union, employer, staff = make("10-RC-300007", date(2020, 11, 20))
    frozen_clock.at("2024-11-05", 18)
    record_tally(election, prepared_at=datetime(2022, 3, 28, 12, tzinfo=CENTRAL), yes=875, votes_against=993)
    record_event(case, "consolidated_with_ulp", "2023-06-01", actor=staff, ulp_case="10-CA-290001")
    record_event(case, "hearing_opened", "2024-04-25", actor=staff)
    with pytest.raises(RuleViolation) as no_ca:
        record_event(case, "bargaining_order", "2024-11-05", actor=staff, basis="cemex", by="board")
    assert "ulp_case is required for bargaining_order" in no_ca.value.message
    record_event(
        case,
        "bargaining_order",
        "2024-11-05",
        actor=staff,
        basis="cemex",
        ulp_case="10-CA-290001",
        by="administrative_law_judge",
    )
    status = stage_of(case)
    assert (status["stage"], status["outcome"]) == ("exceptions_period", None)  # recommended only
    assert Case.objects.get(pk=case.pk).status == "open"
    # Exceptions to the Board: 28 days after Tue 2024-11-05 is Tue 2024-12-03 (102.46(a)); answering
    # brief 14 days after that due date: Tue 2024-12-17 (102.46(b)).
    assert live(case, "exceptions_to_board").due_on == date(2024, 12, 3)
    assert live(case, "answering_brief_to_board").due_on == date(2024, 12, 17)
    frozen_clock.at("2024-12-03", 18)
    record_event(case, "exceptions_filed", "2024-12-03", actor=staff, party=employer.pk)
    assert stage_of(case)["stage"] == "board_review"
    frozen_clock.at("2025-03-03", 18)
    record_event(case, "board_decision", "2025-03-03", actor=staff, outcome="affirmed")
    status = stage_of(case)
    assert (status["stage"], status["outcome"]) == ("closed", "bargaining_order")
    assert Case.objects.get(pk=case.pk).status == "closed"


def test_an_election_blocked_before_and_after_it_is_held(frozen_clock: Any) -> None:
    case, election, _union, _employer, staff = make("10-RC-300008", date(2024, 8, 1))
    frozen_clock.at("2024-09-03", 18)
    record_event(
        case,
        "election_blocked",
        "2024-09-03",
        actor=staff,
        ulp_case="10-CA-300010",
        action="election_delayed",
    )
    assert stage_of(case)["stage"] == "blocked"
    assert stage_of(case)["ending_events"] == [
        "petition_dismissed",
        "petition_withdrawn",
        "disclaimer_filed",
        "block_lifted",
        "case_transferred",
    ]
    # No tally while the block stands, so no period runs; nothing of the tally is written.
    with nothing_written(), pytest.raises(TransitionNotAllowed) as held:
        record_tally(election, prepared_at=datetime(2024, 9, 20, 12, tzinfo=EASTERN), yes=10, votes_against=5)
    assert "record block_lifted before its tally" in held.value.detail
    frozen_clock.at("2024-10-01", 18)
    record_event(case, "block_lifted", "2024-10-01", actor=staff, ulp_case="10-CA-300010")
    assert stage_of(case)["stage"] == "awaiting_tally"
    frozen_clock.at("2024-10-15", 18)
    record_tally(election, prepared_at=datetime(2024, 10, 15, 12, tzinfo=EASTERN), yes=10, votes_against=5)
    # Objections: 5 business days after Tue 2024-10-15: 16, 17, 18, 21, Tue 22.
    assert live(case, "objections").due_on == date(2024, 10, 22)
    # After the election: ballots impounded by a new charge; the climb waits for the block to lift.
    frozen_clock.at("2024-10-16", 18)
    record_event(
        case,
        "election_blocked",
        "2024-10-16",
        actor=staff,
        ulp_case="10-CA-300011",
        action="ballots_impounded",
    )
    with pytest.raises(TransitionNotAllowed) as waits:
        record_event(case, "notice_of_hearing", "2024-10-16", actor=staff, hearing_on="2024-11-12")
    assert "blocking charge (29 CFR 103.20)" in waits.value.detail
    assert "block_lifted" in waits.value.allowed
    record_event(case, "block_lifted", "2024-10-16", actor=staff, ulp_case="10-CA-300011")
    assert stage_of(case)["stage"] == "objections_period"


def test_closing_is_only_ever_an_event(frozen_clock: Any) -> None:
    case, _election, _union, _employer, staff = make("10-RC-300009", date(2024, 1, 8))

    with pytest.raises(RuleViolation) as by_hand:
        election_services.case_update(case=case, status=Case.Status.CLOSED, actor=staff)
    assert by_hand.value.field == "status"
    assert (
        "petition_dismissed, petition_withdrawn, disclaimer_filed, bargaining_order" in by_hand.value.message
    )


def test_the_timeline_and_the_exports_carry_every_new_event_with_its_label(frozen_clock: Any) -> None:
    from rest_framework.test import APIClient

    case, election, union, _employer, staff = make("10-RC-300010", date(2024, 1, 8))
    frozen_clock.at("2024-05-01", 18)
    record_tally(election, prepared_at=datetime(2024, 4, 2, 12, tzinfo=EASTERN), yes=30, votes_against=12)
    record_event(case, "case_transferred", "2024-04-03", actor=staff, region=12, reason="Workload")
    record_event(case, "election_blocked", "2024-04-04", actor=staff, ulp_case="10-CA-300012")
    record_event(case, "block_lifted", "2024-04-05", actor=staff, ulp_case="10-CA-300012")
    record_event(case, "disclaimer_filed", "2024-04-20", actor=staff, party=union.pk)
    client = APIClient()
    client.force_authenticate(user=staff)
    titles = [
        item["title"]
        for item in client.get(f"/api/v1/cases/{case.number}/timeline/").json()["results"]
        if item["kind"] == "proceeding"
    ]
    assert titles == [
        "Case transferred to another Region: to Region 12",
        "Election blocked by an unfair-labor-practice charge: 10-CA-300012",
        "Block lifted: 10-CA-300012",
        "Disclaimer of interest",
    ]
    csv = client.get(f"/api/v1/cases/{case.number}/export/timeline.csv")
    assert csv.status_code == 200
    body = b"".join(csv.streaming_content).decode() if csv.streaming else csv.content.decode()
    for title in titles:
        assert title in body


def judges_cemex_order(number: str, ulp_case: str) -> tuple[Case, Party, Any]:
    """A Cemex order recommended by a judge on Tue 2024-11-05 after a consolidated hearing (a constructed
    case; the clock is on or after that day)."""
    case, election, _union, employer, staff = make(number, date(2020, 11, 20))
    AppearanceFactory(party=employer, user=UserFactory(email=f"counsel-{number}@example.org"))
    record_tally(election, prepared_at=datetime(2022, 3, 28, 12, tzinfo=CENTRAL), yes=875, votes_against=993)
    record_event(case, "consolidated_with_ulp", "2023-06-01", actor=staff, ulp_case=ulp_case)
    record_event(case, "hearing_opened", "2024-04-25", actor=staff)
    record_event(
        case,
        "bargaining_order",
        "2024-11-05",
        actor=staff,
        basis="cemex",
        ulp_case=ulp_case,
        by="administrative_law_judge",
    )
    return case, employer, staff


@pytest.mark.parametrize(
    ("exceptions", "adopted", "stage", "outcome", "status"),
    [
        pytest.param(False, False, "closed", "bargaining_order", "closed", id="none-filed-lapses"),
        pytest.param(True, False, "board_review", None, "open", id="exceptions-filed-waits-for-the-board"),
        pytest.param(True, True, "closed", "bargaining_order", "closed", id="adopted-by-the-board"),
    ],
)
def test_a_judges_bargaining_order_takes_effect_by_the_lapse_or_the_boards_adoption(
    frozen_clock: Any,
    django_capture_on_commit_callbacks: Any,
    exceptions: bool,
    adopted: bool,
    stage: str,
    outcome: str | None,
    status: str,
) -> None:
    from django.core import mail

    from proceedings import tasks

    frozen_clock.at("2024-11-05", 18)
    case, employer, staff = judges_cemex_order("10-RC-300011", "10-CA-290002")
    # Exceptions to the Board: 28 days after Tue 2024-11-05 is Tue 2024-12-03 (102.46(a)), 11:59 p.m. in
    # Atlanta (Region 10, Eastern): until then the order is recommended only.
    assert live(case, "exceptions_to_board").due_at == datetime(2024, 12, 3, 23, 59, tzinfo=EASTERN)
    if exceptions:
        frozen_clock.at("2024-12-03", 18)
        record_event(case, "exceptions_filed", "2024-12-03", actor=staff, party=employer.pk)
    frozen_clock.at("2024-12-03", 23, 58)
    assert stage_of(case)["outcome"] is None
    if adopted:
        frozen_clock.at("2025-03-03", 18)
        record_event(case, "board_decision", "2025-03-03", actor=staff, outcome="affirmed")
    frozen_clock.at("2025-03-04", 9)  # the day after the Board's decision, long after the period
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_deadline_reminders.delay().get()  # the hourly task applies what lapsed
    now = stage_of(case)
    assert (now["stage"], now["outcome"], Case.objects.get(pk=case.pk).status) == (stage, outcome, status)
    lapsed = not exceptions and not adopted
    notices = [m for m in mail.outbox if "took effect" in m.subject]
    if lapsed:
        # 102.48(a): the path says the day the period ended, with no event; the case was closed by the hourly
        # task through the services: a history row naming why, and one notice to counsel.
        assert now["path"][-1] == {
            "stage": "closed",
            "stage_label": "Closed",
            "on": date(2024, 12, 3),
            "event": None,
        }
        row = Case.history.filter(id=case.pk).order_by("-history_id").first()
        assert (row.status, row.history_change_reason) == (
            "closed",
            "Closed by the judge's bargaining order, no exceptions by 2024-12-03 (102.48(a))",
        )
        assert [(m.to, m.subject) for m in notices] == [
            (
                ["counsel-10-RC-300011@example.org"],
                "10-RC-300011: Bargaining order (Cemex or Gissel) took effect (2024-12-03)",
            )
        ]
        assert "no exceptions were filed by 2024-12-03 (29 CFR 102.48(a))" in notices[0].body
        # Once: a second run changes nothing and sends nothing.
        from proceedings import services

        assert services.recommended_orders_take_effect() == 0
        with pytest.raises(TransitionNotAllowed):
            record_event(case, "exceptions_filed", "2025-03-04", actor=staff, party=employer.pk)
        # An order extending the exceptions period gives the time back: the case is open again, recommended.
        services.deadline_set(
            case=case,
            code="exceptions_to_board",
            due_on=date(2025, 3, 17),
            reason="Extension granted by the Board",
            actor=staff,
        )
        again = stage_of(case)
        assert (again["stage"], again["outcome"], Case.objects.get(pk=case.pk).status) == (
            "exceptions_period",
            None,
            "open",
        )
    else:
        assert notices == []


def test_a_step_of_the_test_of_certification_a_later_one_rests_on_is_not_voided(frozen_clock: Any) -> None:
    from proceedings import services

    frozen_clock.at("2023-09-01", 18)
    case, _employer, staff = refused_to_bargain("10-RC-300012", "10-CA-310002")
    complaint = record_event(case, "complaint_issued", "2023-05-01", actor=staff)
    motion = record_event(case, "summary_judgment_motion_filed", "2023-06-01", actor=staff)
    with nothing_written(), pytest.raises(TransitionNotAllowed) as refused:
        services.event_void(event=complaint, reason="Wrong date", actor=staff)
    assert f"event {motion.pk} (Motion for summary judgment filed, 2023-06-01)" in refused.value.detail
    services.event_void(event=motion, reason="Recorded on the wrong case", actor=staff)
    services.event_void(event=complaint, reason="Wrong date", actor=staff)
    assert stage_of(case)["test_of_certification"]["stage"] == "charge_filed"


def test_through_the_api_bad_input_is_a_400_and_a_docket_not_on_the_case_a_409(frozen_clock: Any) -> None:
    from rest_framework.test import APIClient

    frozen_clock.at("2023-10-01", 18)
    case, employer, staff = refused_to_bargain("10-RC-300013", "10-CA-310003")
    record_event(case, "board_order", "2023-09-01", actor=staff)
    client = APIClient()
    client.force_authenticate(user=staff)
    url = f"/api/v1/cases/{case.number}/proceedings/"

    def post(event: str, **details: Any) -> Any:
        return client.post(
            url, {"event": event, "occurred_on": "2023-10-01", "details": details}, format="json"
        )

    district = post("court_petition_filed", court="W.D. Tex.", docket="1:23-cv-1", party=employer.pk)
    assert district.status_code == 400
    assert district.json()["details"][0].startswith("court of court_petition_filed must be one of 1st Cir.")
    stranger = post("court_decision", court="5th Cir.", docket="24-50761", outcome="dismissed")
    assert stranger.status_code == 409
    assert stranger.json()["allowed"] == ["court_petition_filed"]
    status = client.get(f"/api/v1/cases/{case.number}/status/").json()
    assert (status["stage"], status["test_of_certification"]["stage"]) == (
        "test_of_certification",
        "board_order",
    )


def test_a_transfer_before_the_tally_moves_the_objections_period_and_the_objection_with_it(
    frozen_clock: Any,
) -> None:
    from tests.factories import file_objection

    case, election, _union, employer, staff = make("29-RC-300014", date(2021, 12, 22))
    frozen_clock.at("2022-03-01", 18)
    record_event(case, "case_transferred", "2022-03-01", actor=staff, region=28, reason="Workload")
    frozen_clock.at("2022-04-01", 18)
    record_tally(election, prepared_at=datetime(2022, 4, 1, 15, tzinfo=EASTERN), yes=30, votes_against=40)
    # 5 business days after Fri 2022-04-01: Fri 2022-04-08, at 11:59 p.m. in Phoenix (Region 28).
    deadline = live(case, "objections")
    assert (deadline.due_at, deadline.zone) == (
        datetime(2022, 4, 8, 23, 59, tzinfo=PHOENIX),
        "America/Phoenix",
    )
    # Filed at 11:30 p.m. in Phoenix (2:30 a.m. in Brooklyn the next day): timely in the receiving office.
    filed = datetime(2022, 4, 8, 23, 30, tzinfo=PHOENIX)
    frozen_clock.at(filed)
    objection = file_objection(election, employer, filed_at=filed, offer_of_proof_filed_at=filed, actor=staff)
    assert (objection.due_at, objection.timely) == (deadline.due_at, True)
