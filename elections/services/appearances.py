"""Counsel and their appearances in a case: a counsel recorded (``counsel_record``), an appearance
begun, changed, ended, and whether it receives notices.
"""

from __future__ import annotations

from typing import Any

from django.db import transaction

from core import clock
from core.actors import Actor, is_staff, require_staff, stamp
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from elections.models import Appearance, Counsel, Party


@transaction.atomic
def counsel_record(
    *, party: Party, counsel: Counsel | None = None, actor: Actor = None, **changes: Any
) -> Counsel:
    """Staff enter counsel of record on a party (``source`` staff) or correct one (the admin's inline).
    A name is required; white space is tidied as in ``counsel_sync``."""
    require_staff(actor, "record counsel")
    if counsel is None:
        counsel = Counsel(party=party, source=Counsel.Source.STAFF)
    else:
        counsel = Counsel.objects.select_for_update().get(pk=counsel.pk, party=party)
    for field, value in changes.items():
        if field not in ("name", "firm", "address", "phone"):
            raise RuleViolation(field, f"{field} is not a field of counsel of record staff enter.")
        setattr(counsel, field, str(value or "").strip())
    counsel.name = " ".join(counsel.name.split())
    if not counsel.name:
        raise RuleViolation("name", "Counsel of record need a name.")
    stamp(counsel, actor)
    counsel.save()
    return counsel


def _lock_person(user: Any) -> None:
    """Hold the person's row until the appearance commits, or answer at once: two requests giving one
    person appearances at the same moment (for two parties of one case) must not both pass the check below.
    The loser is refused without waiting (NOWAIT: the database's lock error is the API's 409); the database's
    one-current-appearance-per-case constraint refuses whatever reaches it all the same."""
    list(type(user)._default_manager.select_for_update(nowait=True).filter(pk=user.pk).values_list("pk"))


def _check_appearance(*, party: Party, user: Any, exclude_pk: int | None = None) -> None:
    _lock_person(user)
    if getattr(user, "is_staff", False):
        raise RuleViolation("user", "Board staff see every case; they do not appear for a party.")
    others = Appearance.objects.filter(user=user, party__case_id=party.case_id)
    if exclude_pk is not None:
        others = others.exclude(pk=exclude_pk)
    existing = others.select_related("party").first()
    if existing is not None:
        raise RuleViolation(
            "user",
            f"{user.get_username()} already appears for {existing.party.name} in this case; "
            "one person appears for one party.",
        )


@transaction.atomic
def appearance_update(*, appearance: Appearance, actor: Actor = None, **changes: Any) -> Appearance:
    """Change an appearance (its capacity, or the party or person), under the rules of
    ``appearance_create``."""
    require_staff(actor, "change an appearance")
    appearance = Appearance.objects.select_for_update().get(pk=appearance.pk)
    if "capacity" in changes and changes["capacity"] not in Appearance.Capacity.values:
        raise RuleViolation("capacity", f"{changes['capacity']!r} is not counsel or paralegal.")
    for field, value in changes.items():
        setattr(appearance, field, value)
    _check_appearance(party=appearance.party, user=appearance.user, exclude_pk=appearance.pk)
    stamp(appearance, actor)
    appearance.save()
    return appearance


@transaction.atomic
def appearance_create(*, party: Party, user: Any, capacity: str, actor: Actor = None) -> Appearance:
    require_staff(actor, "record an appearance")
    _check_appearance(party=party, user=user)
    appearance = Appearance(party=party, user=user, capacity=capacity)
    stamp(appearance, actor)
    appearance.save()
    return appearance


@transaction.atomic
def appearance_end(*, appearance: Appearance, actor: Actor = None) -> Appearance:
    """End an appearance (the person withdrew or was replaced): from the next request on it gives no access
    to the case and no notices. Never deleted: the history keeps who appeared, when, and who ended it."""
    require_staff(actor, "end an appearance")
    appearance = Appearance.all_objects.select_for_update().get(pk=appearance.pk)
    if appearance.ended_at is not None:
        raise TransitionNotAllowed(
            f"Appearance {appearance.pk} already ended on {appearance.ended_at:%Y-%m-%d}."
        )
    appearance.ended_at = clock.now()
    stamp(appearance, actor)
    appearance.save(update_fields=["ended_at"])
    return appearance


@transaction.atomic
def appearance_set_notices(*, appearance: Appearance, takes_notices: bool, actor: Actor) -> Appearance:
    """A paralegal opts out of (or back into) the notices counsel of their party receive. Their own choice,
    or staff's; counsel always receive them."""
    appearance = Appearance.objects.select_for_update().get(pk=appearance.pk)
    if not is_staff(actor) and getattr(actor, "pk", None) != appearance.user_id:
        raise NotPermitted(
            "Only the paralegal themselves, or Board staff, choose which notices they receive."
        )
    if appearance.capacity != Appearance.Capacity.PARALEGAL:
        raise TransitionNotAllowed(
            "Counsel of record receive every notice of the case; only paralegals opt out."
        )
    appearance.takes_notices = takes_notices
    stamp(appearance, actor)
    appearance.save(update_fields=["takes_notices"])
    return appearance
