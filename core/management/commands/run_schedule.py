"""``manage.py run_schedule``: the periodic tasks of ``CELERY_BEAT_SCHEDULE`` run in this process, for the
two-command setup (``make run``: SQLite, tasks inline, no broker, no beat), which otherwise sent no reminder
and let no 102.48(a) lapse take effect.

``make run`` starts it beside ``runserver`` and stops it with it (a trap on the recipe's shell, and the
command's own watch, ``--stop-with`` the shell's pid: when that shell is gone, it stops within a tick). Each task runs once
at start, then at its interval, inline (``Task.apply``), exactly as beat would have it run by a worker: the
schedule is beat's own, so the two never disagree. Running it beside a real beat, or twice, sends nothing
twice: the outbox delivers each notice once, and a reminder is recorded once per deadline, person and
threshold under a unique constraint. A task that fails is logged and tried again at its next turn.

``--once`` runs every task once and exits (cron, or a check by hand).
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import timedelta
from typing import Any

from celery import current_app
from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

logger = logging.getLogger(__name__)


@dataclass
class Job:
    name: str
    task: str
    every: float  # seconds
    args: tuple[Any, ...] = ()
    kwargs: dict[str, Any] = field(default_factory=dict)
    next_at: float = 0.0  # time.monotonic(): due at start


def jobs(schedule: dict[str, dict[str, Any]]) -> list[Job]:
    """The entries of a beat schedule whose interval is a number of seconds or a timedelta."""
    found = []
    for name, entry in schedule.items():
        every = entry["schedule"]
        if isinstance(every, timedelta):
            every = every.total_seconds()
        if not isinstance(every, (int, float)) or every <= 0:
            raise CommandError(f"{name}: run_schedule runs fixed intervals only, not {every!r}")
        found.append(
            Job(
                name, entry["task"], float(every), tuple(entry.get("args", ())), dict(entry.get("kwargs", {}))
            )
        )
    return found


def run_due(due: list[Job], now: float, tasks: Mapping[str, Any] | None = None) -> list[str]:
    """Run each job whose turn has come (inline; ``tasks``: the task registry, Celery's own by default);
    the names of those run."""
    tasks = current_app.tasks if tasks is None else tasks
    ran = []
    for job in due:
        if job.next_at > now:
            continue
        job.next_at = now + job.every
        try:
            tasks[job.task].apply(args=job.args, kwargs=job.kwargs)
        except Exception:  # the database was busy, the mail server down: its next turn tries again
            logger.exception("scheduled task %s (%s) failed; next run in %ss", job.name, job.task, job.every)
        ran.append(job.name)
    return ran


class Command(BaseCommand):
    help = "Run the periodic tasks (reminders, 102.48(a) lapses, the outbox sweep) in this process."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--once", action="store_true", help="run every task once and exit")
        parser.add_argument("--tick", type=float, default=1.0, help="seconds between checks (default 1)")
        parser.add_argument(
            "--stop-with",
            type=int,
            default=0,
            metavar="PID",
            help="stop when the process PID, which started this one, is gone (make run passes its shell's)",
        )

    def handle(self, *args: Any, **options: Any) -> None:
        current_app.loader.import_default_modules()  # the apps' tasks, as a worker finds them
        schedule = jobs(settings.CELERY_BEAT_SCHEDULE)
        if options["once"]:
            ran = run_due(schedule, time.monotonic())
            self.stdout.write(f"ran {', '.join(ran)}")
            return
        stop = threading.Event()
        for signum in (signal.SIGINT, signal.SIGTERM):
            signal.signal(signum, lambda *_: stop.set())
        # Read at start-up, the parent could already be gone (a shell that died while Django loaded): the
        # caller names it instead.
        parent = options["stop_with"] or os.getppid()
        self.stdout.write(f"run_schedule: {', '.join(f'{j.name} every {j.every:g}s' for j in schedule)}")
        while not stop.is_set():
            run_due(schedule, time.monotonic())
            if os.getppid() != parent:  # whoever started us (make run's shell) is gone: stop with it
                break
            stop.wait(options["tick"])
        self.stdout.write("run_schedule: stopped")
