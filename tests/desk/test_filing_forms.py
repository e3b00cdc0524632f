"""Filing papers on the desk, in words: a form for every kind, the deadline picked by name, the parties
served by name, a PDF attached; drafts saved for the filer's side alone and filed later; what filing did said
at the top of the page the user lands on.

The record: Bessemer's tally (Fri 2021-04-09), and the hearing officer's report of Tue 2021-06-01; exceptions
are due 10 business days later — Jun 2-4 (1-3), Jun 7-11 (4-8), Jun 14-15 (9-10): Tue 2021-06-15, 11:59 p.m.
Eastern (29 CFR 102.69(c)(1)(iii)). Today is Thu 2021-06-10, noon in Atlanta."""

from __future__ import annotations

from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.utils.html import escape

from filings.models import Filing
from tests.conftest import World
from tests.desk.conftest import said, signed_in
from tests.filings.pdfs import make_pdf

pytestmark = pytest.mark.django_db
NEW = "/desk/cases/10-RC-269250/filings/new/"
DOCKET = "/desk/cases/10-RC-269250/docket/"


@pytest.fixture
def reported(tallied: World, frozen_clock: Any, settings: Any, tmp_path: Any) -> World:
    from tests.factories import record_event

    settings.MEDIA_ROOT = str(tmp_path / "media")
    frozen_clock.at("2021-06-01", 17)
    for event, on, details in [
        ("notice_of_hearing", "2021-04-20", {"hearing_on": "2021-05-10"}),
        ("hearing_opened", "2021-05-10", {}),
        ("hearing_closed", "2021-05-14", {}),
        ("hearing_officer_report", "2021-06-01", {}),
    ]:
        record_event(tallied.case, event, on, actor=tallied.staff, **details)
    frozen_clock.at("2021-06-10", 12)
    return tallied


def body(world: World, action: str, **fields: Any) -> dict[str, Any]:
    return {
        "kind": "exceptions",
        "party": world.employer.pk,
        "title": "Employer's Exceptions",
        "served_on": [world.union.pk],
        "service_method": "e_file",
        "confirmation_number": "EF-0610-1",
        "action": action,
        **fields,
    }


def test_the_form_offers_the_partys_own_deadlines_by_name(reported: World) -> None:
    html = signed_in(reported.employer_counsel).get(NEW + "?kind=exceptions").content.decode()
    from proceedings.models import Deadline

    deadline = Deadline.objects.exclude(status="superseded").get(code="exceptions")
    label = escape(f"{deadline.label} — due June 15, 2021, 11:59 p.m. EDT")
    option = f'<option value="{deadline.pk}">{label}</option>'
    assert option in html
    assert '<option value="exceptions" selected>Exceptions</option>' in html
    assert f'value="{reported.union.pk}"' in html and "RWDSU</label>" in html  # served, by name


def test_filing_with_a_pdf_lands_on_the_docket_with_what_it_did(reported: World) -> None:
    browser = signed_in(reported.employer_counsel)
    pdf = SimpleUploadedFile("exceptions.pdf", make_pdf("The hearing officer erred"), "application/pdf")
    response = browser.post(NEW, {**body(reported, "file"), "file": pdf}, follow=True)
    assert response.redirect_chain[-1][0] == DOCKET + "?page=last"
    (words, *_) = said(response)
    assert words.startswith(
        "Exceptions of Amazon.com Services LLC: \u201cEmployer's Exceptions\u201d filed June 10"
    )
    assert ", timely. It answers: " in words and "due June 15, 2021, 11:59 p.m. EDT" in words
    assert words.endswith("PDF attached (1).")
    other_side = signed_in(reported.union_counsel).get(DOCKET).content.decode()
    assert "Employer&#x27;s Exceptions" in other_side
    assert "/api/v1/documents/" in other_side


def test_a_draft_is_the_filers_alone_until_filed(reported: World) -> None:
    browser = signed_in(reported.employer_counsel)
    saved = browser.post(NEW, body(reported, "draft"), follow=True)
    assert "saved as a draft. Only your side sees it" in said(saved)[0]
    assert "File this draft now" in saved.content.decode()
    union = signed_in(reported.union_counsel)
    assert "Employer&#x27;s Exceptions" not in union.get(DOCKET).content.decode()
    draft = Filing.objects.get()
    filed = browser.post("/desk/cases/10-RC-269250/filings/drafts/file/", {"filing": draft.pk}, follow=True)
    assert ", timely. It answers:" in said(filed)[0]
    assert "Employer&#x27;s Exceptions" in union.get(DOCKET).content.decode()


def test_a_file_that_is_not_a_pdf_is_refused_on_its_field_and_files_nothing(reported: World) -> None:
    browser = signed_in(reported.employer_counsel)
    fake = SimpleUploadedFile("exceptions.pdf", b"not a pdf at all", "application/pdf")
    response = browser.post(NEW, {**body(reported, "file"), "file": fake})
    assert response.status_code == 200
    assert response.context["form"].errors["file"]
    assert not Filing.objects.exists()


def test_the_other_side_cannot_file_or_see_a_draft(reported: World) -> None:
    signed_in(reported.employer_counsel).post(NEW, body(reported, "draft"))
    draft = Filing.objects.get()
    union = signed_in(reported.union_counsel)
    assert (
        union.post("/desk/cases/10-RC-269250/filings/drafts/file/", {"filing": draft.pk}).status_code == 404
    )
    assert Filing.objects.get().state == "draft"


# --- editing a draft (product.md v1.4: "readable and editable by its own side only") ----------------------


def _draft(reported: World) -> tuple[Any, Filing]:
    browser = signed_in(reported.employer_counsel)
    browser.post(NEW, body(reported, "draft"), follow=True)  # its message read, on the page it lands on
    return browser, Filing.objects.get()


def edit_body(world: World, **fields: Any) -> dict[str, Any]:
    sent = body(world, "", **fields)
    for name in ("party", "action"):
        sent.pop(name)
    return sent


def test_a_draft_opens_in_its_edit_form_as_saved(reported: World) -> None:
    browser, draft = _draft(reported)
    edit = f"/desk/cases/10-RC-269250/filings/drafts/{draft.pk}/edit/"
    assert f'href="{edit}"' in browser.get(NEW).content.decode()
    page = browser.get(edit)
    html = page.content.decode()
    assert 'value="Employer&#x27;s Exceptions"' in html and 'value="EF-0610-1"' in html
    assert set(page.context["form"].fields).isdisjoint({"party", "filed_at"})
    assert page.context["form"].initial["served_on"] == [reported.union.pk]
    assert 'name="once"' in html


def test_an_edited_draft_keeps_its_changes_and_pdf_and_stays_the_filers_alone(reported: World) -> None:
    browser, draft = _draft(reported)
    edit = f"/desk/cases/10-RC-269250/filings/drafts/{draft.pk}/edit/"
    pdf = SimpleUploadedFile("exceptions.pdf", make_pdf("The hearing officer erred"), "application/pdf")
    sent = {**edit_body(reported, title="Employer's Exceptions, corrected", served_on=[]), "file": pdf}
    response = browser.post(edit, sent, follow=True)
    assert response.redirect_chain[-1][0] == NEW + f"#draft-{draft.pk}"
    assert said(response)[0].startswith(
        "Exceptions of Amazon.com Services LLC: \u201cEmployer's Exceptions, corrected\u201d saved as a draft."
    )
    draft.refresh_from_db()
    assert (draft.state, draft.title, list(draft.served_on.all()), draft.documents.count()) == (
        "draft",
        "Employer's Exceptions, corrected",
        [],
        1,
    )
    assert "corrected" not in signed_in(reported.union_counsel).get(DOCKET).content.decode()


def test_an_edit_the_law_refuses_is_said_on_its_field_and_changes_nothing(reported: World) -> None:
    browser, draft = _draft(reported)
    edit = f"/desk/cases/10-RC-269250/filings/drafts/{draft.pk}/edit/"
    response = browser.post(edit, edit_body(reported, kind="response", title="Changed"))
    assert response.status_code == 200
    assert "names the filing it answers" in str(response.context["form"].errors["relates_to"])
    draft.refresh_from_db()
    assert (draft.kind, draft.title) == ("exceptions", "Employer's Exceptions")


def test_only_its_own_side_edits_a_draft_and_a_filed_paper_is_not_edited(reported: World) -> None:
    browser, draft = _draft(reported)
    edit = f"/desk/cases/10-RC-269250/filings/drafts/{draft.pk}/edit/"
    union = signed_in(reported.union_counsel)
    assert union.get(edit).status_code == 404
    assert union.post(edit, edit_body(reported, title="Theirs")).status_code == 404
    browser.post("/desk/cases/10-RC-269250/filings/drafts/file/", {"filing": draft.pk})
    assert browser.post(edit, edit_body(reported, title="After the fact")).status_code == 404
    draft.refresh_from_db()
    assert (draft.state, draft.title) == ("filed", "Employer's Exceptions")


def test_an_edit_posted_twice_with_its_one_time_token_attaches_its_pdf_once(reported: World) -> None:
    browser, draft = _draft(reported)
    edit = f"/desk/cases/10-RC-269250/filings/drafts/{draft.pk}/edit/"
    token = browser.get(edit).context["once_token"]
    sent = {**edit_body(reported), "once": token}
    first = browser.post(
        edit, {**sent, "file": SimpleUploadedFile("a.pdf", make_pdf("One"), "application/pdf")}
    )
    again = browser.post(
        edit, {**sent, "file": SimpleUploadedFile("a.pdf", make_pdf("One"), "application/pdf")}
    )
    assert first.status_code == 302 and again["Location"] == first["Location"]
    assert draft.documents.count() == 1
