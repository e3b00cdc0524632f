"""A desk form that creates a paper, posted twice (a double click, a reload), files it once (issue 36,
item 6): each such form carries a one-time token (``once``, from the context processor ``context``), and
the view under ``@one_time`` runs through ``core.idempotency.once`` under that token. The first post's
answer (its redirect to what it made) is kept in the same transaction as the paper; a repeat gets that
redirect again, and is told so. A refused post (the form re-rendered with its errors) keeps nothing, and
the page it renders carries a new token."""

from __future__ import annotations

import re
import secrets
from collections.abc import Callable
from functools import wraps
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse

from core.idempotency import REPLAYED, KeyReused, fingerprint, once

FIELD = "once"
_TOKEN = re.compile(r"[0-9a-f]{32}")


def context(request: HttpRequest) -> dict[str, Any]:
    """``once_token``: a new token for each page rendered (the forms include ``desk/_once.html``)."""
    return {"once_token": secrets.token_hex(16)}


def _redirected(response: HttpResponse) -> bool:
    return response.status_code in (301, 302, 303)


def one_time(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
    @wraps(view)
    def page(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
        token = request.POST.get(FIELD, "") if request.method == "POST" else ""
        if not _TOKEN.fullmatch(token) or not request.user.is_authenticated:
            return view(request, *args, **kwargs)  # a form of before the tokens: as it always ran
        try:
            response = once(
                user=request.user,
                key=f"desk:{token}",
                fingerprint=fingerprint(request.path),
                run=lambda: view(request, *args, **kwargs),
                keep=_redirected,
            )
        except KeyReused:  # the token of one form posted to another: run it as a new post
            return view(request, *args, **kwargs)
        if response.get(REPLAYED):
            messages.info(request, "This form was sent more than once; it was done once, as shown here.")
        return response

    return page
