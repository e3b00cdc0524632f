"""The refresh of the figures, run after each import and by beat every night (``CELERY_BEAT_SCHEDULE``)."""

from __future__ import annotations

from celery import shared_task

from stats.refresh import figures_refresh


@shared_task(name="stats.tasks.refresh_figures")
def refresh_figures() -> int:
    return figures_refresh().observations
