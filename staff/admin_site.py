"""The staff admin site: its home is the work queue, and every page shows time in the office's zone.

``config.settings`` installs ``StaffAdminConfig`` in place of ``django.contrib.admin``, so ``admin.site``
(what every app's ``admin.py`` registers with) is a ``StaffAdminSite``. It lives in the staff app, the top
floor, because the work queue reads every app. It registers admins as Django does: each of our apps' admins
has ``core.admin_local_time.LocalTimeAdmin`` as its first base, by name.
"""

from __future__ import annotations

from typing import Any

from django.contrib.admin import AdminSite
from django.contrib.admin.apps import AdminConfig
from django.http import HttpRequest, HttpResponse
from django.template.response import TemplateResponse

from core.admin_local_time import rendered_in
from elections.law.local_time import DEFAULT_ZONE


class StaffAdminSite(AdminSite):
    index_template = "admin/workqueue.html"

    def admin_view(self, view: Any, cacheable: bool = False) -> Any:
        def in_default_zone(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            # Pages of one object switch to its case's zone inside (core.admin_local_time.LocalTimeAdmin).
            return rendered_in(DEFAULT_ZONE, lambda: view(request, *args, **kwargs))

        in_default_zone.__name__ = getattr(view, "__name__", "view")
        return super().admin_view(in_default_zone, cacheable)

    def index(self, request: HttpRequest, extra_context: dict[str, Any] | None = None) -> TemplateResponse:
        """Staff land on what needs their action; the list of models follows it."""
        from staff import workqueue

        context = dict(extra_context or {})
        if request.user.is_active and request.user.is_staff:
            context["queue"] = workqueue.for_request(request.GET)
            context["by_case"] = request.GET.get("group") == "case"
        response = super().index(request, context)
        assert isinstance(response, TemplateResponse)
        return response


class StaffAdminConfig(AdminConfig):
    default_site = "staff.admin_site.StaffAdminSite"
