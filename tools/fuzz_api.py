"""Fuzz the API from its own OpenAPI schema: no request a client can send may produce a 5xx.

Starts the tracker on a throw-away SQLite database with the demo loaded, then runs schemathesis
(`not_a_server_error` check) once as staff and once as counsel. Exits non-zero on any 5xx.

    .venv/bin/python tools/fuzz_api.py [--examples 25] [--port N]
"""

from __future__ import annotations

import argparse
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BIN = Path(sys.executable).parent


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--examples", type=int, default=25)
    parser.add_argument(
        "--port", type=int, default=0, help="0: a free port (another server may hold any fixed one)"
    )
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    port = args.port or _free_port()
    workdir = Path(tempfile.mkdtemp(prefix="nlrb-fuzz-"))
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.local",
        "DJANGO_DEBUG": "false",
        "DATABASE_URL": f"sqlite:///{workdir / 'fuzz.sqlite3'}",
        "CELERY_BROKER_URL": "",
        "EMAIL_URL": "consolemail://",
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
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_for(f"{base}/api/v1/health/")
        if server.poll() is not None:  # something else answered on that port: we would fuzz the wrong server
            raise SystemExit(
                f"the tracker did not start on port {port}:\n" + (workdir / "server.log").read_text()
            )
        failures = 0
        for user in ("staff", "union-counsel"):
            print(f"\n== fuzzing as {user} ({args.examples} examples per operation)", flush=True)
            result = subprocess.run(
                [
                    str(BIN / "schemathesis"),
                    "run",
                    f"{base}/api/v1/schema/",
                    "-c",
                    "not_a_server_error",
                    "-n",
                    str(args.examples),
                    "--seed",
                    str(args.seed),
                    "-H",
                    f"Authorization: Token {tokens[user]}",
                    "--exclude-path-regex",
                    # Rotating the fuzzer's own token would sign it out for the rest of the run.
                    r".*(\.ics|/auth/token/rotate/)$",
                ],
                cwd=ROOT,
                env=env,
            )
            failures += result.returncode != 0
        errors = [line for line in (workdir / "server.log").read_text().splitlines() if '" 50' in line]
        print(f"\nserver 5xx lines: {len(errors)}")
        for line in errors[:20]:
            print("  " + line)
        return 1 if failures or errors else 0
    finally:
        server.terminate()
        server.wait(timeout=20)
        shutil.rmtree(workdir, ignore_errors=True)


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
