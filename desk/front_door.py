"""``/``, the front door: counsel and paralegals to the desk (its sign-in first, when signed out), Board staff
to the staff desk (the admin). The API's documentation stays at ``/api/v1/docs/``."""

from __future__ import annotations

from django.http import HttpRequest, HttpResponseRedirect
from django.urls import reverse


def front_door(request: HttpRequest) -> HttpResponseRedirect:
    user = request.user
    if user.is_authenticated and user.is_staff:
        return HttpResponseRedirect(reverse("admin:index"))
    if user.is_authenticated:
        return HttpResponseRedirect(reverse("desk:home"))
    return HttpResponseRedirect(reverse("desk:sign-in"))
