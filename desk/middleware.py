"""What every desk page's answer carries, whoever wrote the view."""

from __future__ import annotations

from collections.abc import Callable

from django.http import HttpRequest, HttpResponse

PRIVATE = "private, no-store"


class PrivatePagesMiddleware:
    """Every page of the desk (``desk:`` routes) answers ``Cache-Control: private, no-store``.

    A desk page shows one caller's cases, side notes and the form tokens of their session: neither a shared
    proxy nor the browser's cache may keep it, so that after sign-out on a shared machine the Back button or
    a proxy has nothing to show (issue 36, item 9). Set here rather than per view so that a page added later
    is covered without anyone remembering; a view that set its own header keeps only ``no-store`` added."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        match = getattr(request, "resolver_match", None)
        if match is not None and "desk" in match.namespaces:
            response["Cache-Control"] = PRIVATE
            response.headers.pop("Expires", None)
        return response
