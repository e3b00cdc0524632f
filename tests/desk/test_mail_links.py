"""Every link in an e-mail opens a page of the counsel desk, not the raw API (a 401 in a browser)."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.urls import reverse

from core.links import desk_url
from tests.conftest import FrozenClock, World
from tests.desk.conftest import CASE
from tests.factories import file_objection

pytestmark = pytest.mark.django_db


def test_the_e_mails_links_are_the_desks_own_addresses(tallied: World, settings: Any) -> None:
    settings.SITE_URL = "https://tracker.example"
    assert desk_url("10-RC-269250", anchor="objection-7") == (
        "https://tracker.example" + reverse("desk:case", args=["10-RC-269250"]) + "#objection-7"
    )
    assert desk_url() == "https://tracker.example" + reverse("desk:home")


def test_an_objection_notice_links_to_the_objection_on_the_desk(
    tallied: World, settings: Any, frozen_clock: FrozenClock, django_capture_on_commit_callbacks: Any
) -> None:
    frozen_clock.at("2021-04-15", 13)
    settings.SITE_URL = "https://tracker.example"
    with django_capture_on_commit_callbacks(execute=True):
        objection = file_objection(
            tallied.election, tallied.employer, actor=tallied.employer_counsel, notify=True
        )
    bodies = [m.body for m in mail.outbox]
    assert any(f"https://tracker.example{CASE}#objection-{objection.pk}" in b for b in bodies), bodies
    assert not any("/api/v1/" in b for b in bodies), bodies


def test_a_filing_notice_opens_the_paper_on_the_docket_even_after_signing_in(
    tallied: World, settings: Any, frozen_clock: FrozenClock
) -> None:
    """Issue 32: filings' e-mails linked to raw API JSON (a 401 signed out). The link now opens the docket
    page the paper is on; a signed-out click signs in first and comes back to it."""
    from datetime import datetime
    from urllib.parse import urlsplit

    from core.models import Notification
    from filings import services as filing_services
    from tests.desk.conftest import signed_in
    from tests.proceedings.conftest import EASTERN

    frozen_clock.at("2021-04-13", 12)
    settings.SITE_URL = "https://tracker.example"
    motion = filing_services.filing_file(
        case=tallied.case,
        kind="motion",
        party=tallied.employer,
        title="Motion to impound the ballots",
        filed_at=datetime(2021, 4, 13, 11, tzinfo=EASTERN),
        actor=tallied.employer_counsel,
    )
    notice = Notification.objects.get(key=f"filing:{motion.pk}:filed", recipient=tallied.union_counsel)
    link = next(word for word in notice.body.split() if word.startswith("https://tracker.example"))
    assert (
        link
        == f"https://tracker.example/desk/cases/10-RC-269250/docket/?find=filing-{motion.pk}#filing-{motion.pk}"
    )
    assert "Served on: not served." in notice.body
    path = urlsplit(link)
    target = f"{path.path}?{path.query}"
    from django.test import Client

    signed_out = Client().get(target)
    assert signed_out.status_code == 302
    assert signed_out["Location"].startswith("/desk/sign-in/?next=")
    tallied.union_counsel.set_password("pw-for-the-test")
    tallied.union_counsel.save()
    browser = Client()
    back = browser.post(
        signed_out["Location"],
        {"username": tallied.union_counsel.username, "password": "pw-for-the-test"},
    )
    assert back.status_code == 302 and back["Location"] == target
    page = signed_in(tallied.union_counsel).get(target).content.decode()
    assert f'id="filing-{motion.pk}"' in page
    assert "Motion to impound the ballots" in page
