"""The counsel desk in Chromium (issue 24): union counsel at the count on a phone, and a paralegal at a
desktop following an e-mail link — sign in, see the next deadline, log a batch of challenges, file an
objection. Each step saves a screenshot under ``test-output/browser/``.

The case is tallied two hours before the test runs (Region 10, Atlanta, Eastern time), with four challenged
ballots not yet logged, so the objections period (5 business days, 29 CFR 102.69(a)) is open and the ledger
has room."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone
from playwright.sync_api import expect

from challenges.models import Challenge
from elections.models import Appearance, Case, Election, Party
from notes import services as note_services
from objections.models import Objection
from tests.browser.conftest import PASSWORD, shot
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    UserFactory,
    record_tally,
)

PHONE = {"width": 390, "height": 844}
EASTERN_TIME = re.compile(r"\w+ \d{1,2}, \d{4}, 11:59 p\.m\. E[SD]T")


@dataclass
class CounselCase:
    case: Case
    election: Election
    union: Party
    employer: Party
    counsel: Any
    paralegal: Any
    employer_counsel: Any


def _user(username: str) -> Any:
    user = UserFactory(username=username, email=f"{username}@example.org")
    user.set_password(PASSWORD)
    user.save()
    return user


@pytest.fixture
def counsel_case(transactional_db: None) -> CounselCase:
    case = CaseFactory(
        number="10-RC-300002",
        name="Riverside Logistics LLC",
        petition_filed_on=timezone.localdate() - timedelta(50),
    )
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="Warehouse Workers United")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Riverside Logistics LLC")
    counsel, paralegal, employer_counsel = _user("ucounsel"), _user("uparalegal"), _user("ecounsel")
    AppearanceFactory(user=counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    AppearanceFactory(user=paralegal, party=union, capacity=Appearance.Capacity.PARALEGAL)
    AppearanceFactory(user=employer_counsel, party=employer, capacity=Appearance.Capacity.COUNSEL)
    election = ElectionFactory(case=case, sequence=1, choices=["Warehouse Workers United"])
    record_tally(
        election, prepared_at=timezone.now() - timedelta(hours=2), yes=60, votes_against=58, challenged=4
    )
    return CounselCase(case, election, union, employer, counsel, paralegal, employer_counsel)


def sign_in(page: Any, base: str, user: Any) -> None:
    page.goto(f"{base}/desk/")
    expect(page.locator("h1")).to_have_text("Sign in")
    page.get_by_label("Username").fill(user.username)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("h1")).to_have_text("My cases")


def test_union_counsel_at_the_count_on_a_phone(
    browser: Any, live_server: Any, counsel_case: CounselCase
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="UTC")
    page = context.new_page()
    page.set_default_timeout(15_000)
    base = live_server.url
    sign_in(page, base, counsel_case.counsel)
    card = page.locator(".case-card").first
    expect(card).to_contain_text("10-RC-300002")
    expect(card).to_contain_text("Objections")
    expect(card).to_contain_text(EASTERN_TIME)
    shot(page, "desk-phone-01-my-cases")

    card.get_by_role("link").click()
    expect(page.locator("#next-deadline")).to_contain_text("Objections")
    expect(page.locator("#next-deadline")).to_contain_text(EASTERN_TIME)
    shot(page, "desk-phone-02-case")

    page.get_by_role("link", name="Log challenges at the count").click()
    page.get_by_label("Voter's name").nth(0).fill("Dana Lead")
    page.locator("#id_form-0-ground").select_option(label="Supervisor (§2(11))")
    page.get_by_label("Voter's name").nth(1).fill("Eli Office")
    page.locator("#id_form-1-ground").select_option(label="Confidential employee")
    page.locator("#id_form-1-job_classification").fill("HR Assistant")
    shot(page, "desk-phone-03-batch-typed")
    page.get_by_role("button", name="Log these challenges").click()
    messages = page.locator(".messages")
    expect(messages).to_contain_text("2 challenged ballot(s) logged for election 1")
    expect(messages).to_contain_text("Election 1: challenges none → 2 pending.")
    expect(page.locator("#challenges")).to_contain_text("Dana Lead")
    shot(page, "desk-phone-04-batch-logged")
    assert (
        Challenge.objects.filter(election=counsel_case.election, challenged_by=counsel_case.union).count()
        == 2
    )

    page.get_by_role("link", name="File objections").click()
    page.get_by_label("Category of conduct").select_option(label="Threats")
    page.get_by_label("Statement of the objection").fill("Managers told employees the warehouse would close.")
    page.get_by_label("The offer of proof is filed with the objections").check()
    page.get_by_role("button", name="File the objection").click()
    expect(messages).to_contain_text("Warehouse Workers United objection 1 filed (Threats)")
    expect(messages).to_contain_text(re.compile(r"Timely: the period closes " + EASTERN_TIME.pattern))
    expect(page.locator("#objections")).to_contain_text("Managers told employees")
    shot(page, "desk-phone-05-objection-filed")
    assert Objection.objects.get().offer_of_proof_filed_at is not None
    context.close()


def test_a_paralegal_at_a_desktop_follows_an_e_mail_link(
    page: Any, live_server: Any, counsel_case: CounselCase, settings: Any
) -> None:
    settings.SITE_URL = live_server.url
    page.set_default_timeout(15_000)
    note = note_services.note_create(
        case=counsel_case.case,
        body="The employer asks to meet about the challenged ballots on Thursday.",
        visibility="case",
        actor=counsel_case.employer_counsel,
    )
    sent = [m for m in mail.outbox if counsel_case.paralegal.email in m.to]
    assert sent, [m.to for m in mail.outbox]
    link = re.search(r"http\S+/desk/\S+", sent[-1].body)
    assert link is not None, sent[-1].body
    assert link[0] == f"{live_server.url}/desk/cases/10-RC-300002/#note-{note.pk}"

    sign_in(page, live_server.url, counsel_case.paralegal)
    expect(page.locator(".case-card").first).to_contain_text(EASTERN_TIME)
    shot(page, "desk-desktop-01-paralegal-my-cases")
    page.goto(link[0])
    expect(page.locator(f"#note-{note.pk}")).to_contain_text("meet about the challenged ballots")
    expect(page.locator("#next-deadline")).to_contain_text("Objections")
    expect(page.locator(".actions")).not_to_contain_text("Log challenges")
    expect(page.locator("main")).to_contain_text("paralegals follow the case")
    shot(page, "desk-desktop-02-paralegal-from-the-e-mail")
