"""Reads: querysets scoped to the caller and shaped for the API and admin (constant query counts)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Count, F, OuterRef, Prefetch, Q, QuerySet, Subquery, prefetch_related_objects

from elections.models import (
    TALLIES_READ,
    Appearance,
    Case,
    Election,
    Party,
    Tally,
    scoped_to_cases_of,
)


def original_tally(election: Election) -> Tally | None:
    """The tally of ballots (revision 0): the objections period and the proceeding run from it, never from a
    revision. Reads the tallies the election was read with when it has them (one query otherwise)."""
    return next((t for t in election.tallies_in_order() if t.revision == 0), None)


def cases_for(user: Any) -> QuerySet[Case]:
    return Case.objects.visible_to(user).prefetch_related(
        Prefetch("parties", queryset=Party.objects.order_by("id")), "parties__counsel", "related_cases"
    )


def with_case_details(case: Case) -> Case:
    """The case with what its detail shows, fetched in two more queries."""
    prefetch_related_objects(
        [case],
        Prefetch("parties", queryset=Party.objects.order_by("id")),
        "parties__counsel",
        "related_cases",
    )
    return case


_latest_revision = (
    Tally.objects.filter(election_id=OuterRef("pk")).order_by("-revision").values("revision")[:1]
)


def elections_for(user: Any) -> QuerySet[Election]:
    """Elections of the caller's cases with their tallies and the live count of pending challenges.

    The count reads the ledger by its reverse name only (no import of the challenges app), so the
    dependency still runs downhill."""
    return (
        scoped_to_cases_of(Election.objects.all(), user, case_id="case_id")
        .select_related("case")
        .prefetch_related(
            Prefetch("tallies", queryset=Tally.objects.order_by("revision"), to_attr=TALLIES_READ)
        )
        .annotate(challenges_pending=Count("challenges", filter=Q(challenges__status="pending")))
        .annotate(latest_revision=Subquery(_latest_revision))
        .annotate(
            challenges_settled_since_latest=Count(
                "challenges", filter=Q(challenges__settled_after_revision=F("latest_revision"))
            )
        )
        .order_by("case__number", "sequence")
    )


def tallies_with_ledger_count(tallies: QuerySet[Tally]) -> QuerySet[Tally]:
    """Each tally with ``ledger_count``: the ledger's challenges among its challenged ballots — those
    pending now, or settled after it (``settled_after_revision`` at or above its revision). By the name of
    the reverse relation, so that the dependency still runs downhill."""
    return tallies.annotate(
        ledger_count=Count(
            "election__challenges",
            filter=Q(election__challenges__status="pending")
            | Q(election__challenges__settled_after_revision__gte=F("revision")),
        )
    )


def appearances_in(case: Case) -> QuerySet[Appearance]:
    return Appearance.objects.filter(party__case=case).select_related("user", "party").order_by("id")


def user_party_ids(user: Any, case_id: int, *, capacities: Iterable[str] = ()) -> set[int]:
    """The parties of a case for which the user appears, optionally only in some capacities (empty for
    staff and strangers)."""
    if not getattr(user, "is_authenticated", False):
        return set()
    appearances = Appearance.objects.filter(user=user, party__case_id=case_id)
    capacities = list(capacities)
    if capacities:
        appearances = appearances.filter(capacity__in=capacities)
    return set(appearances.values_list("party_id", flat=True))


def counsel_party_ids(user: Any, case_id: int) -> set[int]:
    """The parties of a case for which the user is counsel: who may file and challenge in their name
    (paralegals assist counsel; they do not sign)."""
    return user_party_ids(user, case_id, capacities=[Appearance.Capacity.COUNSEL])
