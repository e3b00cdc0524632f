"""Routes under ``objections/{id}/`` resolve the objection within the caller's cases first, so that another
party's objection is a 404, never a 403."""

from __future__ import annotations

from core.api.scoping import ScopedObjectMixin, ScopedRecord
from objections import selectors


class ObjectionScopedMixin(ScopedObjectMixin):
    """For views under ``objections/{id}/``: ``self.objection`` is visible to the caller or a 404."""

    objection = ScopedRecord("objection_id", selectors.visible_objection)
