"""Open a case (``case_create``, with its parties), change it (``case_update``: status, closing, number),
and note a related case (``related_case_add``).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from django.db import transaction

from core.actors import Actor, require_staff, stamp
from core.errors import RuleViolation
from elections.law import case_numbers, regions
from elections.models import Case, RelatedCase
from elections.services.checks import _normalized_number, _normalized_number_any
from elections.services.parties import party_create


def _new_case_number(number: str) -> str:
    """A number staff give a case they open or renumber: normalized, and not of a retired region (those
    regions take no new cases; their old cases come from the public record, ``cases_create``)."""
    normalized = _normalized_number(number)
    closed = regions.closed_to_new_cases(case_numbers.parse(normalized).region)
    if closed is not None:
        raise RuleViolation("number", closed)
    return normalized


@transaction.atomic
def case_create(
    *,
    number: str,
    name: str,
    petition_filed_on: date,
    unit_description: str = "",
    status: str = Case.Status.OPEN,
    parties: Iterable[Mapping[str, str]] = (),
    closed_on: date | None = None,
    closing_reason: str = "",
    actor: Actor = None,
) -> Case:
    require_staff(actor, "create a case")
    normalized = _new_case_number(number)
    if Case.objects.filter(number=normalized).exists():
        raise RuleViolation("number", f"Case {normalized} is already on the tracker.")
    case = Case(
        number=normalized,
        name=name,
        petition_filed_on=petition_filed_on,
        unit_description=unit_description,
        status=status,
        closed_on=closed_on,
        closing_reason=closing_reason,
    )
    stamp(case, actor)
    case.save()
    for party in parties:
        party_create(case=case, role=party["role"], name=party["name"], actor=actor)
    return case


# The proceeding events that close a case (proceedings.law.dispositions.CLOSING_EVENTS, which a test holds
# equal): this app sits below proceedings and names them as text.
CLOSING_EVENTS = ("petition_dismissed", "petition_withdrawn", "disclaimer_filed", "bargaining_order")


@transaction.atomic
def case_update(*, case: Case, actor: Actor = None, closed_by: str = "", **changes: Any) -> Case:
    """``closed_by``: what closes the case when ``status`` becomes closed — a proceeding event, or the public
    record's closing — never a hand edit: a case is closed only by the event that ends it."""
    require_staff(actor, "change a case")
    case = Case.objects.select_for_update().get(pk=case.pk)
    if changes.get("status") == Case.Status.CLOSED and case.status != Case.Status.CLOSED and not closed_by:
        raise RuleViolation(
            "status",
            "A case is closed only by the event that ends it, recorded at cases/{number}/proceedings/: "
            + ", ".join(CLOSING_EVENTS)
            + f". {case.number} is {case.status}.",
        )
    if "number" in changes:
        normalized = _new_case_number(changes["number"])
        if Case.objects.exclude(pk=case.pk).filter(number=normalized).exists():
            raise RuleViolation("number", f"Case {normalized} is already on the tracker.")
        changes["number"] = normalized
    for field, value in changes.items():
        setattr(case, field, value)
    if closed_by and changes.get("status") == Case.Status.CLOSED:
        # The history row says what closed it (simple_history's change reason, 100 characters).
        case._change_reason = f"Closed by {closed_by}"[:100]  # type: ignore[attr-defined]
    stamp(case, actor)
    case.save()
    return case


@transaction.atomic
def related_case_add(
    *, case: Case, kind: str, number: str, court: str = "", description: str = "", actor: Actor = None
) -> RelatedCase:
    require_staff(actor, "relate cases")
    if kind == RelatedCase.Kind.UNFAIR_LABOR_PRACTICE:
        number = _normalized_number_any(number)
    related, _ = RelatedCase.objects.get_or_create(
        case=case, kind=kind, number=number, defaults={"court": court, "description": description}
    )
    return related
