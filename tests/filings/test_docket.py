"""The docket (product.md, contract v1.4): ``GET cases/{number}/docket/`` — every filed paper and event of the
case in order, numbered, with who filed, when, service and documents; filters party, kind, since, until, q;
CSV and a printable PDF report.

The record (``reported``, Bessemer under the 2019 rules, Region 10, Atlanta): the tally of Fri 2021-04-09;
the union's objection of Thu 2021-04-15 (16:00 UTC = noon EDT), served on the employer with a certificate;
the notice of hearing (Apr 20), hearing opened (May 10) and closed (May 14), the hearing officer's report
(Tue Jun 1); the employer's exceptions of Thu 2021-06-10, 11 a.m. EDT, with a PDF, served on no one; and
the employer's draft brief, which is on no docket."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any

import pytest
from pypdf import PdfReader

from filings import services
from tests.factories import file_objection
from tests.filings.pdfs import make_pdf
from tests.proceedings.conftest import EASTERN

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/docket/"

IN_ORDER = [
    ("2021-04-09", "tally"),
    ("2021-04-15", "objections"),
    ("2021-04-20", "notice_of_hearing"),
    ("2021-05-10", "hearing_opened"),
    ("2021-05-14", "hearing_closed"),
    ("2021-06-01", "hearing_officer_report"),
    ("2021-06-10", "exceptions"),
]


@pytest.fixture
def record(reported: Any, frozen_clock: Any) -> Any:
    file_objection(
        reported.election,
        reported.union,
        served_on=[reported.employer.pk],
        service_method="e_file",
        certificate_of_service=True,
        confirmation_number="EF-0415-1",
    )
    frozen_clock.at("2021-06-10", 12)
    exceptions = services.filing_file(
        case=reported.case,
        kind="exceptions",
        party=reported.employer,
        title="Employer's Exceptions to the Hearing Officer's Report",
        filed_at=datetime(2021, 6, 10, 11, tzinfo=EASTERN),
        confirmation_number="EF-0610-7",
        actor=reported.employer_counsel,
    )
    services.document_attach(
        filing=exceptions,
        upload=io.BytesIO(make_pdf("The hearing officer erred")),
        title="Exceptions",
        actor=reported.employer_counsel,
    )
    services.filing_file(
        case=reported.case,
        kind="other",
        party=reported.employer,
        title="Draft brief in support (not yet filed)",
        filed_at=datetime(2021, 6, 10, 11, tzinfo=EASTERN),
        state="draft",
        actor=reported.employer_counsel,
    )
    return reported


def test_every_paper_and_event_is_on_the_docket_in_order_and_numbered(record: Any, as_union: Any) -> None:
    body = as_union.get(URL).json()
    entries = body["results"]
    assert [(e["date"], e["kind"]) for e in entries] == IN_ORDER
    assert [e["entry"] for e in entries] == list(range(1, len(IN_ORDER) + 1))
    assert "Draft brief" not in str(body)  # a draft is no paper of the case


def test_an_entry_says_who_filed_when_service_and_documents(record: Any, as_union: Any) -> None:
    entries = {e["kind"]: e for e in as_union.get(URL).json()["results"]}
    objection = entries["objections"]
    assert objection["party_name"] == "RWDSU"
    assert objection["filed_at"] == "2021-04-15T12:00:00-04:00"  # 16:00 UTC is noon in Atlanta (EDT)
    assert (objection["confirmation_number"], objection["served_on"]) == (
        "EF-0415-1",
        ["Amazon.com Services LLC"],
    )
    assert (objection["service"], objection["service_flag"]) == ("Amazon.com Services LLC (E-filed)", "")
    assert objection["answers"] == "Objections period of the tally of 2021-04-09 (due 2021-04-16)"
    exceptions = entries["exceptions"]
    assert exceptions["service"] == "not served"
    assert exceptions["service_flag"].startswith("Not served on any other party (29 CFR 102.69(c)(1)(iii))")
    assert exceptions["received_at"] == "2021-06-10T12:00:00-04:00"
    assert exceptions["answers"].endswith("due 2021-06-15")
    (document,) = exceptions["documents"]
    assert document["title"] == "Exceptions"
    assert document["download"].startswith("/api/v1/documents/")
    assert exceptions["links"]["desk"] == "/desk/cases/10-RC-269250/docket/#entry-7"


@pytest.mark.parametrize(
    ("query", "entries"),
    [
        ("kind=exceptions", [7]),
        ("party={employer}", [7]),
        ("party={union}", [2]),
        ("since=2021-05-10&until=2021-05-14", [4, 5]),  # both ends inclusive
        ("q=hearing officer", [6, 7]),  # the report, and the exceptions to it
        ("q=EF-0415-1", [2]),  # a confirmation number
    ],
)
def test_filters_keep_the_entries_numbers(record: Any, as_union: Any, query: str, entries: list[int]) -> None:
    query = query.format(employer=record.employer.pk, union=record.union.pk)
    body = as_union.get(f"{URL}?{query}").json()
    assert [e["entry"] for e in body["results"]] == entries


@pytest.mark.parametrize(
    ("query", "field"),
    [("since=April 1", "since"), ("until=2021-13-01", "until"), ("party=RWDSU", "party")],
)
def test_a_bad_filter_is_a_400_naming_it(record: Any, as_union: Any, query: str, field: str) -> None:
    response = as_union.get(f"{URL}?{query}")
    assert response.status_code == 400
    assert field in response.json()


def test_the_docket_of_another_case_is_a_404(record: Any, as_union: Any) -> None:
    assert as_union.get("/api/v1/cases/29-RC-288020/docket/").status_code == 404


def test_the_docket_as_csv(record: Any, as_union: Any) -> None:
    response = as_union.get(URL, HTTP_ACCEPT="text/csv")
    assert response.status_code == 200
    assert response["Content-Type"].startswith("text/csv")
    rows = list(csv.DictReader(io.StringIO(response.content.decode())))
    assert [(r["entry"], r["kind"]) for r in rows] == [(str(i), k) for i, (_, k) in enumerate(IN_ORDER, 1)]
    assert rows[6]["served_on"] == "not served"


def test_the_printable_docket_report_is_a_pdf_of_the_entries(record: Any, as_union: Any) -> None:
    response = as_union.get(URL + "?party=" + str(record.employer.pk), HTTP_ACCEPT="application/pdf")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = PdfReader(io.BytesIO(response.content)).pages[0].extract_text()
    assert "Docket report — 10-RC-269250" in text
    assert "1 of 7 entries" in text
    assert "7.  2021-06-10  Exceptions — Employer's Exceptions to the Hearing Officer's Report" in text
    assert "Not served on any other party" in text


@pytest.mark.parametrize("n", [1, 8])
def test_the_docket_costs_the_same_queries_whatever_its_size(
    reported: Any, as_union: Any, django_assert_max_num_queries: Any, n: int
) -> None:
    for _ in range(n):
        file_objection(reported.election, reported.union)
    with django_assert_max_num_queries(16):
        assert as_union.get(URL).json()["count"] == 5 + n  # the tally, four events, n objections


def test_the_public_dockets_lines_are_on_it_as_imported(record: Any, as_union: Any) -> None:
    from proceedings.models import DocketEntry

    DocketEntry.objects.create(
        case=record.case,
        filed_on="2021-06-11",
        document="Order Transferring Proceeding",
        actor="Regional Director",
        url="https://www.nlrb.gov/case/10-RC-269250",
        key="2021-06-11|order|rd|1",
    )
    entries = as_union.get(URL).json()["results"]
    last = entries[-1]
    assert (last["entry"], last["date"], last["kind"], last["title"]) == (
        8,
        "2021-06-11",
        "public_record",
        "Order Transferring Proceeding",
    )
    assert (last["party_name"], last["service"]) == ("Regional Director", "")
    assert last["documents"][0]["download"] == "https://www.nlrb.gov/case/10-RC-269250"


@pytest.mark.parametrize("name", ["since", "until", "party"])
def test_a_typed_docket_filter_given_empty_is_a_400_naming_it(name: str, record: Any, as_union: Any) -> None:
    """As every list's typed filters (core/api/filters.py): ``?until=`` is no date, not "no filter"."""
    response = as_union.get(f"{URL}?{name}=")
    assert response.status_code == 400
    assert name in response.json()
