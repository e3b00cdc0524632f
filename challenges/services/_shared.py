"""What the challenges' services share: who may log for whom, the office's today, the room a tally
leaves for challenges, the locks and the latest revisions. Private to ``challenges.services``.
"""

from __future__ import annotations

from collections.abc import Collection, Iterable
from datetime import date

from django.db.models import Max

from challenges.models import Challenge
from challenges.selectors import ledger_state
from challenges.validation import FieldProblem
from core import clock
from core.actors import Actor, is_staff
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from elections.models import Case, Election, Tally
from elections.selectors import counsel_party_ids


def _may_log_for(actor: Actor, case: Case) -> set[int] | None:
    """The challengers the actor may log for: ``None`` means any (staff, the system); else party ids.

    Raises NotPermitted for anyone who is neither staff nor counsel in the case."""
    if actor is None or is_staff(actor):
        return None
    own = counsel_party_ids(actor, case.pk)
    if not own:
        raise NotPermitted("Only counsel for a party, or Board staff, may log challenged ballots.")
    return own


def _today_in(case: Case) -> date:
    """Today in the regional office's zone: a decision recorded at 8 p.m. Central is not 'tomorrow'."""
    return clock.today(case.office_zone)


def _rule(problem: FieldProblem) -> RuleViolation:
    return RuleViolation(problem.field, problem.message)


def _check_room_in_tally(election: Election, *, adding: int, actor: Actor) -> None:
    """Once a tally is recorded, the ledger holds no more challenges than the latest tally's challenged
    ballots (a challenge is a sealed ballot the tally counted): one more means the tally or the ledger is
    wrong, and the tally is corrected first, by a revision (409)."""
    state = ledger_state(election)
    tally = state.latest_tally
    if tally is None or state.ledger_count + adding <= tally.challenged:
        return
    # Only staff revise a tally: counsel are told whom to ask, not a step they cannot take.
    remedy = (
        "Correct the tally with a revision first."
        if actor is None or is_staff(actor)
        else "Ask the Region (Board staff) to correct the tally, or check the ledger for a ballot logged twice."
    )
    raise TransitionNotAllowed(
        f"Tally revision {tally.revision} of election {election.sequence} counted {tally.challenged} "
        f"challenged ballots and the ledger already holds {state.ledger_count}; {adding} more would make "
        f"{state.ledger_count + adding}. {remedy}",
        allowed=["tally"],
    )


def _not_pending(challenge: Challenge, doing: str) -> TransitionNotAllowed:
    allowed = ["open-and-count"] if challenge.awaiting_count else []
    return TransitionNotAllowed(
        f"Challenge {challenge.pk} ({challenge.voter_name}) is already {challenge.status}; "
        f"only a pending challenge can be {doing}.",
        allowed=allowed,
    )


def _latest_revisions(election_ids: Iterable[int]) -> dict[int, int]:
    """The latest tally revision of each election that has a tally."""
    return dict(
        Tally.objects.filter(election_id__in=set(election_ids))
        .order_by()
        .values("election_id")
        .annotate(latest=Max("revision"))
        .values_list("election_id", "latest")
    )


def _locked(challenge_ids: Collection[int]) -> list[Challenge]:
    """Lock the challenges (not the elections, cases and parties joined to them), in id order."""
    return list(
        Challenge.objects.select_for_update(of=("self",))
        .select_related("election__case", "challenged_by")
        .filter(pk__in=list(challenge_ids))
        .order_by("pk")
    )
