"""How the admin saves: through the services, with the service's refusal shown on the form.

A ModelAdmin with ``ServiceSaveMixin`` saves only in ``save_model`` / ``save_formset`` (which call a
service). When the service refuses (``RuleViolation``, ``TransitionNotAllowed``), everything the request
wrote is rolled back and the same form is shown again with the refusal on it: on the field the rule names
when the form has it, else at the top. No service runs inside ``form.clean()``, so nothing is written while
other parts of the page (an inline formset) are still invalid.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.http import HttpRequest, HttpResponse

from core.errors import DomainError, RuleViolation, TransitionNotAllowed

_REFUSAL = "_service_refusal"


def refusal_text(exc: DomainError) -> str:
    if isinstance(exc, RuleViolation):
        return f"{exc.field}: {exc.message}"
    if isinstance(exc, TransitionNotAllowed):
        allowed = f" Allowed next: {', '.join(exc.allowed)}." if exc.allowed else ""
        return f"{exc.detail}{allowed}"
    return str(exc)


class ServiceSaveMixin:
    """For a ModelAdmin: a refusal from the service called while saving is a form error, not a 500."""

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
        except DomainError as exc:
            # The first pass is rolled back; the second shows the form again with the refusal on it.
            setattr(request, _REFUSAL, exc)
            return parent.changeform_view(request, object_id, form_url, extra_context)

    def save_related(self, request: HttpRequest, form: Any, formsets: Any, change: bool) -> None:
        """The ``save_formset`` of a ModelAdmin with this mixin calls services instead of ``formset.save()``,
        so the formsets lack what ``formset.save()`` leaves for the change message (``new_objects``,
        ``changed_objects``, ``deleted_objects``; without them every save with an inline is a 500). They
        are recorded here from the forms that changed, once for every such ModelAdmin."""
        changed = [
            [(f, f.instance.pk is None) for f in formset.forms if _saves(f)] for formset in formsets
        ]
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


def _saves(form: Any) -> bool:
    """Whether an inline form is one the ``save_formset`` of a ServiceSaveMixin admin passes to a service."""
    return bool(form.has_changed() and not form.cleaned_data.get("DELETE"))


class RefusedForm(forms.BaseForm):
    """The form of the second pass: invalid, carrying the service's refusal."""

    refusal: DomainError

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        field = getattr(self.refusal, "field", None)
        self.add_error(field if field in self.fields else None, refusal_text(self.refusal))
        return data


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
