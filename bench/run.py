"""Scale benchmark on PostgreSQL: the NLRB-sized database of product.md, timed call by call.

    make bench                                   # 100,000 cases, 1,000,000 challenges, 300,000 objections
    .venv/bin/python bench/run.py --cases 20000  # a smaller run
    BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/nlrb_bench .venv/bin/python bench/run.py

It builds (once; reused while the size matches) a database ``nlrb_bench`` with the data set, then times the
API in-process through Django's full request stack (middleware, token auth, DRF, serializers) and prints
p50/p95/max in milliseconds, each next to its floor: the same data read by one hand-written SQL query and
serialized with ``json``, in the same run. The first line is the stack floor (``bench/stack_floor.py``): an
authenticated GET that reads nothing, what every call pays for the framework itself; each call is also
printed less that line. Each read is timed three ways on the same paths, in rounds of ten paths: cold (its
cache entry dropped first: the tag, the body built and kept), warm (the body from the cache under its tag)
and 304 (the tag sent back as ``If-None-Match``); cold and warm sit beside the read's floor, the 304 beside the stack
floor (core/api/conditional.py). In process the cache is process memory (the embedded default); over HTTP
the workers share ``--http-cache`` (production's Redis; default ``BENCH_CACHE_URL``, else each worker keeps
its own). Finally it runs the 10,000-row challenge import benchmark
(``bench/challenge_import.py``). Targets (product.md): status p95 < 25 ms, list pages < 50 ms, import < 3 s.
Nothing here asserts: it prints figures.
"""

from __future__ import annotations

import argparse
import functools
import json
import os
import random
import re
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from datetime import date, datetime
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
SCALES = {"small": 1_000, "medium": 20_000, "full": 100_000}
HTTP_PATHS = 16  # the warm reads over HTTP: this many paths per call, each read once before the clients
# Each scale keeps its own database (a run at another size would rebuild it): small → nlrb_bench_small.
_scale = next((a.split("=", 1)[1] for a in sys.argv if a.startswith("--scale=")), None) or (
    sys.argv[sys.argv.index("--scale") + 1] if "--scale" in sys.argv[:-1] else "full"
)
BENCH_URL = os.environ.get(
    "BENCH_DATABASE_URL",
    "postgres://postgres@127.0.0.1:5432/nlrb_bench" + ("" if _scale == "full" else f"_{_scale}"),
)
os.environ["DATABASE_URL"] = BENCH_URL
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.test")

import http_load  # noqa: E402  (bench/ is on sys.path as the script's folder)
import psycopg  # noqa: E402


def ensure_database() -> None:
    dbname = BENCH_URL.rsplit("/", 1)[1]
    admin_url = BENCH_URL.rsplit("/", 1)[0] + "/postgres"
    with psycopg.connect(admin_url, autocommit=True) as conn:
        exists = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [dbname]).fetchone()
        if not exists:
            conn.execute(f'CREATE DATABASE "{dbname}"')


ensure_database()

import django  # noqa: E402

django.setup()

from django.conf import settings  # noqa: E402

# Token lookups remembered, as production has them with its shared Redis (the test settings turn them off
# because tests change tokens with QuerySet.update()); here the cache is in process memory.
settings.API_TOKEN_CACHE_SECONDS = 60
# The tracker's URLs with the stack floor's route in front (bench/stack_floor.py); gunicorn serves the same.
settings.ROOT_URLCONF = "stack_floor"

import stack_floor  # noqa: E402  (bench/stack_floor.py)
import writes  # noqa: E402  (bench/writes.py)
from django.core.management import call_command  # noqa: E402
from django.db import connection, models  # noqa: E402
from django.test import Client  # noqa: E402

from access.tokens import token_issue  # noqa: E402
from challenges.models import Challenge  # noqa: E402
from elections.law.regions import ACTIVE_REGION_NUMBERS  # noqa: E402
from elections.models import Appearance, Case, Election, Party, Tally  # noqa: E402
from objections.models import Objection  # noqa: E402
from proceedings.models import Deadline  # noqa: E402
from stats.models import StageFigure  # noqa: E402

REGIONS = sorted(ACTIVE_REGION_NUMBERS)
GROUNDS = list(Challenge.Ground.values)
CATEGORIES = list(Objection.Category.values)


# --- the data set --------------------------------------------------------------------------------


def _default_sql(field: models.Field[Any, Any]) -> str:
    """A value for a NOT NULL column the generator does not set: the field's default, else a neutral one."""
    if field.null:
        return "NULL"
    if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
        return "now()"
    if field.has_default() and not callable(field.default):
        value = field.default
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, int):
            return str(value)
        if isinstance(value, str):
            return "'" + value.replace("'", "''") + "'"
        if isinstance(value, dict | list):
            return "'" + json.dumps(value) + "'::jsonb"
    internal = field.get_internal_type()
    if internal in {"CharField", "TextField", "SlugField"}:
        return "''"
    if internal == "BooleanField":
        return "false"
    if "Integer" in internal:
        return "0"
    if internal == "DateField":
        return "current_date"
    if internal == "DateTimeField":
        return "now()"
    if internal == "JSONField":
        return "'{}'::jsonb"
    raise SystemExit(f"bench: no default for {field.model.__name__}.{field.name} ({internal})")


def insert_series(model: type[models.Model], count: int, exprs: dict[str, str]) -> None:
    """INSERT … SELECT over generate_series(1, count) AS g; ``exprs`` are SQL in terms of ``g``."""
    columns, values = [], []
    for field in model._meta.concrete_fields:
        name = field.attname
        if field.primary_key and name not in exprs:
            continue
        columns.append(f'"{field.column}"')
        values.append(exprs.get(name, exprs.get(field.name)) or _default_sql(field))
    sql = (
        f'INSERT INTO "{model._meta.db_table}" ({", ".join(columns)}) '
        f"SELECT {', '.join(values)} FROM generate_series(1, {count}) AS g"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql)


def populate(cases: int) -> None:
    regions = "ARRAY[" + ",".join(str(r) for r in REGIONS) + "]"
    grounds = "ARRAY[" + ",".join(f"'{g}'" for g in GROUNDS) + "]"
    categories = "ARRAY[" + ",".join(f"'{c}'" for c in CATEGORIES) + "]"
    petition = "(date '2016-01-04' + (g % 3500))"
    started = time.perf_counter()
    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE elections_case, elections_party, elections_election, elections_tally, challenges_challenge, "
            "objections_objection, objections_ruling, proceedings_deadline, proceedings_proceedingevent, "
            "elections_appearance RESTART IDENTITY CASCADE"
        )
    insert_series(
        Case,
        cases,
        {
            "id": "g",
            "number": f"lpad(({regions})[1 + g % {len(REGIONS)}]::text, 2, '0') || '-RC-' || lpad(g::text, 6, '0')",
            "region": f"({regions})[1 + g % {len(REGIONS)}]",
            "case_type": "'RC'",
            "name": "'Employer ' || g || ' LLC'",
            "petition_filed_on": petition,
            "rule_set": f"CASE WHEN {petition} >= date '2023-12-26' THEN '2023' "
            f"WHEN {petition} >= date '2020-05-31' THEN '2019' ELSE '2014' END",
            "status": "'open'",
        },
    )
    insert_series(
        Party,
        cases * 2,
        {
            "id": "g",
            "case_id": "(g + 1) / 2",
            "role": "CASE WHEN g % 2 = 1 THEN 'petitioner' ELSE 'employer' END",
            "name": "CASE WHEN g % 2 = 1 THEN 'Union Local ' || g ELSE 'Employer ' || g END",
        },
    )
    insert_series(
        Election,
        cases,
        {
            "id": "g",
            "case_id": "g",
            "sequence": "1",
            "kind": "'initial'",
            "mode": "'manual'",
            "choices": "'[\"Union\"]'::jsonb",
            "approx_eligible_voters": "100 + g % 900",
            "voting_opens_on": f"{petition} + 40",
            "voting_closes_on": f"{petition} + 41",
            "count_on": f"{petition} + 41",
        },
    )
    insert_series(
        Tally,
        cases,
        {
            "id": "g",
            "election_id": "g",
            "revision": "0",
            "prepared_at": f"({petition} + 41)::timestamp + interval '17 hours'",
            "void": "g % 4",
            "votes_for": "jsonb_build_object('Union', 40 + g % 60)",
            "votes_against": "45 + g % 50",
            "challenged": "10",
        },
    )
    per_case = 10
    insert_series(
        Challenge,
        cases * per_case,
        {
            "id": "g",
            "election_id": f"(g - 1) / {per_case} + 1",
            "voter_name": "'Synthetic Voter ' || g",
            "voter_identifier": "'E' || g",
            "voter_key": "'e' || g",
            "job_classification": "'Associate'",
            "challenged_by_id": f"CASE WHEN g % 3 = 0 THEN NULL ELSE 2 * ((g - 1) / {per_case} + 1) END",
            "ground": f"({grounds})[1 + g % {len(GROUNDS)}]",
            "reason": "''",
            "status": "CASE WHEN g % 5 = 0 THEN 'sustained' ELSE 'pending' END",
            "resolution_method": "CASE WHEN g % 5 = 0 THEN 'investigation' ELSE '' END",
            "resolved_on": f"CASE WHEN g % 5 = 0 THEN date '2016-01-04' + ((g / {per_case}) % 3500) + 60 END",
            "synthetic": "true",
            "logged_at": "now()",
        },
    )
    per_case_objections = 3
    insert_series(
        Objection,
        cases * per_case_objections,
        {
            "id": "g",
            "election_id": f"(g - 1) / {per_case_objections} + 1",
            "filed_by_id": f"2 * ((g - 1) / {per_case_objections} + 1) - 1",
            "number": f"(g - 1) % {per_case_objections} + 1",
            "category": f"({categories})[1 + g % {len(CATEGORIES)}]",
            "statement": "'Synthetic objection ' || g",
            "filed_at": "now() - interval '30 days'",
            "answers_tally_id": f"(g - 1) / {per_case_objections} + 1",  # the election's tally of ballots
            "timely": "true",
            "status": "CASE WHEN g % 4 = 0 THEN 'overruled' ELSE 'pending' END",
        },
    )
    tally_on = "(date '2016-01-04' + (g % 3500) + 41)"
    insert_series(
        Deadline,
        cases,
        {
            "id": "g",
            "case_id": "g",
            "election_id": "g",
            "code": "'objections'",
            "label": "'Objections and offer of proof'",
            "due_on": f"{tally_on} + 7",
            "due_at": f"({tally_on} + 7)::timestamp + interval '27 hours 59 minutes'",
            "zone": "'America/New_York'",
            "trigger": "'tally'",
            "trigger_on": tally_on,
            "trigger_tally_id": "g",
            "rule_set": "'2019'",
            "citation": "'29 CFR 102.69(a)(8)'",
            "explanation": "'synthetic'",
            "verified": "true",
            "status": "CASE WHEN g % 10 = 0 THEN 'open' ELSE 'met' END",
        },
    )
    with connection.cursor() as cursor:
        for table in (
            "elections_case",
            "elections_party",
            "elections_election",
            "elections_tally",
            "challenges_challenge",
            "objections_objection",
            "proceedings_deadline",
        ):
            cursor.execute(
                f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), (SELECT max(id) FROM {table}))"
            )
        cursor.execute("ANALYZE")
    print(
        f"populated {cases:,} cases, {cases * per_case:,} challenges, {cases * per_case_objections:,} "
        f"objections in {time.perf_counter() - started:.1f} s"
    )


def users(cases: int) -> tuple[str, str, list[str]]:
    from django.contrib.auth import get_user_model

    user_model = get_user_model()
    staff, _ = user_model.objects.get_or_create(username="bench-staff", defaults={"is_staff": True})
    counsel, created = user_model.objects.get_or_create(username="bench-counsel")
    if created or not Appearance.objects.filter(user=counsel).exists():
        party_ids = [2 * n - 1 for n in range(1, cases + 1, max(1, cases // 200))]
        Appearance.objects.bulk_create(
            [Appearance(user=counsel, party_id=pk, capacity="counsel") for pk in party_ids],
            ignore_conflicts=True,
        )
    counsel_cases = list(
        Case.objects.filter(parties__appearances__user=counsel).values_list("number", flat=True)
    )
    return (
        token_issue(user=staff),  # keys are stored hashed: a run issues its own
        token_issue(user=counsel),
        counsel_cases,
    )


# --- timing ---------------------------------------------------------------------------------------


def timed(label: str, calls: int, call: Callable[[], Any]) -> list[float]:
    for _ in range(min(10, calls)):
        call()  # warm caches and connections
    samples = []
    for _ in range(calls):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def _q(values: list[float], p: float) -> float:
    return statistics.quantiles(values, n=100)[int(p) - 1]


def _line(label: str, samples: list[float], floor: list[float] | None, floor_name: str = "floor") -> str:
    line = f"{label:44} p50 {statistics.median(samples):7.2f}  p95 {_q(samples, 95):7.2f}  max {max(samples):7.2f} ms"
    if floor:
        ratio = statistics.median(samples) / statistics.median(floor)
        line += f"   | {floor_name} p50 {statistics.median(floor):6.2f}  p95 {_q(floor, 95):6.2f} ms  ×{ratio:.1f}"
    return line


def report(
    label: str, samples: list[float], floor: list[float] | None, target: float | None, shown: str = ""
) -> dict[str, Any]:
    q = _q
    line = _line(shown or label, samples, floor)
    if target:
        line += f"   | target p95 < {target:.0f} ms: {'met' if q(samples, 95) < target else 'NOT MET'}"
    print(line, flush=True)
    row: dict[str, Any] = {
        "call": label,
        "p50_ms": statistics.median(samples),
        "p95_ms": q(samples, 95),
        "p99_ms": q(samples, 99),
        "floor_p50_ms": statistics.median(floor) if floor else None,
        "target_p95_ms": target,
    }
    row["ratio_to_floor"] = row["p50_ms"] / row["floor_p50_ms"] if floor else None
    return row


def api_call(client: Client, token: str, path_for: Callable[[], str]) -> Callable[[], Any]:
    def call() -> Any:
        response = client.get(path_for(), HTTP_AUTHORIZATION=f"Token {token}")
        if response.status_code != 200:
            raise SystemExit(
                f"{response.status_code} for {response.request['PATH_INFO']}: {response.content[:300]!r}"
            )
        return response.content

    return call


ROUND = 10  # paths per round of the conditional reads


def conditional_calls(
    client: Client,
    token: str,
    path_for: Callable[[], str],
    calls: int,
    write_for: Callable[[str], Callable[[], Any] | None],
) -> dict[str, list[float]]:
    """The read timed cold, warm and 304 on the same paths, in rounds of ``ROUND`` paths. Cold is the first
    read after a write: before each, a write through a service under a case the read shows
    (``write_for(path)``, untimed), with the answers it changed built as a request's would be
    (elections/bodies.py); a read no write changes (``None``) has its cache entry dropped instead. Then the
    paths' tags are learned again (untimed), each path is read warm (the body from the cache), then with its
    tag in ``If-None-Match`` (a 304). A round keeps the three modes under the same load; reading the paths
    mode by mode keeps one mode's work from being charged to the next (a warm read right after a cold one
    pays for the caches and the scheduler's share that the cold one used up)."""
    from django.core.cache import cache

    from core.api.conditional import cache_key

    auth: dict[str, Any] = {"HTTP_AUTHORIZATION": f"Token {token}"}
    samples: dict[str, list[float]] = {"cold": [], "warm": [], "not_modified": []}
    warmup = min(10, calls)
    done = 0
    while done < calls + warmup:
        paths = [path_for() for _ in range(min(ROUND, calls + warmup - done))]
        for mode, expected in (("cold", 200), ("warm", 200), ("not_modified", 304)):
            if mode != "cold":  # the writes moved the tags: as the client would, it holds the latest
                tags = [client.get(path, **auth)["ETag"] for path in paths]
            for index, path in enumerate(paths):
                headers: dict[str, Any] = {}
                if mode == "cold":
                    write = write_for(path)
                    if write is None:
                        cache.delete(cache_key(client.get(path, **auth)["ETag"]))
                    else:
                        write()
                elif mode == "not_modified":
                    headers = {"HTTP_IF_NONE_MATCH": tags[index]}
                start = time.perf_counter()
                response = client.get(path, **auth, **headers)
                elapsed = (time.perf_counter() - start) * 1000
                if response.status_code != expected or (mode != "cold" and response["ETag"] != tags[index]):
                    raise SystemExit(
                        f"{response.status_code} ({mode}) for {path}: {response.content[:300]!r}"
                    )
                if done + index >= warmup:  # the first ten warm connections and caches
                    samples[mode].append(elapsed)
        done += len(paths)
    return samples


_CASE_IN_PATH = re.compile(r"cases/([^/?]+)/|[?&]case=([^&]+)")


def case_write(staff: Any) -> Callable[[str], Callable[[], Any]]:
    """A write under case ``number`` through its service (the case's name, toggled), followed by the
    answers it changed built, as the request that wrote would build them after its commit."""
    from elections import services as election_services

    def write_for(number: str) -> Callable[[], Any]:
        def write() -> None:
            case = Case.objects.get(number=number)
            name = case.name[:-4] if case.name.endswith(" (w)") else f"{case.name} (w)"
            election_services.case_update(case=case, actor=staff, name=name)
            writes.build_after("http://testserver")

        return write

    return write_for


def _writes_in(write_for: Callable[[str], Callable[[], Any]], fallback: Callable[[], str] | None) -> Any:
    """The write before a cold read of ``path``: under the case the path names, else under ``fallback()``
    (one of the caller's cases, for a list across them); ``None`` when no write changes the read."""

    def pick(path: str) -> Callable[[], Any] | None:
        found = _CASE_IN_PATH.search(path)
        if found:
            return write_for(found[1] or found[2])
        return write_for(fallback()) if fallback else None

    return pick


def sql_call(sql: str, params_for: Callable[[], list[Any]]) -> Callable[[], Any]:
    def call() -> Any:
        with connection.cursor() as cursor:
            cursor.execute(sql, params_for())
            columns = [c.name for c in cursor.description]
            rows = [dict(zip(columns, row, strict=True)) for row in cursor.fetchall()]
        return json.dumps(rows, default=str)

    return call


STATUS_FLOOR_SQL = """
SELECT c.number, c.name, c.status,
  (SELECT row_to_json(t) FROM elections_tally t JOIN elections_election e ON e.id = t.election_id
     WHERE e.case_id = c.id ORDER BY e.sequence DESC, t.revision DESC LIMIT 1) AS latest_tally,
  (SELECT json_object_agg(status, n) FROM (SELECT ch.status, count(*) n FROM challenges_challenge ch
     JOIN elections_election e ON e.id = ch.election_id WHERE e.case_id = c.id GROUP BY ch.status) s) AS challenges,
  (SELECT json_object_agg(status, n) FROM (SELECT o.status, count(*) n FROM objections_objection o
     JOIN elections_election e ON e.id = o.election_id WHERE e.case_id = c.id GROUP BY o.status) s) AS objections,
  (SELECT row_to_json(d) FROM (SELECT code, label, due_at, citation FROM proceedings_deadline
     WHERE case_id = c.id AND status = 'open' ORDER BY due_at LIMIT 1) d) AS next_deadline
FROM elections_case c WHERE c.number = %s
"""
CASE_PAGE_FLOOR_SQL = """
SELECT c.number, c.name, c.case_type, c.region, c.petition_filed_on, c.rule_set, c.status,
  (SELECT json_agg(json_build_object('id', p.id, 'role', p.role, 'name', p.name)) FROM elections_party p
     WHERE p.case_id = c.id) AS parties
FROM elections_case c ORDER BY c.petition_filed_on DESC, c.number LIMIT 50 OFFSET %s
"""
CHALLENGES_FLOOR_SQL = """
SELECT ch.id, ch.voter_name, ch.voter_identifier, ch.ground, ch.status, ch.challenged_by_id, e.id AS election,
       c.number AS case FROM challenges_challenge ch JOIN elections_election e ON e.id = ch.election_id
JOIN elections_case c ON c.id = e.case_id WHERE c.number = %s ORDER BY ch.id LIMIT 50
"""
OBJECTIONS_FLOOR_SQL = """
SELECT o.id, o.number, o.category, o.statement, o.status, o.filed_at, t.prepared_at AS tally_prepared_at,
       c.number AS case, c.rule_set, c.region,
       (SELECT json_agg(json_build_object('level', r.level, 'disposition', r.disposition,
                                          'decided_on', r.decided_on) ORDER BY r.decided_on, r.id)
          FROM objections_ruling r WHERE r.objection_id = o.id) AS rulings
FROM objections_objection o JOIN elections_election e ON e.id = o.election_id
JOIN elections_case c ON c.id = e.case_id JOIN elections_tally t ON t.id = o.answers_tally_id
WHERE c.number = %s ORDER BY o.id LIMIT 50
"""
# The timeline's records, each kind grouped as the timeline summarises it, in one query. The office's zone
# is taken as Eastern for every case (the call reads it from the case's region): the same work either way.
TIMELINE_FLOOR_SQL = """
SELECT c.number, c.case_type, c.rule_set, c.petition_filed_on,
  (SELECT json_agg(t ORDER BY e.sequence, t.revision) FROM elections_tally t
     JOIN elections_election e ON e.id = t.election_id WHERE e.case_id = c.id) AS tallies,
  (SELECT json_agg(g) FROM (SELECT ch.election_id, (ch.logged_at AT TIME ZONE 'America/New_York')::date AS day,
     ch.challenged_by_id, p.name, ch.ground, ch.resolved_on, ch.status, ch.resolution_method, count(*) AS n
     FROM challenges_challenge ch JOIN elections_election e ON e.id = ch.election_id
     LEFT JOIN elections_party p ON p.id = ch.challenged_by_id WHERE e.case_id = c.id
     GROUP BY 1, 2, 3, 4, 5, 6, 7, 8) g) AS challenges,
  (SELECT json_agg(g) FROM (SELECT o.election_id, (o.filed_at AT TIME ZONE 'America/New_York')::date AS day,
     o.filed_by_id, p.name, o.category, (o.withdrawn_at AT TIME ZONE 'America/New_York')::date AS withdrawn_on,
     count(*) AS n, min(o.number) AS first, max(o.number) AS last, min(o.filed_at) AS at, min(o.id) AS first_id
     FROM objections_objection o JOIN elections_election e ON e.id = o.election_id
     JOIN elections_party p ON p.id = o.filed_by_id WHERE e.case_id = c.id GROUP BY 1, 2, 3, 4, 5, 6) g) AS objections,
  (SELECT json_agg(g) FROM (SELECT o.election_id, r.level, r.decided_on, r.disposition, count(*) AS n,
     min(r.id) AS first_id FROM objections_ruling r JOIN objections_objection o ON o.id = r.objection_id
     JOIN elections_election e ON e.id = o.election_id WHERE e.case_id = c.id GROUP BY 1, 2, 3, 4) g) AS rulings,
  (SELECT json_agg(v ORDER BY v.occurred_on, v.id) FROM proceedings_proceedingevent v
     WHERE v.case_id = c.id AND NOT v.voided) AS events,
  (SELECT json_agg(d ORDER BY d.filed_on, d.id) FROM proceedings_docketentry d WHERE d.case_id = c.id) AS docket
FROM elections_case c WHERE c.number = %s
"""
# A Region's figures of "what to expect" (stats/stages/?region=N): the stored rows, one index scan.
STAGES_FLOOR_SQL = """
SELECT stage, region, fiscal_year, rule_set, case_type, n, median_days, q1_days, q3_days
FROM stats_stagefigure WHERE region = %s AND fiscal_year IS NULL AND rule_set IS NULL AND case_type IS NULL
ORDER BY stage
"""
DEADLINES_FLOOR_SQL = """
SELECT d.id, d.code, d.label, d.due_on, d.due_at, d.status, d.citation, d.verified FROM proceedings_deadline d
WHERE d.case_id IN (SELECT p.case_id FROM elections_appearance a JOIN elections_party p ON p.id = a.party_id
  WHERE a.user_id = %s) ORDER BY d.due_at LIMIT 50
"""


def machine() -> str:
    cpu = (
        next(
            (
                line.split(":", 1)[1].strip()
                for line in Path("/proc/cpuinfo").read_text().splitlines()
                if line.startswith("model name")
            ),
            "unknown CPU",
        )
        if Path("/proc/cpuinfo").exists()
        else "unknown CPU"
    )
    return f"{os.cpu_count()} cores, {cpu}; Python {sys.version.split()[0]}"


def markdown_table(results: dict[str, Any], levels: list[int]) -> str:
    """One line per call: floor, in-process, and each HTTP level (p50/p95/p99 ms, req/s), ratios to the floor."""
    head = ["call", "floor p50", "in-process p50 (×floor)"] + [
        f"HTTP c={c}: p50/p95/p99 (×floor), req/s" for c in levels
    ]
    lines = ["| " + " | ".join(head) + " |", "|" + " --- |" * len(head)]
    http_rows = {(r["call"], r["clients"]): r for r in results["http"]}

    def ratio(value: float | None) -> str:
        return f" ({value:.1f}×)" if value else ""

    for row in results["in_process"]:
        cells = [
            row["call"],
            f"{row['floor_p50_ms']:.2f}" if row["floor_p50_ms"] else "—",
            f"{row['p50_ms']:.2f}{ratio(row['ratio_to_floor'])}",
        ]
        for clients in levels:
            h = http_rows.get((row["call"], clients))
            cells.append(
                f"{h['p50_ms']:.1f}/{h['p95_ms']:.1f}/{h['p99_ms']:.1f}{ratio(h['ratio_to_floor'])}, "
                f"{h['throughput_rps']:.0f}"
                if h
                else "—"
            )
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument(
        "--scale", choices=sorted(SCALES), default="full", help="data set size (and database)"
    )
    parser.add_argument("--cases", type=int, help="cases in the data set (overrides --scale)")
    parser.add_argument("--requests", type=int, help="requests per line (default 300; 40 at small scale)")
    parser.add_argument("--rebuild", action="store_true")
    parser.add_argument("--skip-import", action="store_true")
    parser.add_argument("--skip-http", action="store_true", help="only the in-process figures")
    parser.add_argument("--clients", default="1,8,32", help="concurrent HTTP clients per level")
    parser.add_argument(
        "--http-cache",
        default=os.environ.get("BENCH_CACHE_URL", ""),
        help="the cache gunicorn's workers share, e.g. redis://127.0.0.1:6379/7 (production's Redis)",
    )
    parser.add_argument("--json", type=Path, help="where to write the figures (default bench/results/)")
    parser.add_argument(
        "--refresh-only", action="store_true", help="build the data set, time one stats refresh, stop"
    )
    args = parser.parse_args()
    args.cases = args.cases or SCALES[args.scale]
    args.requests = args.requests or (20 if args.scale == "small" else 300)

    print(f"database {BENCH_URL}; machine: {os.cpu_count()} cores; Python {sys.version.split()[0]}")
    call_command("migrate", verbosity=0)
    if args.rebuild or Case.objects.count() != args.cases:
        populate(args.cases)
    staff_token, counsel_token, counsel_cases = users(args.cases)
    with connection.cursor() as cursor:
        # Statistics for what the run itself wrote (the counsel's appearances, the tokens) and what tests or
        # earlier runs changed, as autovacuum keeps them in production: without them PostgreSQL took the
        # appearances for an empty table and scoped a counsel's case lookup by walking all 200 (1.9 ms, not
        # 0.6). The bench's own server runs with autovacuum off.
        cursor.execute("ANALYZE")
    from django.contrib.auth import get_user_model

    counsel_id = get_user_model().objects.get(username="bench-counsel").pk
    from stats.refresh import figures_refresh

    refreshed = figures_refresh()  # what to expect: the whole record's figures, as beat refreshes them
    print(f"stats refresh: {refreshed.observations:,} observations in {refreshed.seconds:.2f} s", flush=True)
    if args.refresh_only:  # issue 33: a refresh of the whole record under a minute on PostgreSQL
        return 0
    regions = list(
        StageFigure.objects.filter(region__isnull=False).values_list("region", flat=True).distinct()
    ) or [10]
    rng = random.Random(1)
    numbers = list(Case.objects.values_list("number", flat=True)[: args.cases : max(1, args.cases // 2000)])
    client = Client()
    pages = max(1, args.cases // 50)
    n = args.requests

    print(f"\n{args.cases:,} cases; {n} requests per line, in-process through the whole Django/DRF stack\n")
    staff_user = get_user_model().objects.get(username="bench-staff")
    counsel_user = get_user_model().objects.get(username="bench-counsel")
    write_for = case_write(staff_user)
    in_path = _writes_in(write_for, None)  # the case the path names
    any_case = _writes_in(write_for, lambda: rng.choice(numbers))  # staff's lists: every case
    counsel_case = _writes_in(write_for, lambda: rng.choice(counsel_cases))
    no_write: Callable[[str], None] = lambda path: None  # noqa: E731  (no write changes it: its entry dropped)
    rows = [
        (
            # What every call pays before it reads a row: middlewares, token, DRF's request and response.
            "GET stack floor (staff; reads nothing)",
            (staff_token, lambda: stack_floor.PATH),
            None,
            None,
            None,
        ),
        (
            "GET cases/{number}/status/ (staff)",
            (staff_token, lambda: f"/api/v1/cases/{rng.choice(numbers)}/status/"),
            sql_call(STATUS_FLOOR_SQL, lambda: [rng.choice(numbers)]),
            25,
            in_path,
        ),
        (
            "GET cases/{number}/status/ (counsel)",
            (counsel_token, lambda: f"/api/v1/cases/{rng.choice(counsel_cases)}/status/"),
            sql_call(STATUS_FLOOR_SQL, lambda: [rng.choice(counsel_cases)]),
            25,
            in_path,
        ),
        (
            "GET cases/?page=N (staff, 50 a page)",
            (staff_token, lambda: f"/api/v1/cases/?page={rng.randint(1, min(pages, 200))}"),
            sql_call(CASE_PAGE_FLOOR_SQL, lambda: [50 * rng.randint(0, min(pages, 200) - 1)]),
            50,
            any_case,
        ),
        ("GET cases/ (counsel)", (counsel_token, lambda: "/api/v1/cases/"), None, 50, counsel_case),
        (
            "GET challenges/?case= (staff)",
            (staff_token, lambda: f"/api/v1/challenges/?case={rng.choice(numbers)}"),
            sql_call(CHALLENGES_FLOOR_SQL, lambda: [rng.choice(numbers)]),
            50,
            in_path,
        ),
        (
            "GET objections/?case= (staff)",
            (staff_token, lambda: f"/api/v1/objections/?case={rng.choice(numbers)}"),
            sql_call(OBJECTIONS_FLOOR_SQL, lambda: [rng.choice(numbers)]),
            50,
            in_path,
        ),
        (
            "GET deadlines/ (counsel, all their cases)",
            (counsel_token, lambda: "/api/v1/deadlines/"),
            sql_call(DEADLINES_FLOOR_SQL, lambda: [counsel_id]),
            50,
            counsel_case,
        ),
        (
            "GET stats/stages/?region=N (staff)",
            (staff_token, lambda: f"/api/v1/stats/stages/?region={rng.choice(regions)}"),
            sql_call(STAGES_FLOOR_SQL, lambda: [rng.choice(regions)]),
            50,
            no_write,
        ),
        (
            "GET cases/{number}/timeline/ (staff)",
            (staff_token, lambda: f"/api/v1/cases/{rng.choice(numbers)}/timeline/"),
            sql_call(TIMELINE_FLOOR_SQL, lambda: [rng.choice(numbers)]),
            50,
            in_path,
        ),
    ]
    results: dict[str, Any] = {
        "machine": machine(),
        "cases": args.cases,
        "requests_per_line": n,
        "in_process": [],
        "http": [],
        # The machine is shared: what else it was doing, as the 1-, 5- and 15-minute load averages.
        "load_average": {"start": list(os.getloadavg())},
        "stats_refresh": {"seconds": refreshed.seconds, "observations": refreshed.observations},
    }
    stack_samples: list[float] = []
    for label, (token, path_for), floor, target, write_before in rows:
        if write_before is None:  # the stack floor: nothing to tag
            stack_samples = timed(label, n, api_call(client, token, path_for))
            results["in_process"].append(report(label, stack_samples, None, None))
            continue
        modes = conditional_calls(client, token, path_for, n, write_before)
        floor_samples = timed(label, n, floor) if floor else None
        # the call's figures: a cold read, the first after a write
        row = report(label, modes["cold"], floor_samples, target, shown=f"{label} cold")
        print(_line(f"{label} warm", modes["warm"], floor_samples), flush=True)
        print(_line(f"{label} 304", modes["not_modified"], stack_samples, "stack floor"), flush=True)
        for mode in ("warm", "not_modified"):
            row[f"{mode}_p50_ms"] = statistics.median(modes[mode])
            row[f"{mode}_p95_ms"] = _q(modes[mode], 95)
            row[f"{mode}_p99_ms"] = _q(modes[mode], 99)
        row["warm_ratio_to_floor"] = row["warm_p50_ms"] / row["floor_p50_ms"] if floor_samples else None
        row["not_modified_ratio_to_stack_floor"] = row["not_modified_p50_ms"] / statistics.median(
            stack_samples
        )
        results["in_process"].append(row)
    print(
        "\nwrites, each through its service under a case of its own (rolled back at the end), then the answers "
        "it changed built (bench/writes.py)",
        flush=True,
    )
    timed_writes = writes.time_writes(n, staff_user, counsel_user, "http://testserver")
    results["writes"] = []
    for name, modes in timed_writes.items():
        write_ms, bodies_ms = modes["write"], modes["bodies"]
        results["writes"].append(
            {
                "call": name,
                "p50_ms": statistics.median(write_ms),
                "p95_ms": _q(write_ms, 95),
                "bodies_p50_ms": statistics.median(bodies_ms),
                "bodies_p95_ms": _q(bodies_ms, 95),
            }
        )
        print(
            f"{'write: ' + name:44} p50 {statistics.median(write_ms):7.2f}  p95 {_q(write_ms, 95):7.2f} ms"
            f"   | bodies built after it p50 {statistics.median(bodies_ms):7.2f}  p95 {_q(bodies_ms, 95):7.2f} ms",
            flush=True,
        )
    stack_p50 = results["in_process"][0]["p50_ms"]
    print(
        f"\nabove the stack floor ({stack_p50:.2f} ms): each call's p50 less the stack floor's, next to its floor"
    )
    for row in results["in_process"][1:]:
        row["above_stack_floor_ms"] = row["p50_ms"] - stack_p50
        floor_p50 = f"{row['floor_p50_ms']:6.2f}" if row["floor_p50_ms"] else "     —"
        print(
            f"{row['call']:44} {row['above_stack_floor_ms']:7.2f} ms   | floor p50 {floor_p50} ms", flush=True
        )

    if not args.skip_http:
        levels = [int(c) for c in args.clients.split(",")]
        print(
            f"\nover HTTP, warm reads: gunicorn, production settings, {http_load.WORKERS} sync workers, cache "
            f"{args.http_cache or 'in each process'}; {n} requests per line and level over "
            f"{HTTP_PATHS} paths per call, each read once before; clients {levels}\n",
            flush=True,
        )
        results["http_reads"] = "warm"
        with http_load.gunicorn(BENCH_URL, cache_url=args.http_cache) as port:
            for (label, (token, path_for), *_), in_process in zip(rows, results["in_process"], strict=True):
                pool = [path_for() for _ in range(HTTP_PATHS)]
                for path in pool:  # into the cache (every worker's, when it is Redis)
                    http_load.fetch(port, path, token)
                for clients in levels:
                    pick: Callable[[], str] = functools.partial(rng.choice, pool)
                    figures: dict[str, Any] = http_load.measure(port, token, pick, clients, n)
                    figures["call"] = label
                    floor_p50 = in_process["floor_p50_ms"]
                    figures["ratio_to_floor"] = figures["p50_ms"] / floor_p50 if floor_p50 else None
                    results["http"].append(figures)
                    print(
                        f"{label:44} c={clients:<3} {figures['throughput_rps']:7.1f} req/s  "
                        f"p50 {figures['p50_ms']:7.2f}  p95 {figures['p95_ms']:7.2f}  p99 {figures['p99_ms']:7.2f} ms",
                        flush=True,
                    )
        print()
        print(markdown_table(results, levels))

    results["load_average"]["end"] = list(os.getloadavg())
    print("\nload average: start {start}, end {end}".format(**results["load_average"]))
    out: Path = (
        args.json or ROOT / "bench" / "results" / f"bench-{args.scale}-{datetime.now():%Y%m%dT%H%M%S}.json"
    )
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, indent=2))
    print(f"\nfigures written to {out}")

    if not args.skip_import:
        print("\n10,000-row challenge CSV import (bench/challenge_import.py):", flush=True)
        subprocess.run(
            [
                sys.executable,
                str(ROOT / "bench" / "challenge_import.py"),
                "--rows",
                "1000" if args.scale == "small" else "10000",
                "--repeat",
                "1" if args.scale == "small" else "3",
            ],
            env={**os.environ, "DATABASE_URL": BENCH_URL.rsplit("/", 1)[0] + "/nlrb_bench_import"},
            check=False,
        )
    print(
        f"\nfinished {datetime.now():%Y-%m-%d %H:%M}; figures are from this machine and this run ({date.today()})."
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
