"""Issue 21, item 9: a day closed by executive order counts as a business day for the date shown (the earlier,
safe date); the later date, skipping it, is in the explanation, and the deadline is not verified.

Objections, 5 business days after the tally (29 CFR 102.69(a)(8)), counted by hand:
- Mon 2025-01-06 (Region 19): Jan 7, 8, 9 (Carter day of mourning, EO 14133), 10, 13 → 2025-01-13; skipping
  the 9th, 2025-01-14.
- Fri 2024-12-20 (Region 10): Dec 23, 24 (Christmas Eve closure, EO 14129), Christmas skipped, 26, 27, 30 →
  2024-12-30; skipping the 24th, 2024-12-31.
- Mon 2025-02-03: no closure in the period: Feb 4, 5, 6, 7, 10 → 2025-02-10, verified.
"""

from __future__ import annotations

from datetime import date

import pytest

from elections.law.calendar import compute_deadline
from elections.law.rule_sets import period


@pytest.mark.parametrize(
    ("tally_on", "region", "shown", "later", "verified"),
    [
        (date(2025, 1, 6), 19, date(2025, 1, 13), "Tue 2025-01-14", False),
        (date(2024, 12, 20), 10, date(2024, 12, 30), "Tue 2024-12-31", False),
        (date(2025, 2, 3), 10, date(2025, 2, 10), None, True),
    ],
)
def test_an_executive_order_closure_gives_the_earlier_date_unverified(
    tally_on: date, region: int, shown: date, later: str | None, verified: bool
) -> None:
    d = compute_deadline(
        period=period("2023", "objections"), rule_set="2023", trigger_on=tally_on, region=region
    )
    assert (d.due_on, d.verified) == (shown, verified)
    if later is None:
        assert "executive order" not in d.explanation
    else:
        assert f"skipping it, the due date would be {later}" in d.explanation
