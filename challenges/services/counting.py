"""After the tally: challenges that cannot change the result marked moot (``challenges_mark_moot``), the
released ballots opened and counted into a revised tally (``challenges_open_and_count``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from django.db import transaction
from simple_history.utils import bulk_update_with_history

from challenges import notices
from challenges.models import Challenge
from challenges.selectors import ledger_state
from challenges.services._shared import _today_in
from core import clock
from core.actors import Actor, acting_user, require_staff
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import tally as tally_law
from elections.law.tally import MAX_COUNT
from elections.models import Election, Tally
from elections.services import tally_record, tally_votes_clean


@dataclass
class MootResult:
    tally: Tally
    challenges: list[Challenge]


@transaction.atomic
def challenges_mark_moot(
    *, election: Election, actor: Actor, on: date | None = None, notify_parties: bool = True
) -> MootResult:
    """Mark every pending challenge moot once the ballots still unknown cannot change the latest tally's
    result (Form NLRB-5547: non-determinative challenges are never opened or decided).

    The ballots still unknown are the pending ones and the released ones not yet opened: while those
    could still swing the result, nothing is moot (409)."""
    require_staff(actor, "mark challenges moot")
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    state = ledger_state(election)
    tally = state.latest_tally
    if tally is None:
        raise TransitionNotAllowed(
            f"Election {election.sequence} of {election.case.number} has no tally yet: challenges are "
            "moot only when they cannot change a tally's result.",
            allowed=["tally"],
        )
    if state.pending == 0:
        raise TransitionNotAllowed(f"Election {election.sequence} has no pending challenges to mark moot.")
    if state.determinative:
        awaiting = (
            f" with {state.awaiting_count} released ballots not yet opened," if state.awaiting_count else ""
        )
        assessment = tally_law.assess(tally.figures(challenged=state.unresolved))
        raise TransitionNotAllowed(
            f"The {state.pending} pending challenges{awaiting} are still determinative against tally "
            f"revision {tally.revision}: {assessment.explanation}",
            allowed=["resolve", "open-and-count"] if state.awaiting_count else ["resolve"],
        )
    on = on or _today_in(election.case)
    pending = list(
        Challenge.objects.select_for_update(of=("self",))
        .filter(election=election, status=Challenge.Status.PENDING)
        .select_related("challenged_by")
        .order_by("pk")
    )
    now = clock.now()
    for challenge in pending:
        challenge.status = Challenge.Status.MOOT
        challenge.resolved_on = on
        challenge.settled_after_revision = tally.revision
        challenge.updated_at = now
    bulk_update_with_history(
        pending,
        Challenge,
        ["status", "resolved_on", "settled_after_revision", "updated_at"],
        default_user=acting_user(actor),
        default_change_reason=f"not determinative against tally revision {tally.revision}",
    )
    if notify_parties:
        notices.batch_moot(election.case, pending, tally)
    return MootResult(tally=tally, challenges=pending)


def _count(field_name: str, value: Any) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= MAX_COUNT:
        raise RuleViolation(field_name, f"must be a whole number from 0 to {MAX_COUNT:,}.")
    return value


@transaction.atomic
def challenges_open_and_count(
    *,
    election: Election,
    votes_for: Mapping[str, Any],
    votes_against: int,
    void: int = 0,
    prepared_at: datetime | None = None,
    actor: Actor,
) -> Tally:
    """Open the ballots released since the last tally and record the next revised tally.

    ``votes_for`` / ``votes_against`` / ``void`` are what the opened ballots held; they must account for
    every one of them. The revised tally adds them to the latest tally's figures; its ``challenged`` is
    what is still pending, so its result and determinativeness are recomputed by the tally law."""
    require_staff(actor, "open and count challenged ballots")
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    latest = election.tallies.order_by("-revision").first()
    if latest is None:
        raise TransitionNotAllowed(
            f"Election {election.sequence} has no tally to revise; record the tally of ballots first.",
            allowed=["tally"],
        )
    opened = list(
        Challenge.objects.select_for_update(of=("self",))
        .filter(election=election, awaiting_count=True)
        .select_related("challenged_by")
        .order_by("pk")
    )
    if not opened:
        raise TransitionNotAllowed(
            f"No released ballots wait to be opened in election {election.sequence} since tally revision "
            f"{latest.revision}; overrule a challenge first.",
            allowed=["resolve"],
        )
    found_for = tally_votes_clean(election=election, votes_for=dict(votes_for))
    found_against = _count("votes_against", votes_against)
    found_void = _count("void", void)
    for votes in found_for.values():
        _count("votes_for", votes)
    found = sum(found_for.values()) + found_against + found_void
    if found != len(opened):
        for_text = ", ".join(f"{votes} for {name}" for name, votes in found_for.items())
        raise RuleViolation(
            "votes_for",
            f"{len(opened)} ballots were opened, but {for_text}, {found_against} against and {found_void} "
            f"void make {found}; the votes found must account for every opened ballot.",
        )
    state = ledger_state(election)
    if state.ledger_count > latest.challenged:
        raise TransitionNotAllowed(
            f"The ledger holds {state.ledger_count} challenges against the {latest.challenged} challenged "
            f"ballots of tally revision {latest.revision}; correct the ledger or the tally first.",
            allowed=["tally"],
        )
    # The revised tally's unopened ballots: the previous figure less every challenge settled since it
    # (the opened ballots, and those sustained, withdrawn or moot), whatever the ledger has not logged.
    remaining = latest.challenged - state.settled_since_latest
    tally = tally_record(
        election=election,
        prepared_at=prepared_at or clock.now(),
        votes_for={name: int(latest.votes_for.get(name, 0)) + votes for name, votes in found_for.items()},
        votes_against=latest.votes_against + found_against,
        void=latest.void + found_void,
        challenged=remaining,
        actor=actor,
    )
    now = clock.now()
    for challenge in opened:
        challenge.counted_in = tally
        challenge.awaiting_count = False
        challenge.updated_at = now
    bulk_update_with_history(
        opened,
        Challenge,
        ["counted_in", "awaiting_count", "updated_at"],
        default_user=acting_user(actor),
        default_change_reason=f"opened and counted in tally revision {tally.revision}",
    )
    notices.revised_tally(election.case, tally, opened)
    return tally
