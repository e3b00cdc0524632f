"""Where a warm read and a 304 spend their time: cProfile over the whole in-process stack, as bench/run.py
times it (the same database, settings and client), for the stack floor, a warm status read and a 304.

    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nlrb_bench_small .venv/bin/python bench/profile_reads.py

Run bench/run.py first (it builds the database and its users). Prints, per call, the time per request and
the functions that take it (own time, and cumulative for the layers: middleware, authentication, DRF,
the tag, the cache). Nothing here asserts.
"""

from __future__ import annotations

import argparse
import cProfile
import io
import os
import pstats
import statistics
import sys
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ["DATABASE_URL"] = os.environ.get(
    "BENCH_DATABASE_URL", "postgres://postgres@127.0.0.1:5432/nlrb_bench_small"
)
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

settings.API_TOKEN_CACHE_SECONDS = 60  # as bench/run.py: token lookups remembered
settings.ROOT_URLCONF = "stack_floor"

import stack_floor  # noqa: E402  (bench/stack_floor.py)
from django.contrib.auth import get_user_model  # noqa: E402
from django.test import Client  # noqa: E402

from access.tokens import token_issue  # noqa: E402
from elections.models import Case  # noqa: E402


def profile(label: str, call: object, requests: int, top: int) -> None:
    for _ in range(50):
        call()  # type: ignore[operator]  # warm caches, compiled tag queries, prepared statements
    profiler = cProfile.Profile()
    start = time.perf_counter()
    profiler.enable()
    for _ in range(requests):
        call()  # type: ignore[operator]
    profiler.disable()
    elapsed = (time.perf_counter() - start) / requests * 1000
    print(f"\n=== {label}: {elapsed:.3f} ms a request under the profiler ({requests} requests)")
    for sort in ("tottime", "cumulative"):
        out = io.StringIO()
        pstats.Stats(profiler, stream=out).strip_dirs().sort_stats(sort).print_stats(top)
        lines = out.getvalue().splitlines()
        start_at = next(i for i, line in enumerate(lines) if line.strip().startswith("ncalls"))
        print(f"--- by {sort}")
        print("\n".join(lines[start_at : start_at + top + 1]))


def median_ms(call: object, requests: int) -> float:
    for _ in range(50):
        call()  # type: ignore[operator]
    samples = []
    for _ in range(requests):
        start = time.perf_counter()
        call()  # type: ignore[operator]
        samples.append((time.perf_counter() - start) * 1000)
    return statistics.median(samples)


def decompose(client: Client, auth: dict[str, Any], path: str, tag: str, requests: int) -> None:
    """The 304 less the stack floor, against its parts timed alone (no profiler): the tag's query, and the
    tag itself (its digest of the URL, the scope and the parts)."""
    from rest_framework.test import APIRequestFactory

    from core.api import conditional
    from elections.api import scoping

    staff = get_user_model().objects.get(username="bench-staff")
    number = path.split("/")[4]
    request = APIRequestFactory().get(path)
    parts = scoping.case_parts(scoping.versioned_case(staff, number))
    request.user = staff
    figures = {
        "stack floor (request)": median_ms(lambda: client.get(stack_floor.PATH, **auth), requests),
        "status 304 (request)": median_ms(lambda: client.get(path, HTTP_IF_NONE_MATCH=tag, **auth), requests),
        "status warm (request)": median_ms(lambda: client.get(path, **auth), requests),
        "tag query alone (versioned_case)": median_ms(
            lambda: scoping.versioned_case(staff, number), requests
        ),
        "tag digest alone (make_tag)": median_ms(
            lambda: conditional.make_tag(request, parts, "staff"),
            requests,
        ),
    }
    print("\n=== medians, no profiler")
    for label, value in figures.items():
        print(f"{label:40} {value:7.3f} ms")
    beyond = figures["status 304 (request)"] - figures["stack floor (request)"]
    print(f"{'304 less the stack floor':40} {beyond:7.3f} ms")


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--requests", type=int, default=2000)
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    staff = get_user_model().objects.get(username="bench-staff")
    token = token_issue(user=staff)
    number = Case.objects.order_by("pk").values_list("number", flat=True).first()
    client = Client()
    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Token {token}"}
    path = f"/api/v1/cases/{number}/status/"
    tag = client.get(path, **auth)["ETag"]

    decompose(client, auth, path, tag, args.requests)
    profile("stack floor", lambda: client.get(stack_floor.PATH, **auth), args.requests, args.top)
    profile("status, warm", lambda: client.get(path, **auth), args.requests, args.top)
    profile("status, 304", lambda: client.get(path, HTTP_IF_NONE_MATCH=tag, **auth), args.requests, args.top)
    return 0


if __name__ == "__main__":
    sys.exit(main())
