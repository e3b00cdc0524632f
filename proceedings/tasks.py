"""Celery tasks of the appeal ladder (scheduled in config.settings.base.CELERY_BEAT_SCHEDULE)."""

from __future__ import annotations

from celery import shared_task

from proceedings import notifications, services
from proceedings.services import deadline_records


@shared_task(acks_late=True)
def send_deadline_reminders() -> int:
    """Hourly: persist the deadlines that lapsed, then e-mail the reminders owed (each at most once per
    deadline, person and threshold). Returns the number of digests queued."""
    deadline_records.refresh_lapsed()
    services.recommended_orders_take_effect()  # 102.48(a): an ALJ's order whose exceptions period lapsed
    return notifications.send_deadline_reminders()
