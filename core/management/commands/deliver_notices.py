"""``manage.py deliver_notices``: the outbox sweep, for installations without Celery beat (the embedded
mode, cron) and for staff after an outage. Safe to run any time: each notice goes once per person."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from core import tasks


class Command(BaseCommand):
    help = "Deliver the notices left unsent (broker outage, killed worker, retries due)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--older-than", type=int, default=0, help="only notices at least this many seconds old"
        )

    def handle(self, *args: Any, **options: Any) -> None:
        sent = tasks.sweep(older_than_seconds=options["older_than"])
        self.stdout.write(f"{sent} notice(s) sent.")
