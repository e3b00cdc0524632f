"""Routes under ``objections/{id}/`` resolve the objection within the caller's cases first, so that another
party's objection is a 404, never a 403."""

from __future__ import annotations

from typing import Any

from django.http import Http404

from elections.api.scoping import bounded_id
from objections import selectors
from objections.models import Objection


def visible_objection_or_404(user: Any, objection_id: Any) -> Objection:
    objection = selectors.visible_objection(user, bounded_id(objection_id))
    if objection is None:
        raise Http404
    return objection
