"""Where a link in an e-mail or a feed takes a person, on the site's one address (``SITE_URL``).

Paths come from the URLconf by name (``reverse``), never written out here: a desk page (``/desk/``) for the
e-mails (the raw API answers a browser with a 401), or a named API route where a notice links to a record
the desk does not show. The names are looked up when a link is built, so the lower apps need not import
the desk.
"""

from __future__ import annotations

from typing import Any

from django.conf import settings
from django.urls import reverse


def site_url(path: str) -> str:
    """``path`` (an absolute path on this site) at the site's address."""
    return f"{settings.SITE_URL.rstrip('/')}{path}"


def url_of(name: str, **kwargs: Any) -> str:
    """The full address of the route named ``name`` with ``kwargs``, e.g. ``url_of("filing-detail",
    filing_id=7)``."""
    return site_url(reverse(name, kwargs=kwargs or None))


def desk_url(case_number: str | None = None, *, anchor: str = "") -> str:
    """The desk page of ``case_number`` (the desk's home, the caller's cases, without one), at ``anchor``."""
    path = reverse("desk:case", kwargs={"number": case_number}) if case_number else reverse("desk:home")
    return site_url(path) + (f"#{anchor}" if anchor else "")
