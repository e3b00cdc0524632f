"""Reads: objections scoped to the caller, shaped for the API and admin with a constant number of queries."""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Prefetch, QuerySet

from elections.models import Election, Tally, scoped_to_cases_of
from elections.selectors import original_tally
from objections.law import rulings as rules
from objections.law.deadlines import (
    CONDUCT,
    ObjectionsDeadline,
    deadline_for_filing,
    objections_deadline,
)
from objections.models import Objection, Ruling


def rulings_in_order() -> QuerySet[Ruling]:
    return Ruling.objects.order_by("decided_on", "id")


def objections_for(user: Any) -> QuerySet[Objection]:
    """Every objection in the caller's cases (staff: all), with what the API shows, in three queries."""
    return (
        scoped_to_cases_of(Objection.objects.all(), user, case_id="election__case_id")
        .select_related("election__case", "filed_by", "answers_tally")
        .prefetch_related(
            Prefetch("rulings", queryset=rulings_in_order()), "served_on", "election__case__parties"
        )
        .order_by("election_id", "filed_by_id", "number", "id")
    )


def objections_of(election: Election) -> QuerySet[Objection]:
    return (
        Objection.objects.filter(election=election)
        .select_related("election__case", "filed_by", "answers_tally")
        .prefetch_related(
            Prefetch("rulings", queryset=rulings_in_order()), "served_on", "election__case__parties"
        )
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


def objections_deadline_of(election: Election, tally: Tally | None = None) -> ObjectionsDeadline | None:
    """The election's objections deadline (from its tally of ballots, or ``tally``); ``None`` while there is
    no tally of ballots."""
    tally = tally or original_tally(election)
    if tally is None:
        return None
    return objections_deadline(
        rule_set=election.case.rule_set,
        region=election.case.region_at(tally.prepared_at),
        tally_prepared_at=tally.prepared_at,
    )


def deadline_answered(
    election: Election, tally: Tally, *, filed_at: datetime, objects_to: str = CONDUCT
) -> tuple[ObjectionsDeadline, Tally]:
    """The deadline a filing at ``filed_at`` answers and the tally whose period it is: the tally of ballots
    (``tally``) for objections to conduct, the latest revised tally made available by then for an objection
    to a revised tally (102.69(a)(8), (e); ``NoRevisedTally`` when there is none)."""
    revised = list(Tally.objects.filter(election=election, revision__gt=0).order_by("revision"))
    deadline = deadline_for_filing(
        rule_set=election.case.rule_set,
        region=election.case.region_at(tally.prepared_at),
        tally_prepared_at=tally.prepared_at,
        revised_at=[t.prepared_at for t in revised],
        filed_at=filed_at,
        objects_to=objects_to,
    )
    if not deadline.revised:
        return deadline, tally
    # The latest revision prepared at that moment (two made at the same instant answer as the later one).
    return deadline, next(t for t in reversed(revised) if t.prepared_at == deadline.tally_prepared_at)


def ruling_facts(rulings: Iterable[Ruling]) -> list[rules.RulingFact]:
    """Stored rulings as the law reads them (``objections.law.rulings``)."""
    return [rules.RulingFact(r.level, r.disposition, r.decided_on, r.pk) for r in rulings]


def status_derivation(objection: Objection) -> rules.StatusDerivation:
    """How the objection's status follows from its rulings: the one derivation the API, the admin and the
    services read (the rulings are read as prefetched, if they were)."""
    return rules.derive_status(
        ruling_facts(objection.rulings.all()), withdrawn=objection.status == Objection.Status.WITHDRAWN
    )
