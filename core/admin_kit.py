"""The admin kit: how every app's staff pages save, refuse, act on a selection and look for a case.

- ``NoDeleteMixin`` (with ``NoRevertMixin``): nothing is hard-deleted and no past version is posted back;
  records are corrected, voided or closed, and the history keeps the rest.
- ``ServiceSaveMixin``: the add and change forms save through a service; its refusal is shown on the same
  form and nothing the request wrote stays.
- ``ServiceActionMixin``: an action (or a page of its own) with an intermediate form — the form, then the
  service, then a message, or the service's refusal on the form.
- ``CaseNumberFilter``: a text box in the list's sidebar that finds a case by its number however it is typed.

The kit imports no app of ours (the layering test checks it). A service's refusal is a ``core.errors``
``DomainError``: ``field`` and ``message`` for a broken rule, ``detail`` and ``allowed`` for a refused step.
The one fact it needs from the law, the case-number normalizer, each admin hands to ``CaseNumberFilter.at``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar, cast

from django import forms
from django.contrib import admin
from django.contrib.admin import helpers
from django.contrib.admin.views.main import ChangeList
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.db.models import QuerySet
from django.http import HttpRequest, HttpResponse, QueryDict
from django.template.response import TemplateResponse

from core.errors import DomainError, NotPermitted, RuleViolation, TransitionNotAllowed

R = TypeVar("R")  # what the service returns
A = TypeVar("A", bound=HttpResponse | None)  # how the action ends: a page, or back to the list (None)

Refusals = tuple[type[Exception], ...]


# --- what a refusal says -----------------------------------------------------------------------------------


def refusal_text(exc: Exception, *, naming_the_field: bool = False) -> str:
    """A service's refusal as staff read it: the rule the input breaks, or the step refused and what may
    come next. ``naming_the_field`` starts a broken rule with the field it is about (for a form that shows
    it at the top)."""
    if isinstance(exc, RuleViolation):
        return f"{exc.field}: {exc.message}" if naming_the_field else exc.message
    if isinstance(exc, TransitionNotAllowed):
        return exc.detail + (f" Allowed next: {', '.join(exc.allowed)}." if exc.allowed else "")
    if isinstance(exc, NotPermitted):
        return exc.detail
    return str(exc)


def refusal_field(
    form: forms.BaseForm, exc: Exception, fields: Mapping[str, str] | None = None
) -> str | None:
    """The form field a refusal is about: the field the rule names, through ``fields`` where the form
    calls it otherwise (``filed_at`` → ``filed_on``); ``None`` (the top of the form) if the form lacks it."""
    if not isinstance(exc, RuleViolation):
        return None
    named = exc.field
    field = (fields or {}).get(named, named)
    return field if field in form.fields else None


def add_refusal(
    form: forms.BaseForm,
    exc: Exception,
    *,
    fields: Mapping[str, str] | None = None,
    wording: Callable[[Exception], str] = refusal_text,
) -> None:
    """Put a service's refusal on ``form``: on the field it is about, or at the top naming that field."""
    field = refusal_field(form, exc, fields)
    text = wording(exc)
    if field is None and isinstance(exc, RuleViolation):
        text = f"{exc.field}: {text}"
    form.add_error(field, text)


# --- nothing deleted, nothing reverted ---------------------------------------------------------------------


class NoRevertMixin:
    """For a SimpleHistoryAdmin: a past version can be read, never posted back. A revert would write an
    old row past every rule the services enforce (a tally, a status, a ballot)."""

    def history_form_view(
        self, request: HttpRequest, object_id: str, version_id: str, extra_context: Any = None
    ) -> HttpResponse:
        if request.method != "GET":
            raise PermissionDenied("Reverting to a past version is disabled; correct the record instead.")
        parent: Any = super()
        return parent.history_form_view(request, object_id, version_id, extra_context)


class NoDeleteMixin(NoRevertMixin):
    """Nothing is hard-deleted: records are corrected, voided or closed, and history keeps the rest."""

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


# --- saving through a service ------------------------------------------------------------------------------

_REFUSAL = "_service_refusal"


def saved_as(obj: Any, saved: Any) -> None:
    """Let the admin's response (messages, redirect, history) see the row a service wrote in place of the
    form's instance: ``save_model`` hands the instance to a service, which saves its own."""
    obj.pk = saved.pk
    obj.__dict__.update({k: v for k, v in saved.__dict__.items() if not k.startswith("_")})


class ServiceSaveMixin:
    """For a ModelAdmin that saves only in ``save_model`` / ``save_formset`` (which call a service): when
    the service refuses (one of ``refusals``), everything the request wrote is rolled back and the same form
    is shown again with the refusal on it — on the field the rule names when the form has it, else at the
    top. No service runs inside ``form.clean()``, so nothing is written while other parts of the page (an
    inline formset) are still invalid."""

    refusals: ClassVar[Refusals] = (DomainError,)
    """The errors a service raises on purpose: shown to staff, never a 500."""

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        parent: Any = super()
        try:
            with transaction.atomic():
                return parent.changeform_view(request, object_id, form_url, extra_context)
        except self.refusals as exc:
            # The first pass is rolled back; the second shows the form again with the refusal on it.
            setattr(request, _REFUSAL, exc)
            return parent.changeform_view(request, object_id, form_url, extra_context)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """The ``save_formset`` of a ModelAdmin with this mixin calls services instead of ``formset.save()``,
        so the formsets lack what ``formset.save()`` leaves for the change message (``new_objects``,
        ``changed_objects``, ``deleted_objects``; without them every save with an inline is a 500). They
        are recorded here from the forms that changed, once for every such ModelAdmin."""
        changed = [[(f, f.instance.pk is None) for f in formset.forms if saves(f)] for formset in formsets]
        parent: Any = super()
        parent.save_related(request, form, formsets, change)
        for formset, saved in zip(formsets, changed, strict=True):
            formset.new_objects = [f.instance for f, new in saved if new]
            formset.changed_objects = [(f.instance, f.changed_data) for f, new in saved if not new]
            formset.deleted_objects = []

    def get_form(self, request: HttpRequest, obj: Any = None, change: bool = False, **kwargs: Any) -> Any:
        parent: Any = super()
        form = parent.get_form(request, obj, change=change, **kwargs)
        refusal = getattr(request, _REFUSAL, None)
        if refusal is None:
            return form
        return type(form.__name__, (RefusedForm, form), {"refusal": refusal})


def saves(form: Any) -> bool:
    """Whether an inline form is one the ``save_formset`` of a ServiceSaveMixin admin passes to a service."""
    return bool(form.has_changed() and not form.cleaned_data.get("DELETE"))


class RefusedForm(forms.BaseForm):
    """The form of the second pass: invalid, carrying the service's refusal."""

    refusal: Exception

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        # A form may name its field for one the service names otherwise (``votes_for`` → ``votes_for_0``).
        add_refusal(self, self.refusal, fields=getattr(self, "refusal_fields", None))
        return data


# --- acting through an intermediate form -------------------------------------------------------------------


@dataclass(frozen=True)
class ActionPage:
    """What the page of an intermediate form says, and the template that shows it (the kit's, or one that
    extends it)."""

    title: str
    intro: str = ""
    submit_label: str = "Apply"
    template: str = "admin/core/action_form.html"


class ServiceActionMixin:
    """For a ModelAdmin whose actions ask for a form first: the action is chosen, the form is shown; the
    form applied and valid, a service is called (in one transaction) and the action ends with a message —
    or the service refuses and the form is shown again with the refusal on it, nothing written."""

    refusals: ClassVar[Refusals] = (DomainError,)
    """The errors a service raises on purpose: shown to staff, never a 500."""

    @staticmethod
    def applied(request: HttpRequest) -> QueryDict | None:
        """The data of the intermediate form once it is applied (``None`` when the action is only chosen)."""
        return request.POST if "apply" in request.POST else None

    def refusal_text(self, exc: Exception) -> str:
        """How this admin words a refusal (an app may put labels in place of codes)."""
        return refusal_text(exc)

    def service_form(
        self,
        request: HttpRequest,
        form: forms.BaseForm,
        call: Callable[[dict[str, Any]], R],
        done: Callable[[R], A],
        page: ActionPage,
        *,
        fields: Mapping[str, str] | None = None,
        listed: Iterable[Any] = (),
        action: str = "",
        context: Callable[[], Mapping[str, Any]] | None = None,
    ) -> A | TemplateResponse:
        """Intermediate form → service → message, or the service's refusal on the form.

        ``call`` gets the cleaned data and calls the service; ``done`` gets what it returned, says so
        (``message_user``) and returns the response (``None``: back to the list). ``fields`` maps a field a
        service names to the form's name for it; ``listed`` are records shown above the form; ``action`` is
        the admin action the form posts back to (none for a page of its own); ``context`` gives what else
        the page shows (read only when it is shown)."""
        if form.is_bound and form.is_valid():
            try:
                with transaction.atomic():
                    result = call(form.cleaned_data)
            except self.refusals as exc:
                add_refusal(form, exc, fields=fields, wording=self.refusal_text)
            else:
                return done(result)
        return self.action_page(request, form, page, listed=listed, action=action, context=context)

    def action_page(
        self,
        request: HttpRequest,
        form: forms.BaseForm,
        page: ActionPage,
        *,
        listed: Iterable[Any] = (),
        action: str = "",
        context: Callable[[], Mapping[str, Any]] | None = None,
    ) -> TemplateResponse:
        """The page of the form. An action's page posts back the selection as it came (the ids ticked and
        "all N across pages"), so applying it acts on the same records."""
        model_admin = cast("admin.ModelAdmin[Any]", self)
        values = {
            **model_admin.admin_site.each_context(request),
            "opts": model_admin.model._meta,
            "title": page.title,
            "intro": page.intro,
            "submit_label": page.submit_label,
            "form": form,
            "media": model_admin.media + form.media,
            "listed": listed,
            "action": action,
            "action_checkbox_name": helpers.ACTION_CHECKBOX_NAME,
            "selected": request.POST.getlist(helpers.ACTION_CHECKBOX_NAME) if action else [],
            "select_across": request.POST.get("select_across", "0"),
            **(context() if context is not None else {}),
        }
        return TemplateResponse(request, page.template, values)


# --- finding a case ----------------------------------------------------------------------------------------


class InputFilter(admin.SimpleListFilter):
    """A text box in the list's sidebar: a list of 100,000 cases would be no filter at all."""

    template = "admin/core/input_filter.html"
    placeholder = ""

    def lookups(self, request: HttpRequest, model_admin: Any) -> list[tuple[str, str]]:
        return []

    def has_output(self) -> bool:
        return True

    def choices(self, changelist: ChangeList) -> Iterator[Any]:
        # The other filters, the search and the ordering are kept; the page is not (it may not exist).
        query = QueryDict(changelist.get_query_string(remove=[str(self.parameter_name), "p"]).lstrip("?"))
        yield {
            "preserved": [(key, value or "") for key in query for value in query.getlist(key)],
            "value": self.value() or "",
            "parameter_name": self.parameter_name,
            "placeholder": self.placeholder,
            "clear": changelist.get_query_string(remove=[str(self.parameter_name)]) if self.value() else "",
        }


_LONGEST_NUMBER = 20  # a longer text is no part of a case number: it finds nothing, unsearched


class CaseNumberFilter(InputFilter):
    """``?case=10-RC-269250``: the list of one case, the number typed in any of the usual spellings (any
    case, separators or none, the serial with or without its leading zeros). A part of a number
    ("269250") finds every case whose number holds it.

    An app makes its own with ``CaseNumberFilter.at(lookup, normalize)``: the lookup path from the listed
    model to the case number, and the law's normalizer of typed numbers (``case_numbers.normalize_typed``,
    which raises ``ValueError`` for a non-number)."""

    title = "case number"
    parameter_name = "case"
    placeholder = "10-RC-269250"
    lookup: ClassVar[str] = "case__number"

    @staticmethod
    def normalize(text: str) -> str:
        raise ValueError("no case-number normalizer given: make the filter with CaseNumberFilter.at()")

    @classmethod
    def at(cls, lookup: str, normalize: Callable[[str], str]) -> type[CaseNumberFilter]:
        return type("CaseNumberFilter", (cls,), {"lookup": lookup, "normalize": staticmethod(normalize)})

    @classmethod
    def number(cls, text: str) -> str | None:
        """The case number ``text`` spells, in its one written form; ``None`` if it spells none."""
        try:
            return cls.normalize(text)
        except ValueError:
            return None

    def queryset(self, request: HttpRequest, queryset: QuerySet[Any]) -> QuerySet[Any]:
        text = (self.value() or "").strip()
        if not text:
            return queryset
        number = self.number(text)
        if number is not None:
            return queryset.filter(**{self.lookup: number})
        if len(text) > _LONGEST_NUMBER:
            return queryset.none()
        return queryset.filter(**{f"{self.lookup}__icontains": text})
