"""Did a refused call write anything? ``nothing_written()`` counts the rows of every table of the tracker's
apps (their history tables and the notification outbox included) before and after the block, and names
each table whose count moved. Row counts, not contents: the service tests pair it with a re-read of the
record the refused call was about."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from django.apps import apps

# ``core`` holds the notification outbox.
APPS = ("core", "access", "elections", "challenges", "objections", "proceedings", "notes", "public_record")


def _counts() -> dict[str, int]:
    return {
        model._meta.label: model._default_manager.count()
        for app in APPS
        for model in apps.get_app_config(app).get_models()
        if not model._meta.proxy
    }


@contextmanager
def nothing_written() -> Iterator[None]:
    before = _counts()
    yield
    after = _counts()
    moved = {label: (before[label], after[label]) for label in before if before[label] != after[label]}
    assert moved == {}, f"a refused call wrote rows (before, after): {moved}"
