"""Issuing, rotating and checking API tokens (the only writes to ``ApiToken``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from access import token_cache
from access.models import PREFIX_LENGTH, ApiToken, digest, new_key
from core import clock


@transaction.atomic
def token_issue(*, user: Any) -> str:
    """A new key for ``user``, replacing any earlier one (which answers 401 from now on). The key is
    returned once and never stored."""
    key = new_key()
    replaced = ApiToken.objects.filter(user=user).values_list("key_digest", flat=True).first()
    ApiToken.objects.update_or_create(
        user=user,
        defaults={"key_digest": digest(key), "prefix": key[:PREFIX_LENGTH], "created_at": clock.now()},
    )
    if replaced:
        token_cache.forget(replaced)  # the old key answers 401 from now on, in every process
    return key


def token_max_age() -> timedelta | None:
    days = getattr(settings, "API_TOKEN_MAX_AGE_DAYS", 0)
    return timedelta(days=days) if days else None


def token_expired(token: ApiToken) -> bool:
    age = token_max_age()
    return age is not None and token.created_at + age <= clock.now()


def token_lookup(key: str) -> ApiToken | None:
    """The token whose key this is (any age), or None; remembered for a while (``access/token_cache.py``)."""
    if not key.isascii() or not key.isalnum() or len(key) > 128:
        return None  # not a key we issue; also keeps NULs and surrogates away from the database
    key_digest = digest(key)
    token = token_cache.remembered(key_digest)
    if token is None:
        token = ApiToken.objects.select_related("user").filter(key_digest=key_digest).first()
        if token is not None:
            token_cache.remember(token)
    return token
