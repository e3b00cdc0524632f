"""Benchmark: the whole public file imported by ``manage.py import_nlrb``, timed.

    .venv/bin/python bench/import_nlrb.py                 # ~25,000 cases, ~35,000 tallies (the public file)
    .venv/bin/python bench/import_nlrb.py --cases 2000    # a smaller run
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/nlrb_bench .venv/bin/python bench/import_nlrb.py

It generates an nlrb.db of that size in labordata's schema (both date forms, doubled spaces, counsel rows,
multi-unit cases, revised tallies, reruns, runoffs, a ten-line docket per case), builds a throw-away test
database (``test_<name>``, or an in-memory SQLite one), and prints for: the first import (everything new),
the second (nothing changed: every case skipped by its fingerprint), and the queries one case costs. Target
(issue 14): the whole file in minutes. Nothing here asserts: it prints figures.
"""

from __future__ import annotations

import argparse
import contextlib
import logging
import os
import random
import sqlite3
import sys
import tempfile
import time
import warnings
from datetime import date, timedelta
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test.utils import CaptureQueriesContext, setup_test_environment  # noqa: E402

from elections.law.regions import ACTIVE_REGION_NUMBERS  # noqa: E402
from elections.models import Case, Counsel, Election, Party, Tally  # noqa: E402
from proceedings.models import DocketEntry  # noqa: E402
from public_record import source  # noqa: E402
from public_record.importer import import_public_record  # noqa: E402
from public_record.models import ImportedCase  # noqa: E402

SCHEMA = {
    "filing": "case_number TEXT, name TEXT, case_type TEXT, url TEXT, city TEXT, state TEXT, date_filed TEXT, "
    "region_assigned TEXT, status TEXT, date_closed TEXT, reason_closed TEXT, number_of_eligible_voters INTEGER, "
    "number_of_voters_on_petition_or_charge INTEGER, certified_representative TEXT, created_at TEXT, "
    "updated_at TEXT, last_checked_at TEXT",
    "sought_unit": "case_number TEXT, unit_sought TEXT, created_at TEXT",
    "participant": "case_number TEXT, participant TEXT, type TEXT, subtype TEXT, address TEXT, phone_number TEXT, "
    "created_at TEXT",
    "docket": "case_number TEXT, date TEXT, document TEXT, actor TEXT, url TEXT, created_at TEXT",
    "voting_unit": "voting_unit_id INTEGER, case_number TEXT, unit_id TEXT, description TEXT, created_at TEXT",
    "election": "election_id INTEGER, case_number TEXT, voting_unit_id INTEGER, date TEXT, tally_type TEXT, "
    "ballot_type TEXT, unit_size INTEGER, created_at TEXT",
    "election_result": "election_id INTEGER, total_ballots_counted INTEGER, void_ballots INTEGER, "
    "challenged_ballots INTEGER, challenges_are_determinative TEXT, runoff_required TEXT, union_to_certify TEXT, "
    "created_at TEXT",
    "tally": "election_id INTEGER, option TEXT, votes INTEGER, created_at TEXT",
}
DOCUMENTS = [
    "RC Petition",
    "Notice of Hearing",
    "Stipulated Election Agreement",
    "Notice of Election",
    "Tally of Ballots",
    "Objections",
    "Hearing Officer's Report on Objections",
    "Letter",
    "Certification of Representative",
    "Certification of Results",
]
UNIONS = ["Teamsters  Local {n}", "SEIU Local {n}", "UFCW Local {n}", "IBEW  Local {n}", "UAW Local {n}"]
REGIONS = sorted(ACTIVE_REGION_NUMBERS)


def generate(path: Path, cases: int, seed: int = 14) -> int:
    """Write the file; returns the number of tallies (election rows)."""
    rnd = random.Random(seed)
    rows: dict[str, list[tuple[object, ...]]] = {t: [] for t in SCHEMA}
    ids = iter(range(1, 10**9))
    stamp = "2024-06-01 03:00:00"

    def day(year: int, doy: int) -> str:
        d = date(year, 1, 1) + timedelta(days=doy)
        return d.strftime("%m/%d/%Y") if rnd.random() < 0.4 else d.strftime("%Y-%m-%d")

    def tally(
        number: str, unit: int, when: str, kind: str, ballot: str, unions: list[str], size: int
    ) -> None:
        eid = next(ids)
        rows["election"].append((eid, number, unit, when, kind, ballot, size, stamp))
        votes = [rnd.randint(0, size // 2) for _ in unions]
        # A runoff between two unions has no "against" choice (29 CFR 102.70(c)): no "No union" row.
        has_against = not (kind == "Run-off" and len(unions) == 2)
        against = rnd.randint(0, size // 2) if has_against else 0
        rows["election_result"].append(
            (
                eid,
                sum(votes) + against,
                rnd.randint(0, 3),
                rnd.randint(0, 8),
                rnd.choice("YN "),
                rnd.choice("NN "),
                "",
            )
        )
        for union, n in zip(unions, votes, strict=True):
            rows["tally"].append((eid, union if rnd.random() < 0.8 else union.upper(), n, stamp))
        if has_against:
            rows["tally"].append((eid, "No union", against, stamp))

    for serial in range(cases):
        region = REGIONS[serial % len(REGIONS)]
        number = f"{region:02d}-RC-{100000 + serial:06d}"
        year = 2012 + serial % 13
        is_open = year >= 2024 and rnd.random() < 0.5
        rows["filing"].append(
            (
                number,
                f"Employer  {serial} LLC",
                "RC",
                "",
                "City",
                "ST",
                day(year, 10),
                f"Region {region}",
                "Open" if is_open else "Closed",
                "" if is_open else day(year, 200),
                "" if is_open else rnd.choice(["Certific. of Representative", "Certific. of Results"]),
                50,
                40,
                "",
                stamp,
                stamp,
                stamp,
            )
        )
        rows["sought_unit"].append((number, "All full-time and  regular part-time employees", stamp))
        n = serial % 900 + 1
        unions = [UNIONS[serial % 5].format(n=n)]
        two = rnd.random() < 0.04
        if two:
            unions.append(UNIONS[(serial + 1) % 5].format(n=n + 1))
        people = [
            (f"Employer {serial} LLC", "Employer", "Employer"),
            (f"Counsel {serial}\nLaw Firm {serial % 300} LLP", "Employer", "Legal Representative"),
            (unions[0], "Petitioner", "Union"),
            (f"Union Counsel {serial}", "Petitioner", "Legal Representative"),
        ]
        if two:
            people.append((unions[1], "Intervenor", "Union"))
        for text, kind, subtype in people:
            rows["participant"].append((number, text, kind, subtype, "1 Main St", "555-0100", stamp))
        for line in range(10):
            rows["docket"].append(
                (
                    number,
                    day(year, 10 + line * 15),
                    DOCUMENTS[line],
                    f"Actor {line}",
                    f"https://apps.nlrb.gov/link/document.aspx/{serial}-{line}" if line % 2 else "",
                    stamp,
                )
            )
        units = ["A", "B"] if rnd.random() < 0.12 else ["A"]
        for unit_id in units:
            unit = next(ids)
            rows["voting_unit"].append((unit, number, unit_id, "Unit " + unit_id, stamp))
            size = rnd.randint(10, 400)
            ballot = "Two Labor Organizations" if two else "Single Labor Organization"
            tally(number, unit, day(year, 60), "Initial", ballot, unions, size)
            if rnd.random() < 0.16:
                tally(number, unit, day(year, 90), "Initial", "Revised Single Labor Org", unions, size)
            if two:
                tally(number, unit, day(year, 120), "Run-off", ballot, unions, size)
            elif rnd.random() < 0.09:
                tally(number, unit, day(year, 150), "Rerun", ballot, unions, size)
    db = sqlite3.connect(path)
    for table, columns in SCHEMA.items():
        db.execute(f"CREATE TABLE {table} ({columns})")
        width = len(columns.split(","))
        db.executemany(
            f"INSERT INTO {table} VALUES ({', '.join('?' * width)})",
            [r + ("",) * (width - len(r)) for r in rows[table]],
        )
    db.commit()
    db.close()
    return len(rows["election"])


RECORD = [Case, Party, Counsel, Election, Tally, DocketEntry, ImportedCase]
"""The tables an import fills (history rows left out: the floor writes none)."""


def reading_floor(path: Path) -> float:
    """Seconds to read every case of the file: what any import, even of nothing, must do."""
    started = time.monotonic()
    with source.open_source(path) as db:
        for _ in db.read_cases():
            pass
    return time.monotonic() - started


def copy_floor() -> float:
    """Seconds to write the rows the import wrote (every case, party, counsel, election, tally, docket line
    and import record) by one hand-written COPY per table (``executemany`` on SQLite) into empty tables
    like them, with their indexes: no checks, no history, no triggers. Rolled back."""
    quote = connection.ops.quote_name
    rows: dict[str, Any] = {}
    with connection.cursor() as cursor:
        for model in RECORD:
            table = quote(model._meta.db_table)
            if connection.vendor == "postgresql":
                with cursor.cursor.copy(f"COPY {table} TO STDOUT") as copy:
                    rows[table] = b"".join(bytes(block) for block in copy)
            else:
                cursor.execute(f"SELECT * FROM {table}")
                rows[table] = cursor.fetchall()
    started = time.monotonic()
    with contextlib.suppress(_Floor), transaction.atomic(), connection.cursor() as cursor:
        for table, data in rows.items():
            floor = quote("floor_" + table.strip('"'))
            if connection.vendor == "postgresql":
                cursor.execute(
                    f"CREATE TEMP TABLE {floor} (LIKE {table} INCLUDING DEFAULTS INCLUDING INDEXES)"
                )
                with cursor.cursor.copy(f"COPY {floor} FROM STDIN") as copy:
                    copy.write(data)
            elif data:
                cursor.execute(f"CREATE TEMP TABLE {floor} AS SELECT * FROM {table} WHERE 0")
                cursor.executemany(f"INSERT INTO {floor} VALUES ({', '.join(['%s'] * len(data[0]))})", data)
        raise _Floor
    return time.monotonic() - started


class _Floor(Exception):
    """Rolls a measurement's writes back."""


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cases", type=int, default=25_000)
    args = parser.parse_args()
    logging.disable(logging.INFO)
    warnings.filterwarnings("ignore", message="No directory at")
    setup_test_environment()
    settings.DATABASES["default"].setdefault("TEST", {})["MIGRATE"] = False
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        with tempfile.TemporaryDirectory() as folder:
            path = Path(folder) / "nlrb.db"
            started = time.monotonic()
            tallies = generate(path, args.cases)
            print(
                f"generated {path.stat().st_size / 1_048_576:.0f} MB: {args.cases:,} cases, {tallies:,} tallies "
                f"in {time.monotonic() - started:.1f} s"
            )
            print(f"{connection.vendor} {connection.settings_dict['NAME']}; load average at start {_load()}")
            with (
                contextlib.suppress(_Floor),
                transaction.atomic(),
                CaptureQueriesContext(connection) as queries,
            ):
                import_public_record(str(path), numbers=[f"{REGIONS[7]:02d}-RC-{100007:06d}"])
                raise _Floor  # rolled back: the first import below starts from empty
            print(f"one new case: {len(queries)} queries")
            for label in ("first import (all new)", "second import (unchanged)"):
                started = time.monotonic()
                report = import_public_record(str(path), progress=sys.stderr)
                seconds = time.monotonic() - started
                print(f"{label}: {seconds:,.1f} s, {report.read / seconds:,.0f} cases/s; load {_load()}")
                print("\n".join(report.lines()[1:6]))
                read = reading_floor(path)
                if label.startswith("first"):
                    copy = copy_floor()
                    print(
                        f"  floor: {read + copy:,.1f} s (reading the file {read:,.1f} s + one COPY per table "
                        f"{copy:,.1f} s): the import takes {seconds / (read + copy):,.1f}× its floor"
                    )
                else:
                    print(
                        f"  floor: reading the file {read:,.1f} s: the unchanged run takes "
                        f"{seconds / read:,.1f}× its floor"
                    )
            print(
                f"written: {Case.objects.count():,} cases, {Tally.objects.count():,} tallies, "
                f"{DocketEntry.objects.count():,} docket entries"
            )
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
