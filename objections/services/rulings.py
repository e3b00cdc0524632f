"""Rulings on objections, one (``ruling_record``) or a batch (``rulings_record_batch``, also a proceeding
event's rulings): the level that decides, what controls at each level.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from datetime import date, datetime
from typing import Any

from django.db import transaction

from core import clock
from core.actors import Actor, acting_user, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law.local_time import local_date
from objections import events, notices
from objections.law import rulings as rules
from objections.models import Objection, Ruling
from objections.selectors import ruling_facts
from objections.services._shared import _local


def _possible(facts: Sequence[rules.RulingFact], level: str, decided_on: date) -> list[str]:
    """The dispositions of ``level`` that the ladder would accept next."""
    allowed = []
    for disposition in rules.allowed_dispositions(level):
        try:
            rules.status_after(facts, rules.RulingFact(level, disposition, decided_on, 2**62))
        except rules.NothingToReverse:
            continue
        allowed.append(disposition)
    return allowed


def _pairs(objections_dispositions: Any) -> list[tuple[Objection, str]]:
    items = (
        objections_dispositions.items()
        if isinstance(objections_dispositions, Mapping)
        else objections_dispositions
    )
    return [(objection, disposition) for objection, disposition in items]


@transaction.atomic
def rulings_record_batch(
    *,
    objections_dispositions: Mapping[Objection, str] | Iterable[tuple[Objection, str]],
    level: str,
    decided_on: date,
    note: str = "",
    actor: Actor,
    notify: bool = True,
) -> list[Ruling]:
    """Record one report's rulings: at ``level`` on ``decided_on``, a disposition for each objection.

    All or nothing: any objection that is withdrawn (409), already has this very ruling (409), or whose
    disposition does not belong to ``level`` (400 on ``disposition``) stops the whole batch. Each objection's
    status is re-derived from its rulings (``objections.law.rulings.derive_status``). Counsel of every party of
    the case get **one** notice per report listing every ruling in it, not one per objection.
    Returns the new rulings in the order given.
    """
    require_staff(actor, "record rulings")
    if level not in rules.LEVELS:
        raise RuleViolation("level", f"{level!r} is not a level; allowed: {', '.join(rules.LEVELS)}.")
    pairs = _pairs(objections_dispositions)
    if not pairs:
        raise RuleViolation("objections", "Select at least one objection to rule on.")
    ids = [objection.pk for objection, _ in pairs]
    if len(set(ids)) != len(ids):
        raise RuleViolation("objections", "Each objection appears once in a report's rulings.")
    for objection, disposition in pairs:
        try:
            rules.check_disposition(level, disposition)
        except rules.DispositionNotAllowed as exc:
            prefix = "" if len(pairs) == 1 else f"Objection {objection.pk}: "
            raise RuleViolation("disposition", prefix + str(exc)) from None
    if not isinstance(decided_on, date) or isinstance(decided_on, datetime):
        raise RuleViolation("decided_on", "Give the date of the ruling as YYYY-MM-DD.")
    note = (note or "").strip()

    locked = {
        o.pk: o
        for o in Objection.objects.select_for_update()
        .select_related("election__case", "filed_by")
        .filter(pk__in=ids)
        .order_by("pk")
    }
    missing = [pk for pk in ids if pk not in locked]
    if missing:
        raise RuleViolation("objections", f"No objection {missing[0]}.")
    cases = {o.election.case_id for o in locked.values()}
    if len(cases) != 1:
        raise RuleViolation(
            "objections", "One report rules on the objections of one case; select them by case."
        )
    case = next(iter(locked.values())).election.case
    zone = case.office_zone
    today = clock.today(zone)
    if decided_on > today:
        raise RuleViolation(
            "decided_on", f"A ruling cannot be dated in the future ({decided_on}; today is {today})."
        )

    existing: dict[int, list[Ruling]] = {pk: [] for pk in ids}
    for r in Ruling.objects.filter(objection_id__in=ids).order_by("decided_on", "id"):
        existing[r.objection_id].append(r)

    plans: list[tuple[Objection, str, str, rules.StatusDerivation]] = []
    for objection_ref, disposition in pairs:
        objection = locked[objection_ref.pk]
        label = notices.label(objection)
        if objection.status == Objection.Status.WITHDRAWN:
            when = f" on {_local(objection.withdrawn_at, zone)}" if objection.withdrawn_at else ""
            raise TransitionNotAllowed(f"{label} was withdrawn{when}; no ruling can be recorded on it.")
        filed_on = local_date(objection.filed_at, zone)
        if decided_on < filed_on:
            raise RuleViolation(
                "decided_on", f"{label} was filed on {filed_on}; a ruling on it cannot be dated {decided_on}."
            )
        for r in existing[objection.pk]:
            if (r.level, r.disposition, r.decided_on) == (level, disposition, decided_on):
                raise TransitionNotAllowed(
                    f"{label} already has this ruling: {r.get_level_display()} {disposition} on {decided_on}."
                )
        facts = ruling_facts(existing[objection.pk])
        try:
            derived = rules.status_after(facts, rules.RulingFact(level, disposition, decided_on, 2**62))
        except rules.NothingToReverse as exc:
            raise TransitionNotAllowed(
                f"{label}: {exc}", allowed=_possible(facts, level, decided_on)
            ) from None
        plans.append((objection, disposition, objection.status, derived))

    created: list[Ruling] = []
    user = acting_user(actor)
    for objection, disposition, _previous, _derived in plans:
        ruling = Ruling(
            objection=objection,
            level=level,
            disposition=disposition,
            decided_on=decided_on,
            note=note,
            recorded_by=user,
        )
        stamp(ruling, actor)
        ruling.save()
        existing[objection.pk].append(ruling)
        # Re-derive with the real id, so that ties on one day follow the recorded order.
        derived = rules.derive_status(ruling_facts(existing[objection.pk]))
        if objection.status != derived.status:
            objection.status = derived.status
            stamp(objection, actor)
            objection.save(update_fields=["status", "updated_at"])
        created.append(ruling)

    if notify:
        notices.rulings_recorded(
            case,
            [(objection, disposition, previous) for objection, disposition, previous, _ in plans],
            created,
            level=level,
            decided_on=decided_on,
            note=note,
        )
    batch = tuple(r.pk for r in created)
    for (objection, _d, previous, _p), ruling in zip(plans, created, strict=True):
        events.ruling_recorded.send(
            sender=Ruling,
            ruling=ruling,
            objection=objection,
            previous_status=previous,
            actor=actor,
            batch=batch,
        )
    return created


def ruling_record(
    *,
    objection: Objection,
    level: str,
    disposition: str,
    decided_on: date,
    note: str = "",
    actor: Actor,
    notify: bool = True,
) -> Ruling:
    """Record one ruling on one objection and re-derive its status (see ``rulings_record_batch``)."""
    return rulings_record_batch(
        objections_dispositions=[(objection, disposition)],
        level=level,
        decided_on=decided_on,
        note=note,
        actor=actor,
        notify=notify,
    )[0]
