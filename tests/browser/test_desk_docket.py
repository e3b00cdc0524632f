"""The desk as the docket and the filing window (issue 32), in Chromium at desktop and phone sizes: employer
counsel file papers of several kinds, each with a PDF (the session upload that was a 500), save a draft,
edit it and file it; union counsel read the docket as the other side on a phone; an e-mail's link, clicked
signed out, returns to the paper after sign-in; and every kind of paper the desk offers counsel is filed
once, with a PDF, on a case put where the law lets that kind be filed (``PAPERS``). Each step saves a
screenshot under ``test-output/browser/``.

The case (Region 10, Atlanta): tallied 40 days ago; the hearing officer's report issued yesterday, so the
10 business days for exceptions (29 CFR 102.69(c)(1)(iii)) are open for two weeks more."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import timedelta
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from django.conf import settings
from django.utils import timezone
from playwright.sync_api import expect

from core import clock
from core.models import Notification
from elections.models import Appearance, Case, Party
from filings.models import Filing
from tests.browser.conftest import PASSWORD, shot
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    UserFactory,
    record_event,
    record_tally,
)
from tests.filings.pdfs import make_pdf

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 900}


@dataclass
class Reported:
    case: Case
    union: Party
    employer: Party
    union_counsel: Any
    employer_counsel: Any


def _user(username: str) -> Any:
    user = UserFactory(username=username, email=f"{username}@example.org")
    user.set_password(PASSWORD)
    user.save()
    return user


@pytest.fixture
def reported(transactional_db: None, tmp_path: Path) -> Reported:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    today = timezone.localdate()
    case = CaseFactory(
        number="10-RC-300003", name="Lakeside Freight LLC", petition_filed_on=today - timedelta(90)
    )
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="Freight Workers United")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Lakeside Freight LLC")
    union_counsel, employer_counsel = _user("ucounsel"), _user("ecounsel")
    AppearanceFactory(user=union_counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    AppearanceFactory(user=employer_counsel, party=employer, capacity=Appearance.Capacity.COUNSEL)
    election = ElectionFactory(case=case, sequence=1, choices=["Freight Workers United"])
    record_tally(election, prepared_at=timezone.now() - timedelta(40), yes=40, votes_against=38, challenged=1)
    for event, days_ago, details in [
        ("notice_of_hearing", 30, {"hearing_on": (today - timedelta(20)).isoformat()}),
        ("hearing_opened", 20, {}),
        ("hearing_closed", 19, {}),
        ("hearing_officer_report", 1, {}),
    ]:
        record_event(case, event, today - timedelta(days_ago), **details)
    return Reported(case, union, employer, union_counsel, employer_counsel)


def sign_in(page: Any, base: str, user: Any, start: str = "/desk/") -> None:
    page.goto(f"{base}{start}")
    expect(page.locator("h1")).to_have_text("Sign in")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()


def file_paper(page: Any, base: str, pdf: Path, *, kind: str, title: str, draft: bool = False) -> None:
    page.goto(f"{base}/desk/cases/10-RC-300003/filings/new/?kind={kind}")
    page.get_by_label("Title, as on the cover page").fill(title)
    page.get_by_label("The paper (PDF)").set_input_files(str(pdf))
    page.get_by_role("button", name="Save as a draft" if draft else "File it").click()


@pytest.mark.parametrize("viewport", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_counsel_file_papers_with_pdfs_and_the_other_side_reads_the_docket(
    browser: Any, live_server: Any, reported: Reported, tmp_path: Path, viewport: dict[str, int]
) -> None:
    size = "phone" if viewport is PHONE else "desktop"
    base = live_server.url
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(make_pdf("The hearing officer erred in crediting the union's witnesses."))
    employer = browser.new_context(viewport=viewport, timezone_id="UTC").new_page()
    employer.set_default_timeout(20_000)
    sign_in(employer, base, reported.employer_counsel)
    employer.goto(f"{base}/desk/cases/10-RC-300003/")
    employer.get_by_role("link", name="File a paper").click()
    expect(employer.locator("h1")).to_have_text("File a paper")
    shot(employer, f"docket-{size}-01-filing-form")

    papers = [
        ("motion", "Motion to reopen the record"),
        ("exceptions", "Employer's Exceptions to the Hearing Officer's Report"),
        ("other", "Notice of appearance of additional counsel"),
    ]
    for kind, title in papers:
        file_paper(employer, base, pdf, kind=kind, title=title)
        message = employer.locator(".messages .message").first
        expect(message).to_contain_text(f"\u201c{title}\u201d filed")
        expect(message).to_contain_text("PDF attached (1)")
        expect(employer.locator(".docket-entry", has_text=title)).to_contain_text("(1 p., PDF)")
    expect(employer.locator(".messages").first).to_be_in_viewport()  # the answer where the user lands
    shot(employer, f"docket-{size}-02-filed")

    file_paper(employer, base, pdf, kind="motion", title="Draft motion to strike", draft=True)
    expect(employer.locator(".messages .message").first).to_contain_text("saved as a draft")
    expect(employer.locator("#drafts")).to_contain_text("Draft motion to strike")
    shot(employer, f"docket-{size}-03-draft")
    employer.get_by_role("link", name="Edit this draft").click()  # editable by its own side (v1.4)
    expect(employer.locator("h1")).to_have_text("Edit a draft")
    employer.get_by_label("Title, as on the cover page").fill("Draft motion to strike, as revised")
    employer.get_by_role("button", name="Save the draft").click()
    expect(employer.locator(".messages .message").first).to_contain_text("as revised\u201d saved as a draft")
    expect(employer.locator("#drafts")).to_contain_text("Draft motion to strike, as revised")

    union = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="UTC").new_page()
    union.set_default_timeout(20_000)
    sign_in(union, base, reported.union_counsel)
    union.goto(f"{base}/desk/cases/10-RC-300003/docket/")
    expect(union.locator("h1")).to_contain_text("Docket")
    for _, title in papers:
        expect(union.locator(".docket-entry", has_text=title)).to_be_visible()
    expect(union.locator(".docket-entry", has_text="Draft motion to strike")).to_have_count(0)

    employer.get_by_role("button", name="File this draft now").click()
    expect(employer.locator(".messages .message").first).to_contain_text(
        "Draft motion to strike, as revised\u201d filed"
    )
    union.reload()
    entry = union.locator(".docket-entry", has_text="Draft motion to strike")
    expect(entry).to_be_visible()
    expect(entry).to_contain_text("Lakeside Freight LLC")
    expect(entry).to_contain_text("Freight Workers United (E-filed)")  # served, by name and method
    width = union.evaluate("document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"the docket overflows a phone: {width}px"
    shot(union, f"docket-{size}-04-other-side-phone")
    assert Filing.objects.filter(state="filed").count() == 4


def test_an_e_mail_link_clicked_signed_out_returns_to_the_paper(
    browser: Any, live_server: Any, reported: Reported, tmp_path: Path
) -> None:
    base = live_server.url
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(make_pdf("Exceptions"))
    employer = browser.new_context(viewport=DESKTOP, timezone_id="UTC").new_page()
    employer.set_default_timeout(20_000)
    sign_in(employer, base, reported.employer_counsel)
    file_paper(employer, base, pdf, kind="exceptions", title="Employer's Exceptions")
    expect(employer.locator(".messages .message").first).to_contain_text("filed")

    filing = Filing.objects.get()
    notice = Notification.objects.get(key=f"filing:{filing.pk}:filed", recipient=reported.union_counsel)
    assert "It answers: Exceptions" in notice.body
    link = next(word for word in notice.body.split() if "/desk/" in word)
    parts = urlsplit(link)
    union = browser.new_context(viewport=PHONE, is_mobile=True, timezone_id="UTC").new_page()
    union.set_default_timeout(20_000)
    sign_in(union, base, reported.union_counsel, start=f"{parts.path}?{parts.query}")
    expect(union).to_have_url(f"{base}{parts.path}?{parts.query}")
    expect(union.locator(f"#filing-{filing.pk}")).to_have_count(1)
    expect(union.locator(".docket-entry", has_text="Employer's Exceptions")).to_contain_text("(1 p., PDF)")
    shot(union, "docket-05-e-mail-link-after-sign-in")


def test_the_staff_work_queue_reads_on_a_phone(browser: Any, live_server: Any, reported: Reported) -> None:
    staff = _user("agent")
    staff.is_staff = staff.is_superuser = True
    staff.save()
    page = browser.new_context(viewport=PHONE, is_mobile=True, timezone_id="UTC").new_page()
    page.set_default_timeout(20_000)
    page.goto(f"{live_server.url}/admin/login/?next=/admin/")
    page.fill("#id_username", staff.username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")
    queue = page.locator("#workqueue")
    expect(queue).to_be_visible()
    expect(queue.locator("table").first).to_be_visible()  # the exceptions deadline is due: lines to show
    right = page.evaluate(
        "Math.max(...[...document.querySelectorAll('#workqueue table')].map(t => t.getBoundingClientRect().right))"
    )
    assert right <= PHONE["width"], f"the work queue overflows a phone: its tables end at {right}px"
    # Readable, not crushed into a column a few letters wide: each line is a card the screen's width.
    what = page.evaluate(
        "document.querySelector('#workqueue table tbody td:nth-child(3)').getBoundingClientRect().width"
    )
    assert what >= 300, f"'what needs action' is {what}px wide on a phone"
    shot(page, "staff-queue-phone")


# --- every kind of paper the desk offers counsel, each filed once with a PDF (issue 32, "Done when") ------

ALJ_TRACK = "alj"
RD_TRACK = "rd"


@dataclass(frozen=True)
class Paper:
    """One kind filed in the browser: on which track, by which side, after which papers (filed through the
    service first: the law asks for them), and what its form must pick (a deadline or a paper, by name)."""

    track: str
    by: str
    before: tuple[tuple[str, str], ...] = ()
    answers: str = ""
    relates_to: str = ""
    says: str = ""


# Who may file what when (29 CFR 102.46(a)-(e), 102.67(c)-(h), 102.2(c)): the union excepts to the ALJ's
# decision, so the employer (which has not excepted) cross-excepts and answers it; a reply brief answers an
# answering brief; an opposition and a brief on review follow a request for review.
PAPERS: dict[str, Paper] = {
    "exceptions": Paper(ALJ_TRACK, "union", says=". It answers: Exceptions"),
    "cross_exceptions": Paper(ALJ_TRACK, "employer", (("exceptions", "union"),), says=". It answers: "),
    "answering_brief": Paper(ALJ_TRACK, "employer", (("exceptions", "union"),), says=". It answers: "),
    "answering_brief_to_cross_exceptions": Paper(
        ALJ_TRACK, "union", (("exceptions", "union"), ("cross_exceptions", "employer")), says=". It answers: "
    ),
    "reply_brief": Paper(
        ALJ_TRACK, "union", (("exceptions", "union"), ("answering_brief", "employer")), says=". It answers: "
    ),
    "motion": Paper(ALJ_TRACK, "employer"),
    "extension_request": Paper(ALJ_TRACK, "union", answers="Exceptions", says=". It answers: Exceptions"),
    "response": Paper(ALJ_TRACK, "union", (("motion", "employer"),), relates_to="Motion of"),
    "other": Paper(ALJ_TRACK, "employer"),
    "request_for_review": Paper(RD_TRACK, "union", says=". It answers: "),
    "opposition": Paper(RD_TRACK, "employer", (("request_for_review", "union"),), says=". It answers: "),
    "brief_on_review": Paper(
        RD_TRACK, "employer", (("request_for_review", "union"), ("review_granted", "")), says=". It answers: "
    ),
}


def test_the_table_names_every_kind_the_desk_offers() -> None:
    from desk.filing_forms import FilingForm

    offered = dict(FilingForm.base_fields["kind"].choices)  # type: ignore[attr-defined]
    assert set(PAPERS) == set(offered)


def _on_track(reported: Reported, track: str) -> None:
    """The ALJ's decision (a consolidated case) three days ago, or the Regional Director's five days ago:
    exceptions are due 28 days after the ALJ's decision (102.46(a)), a request for review 10 business days
    after the Director's (102.67(c)) — both still open today. Days are the office's (an event dated after
    the office's today is refused; UTC's today is the next day in Atlanta each evening)."""
    today = clock.today(reported.case.office_zone)
    election = reported.case.elections.get()
    record_tally(election, prepared_at=timezone.now() - timedelta(40), yes=40, votes_against=38, challenged=1)
    if track == ALJ_TRACK:
        steps = [
            ("consolidated_with_ulp", 30, {"hearing_on": (today - timedelta(20)).isoformat()}),
            ("hearing_opened", 20, {}),
            ("alj_decision", 3, {"outcome": "certify_representative"}),
        ]
    else:
        steps = [("regional_director_decision", 5, {"outcome": "certify_representative"})]
    for event, days_ago, details in steps:
        record_event(reported.case, event, today - timedelta(days_ago), **details)


def _file_first(reported: Reported, kind: str, side: str) -> None:
    from filings import services as filing_services

    if kind == "review_granted":
        record_event(
            reported.case, "board_decision", clock.today(reported.case.office_zone), outcome="review_granted"
        )
        return
    party = reported.union if side == "union" else reported.employer
    filing_services.filing_file(
        case=reported.case,
        kind=kind,
        party=party,
        title=f"{KIND_WORDS[kind]} of {party.name}",
        filed_at=timezone.now(),
        actor=reported.union_counsel if side == "union" else reported.employer_counsel,
    )


KIND_WORDS = {
    "exceptions": "Exceptions",
    "cross_exceptions": "Cross-exceptions",
    "answering_brief": "Answering brief",
    "motion": "Motion",
    "request_for_review": "Request for review",
}


@pytest.fixture
def papers_case(transactional_db: None, tmp_path: Path) -> Reported:
    """A case with no proceeding yet past the tally: each test puts it on the track its kind needs."""
    settings.MEDIA_ROOT = str(tmp_path / "media")
    today = timezone.localdate()
    case = CaseFactory(
        number="10-RC-300003", name="Lakeside Freight LLC", petition_filed_on=today - timedelta(90)
    )
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="Freight Workers United")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Lakeside Freight LLC")
    union_counsel, employer_counsel = _user("ucounsel"), _user("ecounsel")
    AppearanceFactory(user=union_counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    AppearanceFactory(user=employer_counsel, party=employer, capacity=Appearance.Capacity.COUNSEL)
    ElectionFactory(case=case, sequence=1, choices=["Freight Workers United"], agreement="directed")
    return Reported(case, union, employer, union_counsel, employer_counsel)


def _pick(page: Any, label: str, has_text: str) -> None:
    field = page.get_by_label(label)
    value = field.locator("option", has_text=has_text).first.get_attribute("value")
    field.select_option(value)


@pytest.mark.parametrize("kind", list(PAPERS))
def test_counsel_file_each_kind_of_paper_with_a_pdf(
    browser: Any, live_server: Any, papers_case: Reported, tmp_path: Path, kind: str
) -> None:
    paper = PAPERS[kind]
    _on_track(papers_case, paper.track)
    for before, side in paper.before:
        _file_first(papers_case, before, side)
    base = live_server.url
    pdf = tmp_path / "paper.pdf"
    pdf.write_bytes(make_pdf(f"The {kind.replace('_', ' ')} of the case."))
    counsel = papers_case.union_counsel if paper.by == "union" else papers_case.employer_counsel
    page = browser.new_context(viewport=DESKTOP, timezone_id="UTC").new_page()
    page.set_default_timeout(20_000)
    sign_in(page, base, counsel, start=f"/desk/cases/10-RC-300003/filings/new/?kind={kind}")
    title = f"The {kind.replace('_', ' ')} of {counsel.username}"
    page.get_by_label("Title, as on the cover page").fill(title)
    if paper.answers:
        _pick(page, "The deadline it meets (or asks to extend)", paper.answers)
    if paper.relates_to:
        _pick(page, "The paper it responds to", paper.relates_to)
    page.get_by_label("The paper (PDF)").set_input_files(str(pdf))
    page.get_by_role("button", name="File it").click()

    expect(page).to_have_url(f"{base}/desk/cases/10-RC-300003/docket/?page=last")
    message = page.locator(".messages .message").first
    expect(message).to_be_in_viewport()
    expect(message).to_contain_text(f"\u201c{title}\u201d filed")
    expect(message).to_contain_text(paper.says)
    expect(message).to_contain_text("PDF attached (1)")
    entry = page.locator(".docket-entry", has_text=title)
    expect(entry).to_contain_text("(1 p., PDF)")
    filing = Filing.objects.get(title=title)
    assert (filing.kind, filing.state, filing.documents.count()) == (kind, "filed", 1)
    page.context.close()
