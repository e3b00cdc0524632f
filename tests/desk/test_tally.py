"""The tally on the desk's case page: the figures, the margin, whether the challenged ballots can still change
the result (the ledger as it stands), and the ledger's counts.

``tallied``: the tally of Fri 2021-04-09 — RWDSU 10, against 9, 3 challenged ballots, none logged. The margin
is 10 - 9 = 1; three sealed ballots can turn a lead of one (29 CFR 102.69: challenges are determinative when
they could change the result)."""

from __future__ import annotations

import re

import pytest

from tests.conftest import World
from tests.desk.conftest import CASE, signed_in

pytestmark = pytest.mark.django_db


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_case_page_shows_the_tally_margin_and_whether_challenges_matter(tallied: World) -> None:
    html = signed_in(tallied.employer_counsel).get(CASE).content.decode()
    section = text(html[html.index('id="tally"') : html.index("</section>", html.index('id="tally"'))])
    assert "Tally of ballots" in section
    assert "Margin: 1 (" in section
    assert "they can still change the result" in section
    assert "ledger 0 of the latest tally's 3 challenged" in section
    assert "(does not match the tally)" in section


def test_once_the_ledger_holds_them_it_decides(tallied: World) -> None:
    """All three ballots logged and pending: the ledger matches the tally, and its 3 unresolved ballots can
    still turn a lead of one."""
    from tests.factories import log_challenge

    for voter in ("A. Voter", "B. Voter", "C. Voter"):
        log_challenge(tallied.election, voter_name=voter)
    html = signed_in(tallied.employer_counsel).get(CASE).content.decode()
    section = text(html[html.index('id="tally"') : html.index("</section>", html.index('id="tally"'))])
    assert "Challenged ballots now: 3 pending" in section
    assert "they can still change the result" in section
    assert "does not match" not in section
