"""The desk's docket sheet of a case: every paper and event in order, numbered (``filings.docket``), with
filters by party, kind and date, search and paging that keep a case of 900 challenges and 50 objections
readable on a phone; the same docket as CSV or as the printable PDF report (``?format=csv`` / ``pdf``).
No rule here: the docket is the API's, and the filters the API's (a bad value is said on the form)."""

from __future__ import annotations

from typing import Any

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.http import urlencode

from core import clock
from core.errors import RuleViolation
from desk.views import case_view, zone_label
from elections.law.local_time import local_time
from elections.models import Case
from filings import docket as docket_module
from filings import docket_report
from filings.api.docket import csv_body, download, filters_of, said

PER_PAGE = 25


def _row(entry: docket_module.Entry, zone: str) -> dict[str, Any]:
    return {
        "e": entry,
        "filed_text": local_time(entry.filed_at, zone) if entry.filed_at is not None else "",
        "received_text": local_time(entry.received_at, zone) if entry.received_at is not None else "",
    }


@case_view
def docket_page(request: HttpRequest, case: Case) -> HttpResponse:
    docket = docket_module.docket_of(case)
    error = ""
    try:
        filters = filters_of(request.GET, blank_is_none=True)  # a form sends its empty fields
    except RuleViolation as refused:
        error = f"{refused.field}: {refused.message}"
        filters = {"party": None, "kind": "", "since": None, "until": None, "q": ""}
    entries = docket.filtered(**filters)
    stamp = f"{case.number}-docket-{clock.today(case.office_zone).isoformat()}"
    fmt = request.GET.get("format", "")
    if fmt == "csv" and not error:
        return download(
            csv_body(docket, entries), content_type="text/csv; charset=utf-8", filename=f"{stamp}.csv"
        )
    if fmt == "pdf" and not error:
        body = docket_report.report(docket, entries, filters=said(filters))
        return download(body, content_type="application/pdf", filename=f"{stamp}.pdf")
    paginator = Paginator(entries, PER_PAGE)
    wanted = request.GET.get("page")
    # "last": where a paper just filed is, the newest entries (the confirmation above them, at the top).
    find = request.GET.get("find", "")
    if find:  # an e-mail's link: the page the paper is on, whatever its number
        at = next((i for i, e in enumerate(entries) if e.anchor == find), None)
        wanted = str(at // PER_PAGE + 1) if at is not None else wanted
    page = paginator.get_page(paginator.num_pages if wanted == "last" else wanted)
    kept = {k: str(v) for k, v in request.GET.items() if k in ("party", "kind", "since", "until", "q") and v}
    return render(
        request,
        "desk/docket.html",
        {
            "case": case,
            "page": page,
            "rows": [_row(e, docket.zone) for e in page.object_list],
            "total": len(docket.entries),
            "shown": len(entries),
            "parties": list(case.parties.order_by("id")),
            "kinds": docket.kinds(),
            "filters": filters,
            "error": error,
            "query": urlencode(kept),
            "zone_label": zone_label(case),
        },
    )
