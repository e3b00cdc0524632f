"""``manage.py import_challenges <election_id> <file.csv> [--as USERNAME]``: the API's CSV import from the
command line, with a progress bar. All rows or none; each error is printed with its line and column."""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

from django.contrib.auth import get_user_model
from django.core.management.base import BaseCommand, CommandError, CommandParser

from challenges import csv_import, services
from core.errors import NotPermitted
from elections.models import Election

BAR_WIDTH = 30


class Command(BaseCommand):
    help = "Import a CSV file of challenged ballots into an election (all rows or none)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("election_id", type=int, help="The election's id")
        parser.add_argument("file", type=Path, help="CSV file, UTF-8, with a header row")
        parser.add_argument(
            "--as",
            dest="username",
            default=None,
            help="Log the challenges as this user (their permissions apply); default: the system",
        )
        parser.add_argument("--no-notify", action="store_true", help="Send no notices to counsel")

    def handle(self, *args: Any, **options: Any) -> None:
        election = Election.objects.select_related("case").filter(pk=options["election_id"]).first()
        if election is None:
            raise CommandError(f"No election {options['election_id']}.")
        actor = None
        if options["username"]:
            actor = get_user_model().objects.filter(username=options["username"]).first()
            if actor is None:
                raise CommandError(f"No user {options['username']!r}.")
        path: Path = options["file"]
        try:
            size = path.stat().st_size
            csv_import.check_size(size)
            data = path.read_bytes()
        except OSError as exc:
            raise CommandError(f"Cannot read {path}: {exc.strerror}") from None
        except csv_import.CsvRejected as exc:
            raise CommandError(f"{path}: {exc.errors[0]}") from None

        started = time.perf_counter()
        try:
            result = services.challenges_import(
                election=election,
                data=data,
                actor=actor,
                progress=self._progress,
                notify_parties=not options["no_notify"],
            )
        except services.ImportRejected as exc:
            self.stdout.write("")
            for error in exc.errors:
                self.stderr.write(error)
            raise CommandError(f"{path}: nothing imported ({len(exc.errors)} errors listed above).") from None
        except NotPermitted as exc:
            self.stdout.write("")
            raise CommandError(str(exc)) from None
        elapsed = time.perf_counter() - started
        self.stdout.write(
            self.style.SUCCESS(
                f"Imported {result.count:,} challenges into {election} in {elapsed:.2f} s "
                f"({result.count / elapsed if elapsed else 0:,.0f} rows/s)."
            )
        )

    def _progress(self, phase: str, done: int, total: int) -> None:
        filled = BAR_WIDTH * done // total if total else BAR_WIDTH
        bar = "#" * filled + "." * (BAR_WIDTH - filled)
        self.stdout.write(f"\r{phase:<8} [{bar}] {done:>7,}/{total:,}", ending="")
        if done >= total:
            self.stdout.write("")
        self.stdout.flush()
