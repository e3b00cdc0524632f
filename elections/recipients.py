"""Who is owed a case's notices: the people appearing in it (the outbox in ``core.outbox`` sends them)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db.models import Q

from elections.models import Appearance, Case


def people_of_record(
    case: Case,
    *,
    exclude_party_ids: Iterable[int] = (),
    capacities: Iterable[str] = (),
    only: Q | None = None,
) -> list[Any]:
    """Users appearing in the case (optionally only some capacities), less those of some parties."""
    appearances = Appearance.objects.filter(party__case=case).exclude(party_id__in=list(exclude_party_ids))
    capacities = list(capacities)
    if capacities:
        appearances = appearances.filter(capacity__in=capacities)
    if only is not None:
        appearances = appearances.filter(only)
    seen: dict[int, object] = {}
    for appearance in appearances.select_related("user"):
        if appearance.user.is_active:
            seen.setdefault(appearance.user_id, appearance.user)
    return list(seen.values())


def counsel_of_record(case: Case, *, exclude_party_ids: Iterable[int] = ()) -> list[Any]:
    """Who receives a party's notices: its counsel, and its paralegals unless they opted out
    (``Appearance.takes_notices``); less the parties excluded (a filer is not told of its own filing)."""
    return people_of_record(
        case,
        exclude_party_ids=exclude_party_ids,
        only=Q(capacity=Appearance.Capacity.COUNSEL)
        | Q(capacity=Appearance.Capacity.PARALEGAL, takes_notices=True),
    )
