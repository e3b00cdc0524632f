"""Issue 30's deadline items, through the services: each row quotes the rule and the date counted by hand.

- item 20: the response to a notice to show cause is optional: its date passing with nothing filed is moot.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from elections.models import Case
from proceedings import deadline_records
from proceedings.models import Deadline
from tests.factories import record_event, record_tally
from tests.proceedings.test_ends_of_a_dispute import make

pytestmark = pytest.mark.django_db

CENTRAL = ZoneInfo("America/Chicago")


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
    read = deadline_records.with_effective_status(Deadline.objects.filter(pk=show_cause.pk)).get()
    assert getattr(read, "effective_status") == "moot"  # noqa: B009 (an annotation)
