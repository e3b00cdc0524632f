"""On PostgreSQL a query a connection repeats is prepared there (``DATABASE_PREPARE_THRESHOLD``, default 5
with server-side binding): Django alone would set psycopg's ``prepare_threshold`` to None and prepare
nothing, so every query would be planned afresh (docs/site/adr/0004-prepared-statements.md)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.db import connection
from django.db.models import Value

from elections.models import Case

ROOT = Path(__file__).resolve().parents[1]
PROBE = (
    "import json, os; os.environ['DJANGO_SETTINGS_MODULE'] = 'config.settings.test'; import django; "
    "django.setup(); from django.conf import settings; "
    "print(json.dumps(settings.DATABASES['default']['OPTIONS']))"
)


def _options(**env: str) -> dict[str, object]:
    environ = {k: v for k, v in os.environ.items() if not k.startswith("DATABASE_")}
    environ.update({"DATABASE_URL": "postgres://postgres@127.0.0.1:5432/unused", **env})
    result = subprocess.run(
        [sys.executable, "-c", PROBE], cwd=ROOT, env=environ, capture_output=True, text=True, timeout=120
    )
    assert result.returncode == 0, result.stderr[-2000:]
    options: dict[str, object] = json.loads(result.stdout.strip().splitlines()[-1])
    return options


def test_postgresql_prepares_after_five_runs_unless_told_otherwise() -> None:
    assert _options()["prepare_threshold"] == 5
    assert _options(DATABASE_PREPARE_THRESHOLD="2")["prepare_threshold"] == 2
    # Behind a transaction-pooling pgbouncer: no prepared statements, by either switch.
    assert _options(DATABASE_PREPARE_THRESHOLD="")["prepare_threshold"] is None
    assert _options(DATABASE_SERVER_SIDE_BINDING="false")["prepare_threshold"] is None


@pytest.mark.django_db
def test_a_query_the_connection_repeats_is_prepared_on_the_server() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("prepared statements are PostgreSQL's (CI's second pass)")
    threshold = connection.settings_dict["OPTIONS"]["prepare_threshold"]
    assert threshold == 5

    def prepared() -> int:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_prepared_statements WHERE statement LIKE %s", ['%AS "probe"%']
            )
            return int(cursor.fetchone()[0])

    def lookup() -> None:
        list(Case.objects.filter(number="10-RC-000001").annotate(probe=Value(1)))

    for _ in range(threshold - 1):
        lookup()
    assert prepared() == 0
    lookup()
    lookup()
    assert prepared() == 1
