"""DRF throttles per user and for anonymous calls, with rates read from the settings at call time (so
tests can change them) and failing open when the cache cannot be reached: a Redis outage must not turn
into a 500 on every call, nor block the API. Only that: any other error (a bug) is raised, never taken for
an outage that silently turns the throttles off. Addresses are ``access.addresses.client_address``."""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from rest_framework.request import Request
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle

from access.addresses import client_address
from core.cache_errors import CACHE_UNREACHABLE

logger = logging.getLogger(__name__)

OFF = {"", "off", "none", "0"}


def _rate(name: str) -> str | None:
    value = getattr(settings, name, None)
    return None if value is None or str(value).strip().lower() in OFF else str(value)


class _FailOpen:
    def allow_request(self, request: Request, view: Any) -> bool:
        try:
            return bool(super().allow_request(request, view))  # type: ignore[misc]
        except CACHE_UNREACHABLE:
            logger.warning("API throttle: cache unavailable; not enforced", exc_info=True)
            return True

    def get_ident(self, request: Request) -> str:
        return client_address(request)


class AnonymousThrottle(_FailOpen, AnonRateThrottle):
    """Calls without credentials, per client address (``API_THROTTLE_ANON``)."""

    def get_rate(self) -> str | None:
        return _rate("API_THROTTLE_ANON")


class UserThrottle(_FailOpen, UserRateThrottle):
    """Calls of one signed-in user, whichever token or session they use (``API_THROTTLE_USER``)."""

    def get_rate(self) -> str | None:
        return _rate("API_THROTTLE_USER")

    def get_cache_key(self, request: Request, view: Any) -> str | None:
        # DRF's UserRateThrottle also counts anonymous calls, per address: AnonymousThrottle does that
        # already, so without this an anonymous call was counted twice (two more cache round trips).
        if not request.user or not request.user.is_authenticated:
            return None
        return super().get_cache_key(request, view)
