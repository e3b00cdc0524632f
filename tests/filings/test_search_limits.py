"""Issue 36, item 4: a large text PDF on PostgreSQL answered 503 "the database is unavailable" — its search
vector overflowed PostgreSQL's 1 MB limit (program_limit_exceeded, raised by psycopg as an OperationalError).
The text kept for search has a quota that fits (filings.pdf.TEXT_QUOTA); a limit met anyway is a 413."""

from __future__ import annotations

import itertools
import string
from typing import Any

import pytest
from django.db import OperationalError, connection, transaction
from django.test import RequestFactory

from config.middleware import ServiceUnavailableMiddleware
from filings import pdf
from filings.models import Document
from tests.filings.pdfs import make_pdf

pytestmark = [
    pytest.mark.postgres,
    pytest.mark.django_db,
    pytest.mark.skipif(connection.vendor != "postgresql", reason="the search vector is PostgreSQL's"),
]


def distinct_words(characters: int, alphabet: str = string.ascii_lowercase) -> str:
    """As many different short words as fit in ``characters``: the text whose search vector is largest."""
    words = ("".join(w) for n in itertools.count(2) for w in itertools.product(alphabet, repeat=n))
    out: list[str] = []
    size = 0
    for word in words:
        if size + len(word) + 1 > characters:
            break
        out.append(word)
        size += len(word) + 1
    return " ".join(out)


def test_two_megabytes_of_distinct_words_overflow_the_search_vector() -> None:
    """What the tracker once stored (2,000,000 characters): PostgreSQL refuses its search vector."""
    with pytest.raises(OperationalError) as raised, transaction.atomic(), connection.cursor() as cursor:
        cursor.execute("SELECT to_tsvector('english', %s)", [distinct_words(2_000_000)])
    assert getattr(raised.value.__cause__, "sqlstate", "") == "54000"


@pytest.mark.parametrize("alphabet", [string.ascii_lowercase, "日本語文書法律組合選挙異議"])
def test_the_text_quota_fits_the_search_vector_and_is_searched(
    reported: Any, frozen_clock: Any, alphabet: str
) -> None:
    from filings import services

    frozen_clock.at("2021-06-10", 12)
    filing = services.filing_file(
        case=reported.case,
        kind="exceptions",
        party=reported.employer,
        title="Employer's Exceptions",
        filed_at=frozen_clock.now(),
        actor=reported.employer_counsel,
        notify=False,
    )
    from django.core.files.uploadedfile import SimpleUploadedFile

    document = services.document_attach(
        filing=filing,
        upload=SimpleUploadedFile("b.pdf", make_pdf("x")),
        actor=reported.employer_counsel,
    )
    text = distinct_words(pdf.TEXT_QUOTA, alphabet)
    assert len(text) <= pdf.TEXT_QUOTA
    Document.objects.filter(pk=document.pk).update(text=text, text_status="complete")  # the index is computed
    last = text.rsplit(" ", 1)[1]
    found = services_search(last)
    assert found == [filing.pk]


def services_search(q: str) -> list[int]:
    from filings import selectors
    from filings.models import Filing

    return list(selectors.search(Filing.objects.all(), q).values_list("pk", flat=True))


def test_a_database_limit_met_anyway_is_a_413_not_a_503() -> None:
    try:
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute("SELECT to_tsvector('english', %s)", [distinct_words(2_000_000)])
    except OperationalError as error:
        refused = error
    response = ServiceUnavailableMiddleware(lambda r: None).process_exception(  # type: ignore[arg-type,return-value]
        RequestFactory().post("/api/v1/documents/"), refused
    )
    assert response is not None and response.status_code == 413
    assert b"too large for the database" in response.content
