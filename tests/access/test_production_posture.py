"""Production posture: no published demo passwords, DEBUG off by default, a Content-Security-Policy, the
schema and docs behind sign-in, the lockout and throttles counting in Redis."""

from __future__ import annotations

import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.contrib.auth import authenticate, get_user_model
from django.core.management import call_command
from rest_framework.test import APIClient

from elections import demo as elections_demo

ROOT = Path(__file__).resolve().parents[2]


def _load_demo() -> dict[str, list[str]]:
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    rows = {}
    for line in out.getvalue().splitlines():
        parts = line.split()
        if (
            parts
            and parts[0] in {"staff", "union-counsel", "employer-counsel", "paralegal"}
            and len(parts) > 2
        ):
            rows[parts[0]] = parts
    return rows


@pytest.mark.django_db
def test_under_production_settings_load_demo_sets_random_passwords_shown_once(settings) -> None:
    settings.DEMO_PUBLISHED_PASSWORDS = False
    first = _load_demo()
    assert set(first) == {"staff", "union-counsel", "employer-counsel", "paralegal"}
    for username, (_, password, token, *_) in first.items():
        assert password != f"{username}-demo-2021"
        assert authenticate(username=username, password=f"{username}-demo-2021") is None
        assert authenticate(username=username, password=password) is not None
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
        assert client.get("/api/v1/cases/").status_code == 200
    again = _load_demo()
    assert {row[1] for row in again.values()} == {"(unchanged)"}
    assert {row[2] for row in again.values()} == {"(unchanged)"}
    staff_token = first["staff"][2]
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {staff_token}")
    assert client.get("/api/v1/cases/").status_code == 200  # a second run revokes nothing


@pytest.mark.django_db
def test_on_a_laptop_every_run_issues_a_working_token_for_each_demo_user(settings) -> None:
    """load_demo prints what load_users returns; only a newly issued key can be shown."""
    settings.DEMO_PUBLISHED_PASSWORDS = True
    first = {u.username: u for u in elections_demo.load_users()}
    again = {u.username: u for u in elections_demo.load_users()}
    for username, user in again.items():
        assert user.password == f"{username}-demo-2021"
        assert user.token != first[username].token
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {user.token}")
        assert client.get("/api/v1/cases/").status_code == 200, username
    assert get_user_model().objects.filter(username="paralegal").count() == 1


PROBE = """
import json, django
django.setup()
from django.conf import settings
from django.test import Client, override_settings
# No collectstatic here: plain static storage instead of the manifest one (which 500s without it).
override_settings(STORAGES={**settings.STORAGES, "staticfiles": {
    "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}}).enable()
c = Client()
out = {"debug": settings.DEBUG, "cache": settings.CACHES["default"]["BACKEND"]}
for path in ("/api/v1/health/", "/api/v1/schema/", "/api/v1/docs/"):
    r = c.get(path, secure=True)
    out[path] = [r.status_code, r.get("Content-Security-Policy", "")]
print(json.dumps(out))
"""


def _probe(**env: str) -> dict:
    environ = {
        k: v
        for k, v in os.environ.items()
        if k not in {"DJANGO_SETTINGS_MODULE", "CACHE_URL", "API_DOCS_PUBLIC"}
    }
    environ.update(
        {
            "DJANGO_SECRET_KEY": "probe-" + "x" * 60,
            "DJANGO_ALLOWED_HOSTS": "testserver",
            "DATABASE_URL": "sqlite:///:memory:",
            "CELERY_BROKER_URL": "",
            **env,
        }
    )
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            "import manage, os; os.environ.setdefault('DJANGO_SETTINGS_MODULE', "
            "'config.settings.production'); exec(compile(" + repr(PROBE) + ", 'probe', 'exec'))",
        ],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode == 0, result.stderr[-2000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_production_sends_a_csp_keeps_the_schema_behind_sign_in_and_counts_in_redis() -> None:
    seen = _probe(CELERY_BROKER_URL="redis://127.0.0.1:6379/6", CELERY_TASK_ALWAYS_EAGER="true")
    assert seen["cache"] == "django.core.cache.backends.redis.RedisCache"  # shared by every worker
    assert seen["debug"] is False
    _, policy = seen["/api/v1/health/"]  # 200, or 503 when the probe's database has no tables
    assert "default-src 'self'" in policy and "script-src 'self'" in policy
    assert seen["/api/v1/schema/"][0] == 401
    assert seen["/api/v1/docs/"][0] == 401


def test_production_may_publish_the_schema_and_docs_when_configured() -> None:
    seen = _probe(API_DOCS_PUBLIC="true")
    assert seen["/api/v1/schema/"][0] == 200
    assert seen["/api/v1/docs/"][0] == 200


def test_manage_py_and_celery_default_to_production_settings() -> None:
    environ = {
        k: v for k, v in os.environ.items() if k not in {"DJANGO_SETTINGS_MODULE", "DJANGO_SECRET_KEY"}
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr
    celery = subprocess.run(
        [sys.executable, "-c", "import os, config.celery; print(os.environ['DJANGO_SETTINGS_MODULE'])"],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert celery.stdout.strip() == "config.settings.production"
