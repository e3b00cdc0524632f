"""The sweep of answers to build (elections/bodies.py): what imports, tasks and commands wrote, which no
request drained."""

from __future__ import annotations

from celery import shared_task

from elections import bodies


@shared_task(name="elections.tasks.build_queued_answers", acks_late=True)
def build_queued_answers() -> int:
    """Every minute (beat, and ``manage.py run_schedule`` inline): the answers of the newest cases queued."""
    return bodies.build_queued()
