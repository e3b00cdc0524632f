"""GET /api/v1/health/: database and broker state, for load balancers and uptime checks."""

from __future__ import annotations

from typing import Any

from celery import current_app
from django.conf import settings
from django.db import Error as DatabaseFailure
from django.db import connection
from drf_spectacular.utils import extend_schema, inline_serializer
from kombu.exceptions import OperationalError as BrokerError
from rest_framework import serializers, status
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import delivery


@extend_schema(
    tags=["health"],
    auth=[],
    responses={
        200: inline_serializer(
            "Health",
            {
                "status": serializers.CharField(),
                "database": serializers.CharField(),
                "broker": serializers.CharField(),
                "notices_failing": serializers.IntegerField(
                    help_text="Unsent notices the mail server refused repeatedly"
                ),
            },
        ),
        503: inline_serializer(
            "HealthDown",
            {
                "status": serializers.CharField(),
                "database": serializers.CharField(),
                "broker": serializers.CharField(),
            },
        ),
    },
)
class HealthView(APIView):
    """Database and broker state, without authentication: for load balancers and uptime checks."""

    permission_classes = [AllowAny]
    authentication_classes: list[Any] = []
    throttle_classes: list[Any] = []  # load balancers poll it from one address; it reads nothing private

    def get(self, request: Request) -> Response:
        body: dict[str, Any] = {"status": "ok", "database": "ok", "broker": "inline"}
        try:
            with connection.cursor() as cursor:
                cursor.execute("SELECT 1")
            failing = delivery.failing().count()
        except DatabaseFailure:  # unreachable, or refusing: down (a coding error stays a loud 500)
            body["database"] = "down"
        if settings.CELERY_BROKER_URL and not settings.CELERY_TASK_ALWAYS_EAGER:
            body["broker"] = _broker_state()
        if body["database"] != "ok":
            body["status"] = "down"
            return Response(body, status=status.HTTP_503_SERVICE_UNAVAILABLE, headers={"Retry-After": "30"})
        # Notices the mail transport keeps refusing: staff must look (the admin lists them).
        body["notices_failing"] = failing
        if body["broker"] == "down" or failing:
            body["status"] = "degraded"  # writes still commit; notices wait in the outbox
        return Response(body)


def _broker_state() -> str:
    with current_app.connection_for_write() as conn:
        unreachable: tuple[type[BaseException], ...] = (BrokerError, OSError, *conn.connection_errors)
        try:
            conn.ensure_connection(max_retries=1, timeout=2)
        except unreachable:
            return "down"
    return "ok"
