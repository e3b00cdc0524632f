"""``manage.py import_nlrb PATH``: load cases from labordata's nlrb.db (or the folder of its CSV files)."""

from __future__ import annotations

import sys
from datetime import date
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from public_record import mapping
from public_record.importer import ImportStopped
from public_record.services import import_file
from public_record.source import SourceError


def _date(text: str) -> date:
    try:
        parsed = mapping.parse_date(text)
    except mapping.BadCase as exc:
        raise ValueError(str(exc)) from None
    if parsed is None:
        raise ValueError("a date is needed")
    return parsed


class Command(BaseCommand):
    help = (
        "Import NLRB representation cases from labordata's nlrb.db or its CSV folder: cases, parties and "
        "their counsel of record, elections and tallies, the public docket. Safe to run again."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("path", help="nlrb.db, or a folder holding filing.csv, participant.csv, …")
        parser.add_argument(
            "--case",
            action="append",
            default=[],
            dest="cases",
            metavar="NUMBER",
            help="Import only this case (repeatable), e.g. --case 10-RC-269250",
        )
        parser.add_argument(
            "--since",
            type=_date,
            metavar="DATE",
            help=(
                "Only cases the source changed on or after DATE (YYYY-MM-DD or MM/DD/YYYY): the filing's "
                "updated_at, or the newest created_at of its rows; for a nightly update"
            ),
        )
        parser.add_argument("--dry-run", action="store_true", help="Check and report; write nothing")
        parser.add_argument("--report", metavar="FILE", help="Also write the report as CSV to FILE")

    def handle(self, *args: Any, **options: Any) -> None:
        try:
            report = import_file(
                path=options["path"],
                numbers=options["cases"],
                since=options["since"],
                dry_run=options["dry_run"],
                progress=sys.stderr,
            )
        except ImportStopped as exc:
            for line in exc.report.lines():
                self.stdout.write(line)
            raise CommandError(
                f"Stopped: {exc}. The {exc.report.read:,} cases read before it are above (each imported "
                "whole or not at all); run again once the file is mended to import the rest."
            ) from None
        except SourceError as exc:
            raise CommandError(f"Refused: {exc}. Nothing was written.") from None
        for line in report.lines():
            self.stdout.write(line)
        if options["report"]:
            report.write_csv(options["report"])
            self.stdout.write(f"Report written to {options['report']}")
        if options["cases"] and report.read == 0:
            raise CommandError(f"No case {', '.join(options['cases'])} in {options['path']}.")
