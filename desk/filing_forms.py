"""Filing papers on the desk, in words: one form for every kind of paper (``filings.law.kinds``) — the deadline
picked by name from the party's own open deadlines, the parties served picked by name with the method, the
PDF attached with a plain file input (no script: the desk has none, and its CSP allows none) — saved as a
draft for the filer's side alone, or filed. Drafts are edited on a page of their own (the same form, less
the party and the time stated) and filed from the filing page.

The form checks only the shape of the input; ``filings.services`` decides what the law allows, and a
refusal comes back on the field it names. A paper and its PDF are one change: a PDF refused leaves no
paper behind. What filing did is said at the top of the page the user lands on (the docket), never
scrolled past."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import get_object_or_404, render
from django.urls import reverse

from core import clock
from core.api.inputs import handed
from core.errors import DomainError, NotPermitted
from desk import selectors
from desk.forms import DATETIME_LOCAL
from desk.once import one_time
from desk.views import _changed, _refused, case_view, zone_label
from elections.law.local_time import in_zone, local_time
from elections.law.service import METHOD_LABELS
from elections.models import Case, Party
from filings import selectors as filing_selectors
from filings import services as filing_services
from filings.api.serializers import FilingDraftInputSerializer, FilingInputSerializer
from filings.law.kinds import KIND_LABELS, State
from filings.models import Filing
from proceedings import selectors as proceedings_selectors
from proceedings.due_words import due_when
from proceedings.law.deadlines import Status

FILE = "file"
DRAFT = "draft"


class FilingForm(forms.Form):
    kind = forms.ChoiceField(label="What you file", choices=list(KIND_LABELS.items()))
    party = forms.TypedChoiceField(label="Filed for", coerce=int)
    title = forms.CharField(label="Title, as on the cover page", max_length=300)
    answers = forms.TypedChoiceField(
        label="The deadline it meets (or asks to extend)",
        coerce=int,
        required=False,
        empty_value=None,
        help_text="Your party's open deadlines. Leave it for the tracker to find the one the kind answers; "
        "an extension request names it.",
    )
    relates_to = forms.TypedChoiceField(
        label="The paper it responds to", coerce=int, required=False, empty_value=None
    )
    served_on = forms.TypedMultipleChoiceField(
        label="Served on",
        coerce=int,
        required=False,
        widget=forms.CheckboxSelectMultiple,
        help_text="Every paper is served on the other parties (29 CFR 102.2(c), 102.65(a), 102.69). A paper "
        "served on no one is filed, and marked \u201cnot served\u201d.",
    )
    service_method = forms.ChoiceField(
        label="Served by", choices=[("", "—"), *METHOD_LABELS.items()], required=False, initial="e_file"
    )
    confirmation_number = forms.CharField(label="E-filing confirmation number", max_length=60, required=False)
    filed_at = forms.DateTimeField(
        required=False,
        input_formats=[DATETIME_LOCAL, "%Y-%m-%d %H:%M"],
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format=DATETIME_LOCAL),
    )
    unforeseeable_grounds = forms.CharField(
        label="Circumstances not reasonably foreseeable (an extension asked within 3 days of the due date)",
        widget=forms.Textarea(attrs={"rows": 3}),
        required=False,
        max_length=5000,
    )
    file = forms.FileField(
        label="The paper (PDF)",
        required=False,
        widget=forms.ClearableFileInput(attrs={"accept": "application/pdf"}),
    )

    def __init__(
        self,
        *args: Any,
        filers: list[Party],
        others: list[Party],
        deadlines: list[tuple[int, str]],
        papers: list[tuple[int, str]],
        zone: str,
        zone_label: str,
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.zone = zone
        self.fields["party"].choices = [(p.pk, p.name) for p in filers]  # type: ignore[attr-defined]
        self.fields["answers"].choices = [("", "Found from the kind"), *deadlines]  # type: ignore[attr-defined]
        self.fields["relates_to"].choices = [("", "—"), *papers]  # type: ignore[attr-defined]
        self.fields["served_on"].choices = [(p.pk, p.name) for p in others]  # type: ignore[attr-defined]
        self.fields["filed_at"].label = f"Filed at ({zone_label})"
        self.fields[
            "filed_at"
        ].help_text = (
            "When you filed with the Agency, on the regional office's clock; leave it empty for now."
        )

    def clean_filed_at(self) -> datetime | None:
        value: datetime | None = self.cleaned_data["filed_at"]
        if value is None:
            return None
        return value.replace(tzinfo=None).replace(tzinfo=ZoneInfo(self.zone))


def _own_deadlines(request: HttpRequest, case: Case, parties: list[Party]) -> list[tuple[int, str]]:
    own = {p.pk for p in parties}
    deadlines = (
        proceedings_selectors.deadlines_for(request.user, now=clock.now())
        .filter(case=case, status=Status.OPEN)
        .exclude(status=Status.SUPERSEDED)
    )
    return [
        (d.pk, f"{d.label} — due {due_when(d)}") for d in deadlines if d.party_id is None or d.party_id in own
    ]


def _papers(request: HttpRequest, case: Case) -> list[tuple[int, str]]:
    filed = filing_selectors.filings_for(request.user).filter(case=case, state=State.FILED)
    return [(f.pk, f"{f.get_kind_display()} of {f.party.name}: {f.title}") for f in filed]


def filed_words(filing: Filing) -> str:
    """What filing did, in a sentence: what, for whom, timely or not, what it met — or that it is a draft."""
    zone = filing.case.office_zone
    head = f"{filing.get_kind_display()} of {filing.party.name}: \u201c{filing.title}\u201d"
    if filing.state == State.DRAFT:
        return head + " saved as a draft. Only your side sees it; file it below when it is ready."
    words = head + f" filed {local_time(filing.filed_at, zone)}"
    if filing.timely is True:
        words += ", timely"
    elif filing.timely is False:
        words += ", recorded as untimely"
    elif not filing.filing_confirmed:
        words += "; received after the period closed, the stated time awaits staff confirmation"
    if filing.answers is not None:
        words += f". It answers: {filing.answers.label}, due {local_time(filing.answers.due_at, zone)}"
    if filing.service_flag:
        words += f". {filing.service_flag}"
    if filing.documents.exists():
        words += f". PDF attached ({filing.documents.count()})"
    return words + "."


@case_view
@one_time
def filing_new(request: HttpRequest, case: Case) -> HttpResponse:
    parties = list(case.parties.order_by("id"))
    filers = selectors.counsel_parties(request.user, case, parties)
    own = {p.pk for p in filers}
    label = zone_label(case)
    kind = request.GET.get("kind", "")
    form = FilingForm(
        request.POST or None,
        request.FILES or None,
        initial={
            "kind": kind if kind in KIND_LABELS else "",
            "served_on": [p.pk for p in parties if p.pk not in own],
            "service_method": "e_file",
        },
        filers=filers,
        others=[p for p in parties if p.pk not in own],
        deadlines=_own_deadlines(request, case, filers),
        papers=_papers(request, case),
        zone=case.office_zone,
        zone_label=label,
    )
    drafts = list(
        filing_selectors.filings_for(request.user).filter(case=case, state=State.DRAFT, party__in=filers)
    )
    if request.method == "POST" and filers and form.is_valid():
        data = form.cleaned_data
        action = DRAFT if request.POST.get("action") == DRAFT else FILE
        party = next(p for p in filers if p.pk == data["party"])
        try:
            _changed(
                request,
                case,
                filed_words,
                lambda: _file_with_pdf(
                    request, case, party, data, state=State.DRAFT if action == DRAFT else State.FILED
                ),
            )
        except DomainError as error:
            _refused(form, error)
        else:
            if action == DRAFT:
                return HttpResponseRedirect(reverse("desk:filing-new", args=[case.number]))
            return HttpResponseRedirect(reverse("desk:docket", args=[case.number]) + "?page=last")
    now_there = in_zone(clock.now(), case.office_zone).strftime("%B %-d, %Y, %-I:%M %p")
    return render(
        request,
        "desk/filing_form.html",
        {
            "case": case,
            "form": form,
            "zone_label": label,
            "may_file": bool(filers),
            "drafts": [{"filing": d, "words": filed_words(d)} for d in drafts],
            "now_there": now_there,
        },
    )


def _file_with_pdf(
    request: HttpRequest, case: Case, party: Party, data: dict[str, Any], *, state: str
) -> Filing:
    with transaction.atomic():  # a PDF refused leaves no paper behind
        # The party chosen by id, the time left empty for now, the state by the button pressed.
        given = {"party": party, "filed_at": data["filed_at"] or clock.now(), "state": state}
        filing = filing_services.filing_file(
            case=case, actor=request.user, **handed(FilingInputSerializer, {**data, **given})
        )
        upload = data.get("file")
        if upload is not None:
            filing_services.document_attach(
                filing=filing, upload=upload, title=data["title"], actor=request.user
            )
    return filing


@case_view
def draft_file(request: HttpRequest, case: Case) -> HttpResponse:
    """File one of the caller's side's drafts (its id in the form): now, checked as any paper filed now. A
    GET (a reload of the address) shows the filing page and its drafts."""
    if request.method != "POST":
        return filing_new(request, case.number)
    draft = get_object_or_404(
        filing_selectors.filings_for(request.user).filter(case=case, state=State.DRAFT),
        pk=request.POST.get("filing") if str(request.POST.get("filing", "")).isdigit() else 0,
    )
    try:
        _changed(
            request,
            case,
            filed_words,
            lambda: filing_services.filing_draft_file(filing=draft, actor=request.user),
        )
    except DomainError as error:
        said = getattr(error, "message", None) or getattr(error, "detail", None) or str(error)
        messages.error(request, f"The draft was not filed: {said}")
        return HttpResponseRedirect(reverse("desk:filing-new", args=[case.number]))
    return HttpResponseRedirect(reverse("desk:docket", args=[case.number]) + "?page=last")


EDITED_ELSEWHERE = ("party", "filed_at")
"""Fields of the filing form a draft's edit leaves out: its party stays, and the time is stated when filed."""


def _draft_initial(draft: Filing) -> dict[str, Any]:
    return {
        "kind": draft.kind,
        "title": draft.title,
        "answers": draft.answers_id,
        "relates_to": draft.relates_to_id,
        "served_on": [p.pk for p in draft.served_on.all()],
        "service_method": draft.service_method,
        "confirmation_number": draft.confirmation_number,
        "unforeseeable_grounds": draft.unforeseeable_grounds,
    }


@case_view
@one_time
def draft_edit(request: HttpRequest, case: Case, filing_id: int) -> HttpResponse:
    """Edit one of the caller's side's drafts (product.md v1.4: "editable by its own side only"), and attach
    a PDF to it; another side's draft, or a paper filed, is not found here (a 404, as reads are)."""
    draft = get_object_or_404(
        filing_selectors.filings_for(request.user)
        .filter(case=case, state=State.DRAFT)
        .select_related("party"),
        pk=filing_id,
    )
    try:  # paralegals read their side's drafts; counsel of its party alone edit them
        filing_services.filing_authorize_draft(filing=draft, actor=request.user)
    except NotPermitted as error:
        raise PermissionDenied(error.detail) from None
    parties = list(case.parties.order_by("id"))
    deadlines = _own_deadlines(request, case, [draft.party])
    if draft.answers is not None and draft.answers_id not in {pk for pk, _ in deadlines}:
        deadlines.append((draft.answers.pk, f"{draft.answers.label} — due {due_when(draft.answers)}"))
    form = FilingForm(
        request.POST or None,
        request.FILES or None,
        initial=_draft_initial(draft),
        filers=[draft.party],
        others=[p for p in parties if p.pk != draft.party_id],
        deadlines=deadlines,
        papers=_papers(request, case),
        zone=case.office_zone,
        zone_label=zone_label(case),
    )
    for name in EDITED_ELSEWHERE:
        del form.fields[name]
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            _changed(request, case, filed_words, lambda: _edit_with_pdf(request, draft, data))
        except DomainError as error:
            _refused(form, error)
        else:
            return HttpResponseRedirect(reverse("desk:filing-new", args=[case.number]) + f"#draft-{draft.pk}")
    return render(request, "desk/draft_form.html", {"case": case, "form": form, "draft": draft})


def _edit_with_pdf(request: HttpRequest, draft: Filing, data: dict[str, Any]) -> Filing:
    with transaction.atomic():  # a PDF refused leaves the draft as it was
        changes = handed(FilingDraftInputSerializer, data)
        filing = filing_services.filing_draft_update(filing=draft, changes=changes, actor=request.user)
        upload = data.get("file")
        if upload is not None:
            filing_services.document_attach(
                filing=filing, upload=upload, title=filing.title, actor=request.user
            )
    return filing
