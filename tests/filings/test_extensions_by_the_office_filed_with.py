"""Issue 30, items 2, 11 and 12: an extension keeps the clock of the office the paper is filed with, moves what
is due "at the same time as" the paper it extends, and is granted only by that office.

102.2(b): "E-Filed documents must be received by 11:59 p.m. of the time zone of the receiving office."
102.67(i)(3), 102.69(g): requests for extensions "shall be filed pursuant to § 102.2(c) with the Board or the
Regional Director, as the case may be". 102.46(a): exceptions "within 28 days, or within such further period
as the Board may allow ... file with the Board in Washington, DC". 102.69(c)(2): the request for review of the
direction of election is due "at the same time as" the exceptions to the ALJ's decision.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from core.errors import RuleViolation
from elections.models import Case, Election, Party
from filings import services as filing_services
from proceedings import services as proceeding_services
from proceedings.models import Deadline
from tests.factories import record_event, record_tally
from tests.proceedings.test_ends_of_a_dispute import make as make_dispute

pytestmark = pytest.mark.django_db

CENTRAL = ZoneInfo("America/Chicago")
PACIFIC = ZoneInfo("America/Los_Angeles")
EASTERN = ZoneInfo("America/New_York")


def make(number: str, *, agreement: str) -> tuple[Case, Election, Party, Any]:
    case, election, union, _, staff = make_dispute(number, date(2025, 3, 3), agreement=agreement)
    return case, election, union, staff


def live(case: Case, code: str) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(case=case, code=code)


def certified_in_minneapolis(frozen_clock: Any) -> tuple[Case, Election, Party, Any]:
    """Region 18 (Minneapolis, Central time), 2023 rules: certification of results Mon 2025-06-02. The request
    for review is due "until 10 business days after a final disposition" (102.67(c)): Tue 03-Fri 06 (1-4), Mon
    09-Fri 13 (5-9), Mon 16 (10) → Mon 2025-06-16, 11:59 p.m. Eastern (filed with the Board)."""
    case, election, union, staff = make("18-RC-350001", agreement="stipulated")
    frozen_clock.at("2025-05-20", 12)
    record_tally(election, prepared_at=datetime(2025, 5, 20, 15, tzinfo=CENTRAL), yes=10, votes_against=30)
    frozen_clock.at("2025-06-02", 17)
    record_event(case, "certification_issued", "2025-06-02", actor=staff, kind="results")
    return case, election, union, staff


def consolidated_in_san_francisco(frozen_clock: Any) -> tuple[Case, Election, Party, Any]:
    """Region 20 (San Francisco, Pacific time), a directed election consolidated with a ULP case; the ALJ's
    decision Fri 2025-06-06. Exceptions (102.46(a)) and the request for review of the direction of election
    (102.69(c)(2)): + 28 = Fri 07-04, Independence Day → Mon 2025-07-07, 11:59 p.m. Eastern."""
    case, election, union, staff = make("20-RC-350002", agreement="directed")
    frozen_clock.at("2025-05-23", 12)
    record_tally(election, prepared_at=datetime(2025, 5, 22, 12, tzinfo=PACIFIC), yes=10, votes_against=12)
    frozen_clock.at("2025-06-09", 12)
    steps: list[tuple[str, str, dict[str, Any]]] = [
        ("consolidated_with_ulp", "2025-05-28", {"hearing_on": "2025-06-02"}),
        ("hearing_opened", "2025-06-02", {}),
        ("alj_decision", "2025-06-06", {"outcome": "certify_results"}),
    ]
    for event, on, details in steps:
        record_event(case, event, on, actor=staff, **details)
    return case, election, union, staff


# (setup, code extended, new date, the cutoff counted by hand in UTC, what the rule says)
BOARD_CLOCK = [
    (
        certified_in_minneapolis,
        "request_for_review",
        date(2025, 6, 30),
        datetime(2025, 7, 1, 3, 59, tzinfo=UTC),
        "a Board extension of a request for review in a Minneapolis case: Mon 06-30 11:59 p.m. EDT (UTC-4), "
        "not 11:59 p.m. CDT, an hour later",
    ),
    (
        consolidated_in_san_francisco,
        "exceptions_to_board",
        date(2025, 7, 21),
        datetime(2025, 7, 22, 3, 59, tzinfo=UTC),
        "exceptions in a San Francisco case after a Board extension: Mon 07-21 11:59 p.m. EDT, not PDT (three "
        "hours later); 102.46(h): filed with the Board in Washington, DC",
    ),
]


@pytest.mark.parametrize(("setup", "code", "until", "cutoff", "rule"), BOARD_CLOCK, ids=["minneapolis", "sf"])
def test_an_order_set_date_keeps_the_clock_of_the_office_filed_with(
    frozen_clock: Any, setup: Any, code: str, until: date, cutoff: datetime, rule: str
) -> None:
    case, _, _, staff = setup(frozen_clock)
    computed = live(case, code)
    assert computed.zone == "America/New_York", "the computed Board deadline runs on Washington's clock"
    frozen_clock.at(computed.due_on.isoformat(), 10)
    extended = proceeding_services.deadline_set(
        case=case, code=code, due_on=until, reason="Extension granted by the Board", actor=staff
    )
    assert (extended.zone, extended.due_at) == ("America/New_York", cutoff), rule
    assert "America/New_York" in extended.explanation


def test_the_request_for_review_of_the_direction_moves_with_the_extended_exceptions(
    frozen_clock: Any,
) -> None:
    """102.69(c)(2): "at the same time as" the exceptions. Both due Mon 07-07; the Board extends the exceptions
    to Mon 07-21: the request for review of the direction of election is then due Mon 07-21, 11:59 p.m.
    Eastern, its explanation naming the rule and the old date."""
    case, _, _, staff = consolidated_in_san_francisco(frozen_clock)
    assert live(case, "request_for_review_of_dde").due_on == date(2025, 7, 7)
    frozen_clock.at("2025-07-01", 10)
    proceeding_services.deadline_set(
        case=case,
        code="exceptions_to_board",
        due_on=date(2025, 7, 21),
        reason="Board order of 07-01",
        actor=staff,
    )
    moved = live(case, "request_for_review_of_dde")
    assert (moved.due_on, moved.due_at, moved.source) == (
        date(2025, 7, 21),
        datetime(2025, 7, 22, 3, 59, tzinfo=UTC),
        "order",
    )
    assert "102.69(c)(2)" in moved.explanation and "2025-07-07" in moved.explanation


# (setup, code the request asks about, who rules, refused?, the rule)
GRANTORS = [
    (certified_in_minneapolis, "request_for_review", "hearing_officer", True, "filed with the Board"),
    (certified_in_minneapolis, "request_for_review", "regional_director", True, "filed with the Board"),
    (certified_in_minneapolis, "request_for_review", "board", False, ""),
    (consolidated_in_san_francisco, "exceptions_to_board", "administrative_law_judge", True, "102.46(a)"),
    (consolidated_in_san_francisco, "exceptions_to_board", "board", False, ""),
]


@pytest.mark.parametrize(
    ("setup", "code", "by", "refused", "words"),
    GRANTORS,
    ids=[f"{row[1]}-by-{row[2]}" for row in GRANTORS],
)
def test_only_the_office_the_paper_is_filed_with_extends_it(
    frozen_clock: Any, setup: Any, code: str, by: str, refused: bool, words: str
) -> None:
    case, _, union, staff = setup(frozen_clock)
    due = live(case, code)
    frozen_clock.at(due.due_on.isoformat(), 9)
    request = filing_services.filing_file(
        case=case,
        kind="extension_request",
        party=union,
        title="Request for an extension of time",
        filed_at=datetime.combine(due.due_on, datetime.min.time(), tzinfo=UTC).replace(hour=13),
        answers=due,
        unforeseeable_grounds="Counsel fell ill.",
        actor=staff,
        notify=False,
    )
    until = date.fromordinal(due.due_on.toordinal() + 14)

    def grant() -> Any:
        return filing_services.filing_rule(
            filing=request,
            ruling="granted",
            decided_on=due.due_on,
            by=by,
            until=until,
            actor=staff,
            notify=False,
        )

    if refused:
        with pytest.raises(RuleViolation) as refusal:
            grant()
        assert refusal.value.field == "by"
        assert words in refusal.value.message and "only the Board may extend" in refusal.value.message
        assert live(case, code).pk == due.pk, "nothing moved"
    else:
        grant()
        # The grant is the requesting party's (issue 31): its own row falls due on the new date at 11:59 p.m.
        # on Washington's clock; the deadline's own date, the other parties', stays.
        row = live(case, code).party_rows.get(party=union)
        cutoff = datetime.combine(until, datetime.max.time().replace(microsecond=0), tzinfo=EASTERN)
        assert (row.due_at, live(case, code).due_on) == (cutoff.replace(second=0), due.due_on)


def test_a_party_s_extension_of_the_exceptions_moves_its_request_for_review_of_the_direction_too(
    frozen_clock: Any,
) -> None:
    """102.69(c)(2), "at the same time as", for an extension granted to one party (issue 31): on a request of Wed 06-25 the Board grants
    the union until Mon 07-21; the union's request for review of the direction of election is then due Mon
    07-21, 11:59 p.m. Eastern (Tue 07-22 03:59 UTC), the employer's stays Mon 07-07 (Tue 07-08 03:59 UTC)."""
    case, _, union, staff = consolidated_in_san_francisco(frozen_clock)
    employer = case.parties.get(role="employer")
    exceptions = live(case, "exceptions_to_board")
    frozen_clock.at("2025-06-25", 10)
    request = filing_services.filing_file(
        case=case,
        kind="extension_request",
        party=union,
        title="Request for an extension of time",
        filed_at=datetime(2025, 6, 25, 14, tzinfo=UTC),
        answers=exceptions,
        actor=staff,
        notify=False,
    )
    filing_services.filing_rule(
        filing=request,
        ruling="granted",
        decided_on=date(2025, 6, 25),
        by="board",
        until=date(2025, 7, 21),
        actor=staff,
        notify=False,
    )
    review = live(case, "request_for_review_of_dde")
    assert review.party_rows.get(party=union).due_at == datetime(2025, 7, 22, 3, 59, tzinfo=UTC)
    assert review.party_rows.get(party=employer).due_at == datetime(2025, 7, 8, 3, 59, tzinfo=UTC)
