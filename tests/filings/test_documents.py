"""Documents: a PDF checked by its content, limited while it streams, kept with its page count and SHA-256,
searchable, and downloaded only by those on the case — nothing written when it is refused."""

from __future__ import annotations

import hashlib
import io
from datetime import datetime
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.files.uploadhandler import StopUpload
from django.db import connection
from django.test import RequestFactory, TestCase

from filings import services
from filings.api.uploads import LimitedUploadHandler
from filings.models import Document, Filing
from tests.filings.pdfs import bomb_pdf, damaged_pdf, encrypted_pdf, make_pdf
from tests.proceedings.conftest import EASTERN

pytestmark = pytest.mark.django_db


def upload(client: Any, filing: Filing, content: bytes, name: str = "brief.pdf", title: str = "Brief") -> Any:
    """Upload as the embedded default runs it: the text is read by a task after commit (run here)."""
    file = SimpleUploadedFile(name, content, content_type="application/pdf")
    with TestCase.captureOnCommitCallbacks(execute=True):
        return client.post(
            "/api/v1/documents/", {"file": file, "filing": str(filing.pk), "title": title}, format="multipart"
        )


def stored_files(media_root: Path) -> list[Path]:
    return [p for p in media_root.rglob("*") if p.is_file()] if media_root.exists() else []


def test_a_pdf_is_kept_with_its_pages_size_and_sha256(
    filing: Filing, as_employer: Any, media_root: Path
) -> None:
    content = make_pdf("The hearing officer erred", "in crediting the union's witnesses")
    response = upload(as_employer, filing, content)
    assert response.status_code == 201, response.content
    kept = response.json()
    assert (kept["pages"], kept["bytes"], kept["sha256"]) == (
        2,
        len(content),
        hashlib.sha256(content).hexdigest(),
    )
    assert (kept["title"], kept["uploaded_by"], kept["filing"]) == ("Brief", "ecounsel", filing.pk)
    assert kept["uploaded_at"].endswith("-04:00")  # the regional office's offset (EDT)
    [path] = stored_files(media_root)
    assert path.read_bytes() == content and path.name != "brief.pdf"  # never the client's name


@pytest.mark.parametrize(
    ("content", "says"),
    [
        (b"PK\x03\x04 a zip archive named brief.pdf", "not a PDF"),
        (b"<html><body>%PDF-1.4 in an HTML page</body></html>" * 30, "not a PDF"),
        (encrypted_pdf(), "encrypted"),
        (damaged_pdf(), "damaged"),
        (bomb_pdf(), "compression bomb"),
    ],
    ids=["zip", "html", "encrypted", "damaged", "bomb"],
)
def test_a_file_that_is_not_a_readable_pdf_is_a_400_and_nothing_is_written(
    filing: Filing, as_employer: Any, media_root: Path, content: bytes, says: str
) -> None:
    response = upload(as_employer, filing, content)
    assert response.status_code == 400
    assert says in response.json()["file"][0]
    assert not Document.objects.exists()
    assert stored_files(media_root) == []


def test_a_file_over_the_limit_is_a_413_and_nothing_is_written(
    filing: Filing, as_employer: Any, media_root: Path, settings: Any
) -> None:
    settings.DOCUMENT_MAX_BYTES = 10_000
    response = upload(as_employer, filing, make_pdf("x" * 100) + b"%" * 50_000)
    assert response.status_code == 413
    assert "10,000 bytes" in response.json()["file"][0]
    assert not Document.objects.exists()
    assert stored_files(media_root) == []


def test_the_upload_stops_reading_at_the_limit(settings: Any) -> None:
    """The handler counts the chunks as they stream in and stops at the limit: the file is never read
    whole, and no more than the limit is written to the temporary file."""
    settings.DOCUMENT_MAX_BYTES = 10_000
    request = RequestFactory().post("/api/v1/documents/")
    handler = LimitedUploadHandler(request)
    handler.new_file("file", "big.pdf", "application/pdf", 10_000_000)
    chunks_read = 0
    with pytest.raises(StopUpload) as stopped:
        for start in range(0, 10_000_000, 4096):
            handler.receive_data_chunk(b"x" * 4096, start)
            chunks_read += 1
    assert stopped.value.connection_reset is True
    assert chunks_read == 2  # the third chunk (bytes 8,192-12,287) passes 10,000: nothing after it is read
    assert request.META["nlrb.document_too_large"] is True


def test_only_the_filing_partys_counsel_or_staff_attach_documents(
    filing: Filing, as_union: Any, as_paralegal: Any, as_stranger: Any, as_staff: Any
) -> None:
    content = make_pdf("A brief")
    assert upload(as_union, filing, content).status_code == 403
    assert upload(as_paralegal, filing, content).status_code == 403
    stranger = upload(as_stranger, filing, content)
    assert stranger.status_code == 400 and "filing" in stranger.json()
    assert upload(as_staff, filing, content).status_code == 201


def test_everyone_on_the_case_downloads_it_as_an_attachment_and_nobody_else_can_tell_it_exists(
    filing: Filing, as_employer: Any, as_paralegal: Any, as_stranger: Any, api: Any
) -> None:
    content = make_pdf("Exceptions")
    document = upload(as_employer, filing, content).json()
    url = f"/api/v1/documents/{document['id']}/download/"
    response = as_paralegal.get(url)
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == f'attachment; filename="document-{document["id"]}.pdf"'
    assert response.streaming and b"".join(response.streaming_content) == content
    hidden, missing = as_stranger.get(url), as_stranger.get("/api/v1/documents/999999/download/")
    assert (
        (hidden.status_code, hidden.json()) == (missing.status_code, missing.json()) == (404, missing.json())
    )
    assert as_stranger.get(f"/api/v1/documents/{document['id']}/").status_code == 404
    assert api.get(url).status_code == 401


def test_filings_are_found_by_the_text_of_their_documents(
    filing: Filing, as_employer: Any, as_paralegal: Any
) -> None:
    upload(as_employer, filing, make_pdf("The Board agent left the polling place unattended"))
    found = as_paralegal.get("/api/v1/filings/", {"q": "polling place"}).json()["results"]
    assert [f["id"] for f in found] == [filing.pk]
    assert as_paralegal.get("/api/v1/filings/", {"q": "captive audience"}).json()["results"] == []
    by_title = as_paralegal.get("/api/v1/filings/", {"q": "Employer's Exceptions"}).json()["results"]
    assert [f["id"] for f in by_title] == [filing.pk]


@pytest.mark.postgres
@pytest.mark.skipif(connection.vendor != "postgresql", reason="full-text search is PostgreSQL's")
def test_postgresql_searches_the_documents_in_full_text_with_its_gin_index(
    filing: Filing, as_employer: Any, as_paralegal: Any
) -> None:
    upload(as_employer, filing, make_pdf("The rulings of the hearing officer were erroneous"))
    # Full text: another form of the same words finds it (a plain match would not).
    found = as_paralegal.get("/api/v1/filings/", {"q": "ruling erroneous"}).json()["results"]
    assert [f["id"] for f in found] == [filing.pk]
    with connection.cursor() as cursor:
        cursor.execute("SELECT indexdef FROM pg_indexes WHERE indexname = 'filings_document_text_fts'")
        (definition,) = cursor.fetchone()
    assert "gin" in definition and "to_tsvector('english'::regconfig" in definition
    # The search's expression is the index's: with sequential scans off, the planner uses it.
    from django.contrib.postgres.search import SearchQuery, SearchVector

    matching = Document.objects.annotate(found=SearchVector("text", config="english")).filter(
        found=SearchQuery("ruling", config="english", search_type="plain")
    )
    sql, params = matching.values("filing_id").query.sql_with_params()
    with connection.cursor() as cursor:
        cursor.execute("SET LOCAL enable_seqscan = off")
        cursor.execute("EXPLAIN " + sql, params)
        plan = "\n".join(row[0] for row in cursor.fetchall())
    assert "filings_document_text_fts" in plan, plan


def test_a_document_is_read_as_a_stream_not_into_memory() -> None:
    """The inspection seeks in the file it is given (the upload's temporary file)."""
    from filings import pdf

    stream = io.BytesIO(make_pdf("one", "two", "three"))
    assert pdf.inspect(stream).pages == 3
    assert stream.tell() == 0


def test_the_filings_list_reads_in_a_fixed_number_of_queries(
    filing: Filing, reported: Any, as_paralegal: Any
) -> None:
    from django.db import connection as db
    from django.test.utils import CaptureQueriesContext

    def count() -> int:
        with CaptureQueriesContext(db) as queries:
            assert as_paralegal.get("/api/v1/cases/10-RC-269250/filings/").status_code == 200
        return len(queries)

    services.document_attach(filing=filing, upload=io.BytesIO(make_pdf("one")), actor=reported.staff)
    one = count()
    for title in ("Second", "Third"):
        more = services.filing_file(
            case=reported.case,
            kind="motion",
            party=reported.union,
            title=title,
            filed_at=datetime(2021, 6, 10, 11, tzinfo=EASTERN),
            served_on=[reported.employer.pk],
            actor=reported.staff,
        )
        services.document_attach(filing=more, upload=io.BytesIO(make_pdf(title)), actor=reported.staff)
    assert count() == one


def test_a_pdf_uploaded_from_a_signed_in_browser_session_is_kept(
    filing: Filing, world: Any, media_root: Path
) -> None:
    """Issue 32: the same upload with a session (and its CSRF token) was a 500 — DRF's CSRF check read the
    body before the view set its upload handler ("You cannot set the upload handlers after the upload has
    been processed"). Now the handler is set before anything reads the body, and the upload is a 201."""
    from django.test import Client

    world.employer_counsel.save()  # the factory's password hash, saved: the session's hash must match
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(world.employer_counsel)
    token = "k" * 32  # a CSRF secret, in the cookie and in the form, as the desk's pages send it
    browser.cookies["csrftoken"] = token
    content = make_pdf("The hearing officer erred")
    file = SimpleUploadedFile("brief.pdf", content, content_type="application/pdf")
    response = browser.post(
        "/api/v1/documents/",
        {"file": file, "filing": str(filing.pk), "title": "Brief", "csrfmiddlewaretoken": token},
    )
    assert response.status_code == 201, response.content
    assert response.json()["bytes"] == len(content)


def test_a_session_upload_without_its_csrf_token_is_refused_not_a_500(filing: Filing, world: Any) -> None:
    from django.test import Client

    world.employer_counsel.save()  # the factory's password hash, saved: the session's hash must match
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(world.employer_counsel)
    file = SimpleUploadedFile("brief.pdf", make_pdf("x"), content_type="application/pdf")
    response = browser.post("/api/v1/documents/", {"file": file, "filing": str(filing.pk)})
    assert response.status_code == 403
