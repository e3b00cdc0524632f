"""Every field of every model the staff desk shows is on its admin page, or left out here with the reason.

A field added to a model and forgotten in its admin fails here by name (ARCHITECTURE.md, "Add a field"):
either show it (``fieldsets``, ``fields``, ``readonly_fields`` shown in them, or ``list_display``), or add it to
``LEFT_OUT`` with why staff do not read it there. A field shown through a display method (a time in the
office's zone, a label for a code) is left out under that method's name.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib import admin
from django.contrib.auth import get_user_model
from django.db import models
from django.test import RequestFactory

from tests.test_layering import APPS

HISTORY = "the row's creation time: the History page says who made it and when"
GAP = "NOT SHOWN YET, a known gap (issue 34): "

LEFT_OUT: dict[str, str] = {
    "access.ApiToken.key_digest": "the hash of a secret: nothing a person can read, and never to be shown",
    "proceedings.CalendarFeed.salt": "what the feed's secret is derived from: a secret itself, never shown",
    "proceedings.CalendarFeed.token_digest": "the hash of a secret: nothing a person can read, never shown",
    "elections.Case.version": "the case version, moved by the database's triggers for the read cache",
    "elections.Case.transferred_to": "recorded by the transfer event, shown on the ladder above the form",
    "elections.Case.transferred_on": "recorded by the transfer event, shown on the ladder above the form",
    "elections.Appearance.case": "the party's case, kept on the row for scoping: the page shows the party",
    "elections.Appearance.created_at": HISTORY,
    "elections.Election.created_at": HISTORY,
    "elections.Tally.votes_for": "shown as a table of choices and votes (votes)",
    "elections.Tally.recorded_by": "the History page says who recorded the tally",
    "elections.Tally.created_at": HISTORY,
    "challenges.ElectionLedger.created_at": HISTORY,
    "challenges.Challenge.voter_key": "the case-folded name the duplicate check compares; the name is shown",
    "challenges.Challenge.settled_after_revision": "bookkeeping of the ledger against the tally revisions",
    "challenges.Challenge.recommendation": GAP + "a hearing officer's recommendation (the API shows it)",
    "challenges.Challenge.recommended_on": GAP + "a hearing officer's recommendation (the API shows it)",
    "challenges.Challenge.recommendation_level": GAP
    + "a hearing officer's recommendation (the API shows it)",
    "objections.Objection.objects_to": GAP + "read-only but in no fieldset (the API shows it)",
    "objections.Objection.offer_of_proof_received_at": GAP + "the offer's receipt (the API shows it)",
    "objections.Objection.offer_of_proof_confirmed": GAP
    + "the offer's confirmation (the work queue lists it)",
    "proceedings.CaseLadder.*": "a picture of the case, not its form: the case page shows every field",
    "proceedings.ProceedingEvent.details": "shown as sentences (details_shown), not as JSON",
    "proceedings.ProceedingEvent.created_election": "whether the event made its election: the election shows",
    "proceedings.Deadline.trigger": "shown as a label (trigger_shown)",
    "proceedings.Deadline.target_only": "from the law's table of codes; the explanation says it",
    "proceedings.Deadline.obliged": "from the law's table of codes; the explanation says it",
    "proceedings.Deadline.met_by_filing": "the status and its note say how it was met",
    "proceedings.Deadline.updated_at": "the History page says when each change was made",
    "filings.Filing.received_at": "shown in the office's zone (received_at_local)",
    "filings.Filing.answers": "shown with its due date (answers_due)",
    "filings.Filing.recorded_by": "the History page says who recorded the filing",
    "filings.Filing.created_at": HISTORY,
    "notes.Note.party": "the author's party, which only a side note uses; side notes never reach the admin",
}


def _staff_request() -> Any:
    request = RequestFactory().get("/admin/")
    request.user = get_user_model()(is_staff=True, is_superuser=True, is_active=True)
    return request


def _shown(model_admin: admin.ModelAdmin[Any], model: type[models.Model]) -> set[str]:
    request = _staff_request()
    # The columns as written (the local-time base shows a time column through a method of its own).
    shown = {name for name in model_admin.list_display if isinstance(name, str)}
    for obj in (None, model()):  # the add page and a change page
        try:
            fieldsets = model_admin.get_fieldsets(request, obj)
        except ValueError:  # an unsaved row cannot read its many-to-many fields: the add page says enough
            continue
        for _, options in fieldsets:
            for entry in options["fields"]:
                shown.update(entry if isinstance(entry, list | tuple) else [entry])
    return shown


def _ours() -> list[tuple[type[models.Model], admin.ModelAdmin[Any]]]:
    return [(m, a) for m, a in admin.site._registry.items() if m._meta.app_label in APPS]


@pytest.mark.parametrize(
    ("model", "model_admin"), _ours(), ids=lambda x: getattr(x, "_meta", None) and x._meta.label
)
def test_every_field_is_on_its_admin_page_or_left_out_with_a_reason(
    model: type[models.Model], model_admin: admin.ModelAdmin[Any]
) -> None:
    if f"{model._meta.label}.*" in LEFT_OUT:
        return
    shown = _shown(model_admin, model)
    fields = [f.name for f in model._meta.concrete_fields if not f.primary_key]
    forgotten = [
        name for name in fields if name not in shown and f"{model._meta.label}.{name}" not in LEFT_OUT
    ]
    assert forgotten == [], (
        f"{model._meta.label}: show these in {type(model_admin).__name__} or leave them out"
    )


def test_every_field_left_out_is_a_field_and_is_not_shown() -> None:
    """A stale entry (a field renamed, or shown since) would hide the next field of that name."""
    registered = {m._meta.label: (m, a) for m, a in _ours()}
    for key, reason in LEFT_OUT.items():
        label, name = key.rsplit(".", 1)
        assert label in registered and reason, key
        model, model_admin = registered[label]
        if name != "*":
            assert name in {f.name for f in model._meta.concrete_fields}, key
            assert name not in _shown(model_admin, model), f"{key} is shown: take it out of LEFT_OUT"
