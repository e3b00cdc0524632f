"""The court dockets' entries, written in bulk from the public-record import (``docket_entries_sync``)."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core import bulk_insert
from elections.models import Case
from proceedings.models import DocketEntry


@transaction.atomic(savepoint=False)
def docket_entries_sync(*, entries: list[tuple[Case, dict[str, Any]]]) -> tuple[int, int]:
    """Cases' public docket from the public record: add the lines not yet here (by case and ``key``) and
    update the link of those that changed. Lines are never removed: the docket is a record. Returns (added,
    updated); one read and at most two writes whatever the number of cases and lines."""
    case_ids = {case.pk for case, _ in entries}
    existing = (
        {(e.case_id, e.key): e for e in DocketEntry.objects.filter(case_id__in=case_ids)} if entries else {}
    )
    new, changed = [], []
    for case, entry in entries:
        current = existing.get((case.pk, entry["key"]))
        if current is None:
            new.append(DocketEntry(case=case, **entry))
        elif current.url != entry["url"]:
            current.url = entry["url"]
            changed.append(current)
    bulk_insert.insert(new)
    DocketEntry.objects.bulk_update(changed, ["url"], batch_size=1000)
    return len(new), len(changed)
