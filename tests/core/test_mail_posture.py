"""E-mail in production goes to a real mail server or nowhere: never to the console, where gunicorn's log
would print every notice, side notes' text included. And the demo never loads into production unasked."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from django.core.management import CommandError, call_command

from core import checks
from elections.models import Case

ROOT = Path(__file__).resolve().parents[2]


def deploy_check(**env: str) -> subprocess.CompletedProcess[str]:
    # (The browser tests set DJANGO_ALLOW_ASYNC_UNSAFE in this process, which the deploy check refuses.)
    unset = {"DJANGO_SETTINGS_MODULE", "EMAIL_URL", "DJANGO_ALLOW_ASYNC_UNSAFE"}
    environ = {k: v for k, v in os.environ.items() if k not in unset}
    environ.update(
        {
            "DJANGO_SECRET_KEY": "probe-" + "x" * 60,
            "DJANGO_ALLOWED_HOSTS": "tracker.example.org",
            "DATABASE_URL": "sqlite:///:memory:",
            "CACHE_URL": "redis://127.0.0.1:6379/1",
            **env,
        }
    )
    return subprocess.run(
        [
            sys.executable,
            "manage.py",
            "shell",
            "-v0",
            "--settings=config.settings.production",
            "-c",
            "from django.conf import settings; from django.core.management import call_command; "
            "print(settings.EMAIL_BACKEND); "
            "call_command('check', deploy=True, fail_level='WARNING')",
        ],
        cwd=ROOT,
        env=environ,
        capture_output=True,
        text=True,
        timeout=120,
    )


@pytest.mark.parametrize("email_url", [None, ""])
def test_production_without_a_mail_server_fails_the_deploy_check_and_prints_nothing(
    email_url: str | None,
) -> None:
    result = deploy_check(**({} if email_url is None else {"EMAIL_URL": email_url}))
    assert result.stdout.splitlines()[0] == "core.mail.UnconfiguredBackend"  # not the console
    assert result.returncode != 0
    assert "core.E001" in result.stderr


def test_production_with_a_mail_server_passes_the_deploy_check() -> None:
    result = deploy_check(EMAIL_URL="smtp://tracker:secret@mail.example.org:587")
    assert result.stdout.splitlines()[0] == "django.core.mail.backends.smtp.EmailBackend"
    assert result.returncode == 0, result.stderr[-2000:]


@pytest.mark.parametrize(
    "backend",
    ["django.core.mail.backends.console.EmailBackend", "django.core.mail.backends.locmem.EmailBackend"],
)
def test_a_backend_that_delivers_no_mail_fails_the_deploy_check(settings, backend: str) -> None:
    settings.EMAIL_BACKEND = backend
    assert [e.id for e in checks.real_mail_server(None)] == ["core.E001"]
    settings.EMAIL_BACKEND = "django.core.mail.backends.filebased.EmailBackend"  # a local MTA's pickup
    assert checks.real_mail_server(None) == []


@pytest.mark.django_db
def test_load_demo_refuses_production_settings_unless_told(settings) -> None:
    settings.PRODUCTION = True
    with pytest.raises(CommandError, match="--allow-production"):
        call_command("load_demo")
    assert not Case.objects.exists()
