"""A case's parties: added (``party_create``) and renamed (``party_update``), one name per party."""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core.actors import Actor, require_staff, stamp
from core.errors import RuleViolation
from elections.law.names import union_key
from elections.models import Case, Party
from elections.services.checks import _party_name


def _refuse_a_second_party_named(
    name: str, *, case_id: int, number: str, other_than: int | None = None
) -> None:
    """One party per name in a case, names compared as the Regions type them (``union_key``)."""
    others = Party.objects.filter(case_id=case_id)
    if other_than is not None:
        others = others.exclude(pk=other_than)
    if any(union_key(other) == union_key(name) for other in others.values_list("name", flat=True)):
        raise RuleViolation("name", f"{name} is already a party to {number}.")


@transaction.atomic
def party_create(*, case: Case, role: str, name: str, actor: Actor = None) -> Party:
    require_staff(actor, "add a party")
    name = _party_name(name)
    _refuse_a_second_party_named(name, case_id=case.pk, number=case.number)
    party = Party(case=case, role=role, name=name)
    stamp(party, actor)
    party.save()
    return party


@transaction.atomic
def party_update(*, party: Party, actor: Actor = None, **changes: Any) -> Party:
    """Correct a party's role or name, under the same rules as ``party_create``."""
    require_staff(actor, "change a party")
    party = Party.objects.select_for_update().get(pk=party.pk)
    if "role" in changes and changes["role"] not in Party.Role.values:
        raise RuleViolation("role", f"{changes['role']!r} is not one of {', '.join(Party.Role.values)}.")
    if "name" in changes:
        # Tidied and compared as ``party_create`` does (elections/law/names.py), so a correction cannot
        # store a name that creation would refuse as a duplicate.
        name = _party_name(str(changes["name"] or ""))
        _refuse_a_second_party_named(name, case_id=party.case_id, number="this case", other_than=party.pk)
        changes["name"] = name
    for field, value in changes.items():
        setattr(party, field, value)
    stamp(party, actor)
    party.save()
    return party
