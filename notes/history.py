"""``cases/{number}/history/``: every change under a case, read from django-simple-history's tables.

One UNION query orders the changes of every kind of record by time and pages through them; a page is then
read in two queries per kind of record on it (its rows, and the version before each) and one for the users —
the same number of queries whatever the size of the case. Side notes are never read: their history is a
party's work product."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from django.contrib.auth import get_user_model
from django.db.models import Model, OuterRef, Q, QuerySet, Subquery, Value
from django.db.models.fields import CharField

from challenges.models import Challenge
from elections.law.local_time import in_zone
from elections.models import Appearance, Case, Election, Party, RelatedCase, Tally
from notes.models import Note, Visibility
from objections.models import Objection, Ruling
from proceedings.models import Deadline, ProceedingEvent

# Fields every save touches: their change says nothing a reader needs.
_NOISE = {"updated_at"}

ACTIONS = {"+": "created", "~": "changed", "-": "deleted"}


def _sources(case: Case) -> dict[str, tuple[type[Model], Q]]:
    """Each kind of record under the case: its model and the filter of its history rows to the case."""
    elections = Election.objects.filter(case_id=case.pk).values("id")
    return {
        "case": (Case, Q(id=case.pk)),
        "related_case": (RelatedCase, Q(case_id=case.pk)),
        "party": (Party, Q(case_id=case.pk)),
        "appearance": (Appearance, Q(party_id__in=Party.objects.filter(case_id=case.pk).values("id"))),
        "election": (Election, Q(case_id=case.pk)),
        "tally": (Tally, Q(election_id__in=elections)),
        "challenge": (Challenge, Q(election_id__in=elections)),
        "objection": (Objection, Q(election_id__in=elections)),
        "ruling": (
            Ruling,
            Q(objection_id__in=Objection.objects.filter(election__case_id=case.pk).values("id")),
        ),
        "proceeding_event": (ProceedingEvent, Q(case_id=case.pk)),
        "deadline": (Deadline, Q(case_id=case.pk)),
        # Visibility never changes after writing, so every history row of a side note says "side".
        "note": (Note, Q(case_id=case.pk) & ~Q(visibility=Visibility.SIDE)),
    }


def record_models() -> dict[str, type[Model]]:
    """The model of each kind of record the history names (``record.type``)."""
    return {kind: model for kind, (model, _) in _sources(Case(pk=0)).items()}


def _history(model: type[Model]) -> Any:
    return model.history.model  # type: ignore[attr-defined]


def changes_under(case: Case) -> QuerySet[Any]:
    """Every history row under the case as ``{history_date, history_id, record_kind}``, oldest first."""
    parts = [
        _history(model)
        .objects.filter(scope)
        .annotate(record_kind=Value(kind, output_field=CharField()))
        .values("history_date", "history_id", "record_kind")
        .order_by()
        for kind, (model, scope) in _sources(case).items()
    ]
    first, *rest = parts
    return first.union(*rest, all=True).order_by("history_date", "record_kind", "history_id")


def _json(value: Any, zone: str | None = None) -> Any:
    if isinstance(value, datetime) and zone:
        return in_zone(value, zone).isoformat()
    if isinstance(value, datetime | date):
        return value.isoformat()
    if isinstance(value, Decimal):
        return str(value)
    return value


def _values(row: Any, fields: Sequence[Any], zone: str | None = None) -> dict[str, Any]:
    return {f.name: _json(getattr(row, f.attname), zone) for f in fields if f.name not in _NOISE}


def entries(page: Sequence[dict[str, Any]], *, zone: str | None = None) -> list[dict[str, Any]]:
    """The page's history rows with who, which record, and each field before and after. With ``zone`` (the
    case office's), every moment is given on its clock, with its offset (the API's answer)."""
    by_kind: dict[str, list[int]] = defaultdict(list)
    for item in page:
        by_kind[item["record_kind"]].append(item["history_id"])
    models = record_models()
    rows: dict[tuple[str, int], tuple[Any, Any]] = {}
    fields: dict[str, Any] = {}
    for kind, ids in by_kind.items():
        history = _history(models[kind])
        fields[kind] = list(history.tracked_fields)
        before = (
            history.objects.filter(id=OuterRef("id"))
            .filter(
                Q(history_date__lt=OuterRef("history_date"))
                | Q(history_date=OuterRef("history_date"), history_id__lt=OuterRef("history_id"))
            )
            .order_by("-history_date", "-history_id")
            .values("history_id")[:1]
        )
        current = list(history.objects.filter(history_id__in=ids).annotate(before_id=Subquery(before)))
        earlier = history.objects.in_bulk([r.before_id for r in current if r.before_id is not None])
        for row in current:
            rows[(kind, row.history_id)] = (row, earlier.get(row.before_id))
    user_ids = {row.history_user_id for row, _ in rows.values() if row.history_user_id is not None}
    names = dict(get_user_model().objects.filter(pk__in=user_ids).values_list("pk", "username"))
    out = []
    for item in page:
        kind = item["record_kind"]
        row, previous = rows[(kind, item["history_id"])]
        after = _values(row, fields[kind], zone)
        action = ACTIONS.get(row.history_type, row.history_type)
        if previous is None or action == "created":
            changes = {name: {"before": None, "after": value} for name, value in after.items()}
        else:
            before = _values(previous, fields[kind], zone)
            changes = {
                name: {"before": before.get(name), "after": value}
                for name, value in after.items()
                if before.get(name) != value
            }
        if action == "deleted":
            changes = {name: {"before": value, "after": None} for name, value in after.items()}
        out.append(
            {
                "at": in_zone(row.history_date, zone).isoformat() if zone else row.history_date,
                "user": names.get(row.history_user_id),
                "record": {"type": kind, "id": row.id},
                "action": action,
                "changes": changes,
                "reason": row.history_change_reason,
            }
        )
    return out
