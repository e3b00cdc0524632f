"""The figures are refreshed after each import of the public record (``public_record.events``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction
from django.dispatch import receiver

from public_record.events import record_imported


@receiver(record_imported)
def refresh_after_import(sender: Any, **kwargs: Any) -> None:
    from stats.tasks import refresh_figures

    transaction.on_commit(refresh_figures.delay)
