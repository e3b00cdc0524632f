"""The e-mails the ledger owes counsel of record, written through the outbox (``core.outbox``).

Who hears of what: a challenge logged or withdrawn by a party goes to counsel for every *other* party; a
challenge of the Board agent, a resolution, a batch marked moot and a revised tally go to all counsel.
Keys are stable (``challenge:{id}:resolved``), so a notice queued twice is still sent once.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import Protocol

from challenges.models import Challenge
from core.links import desk_url
from core.outbox import notify
from elections.law.local_time import local_time
from elections.models import Case, Tally
from elections.recipients import counsel_of_record


def _link(challenge: Challenge) -> str:
    return desk_url(challenge.election.case.number, anchor=f"challenge-{challenge.pk}")


def _describe(challenge: Challenge) -> str:
    identifier = f" ({challenge.voter_identifier})" if challenge.voter_identifier else ""
    return (
        f"Voter: {challenge.voter_name}{identifier}\n"
        f"Job classification: {challenge.job_classification or '—'}\n"
        f"Challenged by: {challenge.challenger_name}\n"
        f"Ground: {challenge.get_ground_display()}\n"
        f"Reason: {challenge.reason or '—'}\n"
        f"Status: {challenge.get_status_display()}\n"
    )


def _others(case: Case, party_id: int | None) -> list:
    if party_id is None:
        return counsel_of_record(case)
    return counsel_of_record(case, exclude_party_ids=[party_id])


def challenge_logged(challenge: Challenge) -> None:
    case = challenge.election.case
    notify(
        recipients=_others(case, challenge.challenged_by_id),
        key=f"challenge:{challenge.pk}:logged",
        subject=f"{case.number}: {challenge.challenger_name} challenged the ballot of {challenge.voter_name}",
        body=f"A challenged ballot was logged in {case}, election {challenge.election.sequence}.\n\n"
        f"{_describe(challenge)}\n{_link(challenge)}\n",
        case=case,
    )


def challenge_withdrawn(challenge: Challenge) -> None:
    case = challenge.election.case
    counted = (
        " The ballot will be opened and counted in the next revised tally."
        if challenge.awaiting_count
        else ""
    )
    notify(
        recipients=_others(case, challenge.challenged_by_id),
        key=f"challenge:{challenge.pk}:withdrawn",
        subject=f"{case.number}: challenge to the ballot of {challenge.voter_name} withdrawn",
        body=f"{challenge.challenger_name} withdrew its challenge on {challenge.resolved_on}.{counted}\n\n"
        f"{_describe(challenge)}\n{_link(challenge)}\n",
        case=case,
    )


def challenge_resolved(challenge: Challenge) -> None:
    case = challenge.election.case
    verb = "sustained" if challenge.status == Challenge.Status.SUSTAINED else "overruled"
    effect = (
        "The ballot will not be counted."
        if verb == "sustained"
        else "The ballot will be opened and counted in the next revised tally."
        if challenge.awaiting_count
        else "The ballot is counted with the others."
    )
    level = f" ({challenge.get_resolved_level_display()})" if challenge.resolved_level else ""
    notify(
        recipients=counsel_of_record(case),
        key=f"challenge:{challenge.pk}:resolved",
        subject=f"{case.number}: challenge to the ballot of {challenge.voter_name} {verb}",
        body=f"The challenge was {verb} on {challenge.resolved_on} after "
        f"{challenge.get_resolution_method_display().lower()}{level}. {effect}\n\n"
        f"{_describe(challenge)}\n{_link(challenge)}\n",
        case=case,
    )


def challenge_recommended(challenge: Challenge) -> None:
    """A hearing officer's or ALJ's recommendation: the parties learn of it, and that nothing is decided."""
    case = challenge.election.case
    notify(
        recipients=counsel_of_record(case),
        key=f"challenge:{challenge.pk}:recommended:{challenge.recommendation_level}:{challenge.recommended_on}",
        subject=f"{case.number}: {challenge.get_recommendation_level_display().lower()} recommends to "
        f"{challenge.recommendation} the challenge to the ballot of {challenge.voter_name}",
        body=f"On {challenge.recommended_on} {challenge.get_recommendation_level_display().lower()} "
        f"recommended: {challenge.get_recommendation_display().lower()}. A recommendation decides nothing: "
        "the challenge stays pending and the ballot sealed until the Regional Director (or the Board) "
        f"rules.\n\n{_describe(challenge)}\n{_link(challenge)}\n",
        case=case,
    )


class Logged(Protocol):
    """What a batch notice reads of each challenge: a ``Challenge``, or an imported row with its id
    (``services.ImportedChallenge``: an import builds no model instance per row)."""

    @property
    def pk(self) -> int: ...
    @property
    def election_id(self) -> int: ...
    @property
    def challenged_by_id(self) -> int | None: ...
    @property
    def challenger_name(self) -> str: ...
    @property
    def ground(self) -> str: ...


def _tally_of(challenges: Sequence[Logged]) -> str:
    by = Counter(c.challenger_name for c in challenges)
    return "; ".join(f"{name}: {count}" for name, count in by.most_common())


def _batch_key(challenges: Sequence[Logged]) -> str:
    ids = sorted(c.pk for c in challenges)
    # The ids of one batch are unique to it; first, last and size name it in 200 characters.
    return f"{ids[0]}-{ids[-1]}:{len(ids)}"


def batch_resolved(case: Case, challenges: Sequence[Challenge], *, outcome: str) -> None:
    """One notice per counsel for a batch resolved in the admin, not one per ballot."""
    if not challenges:
        return
    first = challenges[0]
    lines = "\n".join(f"- {c.voter_name} ({c.challenger_name}, {c.get_ground_display()})" for c in challenges)
    notify(
        recipients=counsel_of_record(case),
        key=f"challenges:{first.election_id}:{outcome}:{_batch_key(challenges)}",
        subject=f"{case.number}: {len(challenges)} challenges {outcome}",
        body=f"On {first.resolved_on} {len(challenges)} challenges in {case}, election "
        f"{first.election.sequence}, were {outcome} after "
        f"{first.get_resolution_method_display().lower()}.\n\n{lines}\n",
        case=case,
    )


def batch_imported(case: Case, election_sequence: int, challenges: Sequence[Logged]) -> None:
    """One notice per counsel summarising an import: the rows challenged by anyone but their own party."""
    if not challenges:
        return
    key = f"challenges:{challenges[0].election_id}:imported:{_batch_key(challenges)}"
    party_ids = list(case.parties.values_list("pk", flat=True))
    for party_id in party_ids:
        others = [c for c in challenges if c.challenged_by_id != party_id]
        if not others:
            continue
        recipients = counsel_of_record(case, exclude_party_ids=[p for p in party_ids if p != party_id])
        labels = dict(Challenge.Ground.choices)
        grounds = Counter(labels[c.ground] for c in others)
        notify(
            recipients=recipients,
            key=key,
            subject=f"{case.number}: {len(others)} challenged ballots logged",
            body=f"{len(others)} challenged ballots were logged in {case}, election {election_sequence}, "
            f"by import.\n\nBy challenger: {_tally_of(others)}\nBy ground: "
            + "; ".join(f"{g}: {n}" for g, n in grounds.most_common())
            + f"\n\n{desk_url(case.number, anchor='challenges')}\n",
            case=case,
        )


def batch_moot(case: Case, challenges: Sequence[Challenge], tally: Tally) -> None:
    if not challenges:
        return
    notify(
        recipients=counsel_of_record(case),
        key=f"challenges:{challenges[0].election_id}:moot:{_batch_key(challenges)}",
        subject=f"{case.number}: {len(challenges)} pending challenges marked moot",
        body=f"The {len(challenges)} challenges still pending in {case}, election {tally.election.sequence}, "
        f"can no longer change the result of tally revision {tally.revision} and were marked moot on "
        f"{challenges[0].resolved_on}. Their ballots stay sealed.\n\n"
        f"By challenger: {_tally_of(challenges)}\n",
        case=case,
    )


def _opened_by(tally: Tally) -> list[str]:
    """What the revised tally makes due (objections to it, 29 CFR 102.69(e)): the deadline rows the
    proceedings app wrote for it in this transaction, read by their reverse name (no upward import)."""
    rows = tally.deadlines.exclude(status="superseded").order_by("due_at", "id")
    lines = [
        f"- {row.label}: due {local_time(row.due_at, row.zone)} ({row.citation})"
        + ("" if row.verified else " [UNVERIFIED]")
        for row in rows
    ]
    return ["What this makes due:", *lines] if lines else []


def revised_tally(case: Case, tally: Tally, opened: Iterable[Challenge]) -> None:
    count = len(list(opened))
    assessment = tally.assessment
    votes = ", ".join(f"{name} {votes}" for name, votes in tally.votes_for.items())
    notify(
        recipients=counsel_of_record(case),
        key=f"tally:{tally.pk}:revised",
        subject=f"{case.number}: revised tally (revision {tally.revision})",
        body=f"{count} challenged ballots were opened and counted. Revised tally {tally.revision}: "
        f"{votes}; against {tally.votes_against}; void {tally.void}; challenged still pending "
        f"{tally.challenged}.\n\n{assessment.explanation}\n\n" + "\n".join(_opened_by(tally)) + "\n\n"
        f"{desk_url(case.number)}\n",
        case=case,
    )
