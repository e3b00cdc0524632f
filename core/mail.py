"""The mail transport as the outbox sees it: send one notice under its idempotency key, and ask whether a
key was already handed over.

Every attempt at a notice carries the same ``Message-ID`` (built from the row's idempotency key, which is
committed before any send), so a copy sent twice is recognisably the same message. After a worker died in
the middle of a hand-over, ``handed_over`` asks the transport whether that Message-ID reached it:

- the file backend (a pickup directory for a local MTA, and the fault tests) and the in-memory backend can
  answer, so a notice the dead worker had handed over is confirmed, not sent again;
- SMTP cannot be asked: the notice is sent again with the same Message-ID (receiving servers and mail
  clients collapse copies with one Message-ID). That is the one case left at-least-once, and only when a
  worker dies in the milliseconds between the server's acceptance and our commit.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.core import mail
from django.core.exceptions import ImproperlyConfigured
from django.core.mail import EmailMessage
from django.core.mail.backends import filebased, locmem
from django.core.mail.backends.base import BaseEmailBackend
from django.utils.module_loading import import_string

from core.text import one_line


def message_id(idempotency_key: Any) -> str:
    host = urlsplit(settings.SITE_URL).hostname or "nlrb-tracker.invalid"
    return f"<notice-{idempotency_key}@{host}>"


def send_notice(*, idempotency_key: Any, subject: str, body: str, to: str) -> None:
    """Hand one notice to the configured transport; raises whatever the transport raises. The subject is made
    one line again here: a row queued before ``core.outbox`` did so is still delivered, not refused."""
    EmailMessage(
        one_line(subject),
        body,
        settings.DEFAULT_FROM_EMAIL,
        [to],
        headers={"Message-ID": message_id(idempotency_key)},
    ).send(fail_silently=False)


def handed_over(idempotency_key: Any) -> bool | None:
    """Whether the transport already holds this notice: True/False, or None when it cannot tell (SMTP)."""
    wanted = message_id(idempotency_key)
    backend = import_string(settings.EMAIL_BACKEND)
    if issubclass(backend, filebased.EmailBackend):  # before locmem's check: neither subclasses the other
        configured = getattr(settings, "EMAIL_FILE_PATH", None)
        if not configured:
            return None
        folder = Path(configured)
        needle = f"Message-ID: {wanted}".encode()
        return folder.is_dir() and any(
            needle in path.read_bytes() for path in folder.iterdir() if path.is_file()
        )
    if issubclass(backend, locmem.EmailBackend):
        return any(m.extra_headers.get("Message-ID") == wanted for m in getattr(mail, "outbox", []))
    return None


class UnconfiguredBackend(BaseEmailBackend):
    """Production without ``EMAIL_URL``: refuses every message (the notice stays in the outbox, counted as
    a failure) rather than print it anywhere."""

    def send_messages(self, email_messages: Any) -> int:
        raise ImproperlyConfigured("EMAIL_URL is not set: no mail server to hand notices to")


# Backends that do not deliver mail: the console prints it (to gunicorn's log, side notes and all), the
# others keep it in memory or drop it.
NOT_DELIVERING = (
    "django.core.mail.backends.console.",
    "django.core.mail.backends.locmem.",
    "django.core.mail.backends.dummy.",
    "core.mail.UnconfiguredBackend",
)
