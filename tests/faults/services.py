"""Processes of the fault tests' own: a PostgreSQL cluster and a Redis server on free ports in a temporary
directory (never the machine's shared 5432/6379), the tracker's web server and Celery worker as real
subprocesses. Each can be killed and started again; ``stop`` ends everything that was started here.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[2]
PG_BIN = (
    Path(sorted(Path("/usr/lib/postgresql").glob("*/bin"))[-1])
    if Path("/usr/lib/postgresql").is_dir()
    else None
)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def wait_for(check: Callable[[], Any], *, timeout: float, what: str, interval: float = 0.2) -> Any:
    deadline = time.monotonic() + timeout
    while True:
        result = check()
        if result:
            return result
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out after {timeout} s waiting for {what}")
        time.sleep(interval)


def _as_postgres_user(argv: list[str]) -> list[str]:
    """initdb refuses root: run the cluster as the postgres user when we are root."""
    if os.geteuid() == 0:
        return ["runuser", "-u", "postgres", "--", *argv]
    return argv


class Postgres:
    def __init__(self, base: Path) -> None:
        assert PG_BIN is not None, "PostgreSQL server binaries are not installed (apt-get install postgresql)"
        self.dir = base / "pg"
        self.port = free_port()
        self.dir.mkdir(parents=True)
        if os.geteuid() == 0:
            shutil.chown(base, "postgres")
            shutil.chown(self.dir, "postgres")
        subprocess.run(
            _as_postgres_user(
                [
                    str(PG_BIN / "initdb"),
                    "-D",
                    str(self.dir / "data"),
                    "-U",
                    "postgres",
                    "-A",
                    "trust",
                    "--no-sync",
                    "-E",
                    "UTF8",
                    "--locale=C",
                ]
            ),
            check=True,
            capture_output=True,
        )
        self.start()

    def url(self, dbname: str) -> str:
        return f"postgres://postgres@127.0.0.1:{self.port}/{dbname}"

    def start(self) -> None:
        options = (
            f"-p {self.port} -k {self.dir} -c listen_addresses=127.0.0.1 -c fsync=off "
            "-c synchronous_commit=off -c full_page_writes=off -c max_connections=60"
        )
        subprocess.run(
            _as_postgres_user(
                [
                    str(PG_BIN / "pg_ctl"),
                    "-D",
                    str(self.dir / "data"),
                    "-o",
                    options,
                    "-l",
                    str(self.dir / "log"),
                    "-w",
                    "-t",
                    "30",
                    "start",
                ]
            ),
            check=True,
            capture_output=True,
        )

    def kill(self) -> None:
        """Cut the database under whoever uses it: immediate shutdown, every connection dropped."""
        subprocess.run(
            _as_postgres_user(
                [str(PG_BIN / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "immediate", "stop"]
            ),
            check=True,
            capture_output=True,
        )

    def stop(self) -> None:
        subprocess.run(
            _as_postgres_user([str(PG_BIN / "pg_ctl"), "-D", str(self.dir / "data"), "-m", "fast", "stop"]),
            capture_output=True,
        )

    def psql(self, dbname: str, sql: str) -> str:
        out = subprocess.run(
            [
                str(PG_BIN / "psql"),
                "-h",
                "127.0.0.1",
                "-p",
                str(self.port),
                "-U",
                "postgres",
                "-d",
                dbname,
                "-At",
                "-v",
                "ON_ERROR_STOP=1",
                "-c",
                sql,
            ],
            check=True,
            capture_output=True,
            text=True,
        )
        return out.stdout.strip()


class Redis:
    def __init__(self, base: Path) -> None:
        self.dir = base / "redis"
        self.dir.mkdir()
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] | None = None
        self.start()

    def url(self, db: int = 0) -> str:
        return f"redis://127.0.0.1:{self.port}/{db}"

    def start(self) -> None:
        self.proc = subprocess.Popen(
            [
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(self.port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(self.dir),
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        wait_for(self.ping, timeout=15, what="redis-server")

    def ping(self) -> bool:
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=1) as sock:
                sock.sendall(b"PING\r\n")
                return sock.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def command(self, *args: str) -> str:
        out = subprocess.run(
            ["redis-cli", "-p", str(self.port), *args], check=True, capture_output=True, text=True
        )
        return out.stdout.strip()

    def kill(self) -> None:
        if self.proc is not None:
            self.proc.kill()
            self.proc.wait(timeout=10)
            self.proc = None

    def stop(self) -> None:
        self.kill()


class Process:
    """A subprocess in its own process group (so a kill takes its children too), output to a log file."""

    def __init__(self, argv: list[str], env: dict[str, str], log: Path) -> None:
        self.log = log
        self._out = log.open("ab")
        self.proc = subprocess.Popen(
            argv, cwd=ROOT, env=env, stdout=self._out, stderr=subprocess.STDOUT, start_new_session=True
        )

    def alive(self) -> bool:
        return self.proc.poll() is None

    def kill(self) -> None:
        """SIGKILL to the whole group: no shutdown, no acknowledgement, nothing flushed."""
        if self.alive():
            os.killpg(self.proc.pid, signal.SIGKILL)
        self.proc.wait(timeout=20)
        self._out.close()

    def stop(self) -> None:
        if self.alive():
            os.killpg(self.proc.pid, signal.SIGTERM)
            try:
                self.proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait(timeout=10)
        self._out.close()

    def output(self, *, tail: int = 4000) -> str:
        return self.log.read_text(errors="replace")[-tail:]


def manage(env: dict[str, str], *args: str) -> str:
    out = subprocess.run(
        [sys.executable, "manage.py", *args], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert out.returncode == 0, out.stdout + out.stderr
    return out.stdout


def celery_worker(env: dict[str, str], log: Path) -> Process:
    """A real worker: prefork with one pool process, so a pool process can die while its parent lives."""
    worker = Process(
        [
            sys.executable,
            "-m",
            "celery",
            "-A",
            "config",
            "worker",
            "--pool=prefork",
            "--concurrency=1",
            "--without-mingle",
            "--without-gossip",
            "--loglevel=INFO",
        ],
        env,
        log,
    )
    wait_for(
        lambda: "ready." in worker.log.read_text(errors="replace") or not worker.alive(),
        timeout=60,
        what="the Celery worker",
    )
    assert worker.alive(), worker.output()
    return worker


@dataclass(frozen=True)
class Multipart:
    """A body sent as multipart/form-data (an upload), not JSON."""

    fields: dict[str, str] = field(default_factory=dict)
    files: dict[str, tuple[str, bytes, str]] = field(default_factory=dict)  # name: (filename, content, type)

    def encode(self) -> tuple[bytes, str]:
        boundary = uuid.uuid4().hex
        parts: list[bytes] = []
        for name, value in self.fields.items():
            parts.append(
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"\r\n\r\n{value}\r\n'.encode()
            )
        for name, (filename, content, kind) in self.files.items():
            head = (
                f'--{boundary}\r\nContent-Disposition: form-data; name="{name}"; filename="{filename}"\r\n'
                f"Content-Type: {kind}\r\n\r\n"
            )
            parts.append(head.encode() + content + b"\r\n")
        parts.append(f"--{boundary}--\r\n".encode())
        return b"".join(parts), f"multipart/form-data; boundary={boundary}"


def http(
    method: str, url: str, *, token: str | None = None, body: Any = None
) -> tuple[int, dict[str, str], Any]:
    """One request; returns (status, headers, parsed JSON or text). No retries: the answer is the answer."""
    if isinstance(body, Multipart):
        data, content_type = body.encode()
    else:
        data, content_type = (json.dumps(body).encode() if body is not None else None), "application/json"
    request = urllib.request.Request(url, data=data, method=method)
    request.add_header("Accept", "application/json")
    if data is not None:
        request.add_header("Content-Type", content_type)
    if token:
        request.add_header("Authorization", f"Token {token}")
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            status, headers, raw = response.status, dict(response.headers), response.read()
    except urllib.error.HTTPError as error:
        status, headers, raw = error.code, dict(error.headers), error.read()
    text = raw.decode(errors="replace")
    try:
        return status, headers, json.loads(text)
    except ValueError:
        return status, headers, text


def web_server(kind: str, env: dict[str, str], log: Path) -> tuple[Process, str]:
    """The tracker over HTTP on a free port: ``runserver`` under local settings (DEBUG on, the case where a
    500 would show a debug page) or ``gunicorn`` under production settings. Returns it and its base URL."""
    port = free_port()
    if kind == "runserver":
        argv = [sys.executable, "manage.py", "runserver", "--noreload", "--nothreading", f"127.0.0.1:{port}"]
    else:
        argv = [
            sys.executable,
            "-m",
            "gunicorn",
            "config.wsgi",
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            "2",
            "--timeout",
            "60",
        ]
        env = {
            **env,
            "DJANGO_SETTINGS_MODULE": "config.settings.production",
            "DJANGO_SECRET_KEY": "fault-tests-" + "x" * 50,
            "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
            "DJANGO_SECURE_SSL_REDIRECT": "false",
        }
    server = Process(argv, env, log)
    base = f"http://127.0.0.1:{port}"

    def answering() -> bool:
        assert server.alive(), server.output()
        try:
            return http("GET", f"{base}/api/v1/health/")[0] in {200, 503}
        except OSError:
            return False

    wait_for(answering, timeout=60, what=f"{kind} to answer")
    return server, base
