"""Every Celery worker sweeps the outbox itself: once each time it connects to the broker (start-up, and
again after a broker outage) and then every ``NOTIFICATION_SWEEP_SECONDS``. So recovery from a killed
worker or a broker outage does not rest on beat (which also sweeps) or on anyone remembering to run
``manage.py deliver_notices``. Several workers sweeping at once is harmless: each notice is claimed under
its row lock. This module imports no models: config/celery.py registers the step before Django is set up.
"""

from __future__ import annotations

import logging
from typing import Any

from celery import bootsteps

logger = logging.getLogger(__name__)


class OutboxSweep(bootsteps.StartStopStep):
    requires = ("celery.worker.consumer.tasks:Tasks",)

    def __init__(self, parent: Any, **kwargs: Any) -> None:
        super().__init__(parent, **kwargs)
        self.timer_entry: Any = None

    def start(self, consumer: Any) -> None:  # the consumer (re)connected to the broker
        from django.conf import settings

        self.queue_sweep(older_than_seconds=0)
        every = settings.NOTIFICATION_SWEEP_SECONDS
        self.timer_entry = consumer.timer.call_repeatedly(every, self.queue_sweep, (every,))

    def stop(self, consumer: Any) -> None:
        if self.timer_entry is not None:
            self.timer_entry.cancel()
            self.timer_entry = None

    shutdown = stop

    @staticmethod
    def queue_sweep(older_than_seconds: int) -> None:
        from core.tasks import deliver_pending_notifications

        try:
            deliver_pending_notifications.apply_async((older_than_seconds,), expires=600)
        except Exception:  # the broker went away again: the next connection queues one
            logger.warning("outbox sweep not queued", exc_info=True)
