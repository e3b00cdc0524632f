"""Issue 24's first promise, as a newcomer meets it: the demo loaded as ``make run`` loads it (``load_demo``,
whatever today is), union counsel signs in at ``/desk/`` on a phone with the password it printed, sees the
live case's next deadline (its open objections period), logs two challenges at the count and files an
objection — without the API. Each step saves a screenshot; ``tools/desk_screenshot.py --counsel`` keeps the
last one as the README's picture of the counsel desk."""

from __future__ import annotations

import io
import re
from typing import Any

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from challenges.models import Challenge
from elections.demo import LIVE_DEMO, RWDSU
from objections.models import Objection
from tests.browser.conftest import shot

PHONE = {"width": 390, "height": 844}
EASTERN_TIME = re.compile(r"\w+ \d{1,2}, \d{4}, 11:59 p\.m\. E[SD]T")


def _printed_password(output: str, username: str) -> str:
    for line in output.splitlines():
        parts = line.split()
        if parts and parts[0] == username:
            return parts[1]
    raise AssertionError(f"load_demo printed no password for {username}:\n{output}")


@pytest.fixture
def demo_password(transactional_db: None, live_server: Any, settings: Any) -> str:
    settings.SITE_URL = live_server.url  # what `make run` sets
    printed = io.StringIO()
    call_command("load_demo", stdout=printed)
    assert f"{live_server.url}/desk/" in printed.getvalue()
    return _printed_password(printed.getvalue(), "union-counsel")


def test_union_counsel_works_the_live_demo_case_at_the_desk_after_make_run(
    browser: Any, live_server: Any, demo_password: str
) -> None:
    context = browser.new_context(viewport=PHONE, is_mobile=True, has_touch=True, timezone_id="UTC")
    page = context.new_page()
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/desk/")
    page.get_by_label("Username").fill("union-counsel")
    page.get_by_label("Password").fill(demo_password)
    page.get_by_role("button", name="Sign in").click()
    expect(page.locator("h1")).to_have_text("My cases")
    live = page.locator(".case-card", has_text=LIVE_DEMO)
    expect(live).to_contain_text("Objections")
    expect(live).to_contain_text(EASTERN_TIME)
    shot(page, "demo-desk-01-my-cases")

    live.get_by_role("link").first.click()
    next_deadline = page.locator("#next-deadline")
    expect(next_deadline).to_contain_text("Objections")
    expect(next_deadline).to_contain_text(EASTERN_TIME)
    expect(next_deadline).not_to_contain_text("target")
    shot(page, "demo-desk-02-live-case")

    pending_before = Challenge.objects.filter(election__case__number=LIVE_DEMO).count()
    page.get_by_role("link", name="Log challenges at the count").click()
    page.get_by_label("Voter's name").nth(0).fill("Dana Lead")
    page.locator("#id_form-0-ground").select_option(label="Supervisor (§2(11))")
    page.get_by_label("Voter's name").nth(1).fill("Eli Office")
    page.locator("#id_form-1-ground").select_option(label="Confidential employee")
    page.get_by_role("button", name="Log these challenges").click()
    messages = page.locator(".messages")
    expect(messages).to_contain_text("2 challenged ballot(s) logged for election 1")
    expect(page.locator("#challenges")).to_contain_text("Dana Lead")
    shot(page, "demo-desk-03-challenges-logged")
    logged = Challenge.objects.filter(election__case__number=LIVE_DEMO)
    assert logged.count() == pending_before + 2
    assert set(
        logged.filter(voter_name__in=["Dana Lead", "Eli Office"]).values_list(
            "challenged_by__name", flat=True
        )
    ) == {RWDSU}

    page.get_by_role("link", name="File objections").click()
    page.get_by_label("Category of conduct").select_option(label="Threats")
    page.get_by_label("Statement of the objection").fill("Managers told associates the center would close.")
    page.get_by_label("The offer of proof is filed with the objections").check()
    page.get_by_role("button", name="File the objection").click()
    expect(messages).to_contain_text(f"{RWDSU} objection 1 filed (Threats)")
    expect(messages).to_contain_text(re.compile(r"Timely: the period closes " + EASTERN_TIME.pattern))
    expect(page.locator("#objections")).to_contain_text("Managers told associates")
    shot(page, "demo-desk-04-objection-filed")
    objection = Objection.objects.get(election__case__number=LIVE_DEMO)
    assert objection.timely is True and objection.filed_by.name == RWDSU
    context.close()
