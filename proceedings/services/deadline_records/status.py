"""Each deadline's status kept in step with the record.

- ``refresh``: re-derive the status of every live deadline of one election from its events and objections
  (``proceedings.law.deadlines.evaluate``), and each party's row. Called by every service that changes the
  record, by the receivers of the tally and objection signals, and by the hourly beat job.
- ``refresh_lapsed``: the hourly job, for the deadlines that lapsed meanwhile.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from datetime import datetime

from django.db.models import Q
from simple_history.utils import bulk_update_with_history

from core import clock
from elections.law.rule_sets import DeadlineCode
from elections.models import Case, Election
from objections.models import Objection
from proceedings.law import deadlines as law
from proceedings.law import dispositions
from proceedings.law.deadlines import Status
from proceedings.law.owed_by import PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent
from proceedings.services.deadline_records.answers import _Answer, _answer, _general_excludes
from proceedings.services.deadline_records.parties import party_rows


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
