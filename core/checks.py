"""Deployment check: e-mail goes to a real mail server (``EMAIL_URL``), never to the console."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Error, Tags, register

from core.mail import NOT_DELIVERING


@register(Tags.security, deploy=True)
def real_mail_server(app_configs: Any, **kwargs: Any) -> list[Error]:
    backend = str(settings.EMAIL_BACKEND)
    if backend.startswith(NOT_DELIVERING):
        return [
            Error(
                f"E-mail is not delivered ({backend}): notices would be lost or printed to the log, side "
                "notes' text included.",
                hint="Set EMAIL_URL to the mail server (smtp://user:password@host:587, submit+tls://…).",
                id="core.E001",
            )
        ]
    return []
