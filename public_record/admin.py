"""The public record in the admin: import a case by number, refresh selected cases, see what came in.

Every import goes through ``public_record.services`` (a Celery task, like the API's). The case page's docket
and its refresh action are offered here and added to the case page by the staff app (``staff.admin``)."""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import admin, messages
from django.db.models import QuerySet
from django.http import HttpRequest

from core.admin_kit import NoDeleteMixin, refusal_text
from core.admin_local_time import LocalTimeAdmin
from core.errors import DomainError
from elections.law import case_numbers
from elections.models import Case
from proceedings.models import DocketEntry
from public_record import selectors, services
from public_record.models import ImportedCase, ImportRun

RUN_FIELDS = [
    "number",
    "status",
    "outcome",
    "error",
    "report",
    "requested_by",
    "created_at",
    "started_at",
    "finished_at",
]


@admin.register(ImportRun)
class ImportRunAdmin(LocalTimeAdmin, NoDeleteMixin, admin.ModelAdmin[ImportRun]):
    """Add one to import a case by number from the configured file (NLRB_DATA_PATH)."""

    list_display = ["number", "status", "outcome", "requested_by", "created_at", "finished_at"]
    list_filter = ["status", "outcome"]
    search_fields = ["=number", "number"]
    list_select_related = ["requested_by"]

    def get_fields(self, request: HttpRequest, obj: ImportRun | None = None) -> Any:
        return ["number"] if obj is None else RUN_FIELDS

    def get_readonly_fields(self, request: HttpRequest, obj: ImportRun | None = None) -> Any:
        return [] if obj is None else RUN_FIELDS

    def get_form(
        self, request: HttpRequest, obj: ImportRun | None = None, change: bool = False, **kwargs: Any
    ) -> Any:
        if obj is None:
            kwargs["form"] = ImportRequestForm
        return super().get_form(request, obj, change=change, **kwargs)

    def save_model(self, request: HttpRequest, obj: ImportRun, form: Any, change: bool) -> None:
        if change:
            return  # a run is a record of what happened: nothing to edit
        run = services.import_run_request(number=obj.number, actor=request.user)
        obj.pk, obj.status = run.pk, run.status


class ImportRequestForm(forms.ModelForm[ImportRun]):
    """The number and the configured file are checked here, so a refusal is a form error, not a 500."""

    class Meta:
        model = ImportRun
        fields = ["number"]

    def clean_number(self) -> str:
        try:
            number = case_numbers.normalize(self.cleaned_data["number"])
            selectors.data_path()
        except case_numbers.InvalidCaseNumber as exc:
            raise forms.ValidationError(str(exc)) from None
        except DomainError as exc:
            raise forms.ValidationError(refusal_text(exc, naming_the_field=True)) from None
        return number


@admin.register(ImportedCase)
class ImportedCaseAdmin(LocalTimeAdmin, NoDeleteMixin, admin.ModelAdmin[ImportedCase]):
    list_display = ["case", "snapshot", "imported_at", "updated_at"]
    search_fields = ["=case__number", "case__number", "case__name"]
    list_select_related = ["case"]
    readonly_fields = ["case", "snapshot", "fingerprint", "as_imported", "keys", "imported_at", "updated_at"]

    def has_add_permission(self, request: HttpRequest) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False  # written by the import service only; a Save here would touch the row itself


class DocketInline(admin.TabularInline[DocketEntry, Case]):
    """The public docket, as nlrb.gov shows it (read-only: it is a copy of the public record)."""

    model = DocketEntry
    extra = 0
    can_delete = False
    fields = ("filed_on", "document", "actor", "url")
    readonly_fields = fields
    ordering = ["filed_on", "id"]
    classes = ["collapse"]

    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.action(description="Import / refresh the selected cases from the public record (nlrb.db)")
def refresh_from_public_record(model_admin: Any, request: HttpRequest, queryset: QuerySet[Case]) -> None:
    """The case page's action (``staff.admin`` adds it, with ``DocketInline``, to the case page)."""
    queued = []
    for case in queryset:
        try:
            run = services.import_run_request(number=case.number, actor=request.user)
        except DomainError as exc:
            messages.error(request, f"{case.number}: {refusal_text(exc, naming_the_field=True)}")
            return
        queued.append(f"{case.number} (run {run.pk})")
    messages.success(request, f"Queued the import of {', '.join(queued)}; see Import runs for the outcome.")
