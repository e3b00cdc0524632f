"""``manage.py send_reminders``: the hourly reminder job, for installations without Celery beat (the embedded
mode, cron). Safe to run as often as you like: each reminder goes once per deadline, person and threshold."""

from __future__ import annotations

from typing import Any

from django.core.management.base import BaseCommand

from proceedings import notifications, services
from proceedings.services import deadline_records


class Command(BaseCommand):
    help = "Mark lapsed deadlines and e-mail the deadline reminders that are due (idempotent)."

    def handle(self, *args: Any, **options: Any) -> None:
        lapsed = deadline_records.refresh_lapsed()
        services.recommended_orders_take_effect()  # 102.48(a): an ALJ's order whose exceptions period lapsed
        digests = notifications.send_deadline_reminders()
        self.stdout.write(f"{lapsed} deadline(s) updated, {digests} reminder digest(s) queued.")
