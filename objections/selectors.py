"""Reads: objections scoped to the caller, shaped for the API and admin with a constant number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet
from django.http import Http404

from elections.models import Appearance, Election, scoped_to_cases_of
from objections.models import Objection, Ruling


def rulings_in_order() -> QuerySet[Ruling]:
    return Ruling.objects.order_by("decided_on", "id")


def objections_for(user: Any) -> QuerySet[Objection]:
    """Every objection in the caller's cases (staff: all), with what the API shows, in three queries."""
    return (
        scoped_to_cases_of(Objection.objects.all(), user, case_id="election__case_id")
        .select_related("election__case", "filed_by")
        .prefetch_related(Prefetch("rulings", queryset=rulings_in_order()))
        .order_by("election_id", "filed_by_id", "number", "id")
    )


def objections_of(election: Election) -> QuerySet[Objection]:
    return (
        Objection.objects.filter(election=election)
        .select_related("election__case", "filed_by")
        .prefetch_related(Prefetch("rulings", queryset=rulings_in_order()))
        .order_by("filed_by_id", "number", "id")
    )


def visible_objection_or_404(user: Any, objection_id: Any) -> Objection:
    try:
        pk = int(objection_id)
    except (TypeError, ValueError):
        raise Http404 from None
    if not 1 <= pk <= 2**62:
        raise Http404
    objection = objections_for(user).filter(pk=pk).first()
    if objection is None:
        raise Http404
    return objection


def counsel_party_ids(user: Any, case_id: int) -> set[int]:
    """The parties of a case for which the user appears as counsel (paralegals file nothing)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    return set(
        Appearance.objects.filter(
            user=user, party__case_id=case_id, capacity=Appearance.Capacity.COUNSEL
        ).values_list("party_id", flat=True)
    )
