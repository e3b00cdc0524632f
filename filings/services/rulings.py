"""Staff rule on a motion or an extension request (``filing_rule``): a granted extension moves the
party's deadline, or the deadline itself, and what runs from it.
"""

from __future__ import annotations

from datetime import date, datetime

from django.db import transaction

from core import clock
from core.actors import Actor, require_staff, stamp
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import calendar, levels
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Case
from filings import notices
from filings.law import extensions
from filings.law.kinds import (
    GRANTS,
    RULED_KINDS,
    RULING_LEVELS,
    Kind,
    Ruling,
    State,
)
from filings.models import Filing
from filings.services._shared import _choices, _live
from objections import services as objection_services
from objections.models import Objection
from proceedings import services as proceeding_services
from proceedings.law.deadlines import Source
from proceedings.models import Deadline


@transaction.atomic
def filing_rule(
    *,
    filing: Filing,
    ruling: str,
    decided_on: date,
    by: str,
    actor: Actor,
    until: date | None = None,
    notify: bool = True,
    all_parties: bool = False,
) -> Filing:
    """Staff record the ruling on a motion or an extension request. A granted extension moves the time of the
    party that asked for it to ``until`` (its row of the deadline), and what runs from it; ``all_parties``
    moves the deadline itself for everyone (source ``order``), and every deadline counted from it. An offer
    of proof is extended through the objection's own step (29 CFR 102.69(a)(8)), which moves both at once."""
    require_staff(actor, "rule on a motion")
    Case.objects.select_for_update().get(pk=filing.case_id)
    filing = (
        Filing.objects.select_for_update(of=("self",))
        .select_related("case", "party", "answers", "election")
        .get(pk=filing.pk)
    )
    case = filing.case
    if filing.state != State.FILED:
        raise TransitionNotAllowed(f"Filing {filing.pk} is a draft: nothing has been filed to rule on.")
    if filing.kind not in RULED_KINDS:
        raise TransitionNotAllowed(
            f"Only motions and extension requests are ruled on; filing {filing.pk} is a "
            f"{filing.get_kind_display().lower()}."
        )
    if filing.ruling:
        raise TransitionNotAllowed(
            f"Filing {filing.pk} was already ruled on: {filing.ruling} on {filing.decided_on}."
        )
    if ruling not in Ruling.__members__.values():
        raise RuleViolation(
            "ruling", f"{ruling!r} is not a ruling; allowed: {_choices(r.value for r in Ruling)}."
        )
    if by not in RULING_LEVELS:
        raise RuleViolation("by", f"{by!r} is not who rules on a motion; allowed: {_choices(RULING_LEVELS)}.")
    zone = case.office_zone
    if not isinstance(decided_on, date) or isinstance(decided_on, datetime):
        raise RuleViolation("decided_on", "Give the date of the ruling as YYYY-MM-DD.")
    today = clock.today(zone)
    filed_on = local_date(filing.filed_at, zone)
    if decided_on > today:
        raise RuleViolation(
            "decided_on", f"A ruling cannot be dated in the future ({decided_on}; today is {today})."
        )
    if decided_on < filed_on:
        raise RuleViolation(
            "decided_on", f"The ruling answers a paper filed {filed_on}; it cannot be dated {decided_on}."
        )
    grants_extension = filing.kind == Kind.EXTENSION_REQUEST and ruling in GRANTS
    if until is not None and not grants_extension:
        raise RuleViolation(
            "until", "until is the new due date of an extension that is granted; leave it out otherwise."
        )
    order: Deadline | None = None
    if grants_extension:
        current = _live(filing.answers) if filing.answers is not None else None
        if current is None:
            raise TransitionNotAllowed("The extension request names no deadline to extend.")
        if until is None:
            raise RuleViolation("until", "Give the new due date the extension grants (YYYY-MM-DD).")
        refusal = extensions.grantor_refusal(current.code, by, label=current.label)
        if refusal is not None:
            raise RuleViolation("by", refusal)
        if until <= current.due_on:
            raise RuleViolation(
                "until",
                f"An extension moves the due date later: the {current.label.lower()} is due "
                f"{current.due_on.isoformat()}; {until.isoformat()} is not after it.",
            )
        title = levels.TITLES[levels.Level(by)]
        reason = (
            f"Extension of time granted by the {title} on {decided_on.isoformat()} "
            f"(filing {filing.pk}: {filing.title})"
        )[:2000]
        if current.code == DeadlineCode.OFFER_OF_PROOF:
            _extend_offer_of_proof(filing, current, until, reason, actor, all_parties=all_parties)
        elif all_parties or current.party_id is not None:
            # For every party (or the deadline is one party's already): the deadline itself moves.
            order = proceeding_services.deadline_set(
                case=case,
                code=current.code,
                due_on=until,
                reason=reason,
                source=Source.ORDER,
                label=current.label,
                election=current.election_id,
                party=current.party_id,
                actor=actor,
            )
        else:
            proceeding_services.deadline_extend_for_party(
                deadline=current,
                party=filing.party,
                due_on=until,
                reason=reason,
                filing_id=filing.pk,
                actor=actor,
            )
    filing.ruling = ruling
    filing.decided_on = decided_on
    filing.ruled_by_level = by
    filing.until = until if grants_extension else None
    filing.order_deadline = order
    stamp(filing, actor)
    filing.save(update_fields=["ruling", "decided_on", "ruled_by_level", "until", "order_deadline"])
    if notify:
        notices.filing_ruled(filing, order=order, zone=zone)
    return filing


def _extend_offer_of_proof(
    filing: Filing, deadline: Deadline, until: date, reason: str, actor: Actor, *, all_parties: bool
) -> None:
    """An offer of proof is extended through the objection's own step: the objection's
    ``offer_of_proof_due_at`` and the party's offer-of-proof deadline move together, once (29 CFR
    102.69(a)(8)). The requesting party's objections, or with ``all_parties`` every party's."""
    due_at = calendar.due_at_cutoff(until, deadline.zone)
    pending = Objection.objects.filter(
        election=deadline.election, offer_of_proof_filed_at__isnull=True
    ).exclude(status=Objection.Status.WITHDRAWN)
    if not all_parties:
        pending = pending.filter(filed_by=filing.party)
    if deadline.trigger_tally_id is not None:
        pending = pending.filter(answers_tally_id=deadline.trigger_tally_id)
    objections = list(pending.order_by("id"))
    if not objections:
        raise TransitionNotAllowed(
            f"No offer of proof of {filing.party.name} is pending: there is nothing to extend."
        )
    for objection in objections:
        objection_services.offer_of_proof_extend(
            objection=objection, until=due_at, reason=reason, actor=actor, notify=False
        )
