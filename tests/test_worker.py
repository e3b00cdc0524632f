"""A real Celery worker over a real broker consumes a task that the application queued, and the
database shows it. Runs in CI's PostgreSQL + Redis pass; the SQLite pass has no broker to talk to."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest
from django.conf import settings
from django.db import connection

from config.celery import app as celery_app
from core import outbox, tasks
from core.models import Notification

ROOT = Path(__file__).resolve().parent.parent

needs_broker = pytest.mark.skipif(
    not settings.CELERY_BROKER_URL or connection.vendor != "postgresql",
    reason="needs CELERY_BROKER_URL and PostgreSQL, which the worker process shares (CI's second pass)",
)


@needs_broker
@pytest.mark.django_db(transaction=True)
def test_a_worker_process_delivers_a_notice_queued_over_the_broker(world) -> None:
    celery_app.conf.task_always_eager = False
    celery_app.control.purge()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": settings.CELERY_BROKER_URL,
    }
    worker = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=solo",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=WARNING",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        ids = outbox.notify(
            recipients=[world.union_counsel],
            key="worker:test",
            subject="Worker test",
            body="b",
            case=world.case,
        )
        tasks.enqueue(ids)  # what on_commit does after the change commits
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if Notification.objects.filter(pk=ids[0], sent_at__isnull=False).exists():
                break
            assert worker.poll() is None, worker.stdout.read().decode() if worker.stdout else "worker exited"
            time.sleep(0.25)
        notice = Notification.objects.get(pk=ids[0])
        assert notice.sent_at is not None, "the worker did not deliver the notice within 60 s"
        assert notice.attempts == 1
    finally:
        celery_app.conf.task_always_eager = True
        worker.terminate()
        worker.wait(timeout=20)


def _database_url() -> str:
    db = connection.settings_dict
    user = db.get("USER") or "postgres"
    host = db.get("HOST") or "127.0.0.1"
    port = db.get("PORT") or 5432
    password = f":{db['PASSWORD']}" if db.get("PASSWORD") else ""
    return f"postgres://{user}{password}@{host}:{port}/{db['NAME']}"
