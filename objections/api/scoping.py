"""Routes under ``objections/{id}/`` resolve the objection within the caller's cases first, so that another
party's objection is a 404, never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from core.api.scoping import ScopedObjectMixin, bounded_id, found_or_404
from objections import selectors
from objections.models import Objection


def visible_objection_or_404(user: Any, objection_id: Any) -> Objection:
    return found_or_404(selectors.visible_objection(user, bounded_id(objection_id)))


class ObjectionScopedMixin(ScopedObjectMixin):
    """For views under ``objections/{id}/``: ``self.objection`` is visible to the caller or a 404."""

    scoped_attribute = "objection"
    kwargs: Any
    request: Any

    @cached_property
    def objection(self) -> Objection:
        return visible_objection_or_404(self.request.user, self.kwargs["objection_id"])
