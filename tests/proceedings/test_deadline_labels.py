"""Deadlines that say what they answer (issue 31, item 3): two revised tallies made the same day open two
102.69(e) periods that must not read the same."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from tests.factories import record_tally
from tests.proceedings.conftest import EASTERN


def test_two_revised_tallies_on_one_day_open_periods_that_say_which_revision_they_answer(
    tallied: Any, as_union: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-20", 16)
    for hour in (10, 14):  # two revisions the same Tuesday, 2021-04-20
        record_tally(
            tallied.election,
            prepared_at=datetime(2021, 4, 20, hour, tzinfo=EASTERN),
            yes=738,
            votes_against=1798,
        )
    listed = as_union.get("/api/v1/deadlines/?case=10-RC-269250&code=objections").json()["results"]
    revised = [d for d in listed if d["trigger"] == "revised_tally"]
    # 102.69(e): 5 business days after Tue 2021-04-20: Apr 21, 22, 23, 26, 27 → Tue 2021-04-27, for both.
    assert sorted((d["label"], d["trigger_tally_revision"], d["due_on"]) for d in revised) == [
        ("Objections to the revised tally (revision 1)", 1, "2021-04-27"),
        ("Objections to the revised tally (revision 2)", 2, "2021-04-27"),
    ]
    original = next(d for d in listed if d["trigger"] == "tally")
    assert (original["label"], original["trigger_tally_revision"]) == ("Objections and offer of proof", 0)
