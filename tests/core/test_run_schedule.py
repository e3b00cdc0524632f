"""``manage.py run_schedule``: the periodic tasks in the two-command setup (``make run``: no broker, no beat),
from beat's own schedule — reminders sent once however often it runs, and stopped when make run stops."""

from __future__ import annotations

import io
import os
import subprocess
import sys
import time
from datetime import timedelta
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.core import mail
from django.core.management import CommandError, call_command

from core.management.commands.run_schedule import Job, jobs, run_due
from tests.proceedings.conftest import tallied  # noqa: F401 (the fixture, used by name)

ROOT = Path(__file__).resolve().parents[2]


def test_the_jobs_are_beats_own_schedule() -> None:
    found = {job.task: job.every for job in jobs(settings.CELERY_BEAT_SCHEDULE)}
    assert found == {
        "elections.tasks.deliver_pending_notifications": 60.0,
        "proceedings.tasks.send_deadline_reminders": 3600.0,
        "public_record.tasks.fail_stale_import_runs": 300.0,
        "core.tasks.forget_old_idempotent_answers": 86400.0,
        "filings.tasks.read_pending_document_texts": 300.0,
        "stats.tasks.refresh_figures": 21600.0,
        "elections.tasks.build_queued_answers": 60.0,
    }
    assert jobs({"x": {"task": "t", "schedule": timedelta(minutes=2)}})[0].every == 120.0
    with pytest.raises(CommandError, match="fixed intervals only"):
        jobs({"nightly": {"task": "t", "schedule": "0 3 * * *"}})


def test_each_job_runs_at_start_then_once_per_interval() -> None:
    ran: list[str] = []

    class Task:
        def __init__(self, name: str) -> None:
            self.name = name

        def apply(self, args: Any, kwargs: Any) -> None:
            ran.append(self.name)
            if self.name == "boom":
                raise RuntimeError("database is locked")

    tasks = {"a": Task("a"), "boom": Task("boom")}
    schedule = [Job("a", "a", 60.0), Job("boom", "boom", 10.0)]
    assert run_due(schedule, 1000.0, tasks) == [
        "a",
        "boom",
    ]  # both at start; the failure is logged, not raised
    assert run_due(schedule, 1009.0, tasks) == []
    assert run_due(schedule, 1010.0, tasks) == ["boom"]
    assert run_due(schedule, 1060.0, tasks) == ["a", "boom"]
    assert ran == ["a", "boom", "boom", "a", "boom"]


@pytest.mark.django_db
def test_run_once_sends_the_reminders_due_and_a_second_run_sends_nothing_more(
    tallied: Any,  # noqa: F811 (the fixture imported above)
    frozen_clock: Any,
    settings: Any,
    django_capture_on_commit_callbacks: Any,
) -> None:
    settings.REMINDER_BUSINESS_DAYS = [5, 1]
    # Objections due Fri 2021-04-16 (the tally of Fri 04-09 + 5 business days, Apr 12-16): on Mon 04-12 they
    # are within 5 business days, so each of the case's three people gets one digest.
    frozen_clock.at("2021-04-12")
    with django_capture_on_commit_callbacks(execute=True):
        call_command("run_schedule", "--once", stdout=io.StringIO())
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ecounsel@example.org",
        "para@example.org",
        "ucounsel@example.org",
    ]
    with django_capture_on_commit_callbacks(execute=True):
        call_command("run_schedule", "--once", stdout=io.StringIO())
    assert len(mail.outbox) == 3


def test_it_stops_when_the_shell_that_started_it_is_gone(tmp_path: Path) -> None:
    # make run's recipe: the scheduler in the background of a shell that then runs the server. Here the
    # shell exits after a moment with no trap, as a make killed outright would: the scheduler must follow.
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.test",
        "DATABASE_URL": f"sqlite:///{tmp_path / 'empty.sqlite3'}",  # no tables: each task fails, logged
    }
    log = tmp_path / "out.txt"
    shell = subprocess.run(
        [
            "sh",
            "-c",
            f"{sys.executable} manage.py run_schedule --stop-with $$ --tick 0.2 >{log} 2>&1 & echo $!; sleep 1",
        ],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    )
    pid = int(shell.stdout.strip())
    for _ in range(900):  # the Django start-up on a busy machine (seconds), then a tick
        if not Path(f"/proc/{pid}").exists() or "zombie" in _state(pid):
            break
        time.sleep(0.1)
    else:
        os.kill(pid, 9)
        pytest.fail(f"run_schedule outlived the shell that started it: {log.read_text()[-2000:]}")


def _state(pid: int) -> str:
    try:
        return Path(f"/proc/{pid}/status").read_text().split("State:")[1].split("\n")[0].lower()
    except (FileNotFoundError, IndexError):
        return "zombie"
