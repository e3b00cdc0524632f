"""A party's extension of time (``deadline_extend_for_party``): its row moved, with the rows and
responses that follow it.
"""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction

from core.actors import Actor, require_staff
from core.errors import RuleViolation
from elections.law import calendar
from elections.law.local_time import local_date
from elections.models import Party
from proceedings.law.deadlines import Status, moved_with
from proceedings.models import Deadline, DeadlineParty
from proceedings.services import deadline_records
from proceedings.services.deadlines import deadline_owner_check


@transaction.atomic
def deadline_extend_for_party(
    *, deadline: Deadline, party: Party, due_on: date, reason: str, filing_id: int, actor: Actor
) -> DeadlineParty:
    """An extension granted to one party: its row falls due at 11:59 p.m. on ``due_on`` (29 CFR 102.2(b));
    the other parties' dates stay. What runs from the deadline's last day (an answering brief runs from the
    last date on which exceptions may be filed, 102.46(b)(1)) moves for every party with it."""
    require_staff(actor, "extend a deadline")
    deadline = Deadline.objects.select_for_update().get(pk=deadline.pk)
    row = deadline_owner_check(deadline=deadline, party=party, field="party")
    due_at = calendar.due_at_cutoff(due_on, deadline.zone)
    if due_at <= row.due_at:
        raise RuleViolation(
            "until",
            f"An extension moves the due date later: {party.name}'s {deadline.label.lower()} is due "
            f"{local_date(row.due_at, deadline.zone).isoformat()}; {due_on.isoformat()} is not after it.",
        )
    row.due_at, row.extended_by_filing_id = due_at, filing_id
    row.note = f"Extended for {party.name} alone to {due_on.isoformat()}: {reason}"[:2000]
    row.save(update_fields=["due_at", "extended_by_filing_id", "note", "updated_at"])
    _move_responses(deadline, due_on, filing_id)
    _move_party_followers(deadline, party, due_at, filing_id)
    deadline_records.refresh(deadline.election, case=deadline.case)
    return DeadlineParty.objects.select_related("party").get(pk=row.pk)


def _move_party_followers(leader: Deadline, party: Party, due_at: datetime, filing_id: int) -> None:
    """What is due "at the same time as" ``leader`` (102.69(c)(2): the request for review of the direction of
    election with the exceptions to the ALJ's decision) moves with it for the party it was extended for."""
    for code in moved_with(leader.code):
        followers = Deadline.objects.filter(
            case_id=leader.case_id, election=leader.election, code=code
        ).exclude(status__in=[Status.SUPERSEDED, Status.MET])
        for row in DeadlineParty.objects.filter(deadline__in=followers, party=party, due_at__lt=due_at):
            row.due_at, row.extended_by_filing_id = due_at, filing_id
            row.note = (
                f"Due at the same time as the {leader.label.lower()} (29 CFR 102.69(c)(2)), extended for "
                f"{party.name}."
            )[:2000]
            row.save(update_fields=["due_at", "extended_by_filing_id", "note", "updated_at"])


def _move_responses(parent: Deadline, last_day: date, filing_id: int) -> None:
    """Each live response to ``parent`` falls due its period after ``last_day`` for every party (when that
    is later than its date now), and what responds to it in turn."""
    for response in parent.responses.exclude(status=Status.SUPERSEDED):
        period = deadline_records.period_for(response.rule_set, response.code)
        if period is None:
            continue
        computed = calendar.compute_deadline(
            period=period,
            rule_set=response.rule_set,
            trigger_on=last_day,
            region=response.case.region_at(last_day),
        )
        moved_on = computed.due_on
        for row in DeadlineParty.objects.filter(deadline=response, due_at__lt=computed.due_at):
            row.due_at, row.extended_by_filing_id = computed.due_at, filing_id
            row.note = (
                f"Runs from {last_day.isoformat()}, the last day of the {parent.label.lower()} as extended "
                f"for one party: due {moved_on.isoformat()}."
            )
            row.save(update_fields=["due_at", "extended_by_filing_id", "note", "updated_at"])
        _move_responses(response, moved_on, filing_id)
