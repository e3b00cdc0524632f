"""Filings under attack (issue 36): each test performs the attack and asserts the safe outcome."""

from __future__ import annotations

import time
from typing import Any

import pytest
from django.test import TestCase

from filings.models import Filing
from tests.filings.conftest import filing_body
from tests.filings.pdfs import make_pdf, slow_text_pdf, wordy_pdf

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


@pytest.mark.parametrize("field", ["title", "confirmation_number"])
def test_a_filing_title_with_a_header_in_it_is_a_400_and_nothing_is_filed(
    reported: Any, as_employer: Any, frozen_clock: Any, field: str
) -> None:
    frozen_clock.at("2021-06-10", 12)
    body = filing_body(reported, **{field: "Employer's Exceptions\nBcc: everyone@example.com"})
    response = as_employer.post(URL, body, format="json")
    assert response.status_code == 400
    assert "one line" in response.json()[field][0]
    assert not Filing.objects.exists()


def test_the_same_confirmation_number_twice_in_a_case_is_a_409_naming_the_first_paper(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    first = as_employer.post(URL, filing_body(reported, confirmation_number="EF-1234"), format="json")
    assert first.status_code == 201
    again = filing_body(reported, title="Employer's Exceptions (again)", confirmation_number="ef-1234")
    response = as_employer.post(URL, again, format="json")
    assert response.status_code == 409
    assert f"already on filing {first.json()['id']} of 10-RC-269250" in response.json()["detail"]
    assert Filing.objects.count() == 1


def test_a_confirmation_number_of_another_case_does_not_block_this_one(
    reported: Any, as_staff: Any, frozen_clock: Any
) -> None:
    from tests.factories import ElectionFactory

    frozen_clock.at("2021-06-10", 12)
    other = reported.other_case
    Filing.objects.create(  # a paper of another case, as it stands in the table
        case=other,
        election=ElectionFactory(case=other, sequence=1, choices=["ALU"]),
        kind="motion",
        party=other.parties.get(),
        title="Motion",
        filed_at=frozen_clock.now(),
        received_at=frozen_clock.now(),
        confirmation_number="EF-1234",
    )
    response = as_staff.post(URL, filing_body(reported, confirmation_number="EF-1234"), format="json")
    assert response.status_code == 201


# --- issue 36, item 3: a PDF that costs seconds to read -------------------------------------------------


def _upload(client: Any, filing: Filing, content: bytes) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    file = SimpleUploadedFile("brief.pdf", content, content_type="application/pdf")
    return client.post("/api/v1/documents/", {"file": file, "filing": str(filing.pk)}, format="multipart")


def test_a_pdf_is_never_read_inside_the_writes_transaction(
    filing: Filing, as_employer: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The reading holds no lock: no transaction beyond the test's own is open while pypdf runs."""
    from django.db import connection

    from filings import pdf

    outside = len(connection.atomic_blocks)
    depths: list[int] = []
    real = pdf._in_a_child

    def watched(*args: Any, **kwargs: Any) -> Any:
        depths.append(len(connection.atomic_blocks))
        return real(*args, **kwargs)

    monkeypatch.setattr(pdf, "_in_a_child", watched)
    with TestCase.captureOnCommitCallbacks(execute=True):
        assert _upload(as_employer, filing, make_pdf("Exceptions")).status_code == 201
    assert depths == [outside, outside]  # the check in the request, the text in the task after commit


def test_a_pdf_slow_to_read_is_stored_at_once_and_its_text_read_within_a_hard_budget(
    filing: Filing, as_employer: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from filings import pdf, services

    monkeypatch.setattr(pdf, "TEXT_SECONDS", 2.0)
    content = slow_text_pdf()
    assert len(content) < 20_000  # a small file: each of its 60 pages costs pypdf seconds
    response = _upload(as_employer, filing, content)
    assert response.status_code == 201
    assert (response.json()["text_status"], response.json()["pages"]) == ("pending", 60)
    started = time.monotonic()
    document = services.document_text_read(document_id=response.json()["id"])
    assert time.monotonic() - started < 6  # killed after 2 s (+ the child's start), not 60 pages later
    assert document is not None and document.text_status == "partial"
    assert "reading stopped after 2 seconds" in document.text_note


def test_a_small_pdf_stores_no_more_text_than_its_quota_and_says_so(filing: Filing, as_employer: Any) -> None:
    from filings import services

    content = wordy_pdf(pages=2, words=300_000)  # 3 KB that read as 3.6 MB of text
    assert len(content) < 6_000
    response = _upload(as_employer, filing, content)
    document = services.document_text_read(document_id=response.json()["id"])
    assert document is not None and len(document.text) == 12_000  # 6,000 characters a page, 2 pages
    assert document.text_status == "partial"
    assert "cut at the quota of 12,000 characters" in document.text_note
    shown = as_employer.get(f"/api/v1/documents/{document.pk}/").json()
    assert (shown["text_status"], shown["text_note"]) == ("partial", document.text_note)


def test_a_pdf_whose_structure_outlasts_the_budget_is_refused_by_name(
    filing: Filing, as_employer: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from filings import pdf
    from filings.models import Document

    monkeypatch.setattr(pdf, "CHECK_SECONDS", 0.01)  # no child starts that fast: every reading runs out
    response = _upload(as_employer, filing, make_pdf("Exceptions"))
    assert response.status_code == 400
    assert "could not be read within 0.01 seconds" in response.json()["file"][0]
    assert not Document.objects.exists()


def test_a_document_whose_task_was_lost_is_read_by_the_sweep(filing: Filing, as_employer: Any) -> None:
    from filings import tasks
    from filings.models import Document

    response = _upload(as_employer, filing, make_pdf("The polling place was unattended"))  # no commit here
    assert Document.objects.get().text_status == "pending"
    assert tasks.read_pending_document_texts() == 1
    document = Document.objects.get(pk=response.json()["id"])
    assert (document.text_status, document.text) == ("complete", "The polling place was unattended")


def test_a_document_uploaded_twice_with_one_idempotency_key_is_stored_once(
    filing: Filing, as_employer: Any, settings: Any
) -> None:
    """Issue 36, item 6, for the one write kept outside a transaction. Larger than Django keeps in memory:
    the upload is fingerprinted by its parts and files, not read as one body."""
    from django.core.files.uploadedfile import SimpleUploadedFile

    from filings.models import Document

    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 500

    def post() -> Any:
        file = SimpleUploadedFile("m.pdf", make_pdf("Exceptions " * 40), content_type="application/pdf")
        return as_employer.post(
            "/api/v1/documents/",
            {"file": file, "filing": str(filing.pk)},
            format="multipart",
            HTTP_IDEMPOTENCY_KEY="upload-1",
        )

    first, again = post(), post()
    assert first.status_code == again.status_code == 201
    assert again.json()["id"] == first.json()["id"] and again["Idempotent-Replayed"] == "true"
    assert Document.objects.count() == 1
