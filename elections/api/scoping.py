"""Nested routes (``cases/{number}/…``, ``elections/{id}/…``) resolve their parent within the
caller's cases before any permission check, so that another party's case is a 404, never a 403."""

from __future__ import annotations

from datetime import datetime
from functools import cached_property
from typing import Any

from django.db.models import IntegerField, OuterRef, Subquery, Value
from django.http import Http404

from core import clock
from core.actors import is_staff
from core.api import conditional
from core.api.scoping import ScopedObjectMixin, ScopedRecord, found_or_404
from core.api.tag_query import TagQuery
from core.audience_version import STAFF
from elections.law import case_numbers
from elections.models import Appearance, AudienceVersion, Case, Election, scoped_to_cases_of


def visible_case_or_404(user: Any, number: str, **annotations: Any) -> Case:
    try:
        normalized = case_numbers.normalize_typed(number)
    except case_numbers.InvalidCaseNumber:
        raise Http404 from None
    cases = Case.objects.visible_to(user).filter(number=normalized)
    return found_or_404((cases.annotate(**annotations) if annotations else cases).first())


# The tag queries (core/api/tag_query.py): built from the same querysets as every other scoped read, compiled
# once per connection, so that a warm read spends no time building and compiling them.
_CASE_FIELDS = tuple(field.attname for field in Case._meta.concrete_fields)


def _versioned_case_query(user: Any, number: str, now: datetime) -> Any:
    buckets = conditional.time_buckets(at=now, case_id=OuterRef("pk"))
    audience = conditional.audience_parts(user, case_id=OuterRef("pk"))
    cases = Case.objects.visible_to(user).filter(number=number).order_by()
    if getattr(user, "is_authenticated", False) and not is_staff(user):
        # The party the caller appears for here (one at most: the database holds it): their audience.
        party = Appearance.objects.filter(user=user, case_id=OuterRef("pk")).values("party_id")[:1]
        cases = cases.annotate(caller_party=Subquery(party))
    else:
        cases = cases.annotate(caller_party=Value(None, output_field=IntegerField()))
    return cases.annotate(**buckets, **audience).values_list(
        *_CASE_FIELDS, "caller_party", *sorted(buckets), *sorted(audience)
    )[:1]


def _audience_query(user: Any, timed: bool, now: datetime | None = None) -> Any:
    """The caller's audience version (core/audience_version.py): one row, read by its key — ``0`` for staff,
    who all see every case alike, else the user's id — which moves with every write to any case the caller
    sees, every appearance of theirs begun or ended, every note they may read. With, when ``timed``, the
    latest due moment passed among every deadline of the record — the top of the index on ``due_at``, one
    probe — for staff and counsel alike (ADR 0008: deadlines fall due at a few moments a day, 11:59 p.m. in
    each office's zone, so a moment passed on someone else's case changes a counsel's tag a few times a day;
    read from their own cases it cost a probe per case, and a walk of the index asked at once)."""
    if not getattr(user, "is_authenticated", False):
        return AudienceVersion.objects.none()  # no audience: sees no case
    staff = conditional.scope_of(user) == "staff"
    audience = AudienceVersion.objects.filter(audience=STAFF if staff else user.pk).order_by()
    if not timed:
        return audience.values_list("version")
    buckets = conditional.time_buckets(at=now)
    return audience.annotate(**buckets).values_list("version", *sorted(buckets))


VERSIONED_CASE = TagQuery(_versioned_case_query)
AUDIENCE = TagQuery(_audience_query)


def versioned_case(user: Any, number: str) -> Case:
    """The visible case (or a 404) with what a conditional read's tag needs of it: its version and, annotated,
    its time buckets (core/api/conditional.py). One query, the same as the plain lookup."""
    try:
        normalized = case_numbers.normalize_typed(number)
    except case_numbers.InvalidCaseNumber:
        raise Http404 from None
    found = VERSIONED_CASE.rows(shape=_shape(), user=user, number=normalized, now=clock.now())
    row = found_or_404(found[0] if found else None)
    case = Case.from_db("default", _CASE_FIELDS, [row[name] for name in _CASE_FIELDS])
    for name in ("caller_party", *conditional.bucket_names(), *conditional.audience_names()):
        setattr(case, name, row[name])
    return case


def audience_on(user: Any, case: Case) -> str:
    """Who a read of ``case`` is rendered for (the scope of its tag, core/api/conditional.py): ``staff``, or
    the party the caller appears for (``party:<id>``). Every per-case answer depends on the caller through
    that party alone — its own deadlines (``caller_status``), the notes it may read (case notes and its side's)
    — never on which of the party's counsel or paralegals asks; so one body, built once after a write
    (elections/bodies.py), serves them all. ``versioned_case`` reads the party with the case."""
    if conditional.scope_of(user) == "staff":
        return "staff"
    return f"party:{getattr(case, 'caller_party', None)}"


def _shape() -> tuple[str, ...]:
    return (*conditional.bucket_names(), *conditional.audience_names())


def case_parts(case: Case, *, audience: bool = True) -> tuple[Any, ...]:
    """``audience``: with what the caller reads under the case that moves no version (their notes); without
    it for an answer that shows none of that."""
    shown = conditional.audience_values(case) if audience else ()
    return ("case", case.pk, case.version, conditional.bucket_values(case), shown)


def filtered_case(user: Any, value: str | None) -> Case | None:
    """For a list filtered by ``?case=``: that case, read as ``versioned_case`` reads it, or ``None`` (not
    conditional) when the value is not a case number (the filter refuses it) or names no case the caller may
    see (an empty list)."""
    if value is None:
        return None
    try:
        return versioned_case(user, value)
    except Http404:
        return None


def scope_parts(user: Any, *, timed: bool = False) -> tuple[Any, ...]:
    """For a list across the caller's cases: their audience version (with the time buckets when ``timed``),
    in one query of one row. An anonymous caller, or a user who never appeared on a case, has no row: they
    see no case, and a row is made with their first appearance."""
    moment = {"now": clock.now()} if timed else {}
    if not getattr(user, "is_authenticated", False):
        return ("audience", None)
    rows = AUDIENCE.rows(shape=conditional.bucket_names(), user=user, timed=timed, **moment)
    return ("audience", tuple(rows[0].values()) if rows else None)


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

    def read_scope(self) -> str | None:
        return audience_on(self.request.user, self.case)


class ListConditionalRead(conditional.ConditionalRead):
    """A list across the caller's cases answered from its tag: with ``?case=`` (when the list takes it), the
    tag of that case; without, the caller's audience version (``scope_parts``). ``timed``: the list shows what
    time changes (a deadline's effective status)."""

    timed = False
    by_case = True
    # With ``?case=``, the answer holds nothing that depends on who reads it (no deadline of their own, no
    # note): everyone who sees the case shares one tag and one body (scope ``case``), built once after a write.
    same_for_every_reader = False
    request: Any
    filtered_case: Case | None = None  # with ``?case=``: that case, whose audience renders the answer

    def read_parts(self) -> tuple[Any, ...] | None:
        user = self.request.user
        if self.by_case and "case" in self.request.query_params:
            case = self.filtered_case = filtered_case(user, self.request.query_params.get("case"))
            if case is None:
                return None
            return case_parts(case, audience=not self.same_for_every_reader)
        return scope_parts(user, timed=self.timed)

    def read_scope(self) -> str | None:
        case = self.filtered_case
        if case is None:
            return None
        return "case" if self.same_for_every_reader else audience_on(self.request.user, case)


class ElectionScopedMixin(ScopedObjectMixin):
    """For views under ``elections/{id}/``: ``self.election`` is visible or a 404."""

    election = ScopedRecord("election_id", visible_election)
