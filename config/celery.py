"""The Celery app. With no CELERY_BROKER_URL the settings make every task run inline."""

import os

from celery import Celery

from core.worker import OutboxSweep

# As manage.py: production (DEBUG off) unless DJANGO_SETTINGS_MODULE says otherwise (`make worker` asks for local).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")

app = Celery("nlrb_tracker")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
app.steps["consumer"].add(OutboxSweep)  # each worker sweeps the outbox on (re)connection and every minute
