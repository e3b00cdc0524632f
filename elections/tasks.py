"""Celery tasks of the ground floor. Tasks take ids and tolerate rows that are gone."""

from __future__ import annotations

from typing import Any

from celery import Task, shared_task

from elections import notifications


@shared_task(
    bind=True,
    autoretry_for=(Exception,),  # the database was unreachable: try again later
    retry_backoff=True,
    retry_backoff_max=240,
    max_retries=8,
    acks_late=True,  # a worker killed mid-task leaves the message for the next one …
    reject_on_worker_lost=True,  # … and a pool process killed mid-task sends it back at once
)
def deliver_notification(self: Task[Any, Any], notification_id: int) -> bool:
    outcome = notifications.attempt(notification_id)
    if (
        outcome.retry_in is not None
        and not self.request.is_eager  # inline (no broker): the sweep retries, not this request
        and outcome.retry_in <= notifications.LONGEST_COUNTDOWN  # longer: the sweep
        and self.request.retries < 6
    ):
        raise self.retry(countdown=outcome.retry_in, max_retries=None)
    return outcome.sent


@shared_task
def deliver_pending_notifications(older_than_seconds: int = 60) -> int:
    """Sweep: deliver every notice left unsent (broker down at commit, worker killed, failures backed off)."""
    return notifications.sweep(older_than_seconds=older_than_seconds)
