from __future__ import annotations

from typing import Any

from rest_framework import serializers


class IssuedTokenSerializer(serializers.Serializer[Any]):
    token = serializers.CharField(help_text="The new key: shown this once, never stored in clear")
    created_at = serializers.DateTimeField()
    expires_at = serializers.DateTimeField(
        allow_null=True, help_text="After this the key answers 401 (null: no expiry configured)"
    )
