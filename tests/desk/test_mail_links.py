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
