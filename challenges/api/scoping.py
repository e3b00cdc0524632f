"""Nested and detail routes of the ledger resolve what the path names within the caller's cases first,
so that another party's challenge or election is a 404, never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import Http404
from rest_framework.request import Request

from challenges import selectors
from challenges.models import Challenge
from elections.api.scoping import bounded_id


class ChallengeScopedMixin:
    """``self.challenge``: the challenge of the path, within the caller's cases, or a 404 — resolved
    before any permission check, so that another party's challenge is never a 403."""

    kwargs: dict[str, Any]
    request: Any  # the view's DRF Request (typed Any: View declares an HttpRequest)

    @cached_property
    def challenge(self) -> Challenge:
        pk = bounded_id(self.kwargs["challenge_id"])
        challenge = selectors.challenges_for(self.request.user).filter(pk=pk).first()
        if challenge is None:
            raise Http404
        return challenge

    def check_permissions(self, request: Request) -> None:
        if request.user and request.user.is_authenticated:
            _ = self.challenge
        super().check_permissions(request)  # type: ignore[misc]
