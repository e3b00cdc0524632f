"""Issuing, rotating and checking API tokens (the only writes to ``ApiToken``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction

from access.models import PREFIX_LENGTH, ApiToken, digest, new_key
from core import clock


@transaction.atomic
def token_issue(*, user: Any) -> str:
    """A new key for ``user``, replacing any earlier one (which answers 401 from now on). The key is
    returned once and never stored."""
    key = new_key()
    ApiToken.objects.update_or_create(
        user=user,
        defaults={"key_digest": digest(key), "prefix": key[:PREFIX_LENGTH], "created_at": clock.now()},
    )
    return key


def token_max_age() -> timedelta | None:
    days = getattr(settings, "API_TOKEN_MAX_AGE_DAYS", 0)
    return timedelta(days=days) if days else None


def token_expired(token: ApiToken) -> bool:
    age = token_max_age()
    return age is not None and token.created_at + age <= clock.now()


def token_lookup(key: str) -> ApiToken | None:
    """The token whose key this is (any age), or None."""
    if not key.isascii() or not key.isalnum() or len(key) > 128:
        return None  # not a key we issue; also keeps NULs and surrogates away from the database
    return ApiToken.objects.select_related("user").filter(key_digest=digest(key)).first()
