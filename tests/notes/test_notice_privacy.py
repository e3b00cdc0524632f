"""A side note's notice: the outbox holds a reference, never the text; the text is rendered for each
recipient at delivery, after checking they may still read the note; staff find it on no admin page.

The admin walk visits, as a superuser of the Board's staff, every page of every registered model: the list,
its search (``?q=``), a ``?<field>__icontains=`` lookup on each text field, every filter link the list
offers, and for each row its change page, its history (and each version), and its delete confirmation."""

from __future__ import annotations

import logging
import re
from html import unescape
from typing import Any

import pytest
from django.contrib import admin
from django.core import mail
from django.db import models
from django.test import Client

from core import tasks
from core.models import Notification
from elections import services as election_services
from elections.models import Appearance
from notes import services
from tests.conftest import World
from tests.notes.conftest import Noted

pytestmark = pytest.mark.django_db

SECRET = "TOKEN-side-8f3a1c-zq"


def side_note(world: World, capture: Any, *, deliver: bool) -> Any:
    with capture(execute=deliver):
        return services.note_create(
            case=world.case,
            body=f"Our theory: surveillance. {SECRET}",
            visibility="side",
            actor=world.union_counsel,
        )


def row_text(notice: Notification) -> str:
    return " ".join(str(getattr(notice, f.attname)) for f in Notification._meta.concrete_fields)


def test_a_side_notes_notice_holds_a_reference_and_the_recipient_gets_the_text(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    note = side_note(world, django_capture_on_commit_callbacks, deliver=True)

    notice = Notification.objects.get(key=f"note:{note.pk}:written")
    assert notice.recipient == world.paralegal  # the other person of the union's side, not its author
    assert (notice.body, notice.renderer, notice.reference) == ("", "note_written", note.pk)
    assert SECRET not in row_text(notice)
    assert notice.sent_at is not None
    [sent] = mail.outbox
    assert sent.to == [world.paralegal.email]
    assert SECRET in sent.body and f"/desk/cases/{note.case.number}/#note-{note.pk}" in sent.body


def test_a_notice_waiting_while_the_recipients_appearance_ended_is_withheld_and_says_why(
    world: World, django_capture_on_commit_callbacks: Any, caplog: pytest.LogCaptureFixture
) -> None:
    # The mail server (or the broker) was down when the note was written: the notice waits in the outbox.
    note = side_note(world, django_capture_on_commit_callbacks, deliver=False)
    paralegal = Appearance.objects.get(user=world.paralegal, party=world.union)
    election_services.appearance_end(appearance=paralegal, actor=world.staff)

    caplog.set_level(logging.DEBUG)
    assert tasks.sweep(older_than_seconds=0) == 0

    notice = Notification.objects.get(key=f"note:{note.pk}:written")
    assert mail.outbox == []
    assert notice.sent_at is None and notice.withheld_at is not None
    assert notice.withheld_reason == f"para may no longer read note {note.pk}"
    assert SECRET not in caplog.text
    # Withheld is final: a later sweep does not try again.
    assert tasks.sweep(older_than_seconds=0) == 0 and notice.attempts == 0


def test_the_delivery_worker_logs_no_note_text_when_the_mail_server_refuses(
    world: World, django_capture_on_commit_callbacks: Any, caplog: pytest.LogCaptureFixture, settings: Any
) -> None:
    settings.EMAIL_BACKEND = "tests.notes.test_notice_privacy.RefusingBackend"
    caplog.set_level(logging.DEBUG)
    note = side_note(world, django_capture_on_commit_callbacks, deliver=True)

    notice = Notification.objects.get(key=f"note:{note.pk}:written")
    assert notice.failures == 1 and notice.sent_at is None
    assert SECRET not in caplog.text and SECRET not in row_text(notice)


class RefusingBackend:
    def __init__(self, **_: Any) -> None:
        pass

    def send_messages(self, messages: list[Any]) -> int:
        raise ConnectionRefusedError("the mail server refused the connection")


# --- the admin's every page ------------------------------------------------------------------------------


def text_fields(model: type[models.Model]) -> list[str]:
    return [
        f.name
        for f in model._meta.concrete_fields
        if isinstance(f, models.CharField | models.TextField) and not f.choices
    ]


def filter_links(html: str) -> list[str]:
    """The links of the list's filters and date hierarchy: each query string the page offers (``?…``)."""
    return sorted({unescape(href) for href in re.findall(r'href="(\?[^"]*)"', html)})


def admin_pages(client: Client, tokens: list[str]) -> list[str]:
    pages = ["/admin/", "/api/v1/health/"]
    for model in admin.site._registry:
        meta = model._meta
        base = f"/admin/{meta.app_label}/{meta.model_name}/"
        pages.append(base)
        for token in tokens:
            pages += [f"{base}?q={token}", *(f"{base}?{f}__icontains={token}" for f in text_fields(model))]
        listed = client.get(base)
        if listed.status_code == 200:
            pages += [base + link for link in filter_links(listed.content.decode())]
        # Every row, including those the admin's own list leaves out (a side note by its id).
        for pk in model._base_manager.order_by("pk").values_list("pk", flat=True)[:60]:
            pages += [f"{base}{pk}/change/", f"{base}{pk}/history/", f"{base}{pk}/delete/"]
            history = getattr(model, "history", None)
            if history is not None and hasattr(history, "filter"):
                for version in history.filter(id=pk).values_list("history_id", flat=True):
                    pages.append(f"{base}{pk}/history/{version}/")
    return pages


def test_staff_find_no_side_note_on_any_page_of_the_admin(noted: Noted) -> None:
    staff = noted.world.staff
    staff.is_superuser = True  # the Board's staff work in the admin as superusers (load_demo's `staff`)
    staff.save()
    client = Client()
    client.force_login(staff)
    hidden = noted.hidden_from("staff")
    side_texts = {t for t in hidden if "-side-" in t}
    assert side_texts and Notification.objects.filter(renderer="note_written").exists()

    # Searched for by a part of their text (a page echoes what it was asked for; a row found shows it whole):
    # two side notes' texts less their common end, and a part every note's text holds.
    tokens = [t.removesuffix("-zq") for t in sorted(side_texts)[:2]] + ["zq"]
    pages = admin_pages(client, tokens)
    for page in pages:
        response = client.get(page)
        assert response.status_code < 500, page
        body = response.content.decode(errors="replace")
        leaked = sorted(t for t in hidden if t in body)
        assert leaked == [], f"{page} shows {leaked}"
    assert len(pages) > 300  # the walk reached the admin's pages, not a login form
