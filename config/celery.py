"""The Celery app. With no CELERY_BROKER_URL the settings make every task run inline."""

import os

from celery import Celery

from elections.worker import OutboxSweep

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.local")

app = Celery("nlrb_tracker")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.steps["consumer"].add(OutboxSweep)  # each worker sweeps the outbox on (re)connection and every minute
