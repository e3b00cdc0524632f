"""Celery tasks of the ground floor. Tasks take ids and tolerate rows that are gone."""

from __future__ import annotations

from celery import shared_task

from elections import notifications


@shared_task(
    autoretry_for=(Exception,),
    retry_backoff=True,
    retry_backoff_max=600,
    max_retries=8,
    acks_late=True,
)
def deliver_notification(notification_id: int) -> bool:
    return notifications.deliver(notification_id)


@shared_task
def deliver_pending_notifications(older_than_seconds: int = 60) -> int:
    """Sweep: deliver every notice left unsent (broker down at commit, worker killed mid-task)."""
    sent = 0
    for pk in notifications.pending_ids(older_than_seconds=older_than_seconds):
        try:
            sent += notifications.deliver(pk)
        except Exception:  # one bad address must not stop the sweep; the row stays unsent
            continue
    return sent
