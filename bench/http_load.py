"""The same calls as the in-process benchmark, over real HTTP: gunicorn with production settings on a free
loopback port, driven by 1, 8 and 32 concurrent clients.

The clients are one asyncio process (a thread or process per client would cost the 2-core machine more
than the server's own work); each opens a connection per request, as gunicorn's sync workers close them.
Client and server share the machine, so the figures include that contention. Nothing here asserts.
"""

from __future__ import annotations

import asyncio
import os
import socket
import statistics
import subprocess
import sys
import time
import urllib.request
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent

# The README's recommendation for a 2-core machine: gunicorn's (2 × cores) + 1 sync workers.
WORKERS = 2 * (os.cpu_count() or 1) + 1


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@contextmanager
def gunicorn(database_url: str, *, workers: int = WORKERS, cache_url: str = "") -> Iterator[int]:
    """gunicorn serving the tracker (production settings) on a free port until the block ends; ``cache_url``:
    the cache its workers share (production's Redis), else each process keeps its own."""
    port = _free_port()
    env = {
        **os.environ,
        "DJANGO_SETTINGS_MODULE": "config.settings.production",
        "DATABASE_URL": database_url,
        "DJANGO_SECRET_KEY": "bench-" + "k" * 60,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "CELERY_BROKER_URL": "",
        "LOG_LEVEL": "WARNING",
        # The benchmark is the flood: production's throttles would answer it with 429s.
        "API_THROTTLE_USER": "off",
        "API_THROTTLE_ANON": "off",
    }
    if cache_url:
        env["CACHE_URL"] = cache_url
    server = subprocess.Popen(
        # config.wsgi with the stack floor's route in front (bench/bench_wsgi.py)
        [
            sys.executable,
            "-m",
            "gunicorn",
            "bench_wsgi",
            "--pythonpath",
            str(ROOT / "bench"),
            "-b",
            f"127.0.0.1:{port}",
            "-w",
            str(workers),
            "--timeout",
            "120",
            "--log-level",
            "warning",
        ],
        cwd=ROOT,
        env=env,
    )
    try:
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/api/v1/health/", timeout=5):
                    break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    raise SystemExit("bench: gunicorn did not start") from None
                time.sleep(0.3)
        yield port
    finally:
        server.terminate()
        server.wait(timeout=30)


async def _get(port: int, path: str, token: str) -> float:
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port)
    writer.write(
        f"GET {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Token {token}\r\n"
        "Accept: application/json\r\nConnection: close\r\n\r\n".encode()
    )
    await writer.drain()
    response = await reader.read()
    writer.close()
    elapsed = (time.perf_counter() - started) * 1000
    status = response[9:12]
    if status != b"200":
        raise SystemExit(f"bench: HTTP {status.decode()} for {path}: {response[:300]!r}")
    return elapsed


def fetch(port: int, path: str, token: str) -> None:
    """One read, to put its answer in the cache before the clients."""
    asyncio.run(_get(port, path, token))


async def _drive(port: int, token: str, path_for: Callable[[], str], clients: int, requests: int) -> Any:
    samples: list[float] = []
    remaining = requests

    async def client() -> None:
        nonlocal remaining
        while remaining > 0:
            remaining -= 1
            samples.append(await _get(port, path_for(), token))

    started = time.perf_counter()
    await asyncio.gather(*(client() for _ in range(clients)))
    return samples, time.perf_counter() - started


def measure(
    port: int, token: str, path_for: Callable[[], str], clients: int, requests: int
) -> dict[str, float]:
    asyncio.run(_drive(port, token, path_for, clients, min(requests, 3 * clients)))  # warm every worker
    samples, wall = asyncio.run(_drive(port, token, path_for, clients, requests))
    cuts = statistics.quantiles(samples, n=100)
    return {
        "clients": clients,
        "requests": len(samples),
        "throughput_rps": len(samples) / wall,
        "p50_ms": statistics.median(samples),
        "p95_ms": cuts[94],
        "p99_ms": cuts[98],
    }
