"""The one filing-time policy of objections and filings (elections/law/filing_time.py): a counsel-stated
time inside the period on a record the tracker received after it closed waits for staff; nothing else does."""

from __future__ import annotations

import pytest

from elections.law import filing_time

# (by staff, stated time meets the 11:59 p.m. cutoff of 102.2(b), receipt meets it) -> the stated time stands
TABLE = [
    (False, True, True, True),  # counsel, filed and received in time
    (False, True, False, False),  # counsel's word inside the period, received after it: waits for staff
    (False, False, False, True),  # late by both clocks: nothing to weigh (counsel are refused elsewhere)
    (False, None, None, True),  # no cutoff to meet
    (True, True, False, True),  # staff record what they hold
    (True, False, False, True),
]


@pytest.mark.parametrize(("by_staff", "stated", "received", "stands"), TABLE)
def test_who_must_confirm_a_stated_time(
    by_staff: bool, stated: bool | None, received: bool | None, stands: bool
) -> None:
    assert (
        filing_time.stated_time_stands(by_staff=by_staff, stated_timely=stated, received_timely=received)
        is stands
    )


def test_a_waiting_paper_is_neither_timely_nor_late_until_staff_settle_it() -> None:
    assert filing_time.timely_while_waiting(confirmed=False, stated_timely=True) is None
    assert filing_time.timely_while_waiting(confirmed=True, stated_timely=False) is False
    assert filing_time.timely_when_settled(late=False) is True
    assert filing_time.timely_when_settled(late=True) is False
