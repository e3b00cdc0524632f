"""A deadline's date changed after it was opened: set by an order or by staff (``set_by_order``, which moves
what answers it and what is due at the same time), moved to the receiving office's clock by a transfer
(``rezone_for_transfer``), or given back when what replaced it is voided (``restore_superseded_by``,
``moot_for_voided``).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from datetime import date, datetime
from typing import Any

from django.db.models import Q

from core import clock
from core.actors import acting_user, stamp
from elections.law import calendar, rule_sets
from elections.law.local_time import in_zone
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election
from proceedings.law import deadlines as law
from proceedings.law.deadlines import Source, Status
from proceedings.models import Deadline, ProceedingEvent
from proceedings.services.deadline_records.triggers import _computed, period_for, zone_of


def set_by_order(
    *,
    case: Case,
    election: Election | None,
    code: str,
    label: str,
    due_on: date,
    reason: str,
    source: str,
    party_id: int | None,
    actor: Any,
    due_at: datetime | None = None,
) -> Deadline:
    """Record a date set by an order (an extension, a date in an order) or entered by staff; it supersedes the
    live deadlines of that code — all of them, or, when it names a party, that party's own. It keeps the clock
    of the office the paper is filed with (``order_zone``), and moves what is due at the same time."""
    replaced_q = Deadline.objects.filter(case=case, election=election, code=code).exclude(
        status=Status.SUPERSEDED
    )
    if party_id is not None:
        replaced_q = replaced_q.filter(party_id=party_id)
    previous = replaced_q.order_by("-due_at", "-id").first()
    general = (
        Deadline.objects.filter(case=case, election=election, code=code, party__isnull=True)
        .exclude(status=Status.SUPERSEDED)
        .order_by("-due_at", "-id")
        .first()
    )
    template = previous or general
    zone = order_zone(case, code, template)
    period = period_for(case.rule_set, code)
    named = rule_sets.DEADLINE_CODE_LABELS.get(code) or code.replace("_", " ")
    label = label or (template.label if template else (period.label if period else named))
    who = "an order" if source == Source.ORDER else "Board staff"
    text = f"Set by {who}: {reason}."
    if previous is not None:
        text += (
            f" Replaces {previous.label} due {previous.due_on.isoformat()} "
            f"({previous.get_source_display().lower()})."
        )
    due_at = due_at or calendar.due_at_cutoff(due_on, zone)
    text += f" Due {in_zone(due_at, zone):%Y-%m-%d at %H:%M} {zone}."
    deadline = Deadline(
        case=case,
        election=election,
        code=code,
        label=label[:200],
        due_on=due_on,
        due_at=due_at,
        zone=zone,
        trigger=source,
        trigger_on=clock.today(zone),
        rule_set=case.rule_set,
        citation=(template.citation if template else "")[:200],
        explanation=text,
        verified=False,  # only a figure from CFR or Federal Register text is verified
        source=source,
        party_id=party_id,
        target_only=code == DeadlineCode.HEARING,
        reason=reason,
        created_by=acting_user(actor),
    )
    stamp(deadline, actor)
    deadline.save()
    replaced = list(replaced_q.exclude(pk=deadline.pk))
    for old in replaced:
        old.status = Status.SUPERSEDED
        old.superseded_by = deadline
        old.status_note = f"Replaced by {deadline.label} due {due_on.isoformat()} (set by {who})."
        stamp(old, actor)
        old.save(update_fields=["status", "superseded_by", "status_note", "updated_at"])
    _recompute_responses(replaced, deadline, actor)
    _move_followers(deadline, actor)
    return deadline


def order_zone(case: Case, code: str, template: Deadline | None) -> str:
    """The zone of an order-set date: the office the paper is filed with (102.2(b)) — the Board's for a paper
    filed with the Board, whatever the Region's clock (102.46(a), (h); 102.67(c), (i)), the case's regional
    office for one filed there (the receiving office after a transfer, 102.72(b)); for a code the tables do
    not place (a court's, the answer to a complaint), the zone of the deadline it replaces."""
    where = rule_sets.filed_with(code)
    if where is None and template is not None:
        return template.zone
    return calendar.filing_zone(where, zone_of(case))


def _move_followers(leader: Deadline, actor: Any) -> list[Deadline]:
    """A date due "at the same time as" ``leader`` (102.69(c)(2): the request for review of the direction of
    election with the exceptions to the ALJ's decision) moves with it when an order sets ``leader``'s date,
    unless it was met."""
    moved = []
    for code in law.moved_with(leader.code):
        follower = (
            Deadline.objects.filter(case_id=leader.case_id, election=leader.election, code=code)
            .filter(Q(party__isnull=True) if leader.party_id is None else Q(party_id=leader.party_id))
            .exclude(status__in=[Status.SUPERSEDED, Status.MET])
            .order_by("-due_at", "-id")
            .first()
        )
        if follower is None or follower.due_on == leader.due_on:
            continue
        moved.append(
            set_by_order(
                case=leader.case,
                election=leader.election,
                code=code,
                label=follower.label,
                due_on=leader.due_on,
                reason=f"due at the same time as the {leader.label[:1].lower()}{leader.label[1:]} (29 CFR "
                f"102.69(c)(2)), moved with them: {leader.reason}",
                source=leader.source,
                party_id=leader.party_id,
                actor=actor,
            )
        )
    return moved


def rezone_for_transfer(case: Case, actor: Any = None) -> list[Deadline]:
    """102.72(b): after a transfer the case runs "as if the petition had originally been filed in the region to
    which the transfer was made". Every open deadline filed with the Region moves to the receiving office's
    11:59 p.m. (102.2(b)), its explanation keeping the old time; one filed with the Board keeps Washington's.
    Also run when a transfer is voided, which moves them back."""
    case = Case.objects.get(pk=case.pk)
    zone, region = case.office_zone, case.office_region
    moved = []
    running = Deadline.objects.filter(case=case, status=Status.OPEN, due_at__gte=clock.now())
    for deadline in running.exclude(zone=zone):  # one already passed keeps the time it passed at
        if rule_sets.filed_with(deadline.code) != "region":
            continue
        old_zone, old_due_at = deadline.zone, deadline.due_at
        deadline.zone = zone
        deadline.due_at = calendar.due_at_cutoff(deadline.due_on, zone)
        deadline.explanation = (
            f"{deadline.explanation} The case is now before Region {region}'s office (29 CFR 102.72(b): "
            f"as if the petition had been filed there): due {in_zone(deadline.due_at, zone):%Y-%m-%d at %H:%M} "
            f"{zone}; before, {in_zone(old_due_at, old_zone):%Y-%m-%d at %H:%M} {old_zone}."
        )
        stamp(deadline, actor)
        deadline.save(update_fields=["zone", "due_at", "explanation", "updated_at"])
        moved.append(deadline)
    return moved


def _recompute_responses(replaced: Sequence[Deadline], new_parent: Deadline, actor: Any) -> None:
    """An answering brief or opposition runs from the due date of what it answers: move it with an extension,
    and what runs from its own due date in turn (cross-exceptions → their answering brief, 102.46(c)-(e))."""
    case = new_parent.case
    for old_parent in replaced:
        for response in old_parent.responses.exclude(status=Status.SUPERSEDED).filter(
            source__in=law.COMPUTED
        ):
            period = period_for(case.rule_set, response.code)
            if period is None:
                continue
            moved = _computed(
                case=case,
                election=new_parent.election,
                period=period,
                trigger=response.trigger,
                trigger_on=new_parent.due_on,
                trigger_event=response.trigger_event,
                trigger_tally=None,
                responds_to=new_parent,
                actor=actor,
            )
            if moved.pk != response.pk:
                _recompute_responses([response], moved, actor)


def restore_superseded_by(deadlines: Iterable[Deadline], actor: Any = None) -> None:
    """A voided event's deadlines give back what they replaced (e.g. the hearing target a notice replaced);
    ``refresh`` then gives the restored ones their status."""
    for deadline in deadlines:
        for replaced in Deadline.objects.filter(superseded_by=deadline):
            replaced.status = Status.OPEN
            replaced.superseded_by = None
            replaced.status_note = "Restored: what replaced it was voided."
            stamp(replaced, actor)
            replaced.save(update_fields=["status", "superseded_by", "status_note", "updated_at"])


def moot_for_voided(event: ProceedingEvent, actor: Any = None) -> None:
    """The deadlines a voided event set no longer bind (``refresh`` makes them moot, naming the void) and give
    back what they had replaced."""
    own = list(Deadline.objects.filter(trigger_event=event).exclude(status=Status.SUPERSEDED))
    restore_superseded_by(own, actor)
