"""`make backup` / `make restore` on a PostgreSQL of the tests' own: the demo database dumped and restored
into an empty one answers every API GET exactly as the original does."""

from __future__ import annotations

import json
import subprocess

import pytest

from tests.faults.conftest import DBNAME, Stack
from tests.faults.services import ROOT, manage

pytestmark = pytest.mark.faults


def _make(stack: Stack, target: str, database: str, dump: str) -> None:
    out = subprocess.run(
        ["make", "-s", target, f"DATABASE_URL={stack.pg.url(database)}", f"FILE={dump}"],
        cwd=ROOT,
        env=stack.env,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 0, out.stdout + out.stderr


def _answers(stack: Stack, database: str) -> dict[str, list[object]]:
    env = {**stack.env, "DATABASE_URL": stack.pg.url(database)}
    out = manage(env, "shell", "-c", "from tests.faults.routes import answers; answers()")
    return dict(json.loads(out.strip().splitlines()[-1]))


def test_a_dump_restored_into_an_empty_database_answers_the_api_identically(stack: Stack) -> None:
    # A copy of the tests' migrated database (no second migrate), with the Bessemer demo loaded on top.
    stack.pg.psql("postgres", f"CREATE DATABASE nlrb_seeded TEMPLATE {DBNAME}")
    stack.pg.psql("postgres", "CREATE DATABASE nlrb_restored")
    manage({**stack.env, "DATABASE_URL": stack.pg.url("nlrb_seeded")}, "load_demo")
    dump = stack.base / "backups" / "demo.dump"

    before = _answers(stack, "nlrb_seeded")  # first: a GET of calendar/ issues a feed, which the dump keeps
    _make(stack, "backup", "nlrb_seeded", str(dump))
    assert dump.stat().st_size > 10_000
    _make(stack, "restore", "nlrb_restored", str(dump))
    after = _answers(stack, "nlrb_restored")

    assert sum(status == 200 for status, _ in before.values()) > 10  # the demo really answers
    assert "10-RC-269250" in before["/api/v1/cases/"][1]
    assert after == before
