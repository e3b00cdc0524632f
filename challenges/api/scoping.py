"""Nested and detail routes of the ledger resolve what the path names within the caller's cases first,
so that another party's challenge or election is a 404, never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from challenges import selectors
from challenges.models import Challenge
from core.api.scoping import ScopedObjectMixin, bounded_id, found_or_404


class ChallengeScopedMixin(ScopedObjectMixin):
    """``self.challenge``: the challenge of the path, within the caller's cases, or a 404 — resolved
    before any permission check, so that another party's challenge is never a 403."""

    scoped_attribute = "challenge"
    kwargs: dict[str, Any]
    request: Any  # the view's DRF Request (typed Any: View declares an HttpRequest)

    @cached_property
    def challenge(self) -> Challenge:
        pk = bounded_id(self.kwargs["challenge_id"])
        return found_or_404(selectors.challenges_for(self.request.user).filter(pk=pk).first())
