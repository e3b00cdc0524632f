"""Sign-in lockout: after repeated failed sign-ins for one user name or from one address, every sign-in
attempt for it — even with the right password — is refused with 429 until the lockout ends.

State lives in Django's cache, not a table: counters that expire by themselves are what a cache is for,
and a failed guess should cost no database write. The cache must be shared by every process that serves
sign-ins, or each gunicorn worker counts on its own (production settings point it at Redis). When the
cache is unreachable the guard fails open — sign-in keeps working, and the failure is logged — because a
Redis outage must not lock every user out.

Counted through Django's ``user_login_failed`` signal, so the admin's login, ``api-auth/login/`` and any
other ``authenticate()`` call count alike; ``LockoutBackend`` (Django's model backend, in its place)
refuses every ``authenticate()`` during a lockout, and ``LoginLockoutMiddleware`` answers the login forms
with 429 and ``Retry-After`` before they run."""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from django.conf import settings
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve

from access.throttling import AnonymousThrottle

logger = logging.getLogger(__name__)

LOGIN_VIEWS = {"admin:login", "rest_framework:login", "desk:sign-in"}


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def client_address(request: HttpRequest | None) -> str:
    """The client's address as DRF's throttles see it (``NUM_PROXIES`` decides how far to trust
    ``X-Forwarded-For``)."""
    if request is None:
        return ""
    return str(AnonymousThrottle().get_ident(request) or "")  # type: ignore[arg-type]


def _user_key(username: str) -> str:
    folded = username.strip().casefold().encode("utf-8", "replace")
    return "access:login:user:" + hashlib.sha256(folded).hexdigest()


def _address_key(address: str) -> str:
    return "access:login:addr:" + hashlib.sha256(address.encode("utf-8", "replace")).hexdigest()


def _keys(username: str | None, request: HttpRequest | None) -> list[tuple[str, int]]:
    keys = []
    if username:
        keys.append((_user_key(username), _limit("LOGIN_FAILURES_PER_USER", 5)))
    address = client_address(request)
    if address:
        keys.append((_address_key(address), _limit("LOGIN_FAILURES_PER_ADDRESS", 20)))
    return keys


def locked_for(username: str | None, request: HttpRequest | None) -> int:
    """Seconds left of the lockout on this user name or address (0: not locked): one cache round trip
    for both."""
    try:
        locks = [key + ":locked" for key, _ in _keys(username, request)]
        until = max(cache.get_many(locks).values(), default=None)
        if until is not None:
            return max(1, int(until - time.time()))
    except Exception:  # the cache is down: fail open (see the module's docstring)
        logger.warning("sign-in lockout: cache unavailable; not enforced", exc_info=True)
    return 0


def record_failure(username: str | None, request: HttpRequest | None) -> None:
    lockout = _limit("LOGIN_LOCKOUT_SECONDS", 900)
    try:
        for key, limit in _keys(username, request):
            cache.add(key, 0, timeout=lockout)
            try:
                failures = cache.incr(key)
            except ValueError:  # expired between add and incr
                cache.set(key, 1, timeout=lockout)
                failures = 1
            if failures >= limit:
                cache.set(key + ":locked", time.time() + lockout, timeout=lockout)
                logger.warning("sign-in locked for %s s after %s failures (%s)", lockout, failures, key[:30])
    except Exception:
        logger.warning("sign-in lockout: cache unavailable; failure not counted", exc_info=True)


def reset_user(username: str) -> None:
    try:
        cache.delete(_user_key(username))
    except Exception:
        logger.warning("sign-in lockout: cache unavailable", exc_info=True)


@receiver(user_login_failed)
def _count_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **_: Any
) -> None:
    username = credentials.get("username")
    record_failure(username if isinstance(username, str) else None, request)


@receiver(user_logged_in)
def _forget_failures(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    reset_user(user.get_username())


class LockoutBackend(ModelBackend):
    """Django's own user-and-password check, refused outright during a lockout: no sign-in surface
    (present or added later) that calls ``authenticate()`` lets a guess through, not even a right one."""

    def authenticate(
        self,
        request: HttpRequest | None,
        username: str | None = None,
        password: str | None = None,
        **kwargs: Any,
    ) -> Any:
        if locked_for(username, request):
            raise PermissionDenied("Too many failed sign-ins; try again later.")
        return super().authenticate(request, username=username, password=password, **kwargs)


class LoginLockoutMiddleware:
    """A sign-in form posted during a lockout: 429 with ``Retry-After``, before the form is checked."""

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        if request.method == "POST" and _is_login(request.path_info):
            username = request.POST.get("username")
            wait = locked_for(username, request)
            if wait:
                message = f"Too many failed sign-ins; try again in {wait} seconds."
                response: HttpResponse
                if "json" in request.headers.get("Accept", ""):
                    response = JsonResponse({"detail": message}, status=429)
                else:  # a person at a login form
                    response = HttpResponse(
                        f"<!doctype html><title>Locked</title><p>{message}</p>", status=429
                    )
                response["Retry-After"] = str(wait)
                return response
        return self.get_response(request)


def _is_login(path: str) -> bool:
    try:
        return resolve(path).view_name in LOGIN_VIEWS
    except Resolver404:
        return False
