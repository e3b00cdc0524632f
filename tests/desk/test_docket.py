"""The desk's docket sheet: the docket of ``filings.docket`` as a page — numbered entries, service said in
words ("not served"), filters and search, pages that keep a case of many objections short on a phone, and
the same docket as CSV and as a printable PDF report.

The record (``tallied``): the tally of Fri 2021-04-09 (noon UTC = 8 a.m. EDT); objections filed Thu
2021-04-15, 16:00 UTC (noon EDT), within the 5 business days (Apr 12-16)."""

from __future__ import annotations

from typing import Any

import pytest

from tests.conftest import World
from tests.desk.conftest import signed_in
from tests.factories import file_objection

pytestmark = pytest.mark.django_db
DOCKET = "/desk/cases/10-RC-269250/docket/"


def test_the_other_side_reads_the_docket_with_service_in_words(tallied: World, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-16", 12)  # Friday: the objections of Thursday are filed
    file_objection(tallied.election, tallied.union)  # served on no one
    page = signed_in(tallied.employer_counsel).get(DOCKET)
    assert page.status_code == 200
    html = page.content.decode()
    assert 'id="entry-1"' in html and 'id="entry-2"' in html
    assert "Tally of ballots" in html
    assert "Objection 1 of RWDSU: Threats" in html
    assert "not served" in html
    assert "Not served on any other party (29 CFR 102.69(a)(8))." in html


def test_the_docket_is_paged_and_searched_so_a_big_case_stays_short(
    tallied: World, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-16", 12)  # Friday: the objections of Thursday are filed
    for _ in range(30):
        file_objection(tallied.election, tallied.employer)
    browser = signed_in(tallied.union_counsel)
    first = browser.get(DOCKET).content.decode()
    assert "Page 1 of 2" in first  # 31 entries, 25 a page
    assert first.count('class="row docket-entry"') == 25
    second = browser.get(DOCKET + "?page=2").content.decode()
    assert second.count('class="row docket-entry"') == 6
    found = browser.get(DOCKET + "?q=objection 30 of").content.decode()
    assert found.count('class="row docket-entry"') == 1
    assert 'id="entry-31"' in found  # numbered on the whole docket, not the search


def test_a_bad_filter_is_said_on_the_page_not_a_500(tallied: World, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-16", 12)  # Friday: the objections of Thursday are filed
    page = signed_in(tallied.union_counsel).get(DOCKET + "?since=yesterday")
    assert page.status_code == 200
    assert "since: Give a date as YYYY-MM-DD" in page.content.decode()


def test_the_docket_downloads_as_a_pdf_report_and_csv(tallied: World, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-16", 12)  # Friday: the objections of Thursday are filed
    file_objection(tallied.election, tallied.union)
    browser = signed_in(tallied.union_counsel)
    pdf = browser.get(DOCKET + "?format=pdf")
    assert (pdf.status_code, pdf["Content-Type"]) == (200, "application/pdf")
    assert pdf.content.startswith(b"%PDF-1.4")
    sheet = browser.get(DOCKET + "?format=csv")
    assert sheet.content.decode().splitlines()[0].startswith("entry,date,kind,kind_label,title")


def test_a_stranger_gets_no_docket(tallied: World, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-16", 12)  # Friday: the objections of Thursday are filed
    assert signed_in(tallied.stranger).get(DOCKET).status_code == 404


def test_the_case_pages_challenge_list_is_paged_and_searched(tallied: World, frozen_clock: Any) -> None:
    """Bessemer logged 921 challenges: the case page shows 25 at a time, with a search."""
    from datetime import UTC, datetime

    from tests.factories import log_challenge, record_tally

    frozen_clock.at("2021-04-16", 12)
    record_tally(
        tallied.election,
        prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        yes=10,
        votes_against=9,
        challenged=30,
    )
    for n in range(30):
        log_challenge(tallied.election, voter_name=f"Voter {n + 1:02d}")
    browser = signed_in(tallied.union_counsel)
    page = browser.get("/desk/cases/10-RC-269250/").content.decode()
    assert "Challenged ballots (30)" in page
    assert page.count('id="challenge-') == 25
    assert "?challenges_page=2#challenges" in page
    second = browser.get("/desk/cases/10-RC-269250/?challenges_page=2").content.decode()
    assert second.count('id="challenge-') == 5
    found = browser.get("/desk/cases/10-RC-269250/?challenges_q=voter 07").content.decode()
    assert found.count('id="challenge-') == 1 and "Voter 07" in found
