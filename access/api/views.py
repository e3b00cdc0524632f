"""The owner's own API token: rotate it (the old key answers 401 from the next call)."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.api.serializers import IssuedTokenSerializer
from access.models import ApiToken, digest
from access.tokens import token_max_age, token_rotate
from core.api import schema
from core.api.inputs import NoInput


@extend_schema(tags=["auth"])
class TokenRotateView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=NoInput,
        responses=schema.writing(IssuedTokenSerializer),
    )
    def post(self, request: Request) -> Response:
        NoInput(data=request.data).is_valid(raise_exception=True)  # a body says nothing here
        presented = request.auth.key_digest if isinstance(request.auth, ApiToken) else None
        key = token_rotate(presented=presented, actor=request.user)
        token = ApiToken.objects.get(key_digest=digest(key))
        age = token_max_age()
        body = {
            "token": key,
            "created_at": token.created_at,
            "expires_at": token.created_at + age if age else None,
        }
        return Response(IssuedTokenSerializer(body).data, status=status.HTTP_201_CREATED)
