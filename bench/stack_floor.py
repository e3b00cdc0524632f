"""The stack floor: a trivial authenticated GET that reads nothing, served through the same URL
configuration, middlewares, token authentication and DRF view machinery as every call of the benchmark.

Its time is what any call pays before it reads a row, so the table can show how much of each call is the
framework itself. It exists only in the benchmark: ``bench/run.py`` points ``ROOT_URLCONF`` here in process,
and gunicorn serves ``bench_wsgi`` (this route in front of ``config.urls``, production settings otherwise).
"""

from __future__ import annotations

from django.urls import path
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from config.urls import urlpatterns as tracker_urlpatterns

PATH = "/api/v1/bench/stack-floor/"


class StackFloorView(APIView):
    permission_classes = [IsAuthenticated]

    def get(self, request: Request) -> Response:
        return Response({"ok": True})


urlpatterns = [path(PATH.lstrip("/"), StackFloorView.as_view()), *tracker_urlpatterns]
