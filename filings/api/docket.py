"""``GET cases/{number}/docket/``: the docket of a case (``filings.docket``) — JSON a page at a time, the
whole (filtered) docket as CSV (``Accept: text/csv``) or as a printable PDF report (``Accept:
application/pdf``). Filters: ``party`` (a party id), ``kind``, ``since`` and ``until`` (dates, inclusive,
in the regional office's zone) and ``q`` (words in the title, kind, party, confirmation number or what the
entry answers)."""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Mapping
from datetime import date
from typing import Any

from django.http import HttpResponse
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import clock
from core.api import schema
from core.api.pagination import Pagination
from core.api.renderers import CSVRenderer, guard
from core.errors import RuleViolation
from elections.api.scoping import CaseScopedMixin
from filings import docket as docket_module
from filings import docket_report

MAX_Q = 200


class PDFRenderer(BaseRenderer):
    """``application/pdf``: the docket report is built by the view; a refusal comes as its JSON text."""

    media_type = "application/pdf"
    format = "pdf"

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        if isinstance(data, bytes):
            return data
        return json.dumps(data).encode()


def _given(params: Any, name: str, *, blank_is_none: bool) -> str | None:
    """The parameter's value; None when absent. Given blank it is no value of its type: a 400 naming it over
    the API (as every list's typed filters are, core/api/filters.py), no filter from the desk's form, which
    sends its empty fields."""
    if name not in params:
        return None
    value = str(params.get(name, "")).strip()
    if not value:
        if blank_is_none:
            return None
        raise RuleViolation(name, f"{name} was given empty: give a value or leave it out.")
    return value


def _whole(params: Any, name: str, *, blank_is_none: bool = False) -> int | None:
    value = _given(params, name, blank_is_none=blank_is_none)
    if value is None:
        return None
    if not value.isdigit() or len(value) > 18:
        raise RuleViolation(
            name, f"Give the party's id, a whole number (cases/{{number}}/parties/); got {value!r}."
        )
    return int(value)


def _day(params: Any, name: str, *, blank_is_none: bool = False) -> date | None:
    value = _given(params, name, blank_is_none=blank_is_none)
    if value is None:
        return None
    try:
        return date.fromisoformat(value)
    except ValueError:
        raise RuleViolation(name, f"Give a date as YYYY-MM-DD; got {value[:40]!r}.") from None


def filters_of(params: Any, *, blank_is_none: bool = False) -> dict[str, Any]:
    """The docket's filters from a query string; a value that cannot be one is a 400 naming it (a blank
    typed value too, but from the desk's form, ``blank_is_none``)."""
    q = params.get("q", "")
    if len(q) > MAX_Q:
        raise RuleViolation("q", f"At most {MAX_Q} characters.")
    kind = params.get("kind", "").strip()
    if len(kind) > 60:
        raise RuleViolation("kind", "Not a kind of docket entry.")
    found = {
        "party": _whole(params, "party", blank_is_none=blank_is_none),
        "kind": kind,
        "since": _day(params, "since", blank_is_none=blank_is_none),
        "until": _day(params, "until", blank_is_none=blank_is_none),
        "q": q.strip(),
    }
    if found["since"] and found["until"] and found["since"] > found["until"]:
        raise RuleViolation("until", f"until ({found['until']}) is before since ({found['since']}).")
    return found


def said(filters: Mapping[str, Any]) -> str:
    """The filters in words, for the report's heading."""
    return ", ".join(f"{name} {value}" for name, value in filters.items() if value not in (None, ""))


def csv_body(docket: docket_module.Docket, entries: list[docket_module.Entry]) -> bytes:
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(docket_module.CSV_HEADER)
    for entry in entries:
        writer.writerow([guard(cell) for cell in docket_module.csv_row(entry, docket.zone)])
    return out.getvalue().encode()


def download(body: bytes, *, content_type: str, filename: str) -> HttpResponse:
    response = HttpResponse(body, content_type=content_type)
    response["Content-Disposition"] = f'attachment; filename="{filename}"'
    response["Cache-Control"] = "private, no-store"
    response["X-Content-Type-Options"] = "nosniff"
    return response


_ENTRY = inline_serializer(
    "DocketEntry",
    many=True,
    fields={
        "entry": serializers.IntegerField(help_text="The entry's number on the whole docket"),
        "date": serializers.DateField(help_text="In the regional office's zone"),
        "kind": serializers.CharField(),
        "kind_label": serializers.CharField(),
        "title": serializers.CharField(),
        "party": serializers.IntegerField(allow_null=True, help_text="The filing party's id (none: an act)"),
        "party_name": serializers.CharField(),
        "filed_at": serializers.DateTimeField(allow_null=True, help_text="The time stated"),
        "received_at": serializers.DateTimeField(allow_null=True, help_text="When the tracker received it"),
        "confirmation_number": serializers.CharField(),
        "served_on": serializers.ListField(child=serializers.CharField(), help_text="The parties served"),
        "service": serializers.CharField(help_text='Whom and how, or "not served"'),
        "service_flag": serializers.CharField(help_text='"Not served on …" with the rule, or ""'),
        "documents": serializers.ListField(child=serializers.DictField(), help_text="title, pages, download"),
        "answers": serializers.CharField(help_text="The deadline or paper it answers"),
        "links": serializers.DictField(child=serializers.CharField(), help_text="api and desk"),
    },
)
# The answer is a page of entries, as every list of the API is (core/api/pagination.py).
PAGE = inline_serializer(
    "PaginatedDocketEntryList",
    fields={
        "count": serializers.IntegerField(),
        "next": serializers.URLField(allow_null=True),
        "previous": serializers.URLField(allow_null=True),
        "results": _ENTRY,
    },
)


@extend_schema(tags=["filings"])
class CaseDocketView(CaseScopedMixin, APIView):
    permission_classes = [IsAuthenticated]
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer, PDFRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter("party", OpenApiTypes.INT, description="Entries of this party (its id)"),
            OpenApiParameter("kind", OpenApiTypes.STR, description="Entries of this kind"),
            OpenApiParameter("since", OpenApiTypes.DATE, description="From this date (inclusive)"),
            OpenApiParameter("until", OpenApiTypes.DATE, description="To this date (inclusive)"),
            OpenApiParameter("q", OpenApiTypes.STR, description="Words in the entry"),
            OpenApiParameter("page", OpenApiTypes.INT),
            OpenApiParameter("page_size", OpenApiTypes.INT),
        ],
        responses={
            **schema.reading(PAGE),
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The docket as CSV"),
            (200, "application/pdf"): OpenApiResponse(
                OpenApiTypes.BINARY, description="The printable docket report"
            ),
        },
    )
    def get(self, request: Request, number: str) -> Response | HttpResponse:
        case = self.case
        filters = filters_of(request.query_params)
        docket = docket_module.docket_of(case)
        entries = docket.filtered(**filters)
        stamp = f"{case.number}-docket-{clock.today(case.office_zone).isoformat()}"
        fmt = getattr(request.accepted_renderer, "format", "json")
        if fmt == "csv":
            return download(
                csv_body(docket, entries), content_type="text/csv; charset=utf-8", filename=f"{stamp}.csv"
            )
        if fmt == "pdf":
            body = docket_report.report(docket, entries, filters=said(filters))
            return download(body, content_type="application/pdf", filename=f"{stamp}.pdf")
        desk = reverse("desk:docket", kwargs={"number": case.number})
        paginator = Pagination()
        page = paginator.paginate_queryset(entries, request, view=self)
        rows = [docket_module.as_data(e, docket.zone, desk=desk) for e in (page or [])]
        return paginator.get_paginated_response(rows)
