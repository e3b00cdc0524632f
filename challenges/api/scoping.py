"""Nested and detail routes of the ledger resolve what the path names within the caller's cases first,
so that another party's challenge or election is a 404, never a 403."""

from __future__ import annotations

from challenges import selectors
from core.api.scoping import ScopedObjectMixin, ScopedRecord


class ChallengeScopedMixin(ScopedObjectMixin):
    """``self.challenge``: the challenge of the path, within the caller's cases, or a 404 — resolved
    before any permission check, so that another party's challenge is never a 403."""

    challenge = ScopedRecord("challenge_id", selectors.visible_challenge)
