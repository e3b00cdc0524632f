"""Sign-in lockout: after repeated failed sign-ins, every sign-in attempt for what they named — even with the
right password — is refused with 429 until the lockout ends. Three counters, so that a guesser cannot keep
a lawyer out of the tracker:

- a user name *from one address* (``LOGIN_FAILURES_PER_USER_AND_ADDRESS``, 5): the guesser's own attempts
  lock the guesser, not the owner, who signs in from elsewhere;
- an address, whatever the names (``LOGIN_FAILURES_PER_ADDRESS``, 20): one machine trying many names;
- a user name from anywhere (``LOGIN_FAILURES_PER_USER``, 50: many more than the pair): a guess spread over
  many addresses. This one does lock the owner out, so the owner is told by e-mail (through the outbox).

Addresses are ``access.addresses.client_address`` (``REMOTE_ADDR`` unless proxies of ours are configured):
a client's own ``X-Forwarded-For`` does not give it a fresh address per guess.

State lives in Django's cache, not a table: counters that expire by themselves are what a cache is for,
and a failed guess should cost no database write. The cache must be shared by every process that serves
sign-ins, or each gunicorn worker counts on its own (production settings point it at Redis). When the
cache cannot be reached the guard fails open — sign-in keeps working, and the failure is logged — because
a Redis outage must not lock every user out; any other error is raised (``core.cache_errors``).

Counted through Django's ``user_login_failed`` signal, so the admin's login, ``api-auth/login/`` and any
other ``authenticate()`` call count alike; ``LockoutBackend`` (Django's model backend, in its place)
refuses every ``authenticate()`` during a lockout, and ``LoginLockoutMiddleware`` answers the login forms
with 429 and ``Retry-After`` before they run.

django-axes (8.3.1) was measured for this and not used: it applies one failure limit to every lockout
parameter (a user name alone would lock as soon as the pair), and its cache handler raises when Redis is
down instead of failing open."""

from __future__ import annotations

import hashlib
import logging
import time
from typing import Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.backends import ModelBackend
from django.contrib.auth.signals import user_logged_in, user_login_failed
from django.core.cache import cache
from django.core.exceptions import PermissionDenied
from django.dispatch import receiver
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import Resolver404, resolve

from access import notices
from access.addresses import client_address
from core.cache_errors import CACHE_UNREACHABLE

logger = logging.getLogger(__name__)

LOGIN_VIEWS = {"admin:login", "rest_framework:login", "desk:sign-in"}


def _limit(name: str, default: int) -> int:
    return int(getattr(settings, name, default))


def _fold(username: str) -> str:
    return username.strip().casefold()


def _hash(*parts: str) -> str:
    return hashlib.sha256("\x00".join(parts).encode("utf-8", "replace")).hexdigest()


def _user_key(username: str) -> str:
    return "access:login:user:" + _hash(_fold(username))


def _pair_key(username: str, address: str) -> str:
    return "access:login:pair:" + _hash(_fold(username), address)


def _address_key(address: str) -> str:
    return "access:login:addr:" + _hash(address)


def _keys(username: str | None, request: HttpRequest | None) -> list[tuple[str, int]]:
    keys = []
    address = client_address(request)
    if username:
        keys.append((_user_key(username), _limit("LOGIN_FAILURES_PER_USER", 50)))
        if address:
            keys.append((_pair_key(username, address), _limit("LOGIN_FAILURES_PER_USER_AND_ADDRESS", 5)))
    if address:
        keys.append((_address_key(address), _limit("LOGIN_FAILURES_PER_ADDRESS", 20)))
    return keys


def locked_for(username: str | None, request: HttpRequest | None) -> int:
    """Seconds left of the lockout on this user name, address or pair (0: not locked): one cache round
    trip for all three."""
    try:
        locks = [key + ":locked" for key, _ in _keys(username, request)]
        until = max(cache.get_many(locks).values(), default=None)
        if until is not None:
            return max(1, int(until - time.time()))
    except CACHE_UNREACHABLE:  # the cache is down: fail open (see the module's docstring)
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
                logger.warning(
                    "sign-in locked for %s s after %s failures (%s, from %s)",
                    lockout,
                    failures,
                    key.split(":")[2],
                    client_address(request) or "no address",
                )
                if failures == limit and username and key == _user_key(username):
                    _tell_the_owner(username, failures=failures, seconds=lockout)
    except CACHE_UNREACHABLE:
        logger.warning("sign-in lockout: cache unavailable; failure not counted", exc_info=True)


def _tell_the_owner(username: str, *, failures: int, seconds: int) -> None:
    """The user name is locked from every address: its owner may be the one kept out, so they hear of it."""
    owner = get_user_model().objects.filter(username__iexact=_fold(username)).first()
    if owner is None:
        return
    notices.signin_locked(owner, failures=failures, seconds=seconds)


def reset_user(username: str, request: HttpRequest | None = None) -> None:
    """A sign-in succeeded: forget the failures of this user name, and of it from this address."""
    keys = [_user_key(username)]
    address = client_address(request)
    if address:
        keys.append(_pair_key(username, address))
    try:
        cache.delete_many(keys)
    except CACHE_UNREACHABLE:
        logger.warning("sign-in lockout: cache unavailable", exc_info=True)


@receiver(user_login_failed)
def _count_failure(
    sender: Any, credentials: dict[str, Any], request: HttpRequest | None = None, **_: Any
) -> None:
    username = credentials.get("username")
    record_failure(username if isinstance(username, str) else None, request)


@receiver(user_logged_in)
def _forget_failures(sender: Any, request: HttpRequest | None, user: Any, **_: Any) -> None:
    reset_user(user.get_username(), request)


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
