"""Benchmark: a 10,000-row challenge CSV imported through the service (and the API), timed.

    .venv/bin/python bench/challenge_import.py [--rows 10000] [--repeat 3]
    DATABASE_URL=postgres://postgres@127.0.0.1:5432/nlrb_bench .venv/bin/python bench/challenge_import.py

It builds a throw-away test database (``test_<name>``, or an in-memory SQLite one), creates a case with
two parties and an election, and prints seconds and rows per second for: parsing and checking the file
alone; a floor — the same rows inserted by one hand-written ``COPY`` (PostgreSQL) or ``executemany`` with no checks and no
history; the alternative the service does not take (simple-history's ``bulk_create_with_history``, a
Python object per history row); the whole import through ``challenges.services.challenges_import``
(validation, the rows written by one ``COPY`` on PostgreSQL — ``bulk_create`` on SQLite —, history rows
copied by one ``INSERT … SELECT``, the one-notice-per-counsel summary); and the same through the API
(multipart upload). The floor writes neither history rows nor ``logged_by`` and sends no notice: the
service's remaining distance to it is mostly those (and their foreign-key checks at commit).
Product target (product.md): 10,000 rows in under 3 s on PostgreSQL.
"""

from __future__ import annotations

import argparse
import logging
import os
import statistics
import sys
import time
import warnings
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django

django.setup()

from django.conf import settings  # noqa: E402
from django.contrib.auth import get_user_model  # noqa: E402
from django.core.files.uploadedfile import SimpleUploadedFile  # noqa: E402
from django.db import connection, transaction  # noqa: E402
from django.test.utils import setup_test_environment  # noqa: E402
from django.utils import timezone  # noqa: E402
from rest_framework.test import APIClient  # noqa: E402
from simple_history.utils import bulk_create_with_history  # noqa: E402

from challenges import csv_import, services  # noqa: E402
from challenges.models import BOARD_AGENT, Challenge  # noqa: E402
from elections import services as election_services  # noqa: E402
from elections.models import Appearance, Election, Party  # noqa: E402

GROUNDS = list(Challenge.Ground.values)


def rows(count: int, union: Party, employer: Party, *, narrow: bool = False) -> list[dict[str, object]]:
    """``count`` rows; ``narrow``: the short rows of the largest file allowed (50,000 rows in 2.7 MB)."""
    challengers: list[object] = [BOARD_AGENT, employer.pk, employer.name, union.pk]
    if narrow:
        return [
            {
                "voter_name": f"Voter {n:06d}",
                "voter_identifier": f"E{n:06d}",
                "job_classification": "Picker" if n % 5 else "Packer",
                "challenged_by": challengers[n % len(challengers)],
                "ground": GROUNDS[n % len(GROUNDS)],
                "reason": "Not on list" if n % 3 == 0 else "",
            }
            for n in range(1, count + 1)
        ]
    return [
        {
            "voter_name": f"Synthetic Voter {n:06d}",
            "voter_identifier": f"E{n:07d}",
            "job_classification": "Fulfillment Associate" if n % 5 else "Process Assistant",
            "challenged_by": challengers[n % len(challengers)],
            "ground": GROUNDS[n % len(GROUNDS)],
            "reason": "Returned envelope; voter not found on the list" if n % 3 == 0 else "",
        }
        for n in range(1, count + 1)
    ]


def timed(label: str, count: int, repeat: int, run: Callable[[int], Any]) -> float:
    seconds = []
    for attempt in range(repeat):
        started = time.perf_counter()
        run(attempt)
        seconds.append(time.perf_counter() - started)
    best, median = min(seconds), statistics.median(seconds)
    print(f"{label:<44} {median:7.3f} s median  {best:7.3f} s best  {count / median:10,.0f} rows/s")
    return median


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--rows", type=int, default=10_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument(
        "--largest",
        action="store_true",
        help="the largest file allowed: 50,000 short rows, 2.7 MB (product target on SQLite: under 5 s)",
    )
    args = parser.parse_args()
    if args.largest:
        args.rows = csv_import.MAX_ROWS
    logging.disable(logging.INFO)  # the inline Celery tasks' chatter
    warnings.filterwarnings("ignore", message="No directory at")  # whitenoise, before collectstatic

    setup_test_environment()
    # Migrated, not built from the models: the case-version triggers (core/case_version.py) are part of what an
    # import costs.
    settings.DATABASES["default"].setdefault("TEST", {})["MIGRATE"] = True
    old_name = connection.creation.create_test_db(verbosity=0, autoclobber=True, serialize=False)
    try:
        run(args.rows, args.repeat, narrow=args.largest)
    finally:
        connection.creation.destroy_test_db(old_name, verbosity=0)


def run(count: int, repeat: int, *, narrow: bool = False) -> None:
    staff = get_user_model().objects.create(username="bench-staff", is_staff=True, email="s@example.org")
    case = election_services.case_create(
        number="10-RC-999001",
        name="Benchmark Employer LLC",
        petition_filed_on=date(2024, 1, 8),
        parties=[
            {"role": "petitioner", "name": "Benchmark Union"},
            {"role": "employer", "name": "Benchmark LLC"},
        ],
        actor=staff,
    )
    union, employer = case.parties.get(role="petitioner"), case.parties.get(role="employer")
    for name, party in [("bench-union", union), ("bench-employer", employer)]:
        user = get_user_model().objects.create(username=name, email=f"{name}@example.org")
        Appearance.objects.create(user=user, party=party, capacity=Appearance.Capacity.COUNSEL)
    data = csv_import.to_csv(rows(count, union, employer, narrow=narrow))
    elections: list[Election] = []

    def new_election() -> Election:
        election = election_services.election_create(case=case, choices=["Benchmark Union"], actor=staff)
        elections.append(election)
        return election

    print(
        f"{connection.vendor} {connection.settings_dict['NAME']}: {count:,} rows, "
        f"{len(data) / 1_048_576:.2f} MB, best of {repeat}; load average {_load()}"
    )
    parties = {union.pk: union.name, employer.pk: employer.name}
    timed(
        "parse and check only (no database)",
        count,
        repeat,
        lambda _: csv_import.parse(data, parties=parties, case_number=case.number, existing={}),
    )

    def floor(_: int) -> None:
        election = new_election()
        parsed = csv_import.parse(data, parties=parties, case_number=case.number, existing={})
        now = timezone.now()
        table = Challenge._meta.db_table
        columns = (
            "election_id, voter_name, voter_identifier, voter_key, job_classification, challenged_by_id, "
            "ground, reason, status, resolution_method, resolved_level, resolution_basis, recommendation, "
            "recommendation_level, awaiting_count, synthetic, logged_at, updated_at"
        )
        values = [
            (
                election.pk,
                r.voter_name,
                r.voter_identifier,
                r.voter_key,
                r.job_classification,
                r.challenger.party_id,
                r.ground,
                r.reason,
                "pending",
                "",
                "",
                "",
                "",
                "",
                False,
                False,
                now,
                now,
            )
            for r in parsed
        ]
        with transaction.atomic(), connection.cursor() as cursor:
            if connection.vendor == "postgresql":  # COPY: the fastest way in
                with cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy:
                    for value in values:
                        copy.write_row(value)
            else:
                cursor.executemany(
                    f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * 18)})", values
                )

    floor_seconds = timed("floor: parse + COPY/executemany, no history", count, repeat, floor)

    def orm_history(_: int) -> None:
        """What simple-history's bulk_create_with_history costs: bulk_create, then a history object per
        row through the ORM (the service copies the rows in one INSERT … SELECT instead)."""
        election = new_election()
        parsed = csv_import.parse(data, parties=parties, case_number=case.number, existing={})
        party_objects = {union.pk: union, employer.pk: employer}
        now = timezone.now()
        objects = [
            Challenge(
                election=election,
                voter_name=r.voter_name,
                voter_identifier=r.voter_identifier,
                voter_key=r.voter_key,
                job_classification=r.job_classification,
                challenged_by=party_objects.get(r.challenger.party_id) if r.challenger.party_id else None,
                ground=r.ground,
                reason=r.reason,
                logged_by=staff,
                logged_at=now,
            )
            for r in parsed
        ]
        with transaction.atomic():
            bulk_create_with_history(
                objects, Challenge, batch_size=2_000, default_user=staff, default_date=now
            )

    if not narrow:  # a minute at the largest size, and it says nothing new
        timed("alternative: bulk_create_with_history", count, repeat, orm_history)
    service_seconds = timed(
        "service: challenges_import (with history)",
        count,
        repeat,
        lambda _: services.challenges_import(election=new_election(), data=data, actor=staff),
    )
    client = APIClient()
    client.force_authenticate(staff)

    def through_api(_: int) -> None:
        election = new_election()
        response = client.post(
            f"/api/v1/elections/{election.pk}/challenges/import/",
            {"file": SimpleUploadedFile("ledger.csv", data, content_type="text/csv")},
            format="multipart",
        )
        assert response.status_code == 201, response.content[:500]

    timed("API: POST elections/{id}/challenges/import/", count, repeat, through_api)
    imported = Challenge.objects.count()
    history = Challenge.history.count()
    print(f"rows written: {imported:,} challenges, {history:,} history rows")
    print(f"service / floor: {service_seconds / floor_seconds:.1f}x; load average {_load()}")
    print(f"targets: 10,000 rows < 3 s on PostgreSQL; the largest file ({csv_import.MAX_ROWS:,} rows) < 5 s")


def _load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


if __name__ == "__main__":
    main()
