"""The desk shows a party its own deadlines, and the other side's labelled as theirs (issue 31, item 1).

The tally of Fri 2021-04-09 (4 p.m. UTC, noon in Atlanta): objections "within 5 business days" (29 CFR
102.69(a)(8)): Apr 12, 13, 14, 15, 16 → Fri 2021-04-16, 11:59 p.m. EDT."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from tests.desk.conftest import CASE, signed_in
from tests.factories import file_objection

ATLANTA = ZoneInfo("America/New_York")


def text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


def test_the_employers_desk_reads_its_own_right_to_object_open_after_the_union_objected(
    tallied: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-15", 12)
    file_objection(tallied.election, tallied.union, filed_at=datetime(2021, 4, 15, 11, tzinfo=ATLANTA))
    employer = text(signed_in(tallied.employer_counsel).get(CASE).content)
    assert "Next deadline Objections and offer of proof : due April 16, 2021, 11:59 p.m. EDT" in employer
    assert "Objections and offer of proof (election 1) — Open" in employer
    assert "RWDSU: met · Amazon.com Services LLC (yours) : open" in employer
    union = text(signed_in(tallied.union_counsel).get(CASE).content)
    assert "Objections and offer of proof (election 1) — Met" in union
    assert "RWDSU (yours) : met · Amazon.com Services LLC: open" in union
