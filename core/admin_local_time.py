"""Every date-time the admin shows, in the regional office's zone with the zone named.

``LocalTimeAdmin`` is the first base of every model admin of our apps (``tests/core/test_admin_kit.py``
checks it); third-party admins (auth, celery beat) are left as their apps register them. Two halves:

- **list columns**: a date-time column becomes a column that formats each row in its own case's zone — one
  list may hold cases of Seattle and of New York;
- **pages of one object** (the change form, read-only fields, the history): rendered with the object's zone
  activated.

``config/formats/en/formats.py`` names the zone in every date-time Django formats. A row or page of no case
(the work queue, an add form, a user) keeps the zone already active: the site's (``StaffAdminSite``
renders every page in the Agency's default zone). A date-time input says which zone it is read in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from zoneinfo import ZoneInfo

from django.core.exceptions import FieldDoesNotExist
from django.db import models
from django.http import HttpRequest, HttpResponse
from django.template.response import SimpleTemplateResponse
from django.utils import formats, timezone

# How to reach the case from a row: the first attribute path that leads to something with ``office_zone``.
_PATHS_TO_CASE: Sequence[tuple[str, ...]] = (
    (),
    ("case",),
    ("election", "case"),
    ("party", "case"),
    ("deadline", "case"),
    ("objection", "election", "case"),
    ("challenge", "election", "case"),
    ("instance",),  # a historical record: the object it is the history of
)


def zone_of(obj: Any) -> str:
    """The zone of the regional office of the case ``obj`` belongs to (the active zone if none)."""
    for path in _PATHS_TO_CASE:
        target = obj
        for name in path:
            target = getattr(target, name, None) if target is not None else None
        if target is None:
            continue
        if path == ("instance",):
            return zone_of(target)
        zone = getattr(target, "office_zone", None)
        if isinstance(zone, str) and zone:
            return zone
    return timezone.get_current_timezone_name()


def rendered_in(zone: str, view: Callable[[], HttpResponse]) -> HttpResponse:
    """Run ``view`` and render its template with ``zone`` active (a TemplateResponse renders lazily, after
    the view returns, so the zone must still be active when it does)."""
    with timezone.override(ZoneInfo(zone)):
        response = view()
        if isinstance(response, SimpleTemplateResponse) and not response.is_rendered:
            response.render()
    return response


def _local_column(model: type[models.Model], name: str) -> Callable[[Any], str]:
    field = model._meta.get_field(name)

    def column(obj: Any) -> str:
        value = getattr(obj, name, None)
        return formats.localize(value.astimezone(ZoneInfo(zone_of(obj)))) if value is not None else "—"

    column.short_description = str(getattr(field, "verbose_name", name))  # type: ignore[attr-defined]
    column.admin_order_field = name  # type: ignore[attr-defined]
    column.__name__ = name
    return column


def _is_datetime_field(model: type[models.Model], name: Any) -> bool:
    if not isinstance(name, str):
        return False
    try:
        field = model._meta.get_field(name)
    except FieldDoesNotExist:  # not a field: a method or a callable column, left as it is
        return False
    return isinstance(field, models.DateTimeField)


class LocalTimeAdmin:
    """The first base of every model admin of our apps (see the module docstring)."""

    # ``parent`` and ``me`` are typed Any: this mixin comes before the model admin it is mixed into, whose
    # methods and ``model`` it uses.

    def get_list_display(self, request: HttpRequest) -> Any:
        parent: Any = super()
        me: Any = self
        names = parent.get_list_display(request)
        columns: dict[str, Callable[[Any], str]] | None = getattr(self, "_local_columns", None)
        if columns is None:
            columns = {}
            self._local_columns = columns
        shown = []
        for name in names:
            if _is_datetime_field(me.model, name):
                shown.append(columns.setdefault(name, _local_column(me.model, name)))
            else:
                shown.append(name)
        return shown

    def get_list_display_links(self, request: HttpRequest, list_display: Sequence[Any]) -> Any:
        parent: Any = super()
        links = parent.get_list_display_links(request, list_display)
        columns = getattr(self, "_local_columns", {})
        if links is None:
            return None
        return [columns.get(link, link) if isinstance(link, str) else link for link in links]

    def formfield_for_dbfield(
        self, db_field: models.Field[Any, Any], request: HttpRequest, **kwargs: Any
    ) -> Any:
        parent: Any = super()
        formfield = parent.formfield_for_dbfield(db_field, request, **kwargs)
        if formfield is not None and isinstance(db_field, models.DateTimeField):
            zone = timezone.get_current_timezone_name()
            note = f"Local time of {zone}."
            formfield.help_text = f"{formfield.help_text} {note}".strip()
        return formfield

    def _object_zone(self, request: HttpRequest, object_id: str | None) -> str:
        if not object_id:
            return timezone.get_current_timezone_name()
        # A malformed or unknown id is None here (ModelAdmin.get_object): Django's own view answers it.
        me: Any = self
        obj = me.get_object(request, object_id)
        return zone_of(obj) if obj is not None else timezone.get_current_timezone_name()

    def changeform_view(
        self,
        request: HttpRequest,
        object_id: str | None = None,
        form_url: str = "",
        extra_context: dict[str, Any] | None = None,
    ) -> HttpResponse:
        parent: Any = super()
        return rendered_in(
            self._object_zone(request, object_id),
            lambda: parent.changeform_view(request, object_id, form_url, extra_context),
        )

    def history_view(
        self, request: HttpRequest, object_id: str, extra_context: dict[str, Any] | None = None
    ) -> HttpResponse:
        parent: Any = super()
        return rendered_in(
            self._object_zone(request, object_id),
            lambda: parent.history_view(request, object_id, extra_context),
        )
