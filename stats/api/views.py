"""``GET stats/stages/``, ``GET stats/shares/`` and ``GET cases/{number}/outlook/`` (product.md, v1.4)."""

from __future__ import annotations

import csv
import io
from typing import Any

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import schema
from core.api.renderers import CSVRenderer
from elections.api.scoping import CaseScopedMixin
from stats import selectors
from stats.api.serializers import (
    OutlookSerializer,
    SharesSerializer,
    StageFigureSerializer,
    StageFilterSerializer,
)

COLUMNS = list(StageFigureSerializer().fields)
_FILTERS = [
    OpenApiParameter(name, str, description=f"e.g. {example}; 'each' for one row per value; absent: all")
    for name, example in (
        ("region", "10"),
        ("fiscal_year", "2018"),
        ("rule_set", "2014"),
        ("case_type", "RC"),
    )
]


def _filters(request: Request) -> dict[str, Any]:
    data = StageFilterSerializer(data=request.query_params)
    data.is_valid(raise_exception=True)
    return dict(data.validated_data)


@extend_schema(tags=["what to expect"])
class StageFiguresView(APIView):
    permission_classes = [IsAuthenticated]
    # ``Accept: text/csv`` is the table as a spreadsheet: served, not refused.
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

    @extend_schema(
        parameters=[*_FILTERS, OpenApiParameter("stage", str, description="Only this stage")],
        responses={
            **schema.reading(StageFigureSerializer(many=True)),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The same rows as CSV"),
        },
    )
    def get(self, request: Request) -> Any:
        filters = _filters(request)
        # Plain rows in the serializer's field order: the figures need no conversion, and a read of a
        # Region's figures stays near its hand-written SQL floor (bench/run.py).
        rows = selectors.stage_figures(filters, stage=filters.pop("stage", None))
        data = list(rows.values(*COLUMNS))
        if request.accepted_renderer.format == "csv":
            out = io.StringIO()
            writer = csv.DictWriter(out, fieldnames=COLUMNS)
            writer.writeheader()
            writer.writerows(data)
            from django.http import HttpResponse

            return HttpResponse(out.getvalue(), content_type="text/csv; charset=utf-8")
        return Response(data)


@extend_schema(tags=["what to expect"])
class ShareFiguresView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(parameters=_FILTERS, responses=schema.reading(SharesSerializer))
    def get(self, request: Request) -> Response:
        filters = _filters(request)
        filters.pop("stage", None)
        return Response(selectors.share_figures(filters))


@extend_schema(tags=["what to expect"])
class CaseOutlookView(CaseScopedMixin, APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(responses=schema.reading(OutlookSerializer))
    def get(self, request: Request, number: str) -> Response:
        return Response(OutlookSerializer(selectors.case_outlook(self.case)).data)
