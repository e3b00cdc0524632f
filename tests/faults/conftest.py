"""The stack the fault tests run against, all of it their own: PostgreSQL and Redis on free ports in a
temporary directory, migrated and seeded once per session, stopped at the end whatever happened."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from tests.faults.services import Postgres, Process, Redis, celery_worker, manage, wait_for

DBNAME = "nlrb_faults_own"


@dataclass
class Stack:
    base: Path
    pg: Postgres
    redis: Redis
    env: dict[str, str]
    seed: dict[str, Any]
    started: list[Process] = field(default_factory=list)

    @property
    def mail_dir(self) -> Path:
        return Path(self.env["FAULT_MAIL_DIR"])

    def worker(self, name: str, **extra_env: str) -> Process:
        process = celery_worker({**self.env, **extra_env}, self.base / f"{name}.log")
        self.started.append(process)
        return process

    def copies(self, idempotency_key: str) -> int:
        """How many times the message with this key was handed to the mail transport (read from disk)."""
        needle = f"Message-ID: <notice-{idempotency_key}@".encode()
        return sum(path.read_bytes().count(needle) for path in self.mail_dir.iterdir() if path.is_file())

    def broker_idle(self) -> bool:
        """No message queued or held unacknowledged (retries waiting out a countdown are held too)."""
        if not self.redis.ping():
            return False
        return self.redis.command("LLEN", "celery") == "0" and self.redis.command("HLEN", "unacked") == "0"

    def notice(self, where: str) -> dict[str, Any]:
        row = self.pg.psql(
            DBNAME,
            "SELECT row_to_json(n) FROM (SELECT id, idempotency_key, attempts, failures, sent_at, "
            f"handing_over_since FROM elections_notification WHERE {where}) n",
        )
        return json.loads(row) if row else {}

    def wait_until_sent(self, where: str, *, timeout: float = 60) -> dict[str, Any]:
        notice = wait_for(
            lambda: (n := self.notice(where)) and n["sent_at"] and n, timeout=timeout, what=f"notice {where}"
        )
        wait_for(self.broker_idle, timeout=timeout, what="the broker to drain")
        return dict(notice)


def _clean_environment() -> dict[str, str]:
    inherited = ("DATABASE_", "CELERY_", "DJANGO_", "EMAIL_", "BENCH_", "FAULT_")
    return {k: v for k, v in os.environ.items() if not k.startswith(inherited)}


@pytest.fixture(scope="session")
def stack() -> Iterator[Stack]:
    base = Path(tempfile.mkdtemp(prefix="nlrb-faults-"))
    pg = redis = None
    stack = None
    try:
        pg = Postgres(base)
        redis = Redis(base)
        mail_dir = base / "mail"
        mail_dir.mkdir()
        pg.psql("postgres", f"CREATE DATABASE {DBNAME}")
        env = {
            **_clean_environment(),
            "DJANGO_SETTINGS_MODULE": "tests.faults.worker_settings",
            "DATABASE_URL": pg.url(DBNAME),
            "DATABASE_CONN_MAX_AGE": "600",
            "CELERY_BROKER_URL": redis.url(0),
            "CELERY_VISIBILITY_TIMEOUT": "10",
            "FAULT_MAIL_DIR": str(mail_dir),
            "PYTHONUNBUFFERED": "1",
            "LOG_LEVEL": "INFO",
        }
        manage(env, "migrate", "--noinput", "-v0")
        seed = json.loads(
            manage(env, "shell", "-c", "from tests.faults.seed import main; main()").strip().splitlines()[-1]
        )
        stack = Stack(base=base, pg=pg, redis=redis, env=env, seed=seed)
        yield stack
    finally:
        for process in stack.started if stack else []:
            process.kill() if process.alive() else None
        if redis is not None:
            redis.stop()
        if pg is not None:
            pg.stop()
        shutil.rmtree(base, ignore_errors=True)
