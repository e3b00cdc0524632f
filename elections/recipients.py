"""Who is owed a case's notices: the people appearing in it (the outbox in ``core.outbox`` sends them)."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from elections.models import Appearance, Case


def people_of_record(
    case: Case, *, exclude_party_ids: Iterable[int] = (), capacities: Iterable[str] = ()
) -> list[Any]:
    """Users appearing in the case (optionally only some capacities), less those of some parties."""
    appearances = Appearance.objects.filter(party__case=case).exclude(party_id__in=list(exclude_party_ids))
    capacities = list(capacities)
    if capacities:
        appearances = appearances.filter(capacity__in=capacities)
    seen: dict[int, object] = {}
    for appearance in appearances.select_related("user"):
        if appearance.user.is_active:
            seen.setdefault(appearance.user_id, appearance.user)
    return list(seen.values())


def counsel_of_record(case: Case, *, exclude_party_ids: Iterable[int] = ()) -> list[Any]:
    return people_of_record(
        case, exclude_party_ids=exclude_party_ids, capacities=[Appearance.Capacity.COUNSEL]
    )
