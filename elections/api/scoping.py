"""Nested routes (``cases/{number}/…``, ``elections/{id}/…``) resolve their parent within the
caller's cases before any permission check, so that another party's case is a 404, never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.http import Http404
from rest_framework.request import Request

from elections.law import case_numbers
from elections.models import Case, Election, scoped_to_cases_of


def visible_case_or_404(user: Any, number: str) -> Case:
    try:
        normalized = case_numbers.normalize(number)
    except case_numbers.InvalidCaseNumber:
        raise Http404 from None
    try:
        return Case.objects.visible_to(user).get(number=normalized)
    except Case.DoesNotExist:
        raise Http404 from None


# The largest id a client may name: beyond it a lookup would overflow PostgreSQL's bigint (a 500).
MAX_ID = 2**62


def bounded_id(value: Any) -> int:
    """An id from a path or a query: a whole number the database can hold, or a 404."""
    try:
        pk = int(value)
    except (TypeError, ValueError):
        raise Http404 from None
    if not 1 <= pk <= MAX_ID:
        raise Http404
    return pk


def visible_election_or_404(user: Any, election_id: Any) -> Election:
    pk = bounded_id(election_id)
    election = (
        scoped_to_cases_of(Election.objects.select_related("case"), user, case_id="case_id")
        .filter(pk=pk)
        .first()
    )
    if election is None:
        raise Http404
    return election


class CaseScopedMixin:
    """For views under ``cases/{number}/``: ``self.case`` is the visible case or a 404."""

    kwargs: Any
    request: Any

    @cached_property
    def case(self) -> Case:
        return visible_case_or_404(self.request.user, self.kwargs["number"])

    def check_permissions(self, request: Request) -> None:
        if request.user and request.user.is_authenticated:
            _ = self.case  # 404 before 403
        super().check_permissions(request)  # type: ignore[misc]


class ElectionScopedMixin:
    """For views under ``elections/{id}/``: ``self.election`` is visible or a 404."""

    kwargs: Any
    request: Any

    @cached_property
    def election(self) -> Election:
        return visible_election_or_404(self.request.user, self.kwargs["election_id"])

    def check_permissions(self, request: Request) -> None:
        if request.user and request.user.is_authenticated:
            _ = self.election
        super().check_permissions(request)  # type: ignore[misc]
