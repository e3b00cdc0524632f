"""Issue 24: no admin page or e-mail shows a bare code where a label exists.

After the demo is loaded (Bessemer's history, JFK8 and the live case) and counsel and staff take a few steps
that send e-mail, every admin list, change and add page and every message in the outbox is read as a person
reads it (the text, not the markup's attributes). A known code is any stored choice whose label differs from
it and that no one writes as a word (it has an underscore: ``certify_representative``, ``recommend_overrule``);
shown beside its label (``Certify the representative (certify_representative)``) it is fine, alone it fails.
"""

from __future__ import annotations

import io
import re
from html.parser import HTMLParser
from typing import Any

import pytest
from django.apps import apps
from django.contrib import admin
from django.core.management import call_command
from django.test import Client, RequestFactory
from django.urls import NoReverseMatch, reverse

from core import clock
from core.models import Notification
from elections.demo import LIVE_DEMO
from elections.models import Case, Party
from objections.law import rulings
from proceedings.admin_forms import CHOICE_LABELS
from tests.factories import record_event

pytestmark = pytest.mark.django_db


OURS = {
    "access",
    "core",
    "elections",
    "challenges",
    "objections",
    "proceedings",
    "filings",
    "notes",
    "public_record",
    "desk",
}


def known_codes() -> dict[str, str]:
    """Every code with a label of its own: the choices of every model field, and the event details'."""
    codes: dict[str, str] = {}
    for model in apps.get_models():
        if model._meta.app_label not in OURS:
            continue
        for field in model._meta.get_fields():
            for value, label in getattr(field, "flatchoices", None) or ():
                if isinstance(value, str) and "_" in value and str(label) != value:
                    codes[value] = str(label)
    for table in (CHOICE_LABELS, rulings.DISPOSITION_LABELS):
        for value, label in table.items():
            if "_" in value:
                codes.setdefault(value, label)
    return codes


class _Text(HTMLParser):
    """The text of a page as shown: no tags, attributes, scripts or styles."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []
        self._hidden = 0

    def handle_starttag(self, tag: str, attrs: Any) -> None:
        if tag in ("script", "style", "template"):
            self._hidden += 1

    def handle_endtag(self, tag: str) -> None:
        if tag in ("script", "style", "template") and self._hidden:
            self._hidden -= 1

    def handle_data(self, data: str) -> None:
        if not self._hidden:
            self.parts.append(data)


def shown_text(html: str) -> str:
    parser = _Text()
    parser.feed(html)
    return " ".join(parser.parts)


def bare_codes(text: str, codes: dict[str, str]) -> list[str]:
    found = []
    for code, label in codes.items():
        if code not in text:
            continue
        rest = text.replace(f"{label} ({code})", "").replace(f"{code} ({label})", "")
        if re.search(rf"(?<![\w/.=-]){re.escape(code)}(?![\w-])(?!\.\w)", rest):
            found.append(code)
    return found


def _pages(staff: Any) -> list[tuple[str, int]]:
    """Every admin page to read, with the answer it must give: 200, or 403 for the add page of a model that
    is not added in the admin (written by a service, a command or an import)."""
    request = RequestFactory().get("/admin/")
    request.user = staff
    urls = [(reverse("admin:index"), 200)]
    for model, model_admin in admin.site._registry.items():
        info = (model._meta.app_label, model._meta.model_name)
        try:
            urls.append((reverse("admin:{}_{}_changelist".format(*info)), 200))
        except NoReverseMatch:
            continue
        for obj in model_admin.get_queryset(request).order_by("-pk")[:2]:
            urls.append((reverse("admin:{}_{}_change".format(*info), args=[obj.pk]), 200))
        added = model_admin.has_add_permission(request)
        urls.append((reverse("admin:{}_{}_add".format(*info)), 200 if added else 403))
    return urls


def test_no_admin_page_or_e_mail_shows_a_code_without_its_label(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.SITE_URL = "https://tracker.example"
    call_command("load_demo", stdout=io.StringIO())
    from django.contrib.auth import get_user_model

    staff = get_user_model().objects.get(username="staff")
    live = Case.objects.get(number=LIVE_DEMO)
    union = live.parties.get(role=Party.Role.PETITIONER)
    from objections import services as objection_services

    with django_capture_on_commit_callbacks(execute=True):
        objection_services.objection_file(
            election=live.elections.get(),
            filed_by=union,
            category="threats",
            statement="Managers threatened closure.",
            filed_at=clock.now(),
            actor=get_user_model().objects.get(username="union-counsel"),
        )
        today = clock.today(live.office_zone)
        record_event(live, "regional_investigation", today, actor=staff, notify=True)
        record_event(
            live, "regional_director_decision", today, outcome="rerun_election", actor=staff, notify=True
        )

    codes = known_codes()
    assert "certify_representative" in codes and "recommend_overrule" in codes
    client = Client()
    client.force_login(staff)
    shown: dict[str, list[str]] = {}
    for url, code in _pages(staff):
        response = client.get(url)
        assert response.status_code == code, url
        if response.status_code == 200:
            found = bare_codes(shown_text(response.content.decode()), codes)
            if found:
                shown[url] = found
    mail = list(Notification.objects.values_list("key", "subject", "body"))
    assert mail, "the steps above send e-mail"
    for key, subject, body in mail:
        found = bare_codes(f"{subject}\n{body}", codes)
        if found:
            shown[f"outbox {key}"] = found
    assert shown == {}, "\n".join(f"{k}: {v}" for k, v in shown.items())
