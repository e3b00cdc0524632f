"""What counsel do to an objection after filing it, on the desk: file the offer of proof that did not come
with it (29 CFR 102.69(a)(8): due with the objections unless the Regional Director extends it) and withdraw
it. Each is one service call (``objections.services``); the answer is said at the top of the case page
the user lands on, never scrolled past."""

from __future__ import annotations

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404
from django.urls import reverse

from core import clock
from core.errors import DomainError
from desk.views import _changed, case_page, case_view
from elections.law.local_time import local_time
from elections.models import Case
from objections import selectors as objection_selectors
from objections import services as objection_services
from objections.models import Objection


def _objection(request: HttpRequest, case: Case, objection_id: str) -> Objection:
    mine = objection_selectors.objections_for(request.user).filter(election__case=case)
    return get_object_or_404(mine, pk=int(objection_id) if objection_id.isdigit() else 0)


def _refusal(error: DomainError) -> str:
    return getattr(error, "message", None) or getattr(error, "detail", None) or str(error)


def _back(case: Case) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("desk:case", args=[case.number]))


@case_view
def offer_of_proof_file(request: HttpRequest, case: Case) -> HttpResponse:
    if request.method != "POST":  # a reload of the address: the case page, where the objections are
        return case_page(request, case.number)
    objection = _objection(request, case, request.POST.get("objection", ""))
    zone = case.office_zone

    def said(o: Objection) -> str:
        timely = {True: "timely", False: "late", None: "its time awaits staff confirmation"}[
            o.offer_of_proof_timely
        ]
        return (
            f"Offer of proof in support of {o.filed_by.name} objection {o.number} filed "
            f"{local_time(o.offer_of_proof_filed_at or clock.now(), zone)}: {timely}."
        )

    try:
        _changed(
            request,
            case,
            said,
            lambda: objection_services.offer_of_proof_file(
                objection=objection, filed_at=clock.now(), actor=request.user
            ),
        )
    except DomainError as error:
        messages.error(request, f"The offer of proof was not filed: {_refusal(error)}")
    return _back(case)


@case_view
def objection_withdraw(request: HttpRequest, case: Case) -> HttpResponse:
    if request.method != "POST":
        return case_page(request, case.number)
    objection = _objection(request, case, request.POST.get("objection", ""))
    try:
        _changed(
            request,
            case,
            lambda o: f"{o.filed_by.name} objection {o.number} withdrawn; the other side is told.",
            lambda: objection_services.objection_withdraw(objection=objection, actor=request.user),
        )
    except DomainError as error:
        messages.error(request, f"The objection was not withdrawn: {_refusal(error)}")
    return _back(case)
