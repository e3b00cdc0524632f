"""Issue 30's deadline items, through the services: each row quotes the rule and the date counted by hand.

- item 10: a lapsed recommended order (102.48(a)) takes effect on the read or write that shows it.
- item 8: a transfer moves every open deadline filed with the Region to the receiving office's clock.
- item 20: the response to a notice to show cause is optional: its date passing with nothing filed is moot.
"""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from core.errors import TransitionNotAllowed
from elections.models import Case, Election
from proceedings import selectors
from proceedings import services as proceeding_services
from proceedings.models import Deadline
from proceedings.services import deadline_records
from tests.factories import record_event, record_tally
from tests.proceedings.conftest import TALLY_2021, file_objection
from tests.proceedings.test_ends_of_a_dispute import make

pytestmark = pytest.mark.django_db

CENTRAL = ZoneInfo("America/Chicago")
PACIFIC = ZoneInfo("America/Los_Angeles")


def live(case: Case, code: str) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(case=case, code=code)


def test_an_unanswered_notice_to_show_cause_is_moot_not_missed(frozen_clock: Any) -> None:
    """The notice sets "respond_by" 2023-06-19; nothing is filed; on 06-20 the date has passed. A response is
    the party's choice (the Board rules on the motion either way), so the deadline is moot, never missed."""
    case, election, union, employer, staff = make("16-RC-300101", date(2023, 1, 9))

    def event(name: str, on: str, **details: Any) -> Any:
        frozen_clock.at(on, 18)
        return record_event(case, name, on, actor=staff, **details)

    frozen_clock.at("2023-03-01", 18)
    record_tally(election, prepared_at=datetime(2023, 3, 1, 15, tzinfo=CENTRAL), yes=60, votes_against=40)
    event("certification_issued", "2023-03-15", kind="representative")
    event("refusal_to_bargain", "2023-04-03", ulp_case="16-CA-310101", party=employer.pk)
    event("ulp_charge_filed", "2023-04-05", party=union.pk)
    event("complaint_issued", "2023-05-01")
    event("answer_filed", "2023-05-15", party=employer.pk)
    event("summary_judgment_motion_filed", "2023-06-01")
    event("notice_to_show_cause", "2023-06-05", respond_by="2023-06-19")
    frozen_clock.at("2023-06-20", 12)
    deadline_records.refresh_lapsed()
    show_cause = live(case, "show_cause_response")
    assert (show_cause.due_on, show_cause.status, show_cause.obliged) == (date(2023, 6, 19), "moot", False)
    read = selectors.with_effective_status(Deadline.objects.filter(pk=show_cause.pk)).get()
    assert getattr(read, "effective_status") == "moot"  # noqa: B009 (an annotation)


def test_a_transfer_moves_the_open_regional_deadlines_to_the_receiving_office(frozen_clock: Any) -> None:
    """102.72(b): after a transfer the provisions govern "as if the petition has originally been filed in the
    region to which the transfer was made". Region 20 (San Francisco), 2023 rules, tally Thu 2025-05-22:
    objections "within 5 business days after the tally" (102.69(a)(8)): Fri 23 (1), Memorial Day skipped, Tue
    27-Fri 30 (2-5) → Fri 05-30, 11:59 p.m. PDT (06:59 UTC on 05-31). Transferred Tue 05-27 to Region 2 (New
    York): due 11:59 p.m. EDT (03:59 UTC), three hours earlier; the explanation keeps the old time. Voiding the
    transfer moves it back."""
    case, election, _, _, staff = make("20-RC-350101", date(2025, 3, 3))
    frozen_clock.at("2025-05-22", 18)
    record_tally(election, prepared_at=datetime(2025, 5, 22, 15, tzinfo=PACIFIC), yes=20, votes_against=22)
    objections = live(case, "objections")
    assert (objections.due_on, objections.due_at) == (
        date(2025, 5, 30),
        datetime(2025, 5, 31, 6, 59, tzinfo=UTC),
    )
    frozen_clock.at("2025-05-27", 12)
    transfer = record_event(case, "case_transferred", "2025-05-27", actor=staff, region=2, reason="Workload")
    moved = live(case, "objections")
    assert (moved.pk, moved.due_on, moved.due_at, moved.zone) == (
        objections.pk,
        date(2025, 5, 30),
        datetime(2025, 5, 31, 3, 59, tzinfo=UTC),
        "America/New_York",
    )
    assert "102.72(b)" in moved.explanation
    assert "before, 2025-05-30 at 23:59 America/Los_Angeles" in moved.explanation
    proceeding_services.event_void(event=transfer, reason="Entered in error", actor=staff)
    back = live(case, "objections")
    assert (back.due_at, back.zone) == (datetime(2025, 5, 31, 6, 59, tzinfo=UTC), "America/Los_Angeles")


def _recommended_rerun(world: Any, frozen_clock: Any) -> None:
    """Bessemer's docket, consolidated: the ALJ's decision of Mon 2021-08-02 directs a rerun. Exceptions "within
    28 days" (102.46(a)): Aug 2 + 28 = Mon 2021-08-30, 11:59 p.m. Eastern (the Board)."""
    frozen_clock.at("2021-04-15")
    record_tally(world.election, prepared_at=TALLY_2021, yes=738, votes_against=1798, void=76)
    file_objection(world, world.union, datetime(2021, 4, 15, 12, tzinfo=ZoneInfo("America/New_York")))
    frozen_clock.at("2021-08-02", 17)
    steps: list[tuple[str, str, dict[str, Any]]] = [
        ("consolidated_with_ulp", "2021-04-26", {"ulp_case": "10-CA-274270", "hearing_on": "2021-05-10"}),
        ("hearing_opened", "2021-05-10", {}),
        ("alj_decision", "2021-08-02", {"outcome": "rerun_election"}),
    ]
    for event, on, details in steps:
        record_event(world.case, event, on, actor=world.staff, **details)
    assert live(world.case, "exceptions_to_board").due_on == date(2021, 8, 30)


# 102.48(a): "If no timely or proper exceptions are filed, the findings, conclusions, and recommendations
# contained in the Administrative Law Judge's decision will ... automatically become the decision and order of
# the Board". (the read, the moment it is read, elections after it)
LAPSE_ON_READ = [
    ("status/", "2021-08-30T23:00", 1),  # the last day, before 11:59 p.m. Eastern: still recommended
    ("status/", "2021-08-31T09:00", 2),  # the period is over: the rerun election exists, no task run
    ("timeline/", "2021-08-31T09:00", 2),
]


@pytest.mark.parametrize(("path", "moment", "elections"), LAPSE_ON_READ)
def test_a_lapsed_recommended_order_takes_effect_on_the_read_that_shows_it(
    world: Any, as_staff: Any, frozen_clock: Any, path: str, moment: str, elections: int
) -> None:
    _recommended_rerun(world, frozen_clock)
    day, hour = moment.split("T")
    frozen_clock.at(day, int(hour[:2]))
    url = f"/api/v1/cases/{world.case.number}/{path}"
    assert as_staff.get(url).status_code == 200
    assert as_staff.get(url, HTTP_IF_NONE_MATCH="*").status_code in (200, 304)
    assert Election.objects.filter(case=world.case).count() == elections
    # Idempotent: the task finds nothing left to do, and another read adds nothing.
    assert proceeding_services.recommended_orders_take_effect() == 0
    assert as_staff.get(url).status_code == 200
    assert Election.objects.filter(case=world.case).count() == elections


def test_a_write_after_the_lapse_applies_it_and_untimely_exceptions_do_not_reopen_review(
    world: Any, frozen_clock: Any
) -> None:
    """A write on 2021-08-31 (a later step of the record) reveals the lapse: the rerun exists after it. Then
    exceptions dated 08-31, a day after the last day, are refused: nothing accepted them under 102.2(d)."""
    _recommended_rerun(world, frozen_clock)
    frozen_clock.at("2021-08-31", 10)
    assert proceeding_services.recommended_orders_settle(case=world.case) == 1
    assert proceeding_services.recommended_orders_settle(case=world.case) == 0
    assert Election.objects.filter(case=world.case).count() == 2
    with pytest.raises(TransitionNotAllowed) as refused:
        record_event(world.case, "exceptions_filed", "2021-08-31", actor=world.staff)
    assert "due 2021-08-30" in refused.value.detail and "102.2(d)" in refused.value.detail
    assert Election.objects.filter(case=world.case).count() == 2
    # A ruling accepted them as filed late for excusable neglect (102.2(d)): the Board's review reopens.
    accepted = record_event(
        world.case, "exceptions_filed", "2021-08-31", actor=world.staff, accepted_late=True
    )
    assert (accepted.election_id, accepted.details["accepted_late"]) == (world.election.pk, True)
