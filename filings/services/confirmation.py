"""Staff settle a counsel-stated filing time received after the period closed (``filing_confirm``)."""

from __future__ import annotations

from django.db import transaction

from core.actors import Actor, require_staff, stamp
from core.errors import TransitionNotAllowed
from elections.law import filing_time
from elections.law.local_time import local_date
from filings import notices
from filings.law.kinds import (
    ANSWERS,
    LADDER_EVENT,
)
from filings.models import Filing
from proceedings import services as proceeding_services


@transaction.atomic
def filing_confirm(*, filing: Filing, actor: Actor, late: bool = False, notify: bool = True) -> Filing:
    """Staff settle a counsel-stated filing time received after the period closed: confirm it (timely) or
    record the paper as late (``elections.law.filing_time``). Counsel of record are told either way.
    Already settled → 409."""
    require_staff(actor, "confirm a filing time")
    filing = (
        Filing.objects.select_for_update(of=("self",)).select_related("answers", "case").get(pk=filing.pk)
    )
    if filing.filing_confirmed:
        raise TransitionNotAllowed(
            f"The filing time of filing {filing.pk} is already settled; timely: {filing.timely}."
        )
    filing.timely = filing_time.timely_when_settled(late=late)
    filing.filing_confirmed = True
    stamp(filing, actor)
    filing.save(update_fields=["timely", "filing_confirmed"])
    deadline = filing.answers
    if deadline is not None and not late and filing.kind in ANSWERS and filing.kind not in LADDER_EVENT:
        proceeding_services.deadline_met_by_filing(
            deadline=deadline, filed_on=local_date(filing.filed_at, deadline.zone), actor=actor
        )
    if deadline is not None and not late and filing.kind in ANSWERS:
        proceeding_services.deadline_met_by_party_filing(
            deadline=deadline,
            party=filing.party,
            filing_id=filing.pk,
            filed_on=local_date(filing.filed_at, deadline.zone),
            actor=actor,
        )
    if notify:
        notices.filing_time_settled(filing, late=late, zone=filing.case.office_zone)
    return filing
