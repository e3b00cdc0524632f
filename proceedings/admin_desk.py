"""The staff desk: record a ladder event with its typed form, and say what every staff action changed.

- ``record_event_view`` is the "Add proceeding event" page: pick the case, then the event (what the ladder
  allows next is offered first), then fill in that event's own fields (``admin_forms``). It calls
  ``services.event_record`` and lands on the case ladder with the consequences listed.
- ``said``, ``said_on_submit`` and ``case_posted`` run an admin action or add form with its cases watched
  (``consequences.watch``): after resolving challenges, ruling on objections or recording a tally, the page
  says what moved (determinative before → after, the result, the stage, deadlines, notices). This app's own
  admins use them, and the staff app wraps the challenge, objection and tally admins with them
  (``staff.admin``): the lower apps cannot import the ladder (dependencies run downhill).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from contextlib import ExitStack
from typing import Any

from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.template.response import TemplateResponse
from django.urls import reverse

from core.admin_kit import ServiceActionMixin
from core.api.inputs import handed
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import case_numbers
from elections.models import Case
from proceedings import consequences, selectors, services
from proceedings.admin_forms import event_form_class, event_groups, sentence
from proceedings.api.serializers import ProceedingEventInputSerializer
from proceedings.law import ladder
from proceedings.selectors import case_status


def _case_from(request: HttpRequest) -> Case | None:
    raw = request.GET.get("case", "").strip()
    if not raw:
        return None
    if raw.isdigit():
        return Case.objects.filter(pk=int(raw)).first() if int(raw) < 2**62 else None
    try:
        return Case.objects.filter(number=case_numbers.normalize_typed(raw)).first()
    except case_numbers.InvalidCaseNumber:
        return None


def report(
    model_admin: admin.ModelAdmin[Any], request: HttpRequest, watches: Iterable[consequences.Watch]
) -> None:
    """One message per consequence; a note when the action changed nothing."""
    for watched in watches:
        for line in watched.lines():
            model_admin.message_user(request, line, messages.INFO)


def record_event_view(model_admin: admin.ModelAdmin[Any], request: HttpRequest) -> HttpResponse:
    case = _case_from(request)
    context: dict[str, Any] = {
        **model_admin.admin_site.each_context(request),
        "opts": model_admin.model._meta,
        "title": "Record a proceeding event",
        "case": case,
        "case_query": request.GET.get("case", ""),
    }
    if case is None:
        if request.GET.get("case"):
            context["case_error"] = (
                f"There is no case {request.GET['case']!r}: give a number such as 10-RC-269250."
            )
        return TemplateResponse(request, "admin/proceedings/record_event.html", context)

    elections = selectors.elections_of(case)
    proceeding = selectors.current_and_proceeding(elections).proceeding
    status = case_status(case)  # both tracks: the climb, the test of certification, the ends of the case
    allowed = [*status["allowed_events"], *status["ending_events"]]
    chosen_election = next(
        (e for e in elections if str(e.pk) == (request.POST.get("election") or request.GET.get("election"))),
        proceeding,
    )
    context.update(
        {
            "title": f"Record a proceeding event — {case.number}",
            "proceeding": proceeding,
            "stage": status["stage_label"],
            "allowed_labels": [ladder.event_label(code) for code in allowed],
            "event_groups": event_groups(allowed),
            "ladder_url": reverse("admin:proceedings_caseladder_change", args=[case.pk]),
        }
    )
    try:
        event = ladder.Event(request.GET.get("event", ""))
    except ValueError:
        return TemplateResponse(request, "admin/proceedings/record_event.html", context)

    form_class = event_form_class(event, case, chosen_election)
    election_choices = [(e.pk, f"Election {e.sequence} ({e.get_kind_display().lower()})") for e in elections]
    form = form_class(request.POST or None, elections=election_choices)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        try:
            with consequences.watch(case) as watched:
                recorded = services.event_record(
                    case=case,
                    actor=request.user,
                    # The event is the page's; its own fields are gathered into the details.
                    **handed(
                        ProceedingEventInputSerializer,
                        {**data, "event": event.value, "details": form.details()},
                    ),
                )
        except RuleViolation as exc:
            form.add_error(
                form.field_for(exc.message) or (exc.field if exc.field in form.fields else None),
                sentence(exc),
            )
        except TransitionNotAllowed as exc:
            form.add_error(None, sentence(exc))
        else:
            model_admin.message_user(
                request,
                f"Recorded: {recorded.event_label}, {recorded.occurred_on:%B} {recorded.occurred_on.day}, "
                f"{recorded.occurred_on.year} ({recorded.on_election} of {case.number}).",
                messages.SUCCESS,
            )
            report(model_admin, request, [watched])
            return HttpResponseRedirect(context["ladder_url"])
    context.update(
        {
            "event": event,
            "event_label": ladder.EVENT_LABELS[event],
            "event_allowed": event.value in allowed,
            "form": form,
            "media": model_admin.media + form.media,
        }
    )
    return TemplateResponse(request, "admin/proceedings/record_event.html", context)


# --- the other desks' actions, with their consequences said ------------------------------------------------


def _watched(
    model_admin: admin.ModelAdmin[Any], request: HttpRequest, cases: Iterable[Case], act: Callable[[], Any]
) -> Any:
    """Run ``act`` (an admin action or save) with each case watched; report what changed if it went through."""
    with ExitStack() as stack:
        watches = [stack.enter_context(consequences.watch(case)) for case in cases]
        result = act()
    report(model_admin, request, watches)
    return result


def _cases_of(queryset: QuerySet[Any], election_path: str) -> list[Case]:
    election_ids = set(queryset.values_list(election_path, flat=True).distinct()[:50])
    return selectors.cases_of_elections(election_ids)


def case_posted(request: HttpRequest, field: str, *, via_election: bool = False) -> Case | None:
    """The case a submitted add form is about (its ``case`` or ``election`` field), if it names one."""
    raw = request.POST.get(field, "") if request.method == "POST" else ""
    if not raw.isdigit() or int(raw) >= 2**62:
        return None
    if via_election:
        return Case.objects.filter(elections__pk=int(raw)).first()
    return Case.objects.filter(pk=int(raw)).first()


def said_on_submit(
    model_admin: admin.ModelAdmin[Any], request: HttpRequest, case: Case | None, act: Callable[[], Any]
) -> Any:
    """Run the add view ``act``; when the submitted form names a case, say what it changed there."""
    if case is None:
        return act()
    return _watched(model_admin, request, [case], act)


def said(parent: Callable[..., Any], election_path: str, *, immediate: bool = False) -> Callable[..., Any]:
    """The admin action ``parent`` (same name, description and permissions), with its consequences said.
    An action with an intermediate form acts only when the form is applied; ``immediate`` ones at once."""

    def action(model_admin: admin.ModelAdmin[Any], request: HttpRequest, queryset: QuerySet[Any]) -> Any:
        bound = parent.__get__(model_admin)
        if not immediate and ServiceActionMixin.applied(request) is None:
            return bound(request, queryset)
        cases = _cases_of(queryset, election_path)
        return _watched(model_admin, request, cases, lambda: bound(request, queryset))

    action.__name__ = parent.__name__
    for attribute in ("short_description", "allowed_permissions"):
        if hasattr(parent, attribute):
            setattr(action, attribute, getattr(parent, attribute))
    return action
