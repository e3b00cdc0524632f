"""Fuzz the API from its own OpenAPI schema: the schema and the server must agree on every answer.

Starts the tracker on a throw-away database (SQLite by default; ``--database-url postgres://…/NAME`` drops
and recreates NAME, so give it a database of its own) with the demo loaded, then runs schemathesis with
every check but ``positive_data_acceptance``, once as staff and once as counsel, the calendar feed
included (with a real feed token — the demo paralegal's, which no fuzzed call rotates — so the feed is
read, not only refused).

Why not ``positive_data_acceptance``: it expects every request that matches the schema to succeed, but a
request can match the schema and still be refused by the law or the record — a second case with a number
already taken, a challenge "by" a party of another case, an objection after its deadline, an event the
ladder does not allow next. Those are 400/409 on purpose; the schema documents them as such.

    .venv/bin/python tools/fuzz_api.py [--examples 10] [--seed 1] [--database-url postgres://…/nlrb_fuzz]
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlsplit, urlunsplit

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent
USERS = ("staff", "union-counsel")
CHECKS = ["all"]
EXCLUDED_CHECKS = ["positive_data_acceptance"]


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=10)
    parser.add_argument(
        "--port", type=int, default=0, help="0: a free port (another server may hold any fixed one)"
    )
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--database-url",
        default="",
        help="postgres://…/NAME to fuzz on PostgreSQL (NAME is dropped and recreated); default a temporary SQLite",
    )
    parser.add_argument("--user", action="append", choices=USERS, help="fuzz as this user only (repeatable)")
    args = parser.parse_args()

    port = args.port or _free_port()
    workdir = Path(tempfile.mkdtemp(prefix="nlrb-fuzz-"))
    database_url = args.database_url or f"sqlite:///{workdir / 'fuzz.sqlite3'}"
    if database_url.startswith("postgres"):
        _recreate_postgres_database(database_url)
    base = f"http://127.0.0.1:{port}"
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DJANGO_DEBUG": "false",
        "DATABASE_URL": database_url,
        "CELERY_BROKER_URL": "",
        "EMAIL_URL": "consolemail://",
        "SITE_URL": base,
    }
    env.pop("CELERY_TASK_ALWAYS_EAGER", None)
    manage = [sys.executable, str(ROOT / "manage.py")]
    subprocess.run([*manage, "migrate", "--noinput", "-v0"], env=env, check=True, cwd=ROOT)
    demo = subprocess.run(
        [*manage, "load_demo"], env=env, check=True, cwd=ROOT, capture_output=True, text=True
    )
    tokens = _tokens(demo.stdout)
    server = subprocess.Popen(
        [*manage, "runserver", "--noreload", "--nothreading", f"127.0.0.1:{port}"],
        env=env,
        cwd=ROOT,
        stdout=subprocess.DEVNULL,
        stderr=(workdir / "server.log").open("w"),
    )
    try:
        _wait_for(f"{base}/api/v1/health/")
        if server.poll() is not None:  # something else answered on that port: we would fuzz the wrong server
            raise SystemExit(
                f"the tracker did not start on port {port}:\n" + (workdir / "server.log").read_text()
            )
        failures = 0
        for user in args.user or USERS:
            config = workdir / f"{user}.toml"
            # The paralegal's feed: the user being fuzzed rotates their own feed token (calendar/rotate/)
            # along the way, which would leave the feed operation nothing but 404s to read.
            config.write_text(_config(_calendar_token(base, tokens["paralegal"])))
            print(
                f"\n== fuzzing as {user} ({args.examples} examples per operation, {database_url.split(':')[0]})"
            )
            result = subprocess.run(
                [
                    str(BIN / "schemathesis"),
                    "--config-file",
                    str(config),
                    "run",
                    f"{base}/api/v1/schema/",
                    "--checks",
                    ",".join(CHECKS),
                    "--exclude-checks",
                    ",".join(EXCLUDED_CHECKS),
                    "--max-examples",
                    str(args.examples),
                    "--seed",
                    str(args.seed),
                    "--workers",
                    "1",
                    "--generation-database",
                    "none",
                    "--header",
                    f"Authorization: Token {tokens[user]}",
                ],
                cwd=ROOT,
                env=env,
            )
            failures += result.returncode != 0
        log = (workdir / "server.log").read_text().splitlines()
        errors = [line for line in log if '" 50' in line]
        print(f"\nserver 5xx lines: {len(errors)}")
        for line in errors[:20]:
            print("  " + line)
        # The feed must have been read with a real token, not only refused for made-up ones.
        feeds = sum(1 for line in log if re.search(r'"GET /api/v1/calendar/[^ ]+\.ics[^"]*" 200', line))
        print(f"calendar feed answered 200: {feeds} time(s)")
        return 1 if failures or errors or not feeds else 0
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(workdir, ignore_errors=True)


def _config(calendar_token: str) -> str:
    """The caller's own feed token for the calendar path: random tokens would only ever read the 404."""
    return (
        "[[operations]]\n"
        'include-path-regex = "calendar/.*\\\\.ics$"\n'
        f'parameters = {{ "path.token" = {json.dumps(calendar_token)} }}\n'
    )


def _calendar_token(base: str, api_token: str) -> str:
    request = urllib.request.Request(
        f"{base}/api/v1/calendar/", headers={"Authorization": f"Token {api_token}"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        url = json.load(response)["url"]
    return str(url).rsplit("/", 1)[1].removesuffix(".ics")


def _recreate_postgres_database(url: str) -> None:
    import psycopg

    parts = urlsplit(url)
    name = parts.path.lstrip("/")
    if not name or name in {"postgres", "template0", "template1"}:
        raise SystemExit(f"refusing to recreate the database {name!r}: name one of the fuzzer's own")
    admin = urlunsplit(parts._replace(path="/postgres"))
    with psycopg.connect(admin, autocommit=True) as connection:
        connection.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        connection.execute(f'CREATE DATABASE "{name}"')


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def _tokens(output: str) -> dict[str, str]:
    tokens = {}
    for line in output.splitlines():
        parts = line.split()
        if len(parts) >= 3 and parts[0] in {"staff", "union-counsel", "employer-counsel", "paralegal"}:
            tokens[parts[0]] = parts[2]
    return tokens


def _wait_for(url: str) -> None:
    for _ in range(100):
        try:
            urllib.request.urlopen(url, timeout=1)
            return
        except OSError:
            time.sleep(0.2)
    raise SystemExit(f"the server did not answer at {url}")


if __name__ == "__main__":
    sys.exit(main())
