"""API tokens stored as a hash: a database dump (or a backup) holds no usable credential.

The key itself is shown once, when it is issued; the table keeps its SHA-256 digest and the first
characters (to tell tokens apart in the admin). A plain digest is enough — no slow password hash — because
the key is 160 random bits, not something a person chose: there is nothing to guess, and the digest can be
looked up by index on every request."""

from __future__ import annotations

import hashlib
import secrets

from django.conf import settings
from django.db import models

KEY_BYTES = 20  # 40 hex characters: the same shape as DRF's authtoken keys
PREFIX_LENGTH = 8


def new_key() -> str:
    return secrets.token_hex(KEY_BYTES)


def digest(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


class ApiToken(models.Model):
    """One token per user: issuing a new one (rotation) replaces the old, which stops working at once."""

    user = models.OneToOneField(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="api_token")
    key_digest = models.CharField(max_length=64, unique=True, editable=False)
    prefix = models.CharField(
        max_length=PREFIX_LENGTH, editable=False, help_text="The key's first characters"
    )
    created_at = models.DateTimeField(help_text="When the key was issued: its age counts from here")

    class Meta:
        verbose_name = "API token"

    def __str__(self) -> str:
        return f"{self.prefix}… ({self.user})"
