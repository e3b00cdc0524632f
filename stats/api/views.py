"""``GET stats/stages/``, ``GET stats/shares/`` and ``GET cases/{number}/outlook/`` (product.md, v1.4)."""

from __future__ import annotations

import csv
import io
from typing import Any

from django.http import HttpResponse, HttpResponseNotModified
from django.utils.http import parse_etags
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
from stats import answers, selectors
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
        parameters=[
            *_FILTERS,
            OpenApiParameter("stage", str, description="Only this stage"),
            OpenApiParameter(
                "If-None-Match",
                str,
                OpenApiParameter.HEADER,
                description="The `ETag` of an answer you hold: 304 with no body until the next refresh.",
            ),
        ],
        responses={
            **schema.reading(StageFigureSerializer(many=True)),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The same rows as CSV"),
            304: OpenApiResponse(
                description="Not modified: no refresh of the figures since the answer that sent the tag."
            ),
        },
    )
    def get(self, request: Request) -> Any:
        if request.accepted_renderer.format not in ("json", "csv"):  # the browsable API: no tag, no cache
            return Response(self._rows(request))
        # The figures change only at a refresh: the answer is kept under a tag of the refresh's generation,
        # the query as sent and the media type, and sent back as a 304 or from the cache without reading a
        # figure or validating a filter again (a bad filter is refused before anything is kept).
        tag = answers.tag(selectors.figures_generation(), request)
        if tag in parse_etags(request.headers.get("If-None-Match", "")):
            return answers.marked(HttpResponseNotModified(), tag)
        body = answers.cached(tag)
        if body is None:
            body = self._body(request)
            answers.keep(tag, body)
        return answers.marked(HttpResponse(body, content_type=answers.content_type(request)), tag)

    def _rows(self, request: Request) -> list[dict[str, Any]]:
        filters = _filters(request)
        # Plain rows in the serializer's field order: the figures need no conversion.
        return list(selectors.stage_figures(filters, stage=filters.pop("stage", None)).values(*COLUMNS))

    def _body(self, request: Request) -> bytes:
        """The answer built from the stored figures: JSON as DRF renders it, or the rows as CSV."""
        data = self._rows(request)
        if request.accepted_renderer.format == "csv":
            out = io.StringIO()
            writer = csv.DictWriter(out, fieldnames=COLUMNS)
            writer.writeheader()
            writer.writerows(data)
            return out.getvalue().encode()
        body = request.accepted_renderer.render(
            data, request.accepted_media_type, {"request": request, "view": self}
        )
        return body.encode() if isinstance(body, str) else body


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
