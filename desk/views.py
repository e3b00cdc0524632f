"""The counsel desk's pages: thin views over the same selectors and services as the API.

Each page reads through ``desk.selectors`` (the API's scoping: a case the caller does not appear in is a 404)
and each form calls the one service that makes the change. A refusal comes back on the form in the service's
own words, on the field it names; a change comes back as messages that say what it did to the case (the
staff desk's ``proceedings.consequences``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from copy import copy
from functools import wraps
from typing import Any, TypeVar
from urllib.parse import urlsplit

from django import forms
from django.contrib import messages
from django.contrib.auth import views as auth_views
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import redirect, render
from django.urls import reverse, reverse_lazy
from django.views.decorators.http import require_http_methods

from challenges import csv_import
from challenges import services as challenge_services
from challenges.api.serializers import ChallengeInputSerializer
from challenges.models import Challenge
from core import clock
from core.actors import is_staff
from core.api.inputs import handed
from core.errors import DomainError, NotPermitted, RuleViolation, TransitionNotAllowed
from desk import forms as desk_forms
from desk import lists as desk_lists
from desk import selectors
from desk import tally as desk_tally
from desk.once import one_time
from elections import services as election_services
from elections.api.scoping import visible_case_or_404
from elections.law import case_numbers
from elections.law.local_time import day_text, in_zone, local_time
from elections.models import Case, Party
from notes import services as note_services
from notes.api.serializers import NoteInputSerializer
from notes.models import Visibility
from objections import services as objection_services
from objections.api.serializers import ObjectionInputSerializer
from objections.law.rulings import DISPOSITION_LABELS
from objections.models import Objection
from proceedings import consequences
from proceedings import selectors as proceedings_selectors
from proceedings.due_words import due_when
from proceedings.models import PARTY_STATUS_CHOICES
from proceedings.models import STATUS_CHOICES as DEADLINE_STATUS_CHOICES
from stats.selectors import case_outlook

T = TypeVar("T")

signed_in = login_required(login_url=reverse_lazy("desk:sign-in"))


class SignIn(auth_views.LoginView):
    """Sign in; a caller already signed in goes on to ``next``, or home.

    A ``next`` that leads back to this page (``?next=/desk/sign-in/``) would send a signed-in caller round in
    a loop, which Django's view refuses with a ValueError (a 500): such a ``next`` is dropped for home."""

    template_name = "desk/sign_in.html"
    redirect_authenticated_user = True

    def get_success_url(self) -> str:
        url = self.get_redirect_url()
        if url and urlsplit(url).path != self.request.path:
            return url
        return reverse("desk:home")


sign_in = SignIn.as_view()
sign_out = auth_views.LogoutView.as_view(next_page=reverse_lazy("desk:sign-in"))


def _case(request: HttpRequest, number: str) -> Case:
    """The case the path names, as typed (``10 rc 990001``), within the caller's cases; else a 404."""
    try:
        normalized = case_numbers.normalize_typed(number)
    except case_numbers.InvalidCaseNumber:
        raise Http404(f"{number!r} is not a case number (RR-TT-NNNNNN).") from None
    case: Case = visible_case_or_404(request.user, normalized)
    return case


def case_view(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    """A signed-in page of one case: the case is found within the caller's cases (else a 404), and a number
    typed another way (``10rc990001``) redirects to the page's one address. Other path arguments (a
    draft's id) are passed on."""

    @signed_in
    @require_http_methods(["GET", "POST"])
    @wraps(view)
    def page(request: HttpRequest, number: str, **kwargs: Any) -> HttpResponse:
        case = _case(request, number)
        if number != case.number:
            return redirect(request.path.replace(f"/{number}/", f"/{case.number}/", 1))
        return view(request, case, **kwargs)

    return page


def zone_label(case: Case) -> str:
    """``Atlanta time, EDT``: whose clock a time is read on."""
    abbreviation = in_zone(clock.now(), case.office_zone).tzname()
    return f"{case.regional_office} time, {abbreviation}"


def _refused(form: forms.Form, error: DomainError) -> None:
    """Put the service's refusal on the form: on the field it names, else at the top."""
    if isinstance(error, RuleViolation):
        form.add_error(error.field if error.field in form.fields else None, error.message)
    elif isinstance(error, (TransitionNotAllowed, NotPermitted)):
        form.add_error(None, error.detail)
    else:  # pragma: no cover - every service error is one of the three
        form.add_error(None, str(error))


def _changed(request: HttpRequest, case: Case, headline: Callable[[T], str], change: Callable[[], T]) -> T:
    """Run ``change`` (one service call), then say what it did and what it changed on the case."""
    with consequences.watch(case) as watched:
        result = change()
    messages.success(request, headline(result))
    for line in watched.lines():
        messages.info(request, line)
    return result


def _to_case(case: Case, anchor: str) -> HttpResponseRedirect:
    return HttpResponseRedirect(reverse("desk:case", args=[case.number]) + f"#{anchor}")


# --- pages ------------------------------------------------------------------------------------------------


@signed_in
def home(request: HttpRequest) -> HttpResponse:
    cases = selectors.my_cases(request.user)
    rows = [
        {
            "case": m.case,
            "deadline": m.next_deadline,
            "due_text": _due_text(m.next_deadline) if m.next_deadline else "",
        }
        for m in cases
    ]
    return render(
        request,
        "desk/home.html",
        {"rows": rows, "staff": is_staff(request.user), "limit": selectors.MY_CASES_LIMIT},
    )


_STATUS_LABELS = {**dict(DEADLINE_STATUS_CHOICES), **dict(PARTY_STATUS_CHOICES)}


def _due_text(deadline: Any) -> str:
    """The caller's own due moment (their party's; an extension granted to it alone moves it)."""
    shown = copy(deadline)
    shown.due_at = proceedings_selectors.caller_view(deadline).due_at
    return due_when(shown)


def _deadline_row(deadline: Any) -> dict[str, Any]:
    """A deadline as the caller reads it, and every party's state of it (the other side's labelled as
    theirs)."""
    view = proceedings_selectors.caller_view(deadline)
    now = clock.now()
    return {
        "deadline": deadline,
        "due_text": _due_text(deadline),
        "status_label": _STATUS_LABELS.get(view.status, view.status),
        "parties": [
            {
                "name": row.party.name,
                "status_label": _STATUS_LABELS.get(proceedings_selectors.row_status(row, now), row.status),
                "due_text": local_time(row.due_at, deadline.zone) if row.due_at != deadline.due_at else "",
                "mine": row is view.row,
            }
            for row in deadline.party_rows.all()
        ],
    }


@case_view
def case_page(request: HttpRequest, case: Case) -> HttpResponse:
    page = selectors.case_page(request.user, case)
    deadlines = [_deadline_row(d) for d in page.deadlines]
    next_deadline = page.status["next_deadline"]
    lists = desk_lists.case_lists(request, page.challenges, page.objections)
    return render(
        request,
        "desk/case.html",
        {
            "case": case,
            "page": page,
            "case_status": page.status,
            "next_deadline": next_deadline,
            "next_due_text": _due_text(next_deadline) if next_deadline else "",
            "ladders": proceedings_selectors.ladder_picture(case, deadline_url=lambda d: f"#deadline-{d.pk}"),
            "outlook": case_outlook(case),  # what to expect (stats/templates/stats/_outlook.html)
            "deadlines": deadlines,
            "challenges": [
                {"challenge": c, "by": _challenger(c)}
                for c in lists.challenges.page.object_list  # one page: Bessemer logged 921
            ],
            "challenge_list": lists.challenges,
            "objection_list": lists.objections,
            "objections": [
                {
                    "objection": o,
                    "filed_text": local_time(o.filed_at, case.office_zone),
                    "offer_due_text": local_time(o.offer_of_proof_due_at, case.office_zone)
                    if o.offer_of_proof_due_at
                    else "",
                    "rulings": [
                        f"{r.get_level_display()}: {DISPOSITION_LABELS.get(r.disposition, r.disposition)} "
                        f"({day_text(r.decided_on)})"
                        for r in o.rulings.all()
                    ],
                }
                for o in lists.objections.page.object_list
            ],
            "notes": [
                {"note": n, "written_text": local_time(n.created_at, case.office_zone)} for n in page.notes
            ],
            "may_file": bool(page.counsel_for) or is_staff(request.user),
            "note_form": desk_forms.NoteForm(staff=is_staff(request.user)),
            "zone_label": zone_label(case),
            "paralegal_appearances": selectors.paralegal_appearances(request.user, case),
            "tallies": desk_tally.tallies_of(case),
            "counsel_party_ids": [p.pk for p in page.counsel_for],
        },
    )


def _challenger(challenge: Challenge) -> str:
    return challenge.challenged_by.name if challenge.challenged_by is not None else "The Board agent"


def _filers(request: HttpRequest, case: Case) -> list[Party]:
    """Whom the caller may file or challenge for: their own parties (counsel), every party (staff)."""
    page_parties = list(case.parties.order_by("id"))
    if is_staff(request.user):
        return page_parties
    return selectors.counsel_parties(request.user, case, page_parties)


def _elections(case: Case) -> list[Any]:
    return proceedings_selectors.elections_of(case)


# --- challenges -------------------------------------------------------------------------------------------


@case_view
@one_time
def challenge_new(request: HttpRequest, case: Case) -> HttpResponse:
    elections = _elections(case)
    form = desk_forms.ChallengeForm(
        request.POST or None,
        elections=desk_forms.election_choices(elections),
        challengers=desk_forms.challenger_choices(_filers(request, case), board_agent=is_staff(request.user)),
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        election = next(e for e in elections if e.pk == data["election"])
        try:
            challenge = _changed(
                request,
                case,
                lambda c: (
                    f"Challenge {c.pk} logged: {c.voter_name}, {c.get_ground_display().lower()}, "
                    f"challenged by {_challenger(c)}. It is pending until the Region decides it."
                ),
                lambda: challenge_services.challenge_log(
                    election=election, actor=request.user, **handed(ChallengeInputSerializer, data)
                ),
            )
        except DomainError as error:
            _refused(form, error)
        else:
            return _to_case(case, f"challenge-{challenge.pk}")
    return render(request, "desk/challenge_form.html", {"case": case, "form": form, **_may(request, case)})


def _may(request: HttpRequest, case: Case) -> dict[str, Any]:
    staff = is_staff(request.user)
    return {"may_file": staff or bool(selectors.counsel_parties(request.user, case))}


def _form_count(value: str | None) -> int:
    """The rows the page showed, as the browser sent it back; anything but a small whole number (``abc``,
    ``1e3``, ``-4``) counts as none, and the formset's own management form says what is wrong with it."""
    if value is None or not value.isdigit() or len(value) > 3:
        return 0
    return int(value)


_LINE = re.compile(r"\bline (\d+)")


def _ballot_numbers(message: str) -> str:
    """The import names CSV lines (the header is line 1); the batch form's rows are ballots 1, 2, …"""
    return _LINE.sub(lambda m: f"ballot {int(m[1]) - 1}", message)


@case_view
@one_time
def challenge_batch(request: HttpRequest, case: Case) -> HttpResponse:
    """A batch at the count: one challenger, several ballots, logged together or not at all."""
    elections = _elections(case)
    choices = {
        "elections": desk_forms.election_choices(elections),
        "challengers": desk_forms.challenger_choices(
            _filers(request, case), board_agent=is_staff(request.user)
        ),
    }
    data = request.POST.copy() if request.method == "POST" else None
    if data is not None and "more" in data:
        data["form-TOTAL_FORMS"] = str(min(_form_count(data.get("form-TOTAL_FORMS")) + 5, 200))
    header = desk_forms.BatchHeader(data, **choices)
    rows = desk_forms.BallotRows(data)
    problems: list[str] = []
    if data is not None and header.is_valid():
        desk_forms.refuse_unknown_batch_keys(header, data)
    if data is not None and "more" not in data and header.is_valid() and rows.is_valid():
        ballots = [r.cleaned_data for r in rows.forms if r.has_changed() and r.cleaned_data]
        if not ballots:
            header.add_error(None, "Enter at least one ballot: a voter's name and a ground.")
        else:
            election = next(e for e in elections if e.pk == header.cleaned_data["election"])
            challenger = header.cleaned_data["challenged_by"]
            csv = csv_import.to_csv([{**b, "challenged_by": challenger} for b in ballots])
            try:
                result = _changed(
                    request,
                    case,
                    lambda r: (
                        f"{r.count} challenged ballot(s) logged for election {election.sequence}; "
                        "each is pending until the Region decides it."
                    ),
                    lambda: challenge_services.challenges_import(
                        election=election, data=csv, actor=request.user
                    ),
                )
            except challenge_services.ImportRejected as error:
                problems = [_ballot_numbers(e) for e in error.errors]
            except DomainError as error:
                _refused(header, error)
            else:
                return _to_case(
                    case, "challenges" if not result.challenges else f"challenge-{result.challenges[0].pk}"
                )
    return render(
        request,
        "desk/challenge_batch.html",
        {"case": case, "header": header, "rows": rows, "problems": problems, **_may(request, case)},
    )


# --- objections -------------------------------------------------------------------------------------------


@case_view
@one_time
def objection_new(request: HttpRequest, case: Case) -> HttpResponse:
    elections = [e for e in _elections(case) if e.latest_tally is not None] or _elections(case)
    label = zone_label(case)
    now_there = in_zone(clock.now(), case.office_zone).replace(second=0, microsecond=0, tzinfo=None)
    filers = _filers(request, case)
    others = [p for p in case.parties.order_by("id") if p not in filers]
    form = desk_forms.ObjectionForm(
        request.POST or None,
        initial={"filed_at": now_there, "served_on": [p.pk for p in others], "service_method": "e_file"},
        elections=desk_forms.election_choices(elections),
        filers=[(p.pk, p.name) for p in filers],
        served=[(p.pk, p.name) for p in case.parties.order_by("id")],
        zone=case.office_zone,
        zone_label=label,
    )
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        election = next(e for e in elections if e.pk == data["election"])
        filer = next(p for p in case.parties.all() if p.pk == data["filed_by"])
        try:
            _changed(
                request,
                case,
                objection_filed,
                lambda: objection_services.objection_file(
                    election=election,
                    actor=request.user,
                    # The box says the offer of proof is filed with the objections, at the same time.
                    **handed(
                        ObjectionInputSerializer,
                        {
                            **data,
                            "filed_by": filer,
                            "offer_of_proof_filed_at": data["filed_at"] if data["offer_of_proof"] else None,
                        },
                    ),
                ),
            )
        except DomainError as error:
            _refused(form, error)
        else:
            # The page from its top: what filing did is said there, not scrolled past to the row.
            return HttpResponseRedirect(reverse("desk:case", args=[case.number]))
    return render(
        request,
        "desk/objection_form.html",
        {"case": case, "form": form, "zone_label": label, **_may(request, case)},
    )


def objection_filed(objection: Objection) -> str:
    """What filing did, in a sentence: the number given, and whether it is timely."""
    zone = objection.election.case.office_zone
    head = (
        f"{objection.filed_by.name} objection {objection.number} filed "
        f"({objection.get_category_display()}), {local_time(objection.filed_at, zone)}."
    )
    if objection.timely is None:
        return head + (
            " The tracker received it after the period closed: the stated time awaits staff confirmation."
        )
    due = objection.deadline.due_at
    if objection.timely and due is not None:
        return head + f" Timely: the period closes {local_time(due, objection.deadline.zone)}."
    return head + " Recorded as untimely."


# --- notices ----------------------------------------------------------------------------------------------


@case_view
def notices(request: HttpRequest, case: Case) -> HttpResponse:
    """A paralegal chooses whether to receive the e-mails counsel of their party receive on this case."""
    mine = selectors.paralegal_appearances(request.user, case)
    if request.method == "POST" and mine:
        wanted = request.POST.get("takes_notices") == "yes"
        try:
            for appearance in mine:
                election_services.appearance_set_notices(
                    appearance=appearance, takes_notices=wanted, actor=request.user
                )
        except DomainError as error:
            messages.error(request, str(error))
        else:
            messages.success(
                request,
                "You will receive the e-mails counsel of your party receive on this case."
                if wanted
                else "You will no longer receive counsel's e-mails on this case; the desk still shows everything.",
            )
        return _to_case(case, "notices")
    return render(request, "desk/notices.html", {"case": case, "appearances": mine})


# --- notes ------------------------------------------------------------------------------------------------


@case_view
@one_time
def note_new(request: HttpRequest, case: Case) -> HttpResponse:
    form = desk_forms.NoteForm(request.POST or None, staff=is_staff(request.user))
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            note = note_services.note_create(
                case=case, actor=request.user, **handed(NoteInputSerializer, data)
            )
        except DomainError as error:
            _refused(form, error)
        else:
            messages.success(request, f"Note saved. {Visibility(note.visibility).label} may read it.")
            return _to_case(case, f"note-{note.pk}")
    return render(request, "desk/note_form.html", {"case": case, "form": form})
