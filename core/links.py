"""Where a link in an e-mail takes a person: a page of the counsel desk (``/desk/``), never the raw API (which
answers a browser with a 401). Every app's notices build their links here, with the desk's own URL shapes
(``desk/urls.py``; a test holds the two the same), so that the lower apps need not import the desk."""

from __future__ import annotations

from django.conf import settings


def desk_url(case_number: str | None = None, *, anchor: str = "") -> str:
    """The desk page of ``case_number`` (the desk's home, the caller's cases, without one), at ``anchor``."""
    path = f"/desk/cases/{case_number}/" if case_number else "/desk/"
    return f"{settings.SITE_URL.rstrip('/')}{path}{f'#{anchor}' if anchor else ''}"
