"""Remembered token lookups: the token (with its user) for a key digest, kept in Django's cache so that an
authenticated call does not pay a database round trip for its credentials.

Shared by every process in production (the cache is Redis there), and forgotten whenever what it holds
changes through the ORM: a token issued, rotated or deleted, a user saved or deleted (``is_active``,
``is_staff``…). A change that bypasses the ORM's signals (``QuerySet.update`` on users) is seen within
``API_TOKEN_CACHE_SECONDS`` (0 turns the cache off). Like the throttles, it fails open when the cache
cannot be reached (and only then: ``core.cache_errors``): every lookup goes to the database."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import transaction
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from core.cache_errors import CACHE_UNREACHABLE

if TYPE_CHECKING:
    from access.models import ApiToken

logger = logging.getLogger(__name__)


def _seconds() -> int:
    return int(getattr(settings, "API_TOKEN_CACHE_SECONDS", 60))


def _key(key_digest: str) -> str:
    return "access:token:" + key_digest


def remembered(key_digest: str) -> ApiToken | None:
    if not _seconds():
        return None
    try:
        token: ApiToken | None = cache.get(_key(key_digest))
        return token
    except CACHE_UNREACHABLE:
        logger.warning("token cache unavailable; reading the database", exc_info=True)
        return None


def remember(token: ApiToken) -> None:
    seconds = _seconds()
    if not seconds:
        return
    try:
        cache.set(_key(token.key_digest), token, timeout=seconds)
    except CACHE_UNREACHABLE:
        logger.warning("token cache unavailable; not remembered", exc_info=True)


def forget(*digests: str) -> None:
    """Forget these lookups now, and again when the transaction that changed them commits: a request in
    another process that read the old row before the commit may have remembered it meanwhile."""
    keys = [_key(d) for d in digests if d]
    if not keys or not _seconds():
        return  # nothing was remembered
    _delete(keys)
    if transaction.get_connection().in_atomic_block:
        transaction.on_commit(lambda: _delete(keys))


def _delete(keys: list[str]) -> None:
    try:
        cache.delete_many(keys)
    except CACHE_UNREACHABLE:  # an entry that outlives its change expires within API_TOKEN_CACHE_SECONDS
        logger.warning("token cache unavailable; an entry is not forgotten", exc_info=True)


def forget_user(user_pk: Any) -> None:
    if not _seconds():
        return
    from access.models import ApiToken

    forget(*ApiToken.objects.filter(user_id=user_pk).values_list("key_digest", flat=True))


@receiver(post_save, sender="access.ApiToken")
@receiver(post_delete, sender="access.ApiToken")
def _token_changed(sender: Any, instance: ApiToken, **_: Any) -> None:
    forget(instance.key_digest)


def _user_changed(sender: Any, instance: Any, update_fields: Any = None, **_: Any) -> None:
    if update_fields is not None and set(update_fields) <= {"last_login"}:
        return  # every sign-in saves last_login: nothing a remembered token answers with has changed
    forget_user(instance.pk)


# A user deleted takes its token with it (CASCADE), whose own post_delete forgets it.
post_save.connect(_user_changed, sender=get_user_model(), dispatch_uid="access.token_cache.user_saved")
