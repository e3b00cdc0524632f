"""``Authorization: Token <key>`` as DRF's authtoken reads it, checked against the stored digest."""

from __future__ import annotations

from typing import Any

from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication

from access.tokens import token_expired, token_lookup


class HashedTokenAuthentication(TokenAuthentication):
    keyword = "Token"

    def authenticate_credentials(self, key: str) -> tuple[Any, Any]:
        token = token_lookup(key)
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        if token_expired(token):
            raise exceptions.AuthenticationFailed(
                "Token expired; sign in and POST /api/v1/auth/token/rotate/ for a new one."
            )
        return token.user, token
