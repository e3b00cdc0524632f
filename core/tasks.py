"""The outbox's Celery tasks, and the two ways notices reach them: ``enqueue`` after a commit, ``sweep`` for
whatever that missed. Tasks take ids and tolerate rows that are gone.

The task names stay those they had when the outbox lived in ``elections`` (``name=``): messages already in
the broker, and beat's stored schedule, name them.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from typing import Any

from celery import Task, shared_task
from django.conf import settings

from core import delivery

logger = logging.getLogger(__name__)


@shared_task(
    name="elections.tasks.deliver_notification",
    bind=True,
    autoretry_for=(Exception,),  # the database was unreachable: try again later
    retry_backoff=True,
    retry_backoff_max=240,
    max_retries=8,
    acks_late=True,  # a worker killed mid-task leaves the message for the next one …
    reject_on_worker_lost=True,  # … and a pool process killed mid-task sends it back at once
)
def deliver_notification(self: Task[Any, Any], notification_id: int) -> bool:
    outcome = delivery.attempt(notification_id)
    if (
        outcome.retry_in is not None
        and not self.request.is_eager  # inline (no broker): the sweep retries, not this request
        and outcome.retry_in <= delivery.LONGEST_COUNTDOWN  # longer: the sweep
        and self.request.retries < 6
    ):
        raise self.retry(countdown=outcome.retry_in, max_retries=None)
    return outcome.sent


@shared_task(name="elections.tasks.deliver_pending_notifications")
def deliver_pending_notifications(older_than_seconds: int = 60) -> int:
    """Sweep: deliver every notice left unsent (broker down at commit, worker killed, failures backed off)."""
    return sweep(older_than_seconds=older_than_seconds)


def enqueue(ids: Iterable[int]) -> None:
    """Hand the notices to Celery. A broker that is down loses nothing: the rows wait in the outbox and the
    sweep delivers them (a worker sweeps when it starts, beat every minute, ``manage.py deliver_notices``).
    """
    for pk in ids:
        try:
            deliver_notification.delay(pk)
        except Exception:  # broker down (or SMTP failing inline in embedded mode): the change has committed
            logger.warning(
                "notification %s not queued now; it waits in the outbox for the sweep", pk, exc_info=True
            )
            return  # the broker is down for the rest too: don't wait on it once per notice


def sweep(*, older_than_seconds: int = 60) -> int:
    """Deliver what was left unsent; hand those that must wait (a live claim) to a delayed task.
    Returns how many it sent."""
    sent = 0
    for pk in delivery.pending_ids(older_than_seconds=older_than_seconds):
        try:
            outcome = delivery.attempt(pk)
        except Exception:  # the database hiccuped on this one; the next sweep sees it again
            logger.warning("notification %s: sweep attempt failed", pk, exc_info=True)
            continue
        sent += outcome.sent
        # A wait longer than the broker's visibility timeout is left to a later sweep: Redis would hand a
        # delayed message out again while the first copy waits.
        if (
            outcome.retry_in is not None
            and outcome.retry_in <= delivery.LONGEST_COUNTDOWN
            and not settings.CELERY_TASK_ALWAYS_EAGER
        ):
            try:
                deliver_notification.apply_async((pk,), countdown=outcome.retry_in)
            except Exception:  # broker down: the next sweep sees it again
                logger.warning("notification %s: no delayed retry queued", pk, exc_info=True)
    return sent


@shared_task(name="core.tasks.forget_old_idempotent_answers")
def forget_old_idempotent_answers() -> int:
    """Daily: the answers kept for Idempotency-Keys and desk form tokens, past their days (core.idempotency)."""
    from core import idempotency

    return idempotency.forget_old_answers()
