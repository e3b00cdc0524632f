"""Deadline records: created when their trigger happens, their status kept in step with the record.

- ``create_for_tally`` / ``create_for_event``: the periods the case's rule set attaches to the trigger
  (``proceedings.law.deadlines.ATTACHED``), computed by ``elections.law.calendar.compute_deadline`` in the
  regional office's zone. A responsive period (answering brief, opposition) runs from the *due date* of the
  deadline it answers (29 CFR 102.2(a)).
- ``refresh``: re-derive the status of every live deadline of one election from its events and objections
  (``proceedings.law.deadlines.evaluate``). Called by every service that changes the record, by the receivers
  of the tally and objection signals, and by the hourly beat job for deadlines that lapsed meanwhile.
- Between two refreshes a deadline may pass; reads annotate the status it has *now*
  (``proceedings.selectors.with_effective_status``) so that lists, filters, the status call and the
  calendar feed never show a passed deadline as open.

Idempotent: each (tally, code), (event, code) and (answered deadline, code) has at most one deadline, so a
signal received twice or a demo loaded twice adds nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from copy import copy
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db.models import (
    Q,
)
from simple_history.utils import bulk_update_with_history

from core import clock
from core.actors import acting_user, stamp
from elections.law import calendar, case_numbers, rule_sets
from elections.law.local_time import in_zone, local_date
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election, Party, Tally
from objections.models import Objection
from proceedings.law import ca_case as toc
from proceedings.law import courts, dispositions, ladder, owed_by
from proceedings.law import deadlines as law
from proceedings.law.deadlines import Source, Status
from proceedings.law.owed_by import OwedBy, PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent


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
    deadline = Deadline(
        case=case,
        election=election,
        code=period.code,
        label=_label(period.label, trigger_tally),
        due_on=computed.due_on,
        due_at=computed.due_at,
        zone=computed.zone,
        trigger=trigger,
        trigger_on=trigger_on,
        trigger_event=trigger_event,
        trigger_tally=trigger_tally,
        responds_to=responds_to,
        rule_set=case.rule_set,
        citation=computed.citation,
        explanation=computed.explanation,
        verified=computed.verified,
        source=computed.source,
        target_only=period.target_only,
        created_by=acting_user(actor),
    )
    stamp(deadline, actor)
    deadline.save()
    if trigger != law.REVISED_TALLY or period.code != DeadlineCode.OBJECTIONS:
        # Objections to a revised tally sit beside those of the tally of ballots: both periods stand.
        _supersede_open(election, period.code, deadline)
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
    deadline = Deadline(
        case=event.case,
        election=event.election,
        code=computed.code,
        label=f"{computed.label} ({court.name} {docket})" if docket else computed.label,
        due_on=computed.due_on,
        due_at=computed.due_at,
        zone=computed.zone,
        trigger=event.event,
        trigger_on=event.occurred_on,
        trigger_event=event,
        rule_set=event.case.rule_set,
        citation=computed.citation,
        explanation=computed.explanation,
        verified=computed.verified,
        source=computed.source,
        created_by=acting_user(actor),
    )
    stamp(deadline, actor)
    deadline.save()
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


# --- order-set and manual deadlines ------------------------------------------------------------------------


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


# --- status ------------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Answer:
    on: date
    in_time: bool


def _general_excludes(live: Sequence[Deadline]) -> dict[str, set[int]]:
    """code → the parties with a deadline of their own: a general deadline does not speak for them."""
    own: dict[str, set[int]] = defaultdict(set)
    for d in live:
        if d.party_id is not None:
            own[d.code].add(d.party_id)
    return own


def refresh(election: Election | None, *, now: datetime | None = None, case: Case | None = None) -> int:
    """Re-derive the status of the election's live deadlines; returns how many changed. ``election`` None:
    those of ``case`` set before it had any election (the review of a dismissal)."""
    now = now or clock.now()
    if election is None and case is None:
        raise ValueError("refresh needs an election, or the case whose deadlines precede any election")
    scope = Q(election=election) if election is not None else Q(case=case, election__isnull=True)
    live = list(
        Deadline.objects.filter(scope)
        .exclude(status=Status.SUPERSEDED)
        .select_related("trigger_event")
        .order_by("due_at", "id")
    )
    if not live:
        return 0
    events = list(ProceedingEvent.objects.filter(scope, voided=False).order_by("occurred_on", "id"))
    objections = (
        list(
            Objection.objects.filter(election=election).values(
                "pk", "filed_by_id", "filed_at", "offer_of_proof_filed_at", "status", "answers_tally_id"
            )
        )
        if election is not None
        else []
    )
    own = _general_excludes(live)
    by_id = {d.pk: d for d in live}
    verdicts: dict[int, law.Verdict] = {}
    answers: dict[int, _Answer | None] = {}
    moot_reasons: dict[int, str | None] = {}
    changed: list[Deadline] = []
    for d in sorted(live, key=lambda x: (x.responds_to_id is not None, x.due_at, x.pk)):
        parties = None if d.party_id is None else {d.party_id}
        excluded = own.get(d.code, set()) if d.party_id is None else set()
        answer, objections_filed = _answer(d, events, objections, parties, excluded)
        answers[d.pk] = answer
        moot = _moot_reason(d, events, by_id, answers, now) or _parent_moot(d, verdicts, by_id)
        moot_reasons[d.pk] = moot
        obliged = law.is_obliged(d.code, source=d.source, objections_filed=objections_filed)
        verdict = law.evaluate(
            code=d.code,
            due_at=d.due_at,
            now=now,
            target_only=d.target_only,
            obliged=obliged,
            answered_on=answer.on if answer else None,
            answered_in_time=bool(answer and answer.in_time),
            moot_reason=moot,
            marked_met_on=d.marked_met_on,
            met_by_filing=bool(d.met_by_filing),
        )
        verdicts[d.pk] = verdict
        if (d.status, d.status_note, d.obliged) != (verdict.status, verdict.note, obliged):
            d.status, d.status_note, d.obliged = verdict.status, verdict.note, obliged
            changed.append(d)
    if changed:
        # With a history row each: a status that changes is a change of the record (product.md §8).
        bulk_update_with_history(
            changed,
            Deadline,
            ["status", "status_note", "obliged", "updated_at"],
            default_change_reason="status re-derived from the record",
        )
    party_rows(live, events, objections, moot_reasons, now=now)
    return len(changed)


# --- each party's state ------------------------------------------------------------------------------------


def concerned_parties(d: Deadline, parties: Sequence[Party]) -> list[Party]:
    """The parties a deadline has a row for: none for the agency's, the named party for one set for a party,
    the respondent for its answer, every party of the case (not an "involved party" of the public record)
    otherwise."""
    whose = owed_by.whose(d.code, party_named=d.party_id is not None)
    if whose.owed_by is OwedBy.AGENCY:
        return []
    if d.party_id is not None:
        return [p for p in parties if p.pk == d.party_id]
    if whose.role is not None:
        return [p for p in parties if p.role == whose.role]
    return [p for p in parties if p.role != Party.Role.INVOLVED_PARTY]


def party_rows(
    live: Sequence[Deadline],
    events: Sequence[ProceedingEvent],
    objections: Sequence[Mapping[str, Any]],
    moot_reasons: Mapping[int, str | None],
    *,
    now: datetime,
) -> None:
    """Write each party's state of the ``live`` deadlines (one election's, or a case's before any election):
    met by its own filing or objection only, missed only where that party had to file, not applicable where
    the deadline is another party's (``proceedings.law.owed_by``)."""
    case_id = live[0].case_id
    parties = list(Party.objects.filter(case_id=case_id).order_by("id"))
    stored = {
        (row.deadline_id, row.party_id): row
        for row in DeadlineParty.objects.filter(deadline__in=[d.pk for d in live])
    }
    own = _general_excludes(live)
    filers: dict[int, set[int]] = {}  # deadline → the parties whose rows are met (for "all but the filer")
    to_create: list[DeadlineParty] = []
    to_update: list[DeadlineParty] = []
    for d in sorted(live, key=lambda x: (x.responds_to_id is not None, x.due_at, x.pk)):
        filers[d.pk] = set()
        whose = owed_by.whose(d.code, party_named=d.party_id is not None)
        for party in concerned_parties(d, parties):
            row = stored.get((d.pk, party.pk))
            if row is None:
                row = DeadlineParty(deadline=d, party=party, due_at=d.due_at)
                to_create.append(row)
            else:
                to_update.append(row)
            if row.extended_by_filing_id is None:
                row.due_at = d.due_at
            before = (row.status, row.note, row.obliged, row.met_by_objection_id)
            status, note, obliged, objection_id = _party_state(
                d, row, whose, party, events, objections, moot_reasons.get(d.pk), own, filers, now
            )
            row.status, row.note, row.obliged, row.met_by_objection_id = status, note, obliged, objection_id
            if status == PartyStatus.MET:
                filers[d.pk].add(party.pk)
            if before == (row.status, row.note, row.obliged, row.met_by_objection_id) and row.pk:
                to_update.remove(row)
            else:
                row.updated_at = now
    if to_create:
        DeadlineParty.objects.bulk_create(to_create)
    if to_update:
        DeadlineParty.objects.bulk_update(
            to_update, ["status", "note", "obliged", "met_by_objection", "due_at", "updated_at"]
        )


def _party_state(
    d: Deadline,
    row: DeadlineParty,
    whose: owed_by.Whose,
    party: Party,
    events: Sequence[ProceedingEvent],
    objections: Sequence[Mapping[str, Any]],
    moot: str | None,
    own: Mapping[str, set[int]],
    filers: Mapping[int, set[int]],
    now: datetime,
) -> tuple[PartyStatus, str, bool, int | None]:
    """(status, note, obliged, the objection that met it) of ``party``'s row of ``d``."""
    if d.party_id is None and party.pk in own.get(d.code, set()):
        return PartyStatus.NOT_APPLICABLE, f"{party.name} has a deadline of its own for this.", False, None
    mine = [o for o in objections if o["filed_by_id"] == party.pk and _answers(d, o)]
    objected = any(o["status"] != Objection.Status.WITHDRAWN for o in mine)
    if whose.objecting and not objected:
        if now <= row.due_at and not moot:
            # Owed with objections: a party that files any by this moment files its offer of proof with them.
            note = (
                f"Owed only with objections: due with them if {party.name} files any (29 CFR 102.69(a)(8))."
            )
            return PartyStatus.OPEN, note, False, None
        return (
            PartyStatus.NOT_APPLICABLE,
            f"{party.name} filed no objections: nothing to support.",
            False,
            None,
        )
    if whose.but_filer and d.responds_to_id is not None and filers.get(d.responds_to_id) == {party.pk}:
        return PartyStatus.NOT_APPLICABLE, f"{party.name} filed what it answers.", False, None
    obliged = law.is_obliged(d.code, source=d.source, objections_filed=objected)
    if row.met_by_filing_id is not None and row.met_on is not None:
        return PartyStatus.MET, f"Met by {party.name}'s filing ({row.met_on.isoformat()}).", obliged, None
    if d.marked_met_on is not None and not d.met_by_filing:
        return PartyStatus.MET, f"Marked met by staff ({d.marked_met_on.isoformat()}).", obliged, None
    if row.due_at != d.due_at:  # extended for this party alone: its filing is timely until its own date
        d = copy(d)
        d.due_at, d.due_on = row.due_at, local_date(row.due_at, d.zone)
    answer, _ = _answer(d, events, objections, {party.pk}, set())
    objection_id = _meeting_objection(d, mine)
    if answer is not None and answer.in_time:
        return PartyStatus.MET, f"Filed on {answer.on.isoformat()}.", obliged, objection_id
    if moot:
        return PartyStatus.NOT_APPLICABLE, moot, obliged, None
    if answer is not None:
        return PartyStatus.MISSED, f"Filed late, on {answer.on.isoformat()}.", obliged, objection_id
    if now <= row.due_at:
        return PartyStatus.OPEN, "", obliged, None
    return (
        owed_by.lapsed(obliged=obliged),
        law.lapsed(code=d.code, target_only=False, obliged=obliged).note,
        obliged,
        None,
    )


def _meeting_objection(d: Deadline, mine: Sequence[Mapping[str, Any]]) -> int | None:
    """The party's objection that answers ``d``: its first (objections), or the one whose offer of proof came
    last (the offer of proof)."""
    live = [o for o in mine if o["status"] != Objection.Status.WITHDRAWN]
    kinds = law.rule_of(d.code).answered_by
    if "objection" in kinds and mine:
        return int(min(mine, key=lambda o: o["filed_at"])["pk"])
    if "offer_of_proof" in kinds and live and all(o["offer_of_proof_filed_at"] for o in live):
        return int(max(live, key=lambda o: o["offer_of_proof_filed_at"])["pk"])
    return None


def _answer(
    d: Deadline,
    events: Sequence[ProceedingEvent],
    objections: Sequence[Mapping[str, Any]],
    parties: set[int] | None,
    excluded: set[int],
) -> tuple[_Answer | None, bool]:
    """The filing that answers ``d`` (earliest), and whether objections were filed (for the offer of proof)."""

    def concerns(party_id: int | None) -> bool:
        if party_id is not None and party_id in excluded:
            return False
        return parties is None or party_id is None or party_id in parties

    relevant = [o for o in objections if concerns(o["filed_by_id"]) and _answers(d, o)]
    objections_filed = any(o["status"] != Objection.Status.WITHDRAWN for o in relevant)
    kinds = law.rule_of(d.code).answered_by
    if "objection" in kinds:
        if not relevant:
            return None, objections_filed
        first = min(o["filed_at"] for o in relevant)
        return _Answer(local_date(first, d.zone), calendar.is_timely(first, d.due_at)), objections_filed
    if "offer_of_proof" in kinds:
        live = [o for o in relevant if o["status"] != Objection.Status.WITHDRAWN]
        if not live or any(o["offer_of_proof_filed_at"] is None for o in live):
            return None, objections_filed
        last = max(o["offer_of_proof_filed_at"] for o in live)
        return _Answer(local_date(last, d.zone), calendar.is_timely(last, d.due_at)), objections_filed
    for event in events:
        if event.event in kinds and event.occurred_on >= d.trigger_on and concerns(event.party_id):
            return _Answer(event.occurred_on, event.occurred_on <= d.due_on), objections_filed
    return None, objections_filed


def _answers(d: Deadline, objection: Mapping[str, Any]) -> bool:
    """Whether ``objection`` is a filing of ``d``'s period. A tally's objections period (and its offer of
    proof) is answered by the objections that answer that tally (``Objection.answers_tally``: conduct
    objections the tally of ballots', an objection to a revised tally that one's, 102.69(a)(8), (e)). An
    offer of proof extended by order waits for the objections already on file, whenever the order came.
    Anything else: the filings made from its trigger day on."""
    if d.trigger_tally_id is not None:
        return bool(objection["answers_tally_id"] == d.trigger_tally_id)
    if d.code == DeadlineCode.OFFER_OF_PROOF:
        return True
    return local_date(objection["filed_at"], d.zone) >= d.trigger_on


def _parent_moot(
    d: Deadline, verdicts: Mapping[int, law.Verdict], by_id: Mapping[int, Deadline]
) -> str | None:
    """A response to a moot deadline is moot too, before the parent's own due date: no exceptions, so no
    cross-exceptions, so nothing for an answering brief to them to answer (102.46(c)-(d))."""
    parent = by_id.get(d.responds_to_id) if d.responds_to_id is not None else None
    verdict = verdicts.get(parent.pk) if parent is not None else None
    if parent is None or verdict is None or verdict.status != Status.MOOT:
        return None
    return f"Nothing to answer: the {parent.label[:1].lower()}{parent.label[1:]} is moot ({verdict.note})"


_DECIDED_WITHOUT_HEARING = ("regional_director_decision", "certification_issued")


def _moot_reason(
    d: Deadline,
    events: Sequence[ProceedingEvent],
    by_id: dict[int, Deadline],
    answers: dict[int, _Answer | None],
    now: datetime,
) -> str | None:
    if d.trigger_event_id is not None and d.trigger_event is not None and d.trigger_event.voided:
        trigger = d.trigger_event
        return f"The event that set it ({trigger.event_label}, {trigger.occurred_on.isoformat()}) was voided."
    if d.responds_to_id is not None:
        parent = by_id.get(d.responds_to_id)
        unanswered = parent is not None and answers.get(parent.pk) is None and parent.marked_met_on is None
        if parent is not None and unanswered and now > parent.due_at:
            return (
                f"Nothing to answer: nothing was filed by the due date of the {parent.label[:1].lower()}"
                f"{parent.label[1:]} ({parent.due_on.isoformat()})."
            )
    closing = next(
        (e for e in events if dispositions.closes(e.event, e.details.get("by"), e.details.get("effect"))),
        None,
    )
    if closing is not None and d.trigger_event_id != closing.pk and d.due_on >= closing.occurred_on:
        return f"The case closed before it was due: {closing.event_label.lower()} on {closing.occurred_on.isoformat()}."
    if d.code == DeadlineCode.HEARING:
        opened = any(e.event == "hearing_opened" for e in events)
        decided = next((e for e in events if e.event in _DECIDED_WITHOUT_HEARING), None)
        if decided is not None and not opened:
            return f"No hearing was held: {decided.event_label.lower()} on {decided.occurred_on.isoformat()}."
    return None


def moot_for_voided(event: ProceedingEvent, actor: Any = None) -> None:
    """The deadlines a voided event set no longer bind (``refresh`` makes them moot, naming the void) and give
    back what they had replaced."""
    own = list(Deadline.objects.filter(trigger_event=event).exclude(status=Status.SUPERSEDED))
    restore_superseded_by(own, actor)


def refresh_lapsed(*, now: datetime | None = None) -> int:
    """Persist what time has done: open deadlines that passed (and the responses to them), and each party's
    open time that passed (a row extended for one party lapses after its deadline). Hourly."""
    now = now or clock.now()
    lapsed = set(
        Deadline.objects.filter(status=Status.OPEN, due_at__lt=now).values_list("election_id", "case_id")
    ) | set(
        DeadlineParty.objects.filter(status=PartyStatus.OPEN, due_at__lt=now)
        .exclude(deadline__status=Status.SUPERSEDED)
        .values_list("deadline__election_id", "deadline__case_id")
    )
    changed = 0
    for election in Election.objects.filter(pk__in={e for e, _ in lapsed if e is not None}):
        changed += refresh(election, now=now)
    for case in Case.objects.filter(pk__in={c for e, c in lapsed if e is None}):
        changed += refresh(None, now=now, case=case)
    return changed
