"""Nested routes (``cases/{number}/…``, ``elections/{id}/…``) resolve their parent within the
caller's cases before any permission check, so that another party's case is a 404, never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import Http404

from core.api.scoping import ScopedObjectMixin, bounded_id, found_or_404
from elections.law import case_numbers
from elections.models import Case, Election, scoped_to_cases_of


def visible_case_or_404(user: Any, number: str) -> Case:
    try:
        normalized = case_numbers.normalize_typed(number)
    except case_numbers.InvalidCaseNumber:
        raise Http404 from None
    return found_or_404(Case.objects.visible_to(user).filter(number=normalized).first())


def visible_election_or_404(user: Any, election_id: Any) -> Election:
    pk = bounded_id(election_id)
    elections = scoped_to_cases_of(Election.objects.select_related("case"), user, case_id="case_id")
    return found_or_404(elections.filter(pk=pk).first())


class CaseScopedMixin(ScopedObjectMixin):
    """For views under ``cases/{number}/``: ``self.case`` is the visible case or a 404."""

    scoped_attribute = "case"
    kwargs: Any
    request: Any

    @cached_property
    def case(self) -> Case:
        return visible_case_or_404(self.request.user, self.kwargs["number"])


class ElectionScopedMixin(ScopedObjectMixin):
    """For views under ``elections/{id}/``: ``self.election`` is visible or a 404."""

    scoped_attribute = "election"
    kwargs: Any
    request: Any

    @cached_property
    def election(self) -> Election:
        return visible_election_or_404(self.request.user, self.kwargs["election_id"])
