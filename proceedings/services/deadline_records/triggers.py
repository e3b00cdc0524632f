"""The deadlines a trigger opens: a tally of ballots or a revised tally (``create_for_tally``), a ladder event
(``create_for_event``).

- The periods the case's rule set attaches to the trigger (``proceedings.law.deadlines.ATTACHED``), computed
  by ``elections.law.calendar.compute_deadline`` in the regional office's zone. A responsive period
  (answering brief, opposition) runs from the *due date* of the deadline it answers (29 CFR 102.2(a)).
- The dates an event's order sets (a hearing, the response to a notice to show cause), and the test of
  certification's periods: the answer to the complaint, and in court rehearing and certiorari.
- A new deadline replaces the earlier ones of its code that nothing answered (objections to a revised tally
  stand beside those to the tally of ballots).

Idempotent: each (tally, code), (event, code) and (answered deadline, code) has at most one deadline.
"""

from __future__ import annotations

from collections.abc import Mapping
from datetime import date
from typing import Any

from core.actors import acting_user, stamp
from elections.law import calendar, case_numbers, rule_sets
from elections.law.local_time import local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Tally
from proceedings.law import ca_case as toc
from proceedings.law import courts, dispositions, ladder
from proceedings.law import deadlines as law
from proceedings.law.deadlines import Source, Status
from proceedings.models import Deadline, ProceedingEvent


def zone_of(case: Case) -> str:
    return case.office_zone


def period_for(rule_set: str, code: str) -> rule_sets.Period | None:
    """The period ``code`` under ``rule_set``; None where the rule set sets none (or predates 2015)."""
    try:
        return rule_sets.period(rule_set, code)
    except (rule_sets.UnknownPeriod, rule_sets.UnknownRuleSet):
        return None


def _supersede_open(election: Election | None, code: str, by: Deadline) -> list[Deadline]:
    """A new trigger's deadline of ``code`` replaces the earlier ones of that code that nothing answered (a
    met deadline stays as the record of what was filed)."""
    older = (
        Deadline.objects.filter(
            case_id=by.case_id, election=election, code=code, trigger_on__lte=by.trigger_on
        )
        .exclude(pk=by.pk)
        .exclude(status__in=[Status.SUPERSEDED, Status.MET])
    )
    replaced = list(older)
    for old in replaced:
        old.status = Status.SUPERSEDED
        old.superseded_by = by
        old.status_note = (
            f"Replaced by {by.label} due {by.due_on.isoformat()} ({by.get_source_display().lower()})."
        )
        old.save(update_fields=["status", "superseded_by", "status_note", "updated_at"])
    return replaced


def _computed(
    *,
    case: Case,
    election: Election | None,
    period: rule_sets.Period,
    trigger: str,
    trigger_on: date,
    trigger_event: ProceedingEvent | None,
    trigger_tally: Tally | None,
    responds_to: Deadline | None,
    actor: Any,
    region: int | None = None,
) -> Deadline:
    """``region``: the office whose zone the period runs in when it is not the case's (a CA case's)."""
    lookup: dict[str, Any] = {"code": period.code}
    if responds_to is not None:
        lookup["responds_to"] = responds_to
    elif trigger_tally is not None:
        lookup["trigger_tally"] = trigger_tally
    else:
        lookup["trigger_event"] = trigger_event
    existing = Deadline.objects.filter(**lookup).first()
    if existing is not None:
        return existing
    computed = calendar.compute_deadline(
        period=period,
        rule_set=case.rule_set,
        trigger_on=trigger_on,
        region=region or case.region_at(trigger_on),
    )
    deadline = _saved(
        computed,
        actor,
        case=case,
        election=election,
        code=period.code,
        label=_label(period.label, trigger_tally),
        trigger=trigger,
        trigger_on=trigger_on,
        trigger_event=trigger_event,
        trigger_tally=trigger_tally,
        responds_to=responds_to,
        rule_set=case.rule_set,
        target_only=period.target_only,
    )
    if trigger != law.REVISED_TALLY or period.code != DeadlineCode.OBJECTIONS:
        # Objections to a revised tally sit beside those of the tally of ballots: both periods stand.
        _supersede_open(election, period.code, deadline)
    return deadline


def _saved(computed: calendar.ComputedDeadline | courts.CourtDeadline, actor: Any, **fields: Any) -> Deadline:
    """A deadline the law computed (a rule set's period, or a court's), with what the computation gives it —
    due moment, zone, citation, explanation, source — and ``fields`` for the rest; stamped and saved."""
    deadline = Deadline(
        due_on=computed.due_on,
        due_at=computed.due_at,
        zone=computed.zone,
        citation=computed.citation,
        explanation=computed.explanation,
        verified=computed.verified,
        source=computed.source,
        created_by=acting_user(actor),
        **fields,
    )
    stamp(deadline, actor)
    deadline.save()
    return deadline


def _label(label: str, tally: Tally | None) -> str:
    """A revised tally's periods say which revision they answer: two revised tallies on one day open two
    periods that must not read the same (issue 31, item 3)."""
    if tally is None or tally.revision == 0:
        return label
    return f"{label} (revision {tally.revision})"


def _attach(
    *,
    case: Case,
    election: Election | None,
    trigger: str,
    trigger_on: date,
    trigger_event: ProceedingEvent | None = None,
    trigger_tally: Tally | None = None,
    outcome: str | None = None,
    actor: Any = None,
    periods: Mapping[str, rule_sets.Period] | None = None,
) -> list[Deadline]:
    """``periods``: the event's own periods where the rule set's do not apply (102.71 for a dismissal by
    administrative action)."""
    created: dict[str, Deadline] = {}
    agreement = election.agreement if election is not None else None  # None: before any election
    codes = law.attached(trigger, rule_set=case.rule_set, outcome=outcome, agreement=agreement)
    for code in codes:
        period = (periods or {}).get(code) or period_for(case.rule_set, code)
        if period is None:
            continue
        parent = created.get(period.trigger) if period.responsive else None
        if period.responsive and parent is None:
            continue
        created[code] = _computed(
            case=case,
            election=election,
            period=period,
            trigger=trigger,
            trigger_on=parent.due_on if parent is not None else trigger_on,
            trigger_event=trigger_event,
            trigger_tally=trigger_tally,
            responds_to=parent,
            actor=actor,
        )
    return list(created.values())


def create_for_tally(tally: Tally, actor: Any = None) -> list[Deadline]:
    """The tally of ballots (revision 0) opens the objections period and sets the hearing target.

    A revised tally (open-and-count) opens objections to the revised tally, 5 business days after it is made
    available (29 CFR 102.69(e)), beside the objections period of the tally of ballots; under 2014 it is
    also taken for the order to open and count, a final disposition in the agency's FAQ (request for
    review)."""
    election = tally.election
    case = election.case
    trigger_on = local_date(tally.prepared_at, zone_of(case))
    return _attach(
        case=case,
        election=election,
        trigger=law.TALLY if tally.revision == 0 else law.REVISED_TALLY,
        trigger_on=trigger_on,
        trigger_tally=tally,
        actor=actor,
    )


def create_for_event(event: ProceedingEvent, actor: Any = None) -> list[Deadline]:
    case, election = event.case, event.election
    # A dismissal and a bargaining order say who acted (``by``) where a decision says its outcome.
    outcome = event.details.get("outcome") or event.details.get("by")
    administrative = event.event == "petition_dismissed" and event.details.get("administrative") is True
    created = _attach(
        case=case,
        election=election,
        trigger=event.event,
        trigger_on=event.occurred_on,
        trigger_event=event,
        outcome=outcome if isinstance(outcome, str) else None,
        actor=actor,
        periods=dispositions.ADMINISTRATIVE_REVIEW if administrative else None,
    )
    hearing_on = event.details.get("hearing_on") if event.event in law.HEARING_DATE_EVENTS else None
    if hearing_on:
        created.append(_hearing_date(event, date.fromisoformat(hearing_on), actor))
    created += _side_track_deadlines(event, actor)
    return created


def _side_track_deadlines(event: ProceedingEvent, actor: Any) -> list[Deadline]:
    """The test of certification's periods: the answer to the complaint (102.20), the response a notice to
    show cause sets (an order), and in court rehearing and certiorari (FRAP 40(d)(1), 28 U.S.C. 2101(c))."""
    code = ladder.Event(event.event)
    period = toc.SIDE_PERIODS.get(code)
    if period is not None and rule_sets.is_rule_set(event.case.rule_set):
        return [
            _computed(
                case=event.case,
                election=event.election,
                period=period,
                trigger=event.event,
                trigger_on=event.occurred_on,
                trigger_event=event,
                trigger_tally=None,
                responds_to=None,
                actor=actor,
                region=_ca_region(event),
            )
        ]
    respond_by = event.details.get("respond_by")
    if code is ladder.Event.NOTICE_TO_SHOW_CAUSE and isinstance(respond_by, str):
        return [_show_cause(event, date.fromisoformat(respond_by), actor)]
    if code not in toc.COURT_DEADLINES:
        return []
    if code is ladder.Event.REHEARING_DECISION and event.details.get("outcome") != "denied":
        return []
    court = _court_of(event)
    return [_in_court(event, courts.PERIODS[c], court, actor) for c in toc.COURT_DEADLINES[code]]


def _ca_region(event: ProceedingEvent) -> int | None:
    """The Region of the test's CA case (its number says it), whose office the answer is filed with."""
    ulp = event.details.get("ulp_case")
    if not isinstance(ulp, str):
        refusal = (
            ProceedingEvent.objects.filter(
                case=event.case, voided=False, event=ladder.Event.REFUSAL_TO_BARGAIN
            )
            .order_by("-occurred_on", "-id")
            .first()
        )
        ulp = refusal.details.get("ulp_case") if refusal is not None else None
    try:
        return case_numbers.parse(str(ulp), representation_only=False).region
    except case_numbers.InvalidCaseNumber:
        return None


def _court_of(event: ProceedingEvent) -> courts.Court:
    named = event.details.get("court")
    if not isinstance(named, str):
        filing = (
            ProceedingEvent.objects.filter(
                case=event.case,
                voided=False,
                event=ladder.Event.COURT_PETITION_FILED,
                details__docket=event.details.get("docket"),
            )
            .order_by("id")
            .first()
        )
        named = filing.details.get("court") if filing is not None else None
    return courts.BY_NAME.get(str(named), courts.BY_NAME["D.C. Cir."])


def _in_court(
    event: ProceedingEvent, period: courts.CourtPeriod, court: courts.Court, actor: Any
) -> Deadline:
    existing = Deadline.objects.filter(trigger_event=event, code=period.code).first()
    if existing is not None:
        return existing
    computed = courts.compute(period, trigger_on=event.occurred_on, court=court)
    docket = event.details.get("docket")
    deadline = _saved(
        computed,
        actor,
        case=event.case,
        election=event.election,
        code=computed.code,
        label=f"{computed.label} ({court.name} {docket})" if docket else computed.label,
        trigger=event.event,
        trigger_on=event.occurred_on,
        trigger_event=event,
        rule_set=event.case.rule_set,
    )
    _supersede_open(event.election, computed.code, deadline)
    return deadline


def _show_cause(event: ProceedingEvent, respond_by: date, actor: Any) -> Deadline:
    return _set_by_event(
        event,
        code=law.SHOW_CAUSE_RESPONSE,
        label="Response to the notice to show cause (date set by the Board)",
        due_on=respond_by,
        citation="The Board's notice to show cause (a date set by order)",
        what=f"the notice to show cause of {event.occurred_on.isoformat()}",
        target_only=False,
        actor=actor,
    )


def _hearing_date(event: ProceedingEvent, hearing_on: date, actor: Any) -> Deadline:
    what = "notice of hearing" if event.event == "notice_of_hearing" else "order consolidating the case"
    return _set_by_event(
        event,
        code=DeadlineCode.HEARING,
        label="Hearing opens (date set by order)",
        due_on=hearing_on,
        citation="29 CFR 102.69(c)(1)(ii)",
        what=f"the {what} of {event.occurred_on.isoformat()}",
        target_only=True,
        actor=actor,
    )


def _set_by_event(
    event: ProceedingEvent,
    *,
    code: str,
    label: str,
    due_on: date,
    citation: str,
    what: str,
    target_only: bool,
    actor: Any,
) -> Deadline:
    """A date the event's order sets (source order, never verified), replacing the live one of its code."""
    existing = Deadline.objects.filter(trigger_event=event, code=code).first()
    if existing is not None:
        return existing
    case = event.case
    zone = zone_of(case)
    if target_only:
        meaning = (
            f"Hearing set for {due_on.isoformat()} by {what}. A date set by order, not computed: it replaces "
            "the target of the rule set. Met when the hearing opens."
        )
    else:
        meaning = f"Due {due_on.isoformat()}, set by {what}. A date set by order, not computed."
    deadline = Deadline(
        case=case,
        election=event.election,
        code=code,
        label=label,
        due_on=due_on,
        due_at=calendar.due_at_cutoff(due_on, zone),
        zone=zone,
        trigger=event.event,
        trigger_on=event.occurred_on,
        trigger_event=event,
        rule_set=case.rule_set,
        citation=citation,
        explanation=f"{meaning} Source: {law.SOURCE_LABELS[Source.ORDER]}.",
        verified=False,
        source=Source.ORDER,
        target_only=target_only,
        created_by=acting_user(actor),
    )
    stamp(deadline, actor)
    deadline.save()
    _supersede_open(event.election, code, deadline)
    return deadline
