"""Nested routes (``cases/{number}/…``, ``elections/{id}/…``) resolve their parent within the
caller's cases before any permission check, so that another party's case is a 404, never a 403."""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.db.models import Count, Max, OuterRef, Sum
from django.http import Http404

from core.api import conditional
from core.api.scoping import ScopedObjectMixin, ScopedRecord, found_or_404
from elections.law import case_numbers
from elections.models import Case, Election, scoped_to_cases_of


def visible_case_or_404(user: Any, number: str, **annotations: Any) -> Case:
    try:
        normalized = case_numbers.normalize_typed(number)
    except case_numbers.InvalidCaseNumber:
        raise Http404 from None
    cases = Case.objects.visible_to(user).filter(number=normalized)
    return found_or_404((cases.annotate(**annotations) if annotations else cases).first())


def versioned_case(user: Any, number: str) -> Case:
    """The visible case (or a 404) with what a conditional read's tag needs of it: its version and, annotated,
    its time buckets (core/api/conditional.py). One query, the same as the plain lookup."""
    return visible_case_or_404(user, number, **conditional.time_buckets(case_id=OuterRef("pk")))


def case_parts(case: Case) -> tuple[Any, ...]:
    return ("case", case.pk, case.version, conditional.bucket_values(case))


def case_filter_parts(user: Any, value: str | None) -> tuple[Any, ...] | None:
    """For a list filtered by ``?case=``: the tag parts of that case, or ``None`` (not conditional) when the
    value is not a case number (the filter refuses it) or names no case the caller may see (an empty list)."""
    if value is None:
        return None
    try:
        return case_parts(versioned_case(user, value))
    except Http404:
        return None


def scope_parts(user: Any, *, timed: bool = False) -> tuple[Any, ...]:
    """For a list across the caller's cases: the versions of every case the caller may see, in one query
    (with the time buckets when ``timed``). Staff see every case, and versions only grow and cases are never
    deleted, so the count and the sum of the versions change with every write; anyone else gets the list of
    their cases' ids and versions (a handful), which also changes when an appearance begins or ends."""
    if conditional.scope_of(user) == "staff":
        latest = {k: Max(v) for k, v in conditional.time_buckets().items()} if timed else {}
        found = Case.objects.aggregate(cases=Count("pk"), versions=Sum("version"), **latest)
        return ("all", tuple(found[k] for k in sorted(found)))
    cases = Case.objects.visible_to(user).order_by("pk")
    names = ["pk", "version"]
    if timed:
        # The latest moment passed across all their cases, evaluated once (not once per case): it moves
        # whenever one of their deadlines falls due.
        buckets = conditional.time_buckets(case_id__in=Case.objects.visible_to(user).values("pk"))
        cases, names = cases.annotate(**buckets), names + sorted(buckets)
    return ("mine", tuple(cases.values_list(*names)))


def visible_election(user: Any, pk: int) -> Election | None:
    elections = scoped_to_cases_of(Election.objects.select_related("case"), user, case_id="case_id")
    return elections.filter(pk=pk).first()


class CaseScopedMixin(ScopedObjectMixin):
    """For views under ``cases/{number}/``: ``self.case`` is the visible case or a 404."""

    scoped_attribute = "case"
    kwargs: Any
    request: Any

    @cached_property
    def case(self) -> Case:
        return visible_case_or_404(self.request.user, self.kwargs["number"])


class CaseConditionalRead(conditional.ConditionalRead, CaseScopedMixin):
    """A read under ``cases/{number}/`` answered from its tag: the case's version and time buckets, read with
    the case itself (core/api/conditional.py)."""

    @cached_property
    def case(self) -> Case:
        return versioned_case(self.request.user, self.kwargs["number"])

    def read_parts(self) -> tuple[Any, ...] | None:
        return case_parts(self.case)


class ListConditionalRead(conditional.ConditionalRead):
    """A list across the caller's cases answered from its tag: with ``?case=`` (when the list takes it), the
    tag of that case; without, the versions of every case the caller may see. ``timed``: the list shows what
    time changes (a deadline's effective status)."""

    timed = False
    by_case = True
    request: Any

    def read_parts(self) -> tuple[Any, ...] | None:
        user = self.request.user
        if self.by_case and "case" in self.request.query_params:
            return case_filter_parts(user, self.request.query_params.get("case"))
        return scope_parts(user, timed=self.timed)


class ElectionScopedMixin(ScopedObjectMixin):
    """For views under ``elections/{id}/``: ``self.election`` is visible or a 404."""

    election = ScopedRecord("election_id", visible_election)
