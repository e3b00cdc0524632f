"""Issuing, rotating and checking API tokens (the only writes to ``ApiToken``)."""

from __future__ import annotations

from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from access import token_cache
from access.models import PREFIX_LENGTH, ApiToken, digest, new_key
from core import clock
from core.errors import TransitionNotAllowed

RACED = (
    "Your API token was replaced by another rotation at the same moment: the key that rotation returned "
    "is the one that works. Nothing was changed by this call."
)


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


@transaction.atomic
def token_rotate(*, presented: str | None, actor: Any) -> str:
    """Replace ``actor``'s token with a new key, only if it is still the one they presented (compare and
    swap): ``presented`` is the digest of the key the call was authenticated with, or None for a session
    (then the token as read at the start of this call, or none). Two rotations racing with one key cannot
    both return a key: the second finds the token changed and is refused (409), so every key this returns
    works until the next rotation."""
    if presented is None:
        presented = ApiToken.objects.filter(user=actor).values_list("key_digest", flat=True).first()
    key = new_key()
    fields = {"key_digest": digest(key), "prefix": key[:PREFIX_LENGTH], "created_at": clock.now()}
    if presented is None:
        try:
            with transaction.atomic():  # a savepoint: the first token, unless another call made it meanwhile
                ApiToken.objects.create(user=actor, **fields)
        except IntegrityError:
            raise TransitionNotAllowed(RACED) from None
        return key
    if not ApiToken.objects.filter(user=actor, key_digest=presented).update(**fields):
        raise TransitionNotAllowed(RACED)
    token_cache.forget(presented)  # the old key answers 401 from now on, in every process
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
