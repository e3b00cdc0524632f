"""The tally on the desk: each election's tally of ballots and its revisions, the margin, whether the
challenged ballots can still change the result (against the ledger as it stands now), and the ledger's
counts. No arithmetic here: the figures and the verdicts are the tally law's (``elections.law.tally``) and
the ledger's (``challenges.selectors``)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from challenges.selectors import LedgerState, ledger_states
from elections.law.local_time import local_time
from elections.models import Case, Tally

RESULT_WORDS = {
    "representative": "a representative chosen",
    "no_representative": "no representative chosen",
    "runoff_required": "a runoff is required (29 CFR 102.70)",
    "undetermined": "undetermined while the challenged ballots could change it",
    "new_election_required": "a new election is required (29 CFR 102.70(d))",
}


@dataclass
class TallyRow:
    tally: Tally
    prepared_text: str
    choices: list[tuple[str, int]]
    margin: int
    leader: str
    result: str
    explanation: str


@dataclass
class ElectionTally:
    sequence: int
    kind: str
    rows: list[TallyRow]
    ledger: LedgerState | None

    @property
    def can_change(self) -> bool:
        """Whether the challenged ballots can still change the result. Against the ledger once it accounts
        for the latest tally's challenged ballots; until then (ballots not yet logged), the tally's own
        count of sealed ballots decides — an empty ledger does not make them harmless."""
        latest = self.rows[-1].tally
        if self.ledger is not None and self.ledger.matches_tally:
            return bool(self.ledger.determinative)
        return latest.assessment.challenges_determinative


def _row(tally: Tally, zone: str) -> TallyRow:
    choices = [(name, int(votes)) for name, votes in tally.votes_for.items()]
    if tally.figures().against_on_ballot:
        choices.append(("Against", tally.votes_against))
    ranked = sorted(choices, key=lambda c: -c[1])
    margin = ranked[0][1] - ranked[1][1] if len(ranked) > 1 else ranked[0][1]
    assessment = tally.assessment
    return TallyRow(
        tally=tally,
        prepared_text=local_time(tally.prepared_at, zone),
        choices=choices,
        margin=margin,
        leader=ranked[0][0],
        result=RESULT_WORDS.get(str(assessment.result), str(assessment.result)),
        explanation=assessment.explanation,
    )


def tallies_of(case: Case) -> list[ElectionTally]:
    """Every election of ``case`` with a tally, oldest first; a fixed number of queries."""
    tallies = list(
        Tally.objects.filter(election__case=case)
        .select_related("election")
        .order_by("election__sequence", "revision")
    )
    by_election: dict[int, list[Tally]] = {}
    for tally in tallies:
        by_election.setdefault(tally.election_id, []).append(tally)
    states: dict[int, Any] = ledger_states(by_election) if by_election else {}
    zone = case.office_zone
    return [
        ElectionTally(
            sequence=rows[0].election.sequence,
            kind=rows[0].election.get_kind_display(),
            rows=[_row(t, zone) for t in rows],
            ledger=states.get(election_id),
        )
        for election_id, rows in by_election.items()
    ]
