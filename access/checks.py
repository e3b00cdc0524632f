"""Deployment check: the sign-in lockout and the throttles need a cache that every worker shares."""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.core.checks import Tags, Warning, register

PER_PROCESS = ("locmem", "dummy")


@register(Tags.security, deploy=True)
def shared_cache(app_configs: Any, **kwargs: Any) -> list[Warning]:
    backend = settings.CACHES["default"]["BACKEND"].lower()
    if any(kind in backend for kind in PER_PROCESS):
        return [
            Warning(
                "The cache is per process: each gunicorn worker would count sign-in failures and API calls on "
                "its own, multiplying what a guesser may try.",
                hint="Set CACHE_URL (or a redis:// CELERY_BROKER_URL) to a Redis every worker shares.",
                id="access.W001",
            )
        ]
    return []
