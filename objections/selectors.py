"""Reads: objections scoped to the caller, shaped for the API and admin with a constant number of queries."""

from __future__ import annotations

from typing import Any

from django.db.models import Prefetch, QuerySet

from elections.models import Election, scoped_to_cases_of
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


def open_objections(election: Election) -> QuerySet[Objection]:
    """The election's objections not yet disposed of (pending or set for hearing), with their filers."""
    return (
        Objection.objects.filter(
            election=election, status__in=[Objection.Status.PENDING, Objection.Status.SET_FOR_HEARING]
        )
        .select_related("filed_by")
        .order_by("filed_by_id", "number")
    )


def visible_objection(user: Any, objection_id: int) -> Objection | None:
    """The objection if it is in the caller's cases (staff: any), else ``None`` — whether it does not exist
    or is another party's is the caller's to answer (the API: a 404 either way)."""
    return objections_for(user).filter(pk=objection_id).first()
