"""Issue 30, item 19: the law page's readings are generated from the code's ``READINGS``, and each reading the
page once contradicted is held here to what the code does.

- Days closed by executive order. 102.1(i): business days are "days that Agency offices are open normal
  business operating hours, which is Monday through Friday, excluding Federal holidays" — which does not
  settle a day closed by executive order. The code counts it for the date shown (the safe date), unverified;
  the page used to say every closed day is skipped.
- Conduct objections in a revised tally's window. 102.69(a)(8): "Such filing(s) must be timely whether or not
  the challenged ballots are sufficient in number to affect the results"; 102.69(e) opens a window for "objection
  to such revised tally". The code answers conduct objections from the tally of ballots; the page used to say
  they were timely in the revised tally's window.
"""

from __future__ import annotations

import re
import sys
from datetime import UTC, date, datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from elections.law import calendar
from elections.law.rule_sets import period
from objections.law import deadlines as objection_deadlines

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))
import gen_law_docs  # noqa: E402

NY = ZoneInfo("America/New_York")


def test_every_module_that_keeps_readings_is_on_the_generated_page() -> None:
    keeping = {
        str(path.relative_to(ROOT))
        for path in ROOT.glob("*/law/*.py")
        if re.search(r"^READINGS: ", path.read_text(), re.MULTILINE)
    }
    assert keeping == {where for where, _ in gen_law_docs.READING_SOURCES}
    page = gen_law_docs.render()
    for _, readings in gen_law_docs.READING_SOURCES:
        for reading in readings:
            assert " ".join(reading.text.split()) in page


def test_the_hand_written_page_lists_no_readings_of_its_own() -> None:
    index = (ROOT / "docs" / "site" / "law" / "index.md").read_text()
    section = index.split("## Readings worth a lawyer's look", 1)[1].split("\n## ", 1)[0]
    assert "periods.md#readings-worth-a-lawyers-look" in section
    assert not re.search(r"^- ", section, re.MULTILINE)
    assert "timely even if it concerns the original election" not in index


def test_a_day_closed_by_executive_order_counts_for_the_date_shown_as_the_reading_says() -> None:
    """2023 rules, tally Thu 2024-12-19: "within 5 business days" (102.69(a)(8)): Fri 20 (1), Mon 23 (2), Tue
    24 (3: closed by executive order, counted), Christmas skipped, Thu 26 (4), Fri 27 (5) → Fri 2024-12-27;
    skipping the 24th would give Mon 2024-12-30."""
    (reading,) = [r for r in calendar.READINGS if "executive order" in r.text]
    assert "counts as a business day for the date shown" in reading.text
    d = calendar.compute_deadline(
        period=period("2023", "objections"), rule_set="2023", trigger_on=date(2024, 12, 19), region=10
    )
    assert (d.due_on, d.verified) == (date(2024, 12, 27), False)
    assert "Mon 2024-12-30" in d.explanation


def test_a_conduct_objection_answers_the_tally_of_ballots_as_the_reading_says() -> None:
    """Tally Thu 2025-05-22 (2023 rules, Region 2): conduct objections due Fri 05-30 (Fri 23, Memorial Day
    skipped, Tue 27-Fri 30). A revised tally Mon 06-16 opens 102.69(e)'s window to Tue 06-24 (Tue 17, Wed 18,
    Juneteenth skipped, Fri 20, Mon 23, Tue 24); a conduct objection filed Wed 06-18 still answers the tally of
    ballots, so it is late; an objection to the revised tally is in time."""
    (reading,) = objection_deadlines.READINGS
    assert "a conduct objection filed in it is late" in reading.text
    tally = datetime(2025, 5, 22, 15, tzinfo=NY)
    revised = datetime(2025, 6, 16, 15, tzinfo=NY)
    filed = datetime(2025, 6, 18, 12, tzinfo=NY)
    common = {"rule_set": "2023", "region": 2, "tally_prepared_at": tally, "revised_at": [revised]}
    conduct = objection_deadlines.deadline_for_filing(filed_at=filed, **common)
    assert (conduct.revised, conduct.due_at, conduct.is_timely(filed)) == (
        False,
        datetime(2025, 5, 31, 3, 59, tzinfo=UTC),
        False,
    )
    to_revised = objection_deadlines.deadline_for_filing(filed_at=filed, objects_to="revised_tally", **common)
    assert (to_revised.revised, to_revised.trigger_on, to_revised.is_timely(filed)) == (
        True,
        date(2025, 6, 16),
        True,
    )
    assert to_revised.due_at == datetime(2025, 6, 25, 3, 59, tzinfo=UTC)
