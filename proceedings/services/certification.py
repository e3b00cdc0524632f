"""The certification's checks before an event is recorded: the kind certified follows the votes, no
objections window open, a runoff or further election when the tally calls for one, the election decided.
Private to ``proceedings.services``: ``events`` calls them.
"""

from __future__ import annotations

from datetime import date

from challenges.selectors import ledger_state
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import tally as tally_law
from elections.models import Election, Tally
from objections import selectors as objection_selectors
from objections.models import Objection
from proceedings import selectors
from proceedings.law import ladder
from proceedings.law import windows as law_windows
from proceedings.law.deadlines import CERTIFYING_OUTCOMES
from proceedings.models import ProceedingEvent
from proceedings.services._shared import _str


def _check_certification_kind(code: ladder.Event, cleaned: dict[str, object], before: ladder.State) -> None:
    if code is not ladder.Event.CERTIFICATION_ISSUED:
        return
    ordered = {ladder.CERTIFY_REPRESENTATIVE: "representative", ladder.CERTIFY_RESULTS: "results"}.get(
        before.order or ""
    )
    if ordered is not None and cleaned.get("kind") != ordered:
        raise RuleViolation(
            "details",
            f"kind must be {ordered}: the decision in force orders a certification of {ordered} "
            f"({before.order}).",
        )


def _check_runoff(
    election: Election,
    elections: list[Election],
    cleaned: dict[str, object],
    before: ladder.State,
    ruled_now: dict[int, Objection],
) -> None:
    """A decision ordering a runoff: one runoff per case (102.70(a)), none after an equal division
    (102.70(d)) — ``tally_law.runoff_refusal`` — and none while a timely objection is undecided: the Regional
    Director conducts the runoff when no choice has a majority "and no objections are filed" (102.70(a)).
    Objections ruled on in the same decision are decided."""
    if ladder.RUNOFF_ELECTION not in (cleaned.get("outcome"), cleaned.get("order")):
        return
    latest = election.latest_tally
    why = tally_law.runoff_refusal(
        # Runoffs up to this election; a later one is the election this order calls for, loaded before it.
        runoffs_held=sum(
            1 for e in elections if e.kind == Election.Kind.RUNOFF and e.sequence <= election.sequence
        ),
        result=str(latest.assessment.result) if latest is not None else "",
    )
    if why is None:
        undecided = [o for o in objection_selectors.open_objections(election) if o.pk not in ruled_now]
        if undecided:
            named = ", ".join(
                f"{o.filed_by.name} objection {o.number} ({o.status.replace('_', ' ')})" for o in undecided
            )
            why = (
                '29 CFR 102.70(a) holds a runoff when no choice has a majority "and no objections are filed"; '
                f"objections to election {election.sequence} are undecided ({named}): rule on them first, "
                "or in the same decision (objection_rulings)"
            )
    if why is not None:
        raise TransitionNotAllowed(
            f"A runoff cannot be ordered in {election.case.number}: {why}.",
            allowed=[e.value for e in ladder.allowed_events(before)],
        )


# What a decision orders, as the kind of certification it calls for.
_ORDERED_KIND = {ladder.CERTIFY_REPRESENTATIVE: "representative", ladder.CERTIFY_RESULTS: "results"}


def _kind_certified(code: ladder.Event, cleaned: dict[str, object]) -> str | None:
    """The kind of certification an event issues or orders (None: it neither issues nor orders one)."""
    if code is ladder.Event.CERTIFICATION_ISSUED:
        return _str(cleaned.get("kind"))
    if code in (ladder.Event.REGIONAL_DIRECTOR_DECISION, ladder.Event.ALJ_DECISION):
        return _ORDERED_KIND.get(_str(cleaned.get("outcome")) or "")
    if code is ladder.Event.BOARD_DECISION:
        return _ORDERED_KIND.get(_str(cleaned.get("order")) or "")
    return None


def _nullities_before(election: Election, elections: list[Election]) -> int:
    """The case's earlier elections whose latest tally was an equal division (102.70(d))."""
    return sum(
        1
        for e in elections
        if e.sequence < election.sequence
        and e.latest_tally is not None
        and e.latest_tally.assessment.result == tally_law.Result.NEW_ELECTION_REQUIRED
    )


def _votes(tally: Tally) -> str:
    counted = [f"{votes} for {union}" for union, votes in tally.votes_for.items()]
    return ", ".join([*counted, f"{tally.votes_against} against", f"{tally.challenged} challenged"])


def _check_certification_follows_votes(
    election: Election,
    elections: list[Election],
    code: ladder.Event,
    cleaned: dict[str, object],
    before: ladder.State,
) -> None:
    """A certification (issued, or ordered by a decision) follows the latest tally read with the ledger:
    ``tally_law.certification_refusal``. A 409 naming the tally. (A certifying event on a tally still
    undetermined or calling for a runoff is refused after its consequences by ``_check_election_decided``,
    which also names the open objections.)"""
    kind = _kind_certified(code, cleaned)
    tally = election.tallies.order_by("-revision").first()
    if kind is None or tally is None:
        return
    assessment = _decided_by_ledger(election, tally)
    result = str(assessment.result)
    if _certifying(code, cleaned) and result in UNDECIDED_RESULTS:
        return
    why = tally_law.certification_refusal(
        kind=kind,
        result=result,
        winner=assessment.winner,
        further_election_held=_nullities_before(election, elections) > 0,
    )
    if why is None:
        return
    raise TransitionNotAllowed(
        f"A certification of {kind} cannot follow election {election.sequence} of {election.case.number}: "
        f"tally revision {tally.revision} ({_votes(tally)}) — {why}.",
        allowed=[e.value for e in ladder.allowed_events(before)],
    )


def _check_further_election(
    election: Election, elections: list[Election], cleaned: dict[str, object], before: ladder.State
) -> None:
    """A rerun ordered on an equal division is 102.70(d)'s further election: only one is held in a case."""
    if ladder.RERUN_ELECTION not in (cleaned.get("outcome"), cleaned.get("order")):
        return
    latest = election.latest_tally
    if latest is None or latest.assessment.result != tally_law.Result.NEW_ELECTION_REQUIRED:
        return
    if _nullities_before(election, elections) == 0:
        return
    raise TransitionNotAllowed(
        f"A further election cannot be ordered in {election.case.number}: {tally_law.FURTHER_ELECTION_DONE}. "
        f"Tally revision {latest.revision} of election {election.sequence} ({_votes(latest)}) elects no one: "
        "what follows is a certification of the results (certification_issued, kind results).",
        allowed=[e.value for e in ladder.allowed_events(before)],
    )


def _certifying(code: ladder.Event, cleaned: dict[str, object]) -> bool:
    if code is ladder.Event.CERTIFICATION_ISSUED:
        return True
    return code is ladder.Event.REGIONAL_DIRECTOR_DECISION and cleaned.get("outcome") in CERTIFYING_OUTCOMES


def _check_no_open_window(
    election: Election,
    code: ladder.Event,
    cleaned: dict[str, object],
    occurred_on: date,
    ruled_now: dict[int, Objection],
    before: ladder.State,
) -> None:
    """No certifying decision while an objections window is open (29 CFR 102.69(a)(8), (e)): a 409 naming
    the window and its close, unless the decision rules on every objection filed in it
    (``proceedings.law.windows``)."""
    if not _certifying(code, cleaned):
        return
    windows = selectors.objections_windows(election)
    disposed = set(ruled_now) | {
        o.pk
        for o in Objection.objects.filter(election=election).only("pk", "status")
        if o.status in (Objection.Status.SUSTAINED, Objection.Status.OVERRULED)
    }
    why = law_windows.certification_refusal(decided_on=occurred_on, windows=windows, ruled=disposed)
    if why is None:
        return
    allowed = [e.value for e in ladder.allowed_events(before) if not _certifying(e, {})]
    raise TransitionNotAllowed(
        f"{ladder.event_label(code)} dated {occurred_on} cannot certify election {election.sequence} of "
        f"{election.case.number}: {why}.",
        allowed=allowed,
    )


UNDECIDED_RESULTS = ("undetermined", "runoff_required")


def _certifies(record: ProceedingEvent) -> bool:
    if record.event == ladder.Event.CERTIFICATION_ISSUED:
        return True
    return (
        record.event == ladder.Event.REGIONAL_DIRECTOR_DECISION
        and record.details.get("outcome") in CERTIFYING_OUTCOMES
    )


def _decided_by_ledger(election: Election, tally: Tally) -> tally_law.TallyAssessment:
    """The latest tally read against the ledger: its challenged ballots all resolved (sustained, or opened
    and counted) leave the counted votes to decide (``tally_law.challenged_outstanding``)."""
    ledger = ledger_state(election)
    outstanding = tally_law.challenged_outstanding(
        on_tally=tally.challenged, in_ledger=ledger.ledger_count, unresolved=ledger.unresolved
    )
    if outstanding == tally.challenged:
        return tally.assessment
    return tally_law.assess(tally.figures(challenged=outstanding))


def _check_election_decided(record: ProceedingEvent, election: Election, before: ladder.State) -> None:
    """A certification needs a decided election (29 CFR 102.69(b)–(c)): its latest tally neither
    undetermined (determinative challenges unresolved) nor calling for a runoff, and no objection to it
    pending or set for hearing. The 409 names what stands in the way and what may come next."""
    if not _certifies(record):
        return
    obstacles: list[str] = []
    next_steps: list[str] = []
    tally = election.tallies.order_by("-revision").first()
    assessment = _decided_by_ledger(election, tally) if tally is not None else None
    if tally is not None and assessment is not None and str(assessment.result) in UNDECIDED_RESULTS:
        result = str(assessment.result)
        if result == "undetermined":
            open_challenges = ledger_state(election).unresolved
            obstacles.append(
                f"tally revision {tally.revision} is undetermined: its {tally.challenged} challenged ballots "
                f"are determinative ({open_challenges} open challenges in the ledger)"
            )
            next_steps.append(
                "resolve the challenges and open and count the released ballots into a revised tally"
            )
        else:
            obstacles.append(f"tally revision {tally.revision} requires a runoff election")
            next_steps.append(
                "order the runoff election (regional_director_decision, outcome runoff_election)"
            )
    open_objections = list(objection_selectors.open_objections(election))
    if open_objections:
        named = ", ".join(
            f"{o.filed_by.name} objection {o.number} ({o.status.replace('_', ' ')})" for o in open_objections
        )
        obstacles.append(f"objections are still open: {named}")
        next_steps.append("rule on the objections (a Regional Director's decision with objection_rulings)")
    if not obstacles:
        return
    allowed = [e.value for e in ladder.allowed_events(before) if e is not ladder.Event.CERTIFICATION_ISSUED]
    raise TransitionNotAllowed(
        f"Election {election.sequence} of {election.case.number} is not decided, so it cannot be certified: "
        + "; ".join(obstacles)
        + ". Next: "
        + "; ".join(next_steps)
        + ".",
        allowed=allowed,
    )
