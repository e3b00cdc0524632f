"""Tally arithmetic for an NLRB representation election: majority, ties, runoffs, determinative challenges.

The tally is prepared by the Board agent at the count (29 CFR 102.69(a)(7)). A choice wins only with a
majority of the valid votes counted; void ballots count for nobody and do not enter the majority (Jabez Burns,
72 NLRB 18 (1947)). On a one-union ballot a tie is no majority, so no representative is certified (Kirsch
Drapery Hardware, 16-RC-9099 (1990), 4-4 revised tally). A ballot of three or more choices with no majority
goes to a runoff between the two leading choices (102.70(a), (c)); an even split, or a tie for second place,
voids the election and a new one is held with every choice (102.70(d)).

Challenged ballots are counted only if opening them could matter. They are *determinative* when some way of
resolving them -- each one sustained (never opened) or overruled and counted for any choice, "no union"
included -- yields a different outcome (result, union certified, or runoff pair) from the tally as it
stands. The check below is exact and runs in constant time for any number of ballots: for each outcome it
computes the fewest opened ballots that could produce it (see ``_possible_keys``); the test suite proves it
against an enumeration of every resolution.

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from itertools import combinations
from math import inf
from types import MappingProxyType
from typing import Final, NamedTuple

NO_UNION: Final = "no union"
"""The name of the "against" choice ("neither"/"none" on a multi-union ballot) in outputs."""

MAX_UNIONS: Final = 3
"""The NLRB public tally has fields for votes for up to three unions."""


# A cap on every count a client may send: far above any bargaining unit, far below a database integer overflow.
MAX_COUNT: Final = 1_000_000


class InvalidTally(ValueError):
    """The figures cannot be a tally; the message names the field at fault."""


class Result(StrEnum):
    REPRESENTATIVE = "representative"
    NO_REPRESENTATIVE = "no_representative"
    RUNOFF_REQUIRED = "runoff_required"
    UNDETERMINED = "undetermined"
    NEW_ELECTION_REQUIRED = "new_election_required"
    # A deauthorization poll (UD): the union-security authority is rescinded, or it stands.
    DEAUTHORIZED = "deauthorized"
    NOT_DEAUTHORIZED = "not_deauthorized"


class Outcome(NamedTuple):
    """What a tally leads to: the result, the union certified, and the runoff pair (in ballot order)."""

    result: Result
    winner: str | None
    runoff_choices: tuple[str, ...]


@dataclass(frozen=True)
class TallyFigures:
    """The figures of one tally of ballots, as the Board agent reports them.

    ``votes_for`` maps each union on the ballot to its votes, in ballot order. ``challenged`` counts the
    challenged ballots still unresolved (sealed, not opened). ``eligible`` is the approximate number of
    eligible voters; it matters only to the last sentence of 102.70(d) ("all eligible voters have cast valid
    ballots").
    """

    votes_for: Mapping[str, int] = field(hash=False)
    votes_against: int
    void: int = 0
    challenged: int = 0
    eligible: int | None = None
    against_on_ballot: bool = True
    # A deauthorization poll (UD case): ``votes_against`` are the votes to rescind the union's authority to
    # make a union-security agreement, ``votes_for`` the votes to keep it; see ``assess_deauthorization``.
    deauthorization: bool = False

    def __post_init__(self) -> None:
        _check_votes_for(self.votes_for)
        _check_count("votes_against", self.votes_against)
        if not self.against_on_ballot:
            if len(self.votes_for) != 2:
                raise InvalidTally(
                    f"votes_for must name the runoff's two unions, not {len(self.votes_for)} (102.70(c))"
                )
            if self.votes_against:
                raise InvalidTally(
                    f"votes_against must be 0, not {self.votes_against}: a runoff between two unions has no "
                    "'against' choice (102.70(c))"
                )
        _check_count("void", self.void)
        _check_count("challenged", self.challenged)
        if self.eligible is not None:
            _check_count("eligible", self.eligible)
        # A snapshot, so the caller's dict cannot change a "frozen" tally afterwards.
        object.__setattr__(self, "votes_for", MappingProxyType(dict(self.votes_for)))

    @property
    def valid_votes_counted(self) -> int:
        return sum(self.votes_for.values()) + self.votes_against

    @property
    def all_eligible_voted(self) -> bool:
        """102.70(d) proviso, read as: every eligible voter returned a ballot (valid, void or challenged)."""
        return self.eligible is not None and (
            self.valid_votes_counted + self.challenged + self.void == self.eligible
        )


@dataclass(frozen=True)
class TallyAssessment:
    valid_votes_counted: int
    valid_plus_challenged: int
    majority_needed: int
    result: Result
    winner: str | None
    challenges_determinative: bool
    runoff_choices: tuple[str, ...]
    explanation: str


def against_on_ballot(*, kind: str, unions: int) -> bool:
    """Whether the ballot has an "against" ("neither", "none") choice. A runoff's ballot holds "the two choices
    receiving the largest and second largest number of votes" (29 CFR 102.70(c)): a runoff naming two unions
    is between them alone ("neither" came third); every other ballot has the choice of no union."""
    return not (kind == "runoff" and unions == 2)


def runoff_refusal(*, runoffs_held: int, result: str) -> str | None:
    """Why a runoff may not be ordered (None: it may). "Only one runoff shall be held pursuant to this section"
    (29 CFR 102.70(a)); and an equal division, or a tie for second place, is no runoff: the Regional Director
    "shall declare the first election a nullity and shall conduct another election, providing for a selection
    from among the three choices afforded in the original ballot" (102.70(d))."""
    if runoffs_held:
        return "only one runoff is held in a case (29 CFR 102.70(a)), and this case has had its runoff"
    if result == Result.NEW_ELECTION_REQUIRED:
        return (
            "the votes are divided equally or tied for second place: the election is a nullity and another is "
            "held among all the choices of the original ballot, not a runoff (29 CFR 102.70(d)); order "
            "rerun_election"
        )
    return None


CERTIFIED_BY_RESULT: Final[Mapping[str, str]] = MappingProxyType(
    {
        Result.REPRESENTATIVE: "representative",
        Result.NO_REPRESENTATIVE: "results",
        Result.DEAUTHORIZED: "results",
        Result.NOT_DEAUTHORIZED: "results",
    }
)
"""The certification a decided tally calls for: of representative where a choice has a majority of the valid
ballots, of results where none has ("a certification of the results of the election, including certification
of representative where appropriate", 29 CFR 102.69(b), (c)(1)(i), (e))."""

FURTHER_ELECTION_DONE: Final = (
    'only one further election may follow an equal division (29 CFR 102.70(d): "Only one such further '
    'election pursuant to this paragraph may be held"), and this case has held it'
)


def certification_called_for(*, result: str, further_election_held: bool = False) -> str | None:
    """The kind of certification a tally's result calls for, or None when it calls for none yet (a runoff, a
    102.70(d) further election, determinative challenges). After the one further election of 102.70(d), an
    equal division again elects no one: read here as a certification of results (no choice has a majority of
    the valid ballots); 102.70(d) does not say what follows, so this is a reading."""
    if result == Result.NEW_ELECTION_REQUIRED and further_election_held:
        return "results"
    return CERTIFIED_BY_RESULT.get(result)


def certification_refusal(
    *, kind: str, result: str, winner: str | None = None, further_election_held: bool = False
) -> str | None:
    """Why a certification of ``kind`` ("representative" or "results") may not issue on a tally whose result
    is ``result`` (None: it may). It follows the votes: of representative only where a choice has a majority
    of the valid ballots (102.70(a)), of results only where none has, and neither while a runoff (102.70(a))
    or a further election (102.70(d): "the regional director shall declare the first election a nullity")
    is called for, or challenged ballots could still change the result (102.69(b))."""
    called = certification_called_for(result=result, further_election_held=further_election_held)
    if called == kind:
        return None
    if result == Result.RUNOFF_REQUIRED:
        return (
            "no choice has a majority of the valid ballots and the ballot had three or more choices: a runoff "
            "is held (29 CFR 102.70(a)), and nothing is certified before it"
        )
    if result == Result.NEW_ELECTION_REQUIRED:
        return (
            "the votes are divided equally, or tied for second place: 29 CFR 102.70(d) declares the election "
            '"a nullity" and calls another among the choices of the original ballot, so nothing is certified'
        )
    if result == Result.UNDETERMINED:
        return (
            "the challenged ballots could change the result: they are resolved before anything is certified "
            "(29 CFR 102.69(b), (c)(1))"
        )
    if called == "results":
        return (
            'no choice has a majority of the valid ballots (29 CFR 102.70(a): a choice needs "a majority of '
            'the valid ballots cast"): the certification is of the results'
        )
    return (
        f"{winner or 'a union'} has a majority of the valid ballots: the certification is of representative "
        '(29 CFR 102.69(b): "including certification of representative where appropriate")'
    )


def assess(figures: TallyFigures) -> TallyAssessment:
    """Read a tally: the majority needed, whether the challenges are determinative, and the result.

    While the challenges are determinative the result is UNDETERMINED: the Regional Director must resolve
    them (29 CFR 102.69(c)(1)) and issue a revised tally before anything can be certified.
    """
    if figures.deauthorization:
        return assess_deauthorization(figures)
    if not figures.against_on_ballot:
        return _assess_between_unions(figures)
    unions = tuple(figures.votes_for)
    votes = (*figures.votes_for.values(), figures.votes_against)
    valid = figures.valid_votes_counted
    all_voted = figures.all_eligible_voted
    current = _outcome_key(votes, all_voted)
    possible = _possible_keys(votes, figures.challenged, all_voted)
    determinative = len(possible) > 1
    outcome = Outcome(Result.UNDETERMINED, None, ()) if determinative else _named(current, unions)
    return TallyAssessment(
        valid_votes_counted=valid,
        valid_plus_challenged=valid + figures.challenged,
        majority_needed=valid // 2 + 1,
        result=outcome.result,
        winner=outcome.winner,
        challenges_determinative=determinative,
        runoff_choices=outcome.runoff_choices,
        explanation=_explain(unions, votes, figures.challenged, current, possible),
    )


def assess_deauthorization(figures: TallyFigures) -> TallyAssessment:
    """A deauthorization poll passes only with a majority of the employees eligible, not of the votes cast:
    the authority is rescinded where "a majority of the employees eligible to vote" so vote (NLRA 9(e)(1);
    8(a)(3)(ii)). The Act is not among the project's verbatim copies: read, not quoted. Without the number
    eligible the poll is undetermined; challenged ballots are determinative when counting them all to rescind
    would reach the majority the counted votes do not."""
    rescind = figures.votes_against
    keep = sum(figures.votes_for.values())
    valid = rescind + keep
    eligible = figures.eligible
    if eligible is None:
        return TallyAssessment(
            valid_votes_counted=valid,
            valid_plus_challenged=valid + figures.challenged,
            majority_needed=0,
            result=Result.UNDETERMINED,
            winner=None,
            challenges_determinative=False,
            runoff_choices=(),
            explanation=(
                f"Deauthorization poll: {_number(rescind)} to rescind, {_number(keep)} to keep the authority. "
                "It passes only with a majority of those eligible (NLRA 9(e)(1)): give the number of eligible "
                "voters (approx_eligible_voters)."
            ),
        )
    needed = eligible // 2 + 1
    passes = rescind >= needed
    determinative = not passes and rescind + figures.challenged >= needed
    result = (
        Result.UNDETERMINED if determinative else (Result.DEAUTHORIZED if passes else Result.NOT_DEAUTHORIZED)
    )
    words = {
        Result.DEAUTHORIZED: "the authority is rescinded",
        Result.NOT_DEAUTHORIZED: "the authority stands",
        Result.UNDETERMINED: f"{_ballots(figures.challenged)} could reach it: undetermined until they are resolved",
    }[result]
    return TallyAssessment(
        valid_votes_counted=valid,
        valid_plus_challenged=valid + figures.challenged,
        majority_needed=needed,
        result=result,
        winner=None,
        challenges_determinative=determinative,
        runoff_choices=(),
        explanation=(
            f"Deauthorization poll: {_number(rescind)} to rescind, {_number(keep)} to keep the authority, of "
            f"{_number(eligible)} eligible; a majority of those eligible is {_number(needed)} (NLRA 9(e)(1), "
            f"8(a)(3)(ii)): {words}."
        ),
    )


def _assess_between_unions(figures: TallyFigures) -> TallyAssessment:
    """A runoff between two unions (102.70(c)): a union with a majority of the valid votes is certified. A tie
    is no majority, and "only one runoff shall be held" (102.70(a)): the results are certified (no
    representative), never a second runoff."""
    (first, a), (second, b) = figures.votes_for.items()
    total, challenged = a + b, figures.challenged

    def decided(x: int, y: int) -> Outcome:
        if 2 * x > x + y:
            return Outcome(Result.REPRESENTATIVE, first, ())
        if 2 * y > x + y:
            return Outcome(Result.REPRESENTATIVE, second, ())
        return Outcome(Result.NO_REPRESENTATIVE, None, ())

    current = decided(a, b)
    possible = {current}
    if challenged:
        if a + challenged > b:
            possible.add(decided(a + challenged, b))
        if b + challenged > a:
            possible.add(decided(a, b + challenged))
        if abs(a - b) <= challenged:
            possible.add(Outcome(Result.NO_REPRESENTATIVE, None, ()))
    determinative = len(possible) > 1
    tally = f"{_number(a)} for {first}, {_number(b)} for {second} (no 'against' choice: a runoff, 102.70(c))"
    counted = f"{_number(total)} valid votes counted, majority {_number(total // 2 + 1)}"
    if determinative:
        words = f"{_ballots(challenged)} could change the result: undetermined until they are resolved"
    else:
        ballots = f"; {_ballots(challenged)} cannot change the result" if challenged else ""
        conclusion = (
            f"representative ({current.winner})"
            if current.winner
            else "no representative (a tie is no majority, and only one runoff is held, 102.70(a))"
        )
        words = f"{ballots.lstrip('; ')}{': ' if ballots else ''}{conclusion}"
    return TallyAssessment(
        valid_votes_counted=total,
        valid_plus_challenged=total + challenged,
        majority_needed=total // 2 + 1,
        result=Result.UNDETERMINED if determinative else current.result,
        winner=None if determinative else current.winner,
        challenges_determinative=determinative,
        runoff_choices=(),
        explanation=f"{tally}; {counted}; {words}.",
    )


def outcome_without_challenges(
    votes_for: Mapping[str, int], votes_against: int, eligible: int | None = None, *, void: int = 0
) -> Outcome:
    """The 102.70 result of a set of counted votes alone (no challenged ballot outstanding).

    ``eligible`` (with ``void``, the void ballots of the same count) serves only the 102.70(d) proviso: it
    applies when ``valid + void == eligible``.
    """
    figures = TallyFigures(votes_for, votes_against, void=void, eligible=eligible)
    votes = (*figures.votes_for.values(), figures.votes_against)
    return _named(_outcome_key(votes, figures.all_eligible_voted), tuple(figures.votes_for))


def challenges_determinative(figures: TallyFigures) -> bool:
    """Could some resolution of the unresolved challenged ballots change the outcome of the tally?"""
    if not figures.against_on_ballot:
        return _assess_between_unions(figures).challenges_determinative
    votes = (*figures.votes_for.values(), figures.votes_against)
    return len(_possible_keys(votes, figures.challenged, figures.all_eligible_voted)) > 1


def challenged_outstanding(*, on_tally: int, in_ledger: int, unresolved: int) -> int:
    """The challenged ballots of a tally whose votes are still unknown, as the ledger tells it.

    A sustained challenge's ballot is never opened; an overruled one is opened and counted into a revised tally.
    So when the ledger accounts for exactly the tally's challenged ballots (``in_ledger == on_tally``), only
    its unresolved ones (pending, or released and not yet opened) are outstanding: once every one is resolved
    and none is left to open, the counted votes decide and the Regional Director may certify without a
    revised tally (29 CFR 102.69(c)(1)(i): a decision "disposing of the objections and determinative
    challenges, and a certification of the results"; Starbucks, 03-RC-282139, seven challenges sustained,
    certified 2022-01-10). A ledger that does not account for the tally's ballots cannot speak for them: the
    tally's own count stands.
    """
    if in_ledger != on_tally:
        return on_tally
    return min(unresolved, on_tally)


def possible_outcomes(figures: TallyFigures) -> tuple[Outcome, ...]:
    """Every outcome some resolution of the challenged ballots leads to (the current one included).

    Ordered: a union certified (ballot order), no representative, runoffs, new election.
    """
    votes = (*figures.votes_for.values(), figures.votes_against)
    keys = _possible_keys(votes, figures.challenged, figures.all_eligible_voted)
    return tuple(_named(key, tuple(figures.votes_for)) for key in sorted(keys, key=_key_order))


# --- validation -------------------------------------------------------------------------------------------


def _check_count(name: str, value: object) -> None:
    if isinstance(value, bool) or not isinstance(value, int):
        raise InvalidTally(f"{name} must be a whole number, not {value!r}")
    if value < 0:
        raise InvalidTally(f"{name} cannot be negative ({value})")


def _check_votes_for(votes_for: object) -> None:
    if not isinstance(votes_for, Mapping):
        raise InvalidTally(f"votes_for must map each union's name to its votes, not {votes_for!r}")
    if not 1 <= len(votes_for) <= MAX_UNIONS:
        raise InvalidTally(f"votes_for must name 1 to {MAX_UNIONS} unions, not {len(votes_for)}")
    for name, votes in votes_for.items():
        if not isinstance(name, str) or not name.strip():
            raise InvalidTally(f"votes_for has a blank union name ({name!r})")
        if name.strip().casefold() == NO_UNION:
            raise InvalidTally(f"votes_for cannot name a union {name!r}: that is the against choice")
        _check_count(f"votes_for[{name!r}]", votes)


# --- the outcome of a set of counted votes ----------------------------------------------------------------
#
# Internally a ballot is a tuple of vote counts: the unions in ballot order, then "no union" last. An
# outcome key names choices by index so that the arithmetic below never handles strings.

_Key = tuple[Result, int | None, tuple[int, ...]]
_NO_REPRESENTATIVE: Final[_Key] = (Result.NO_REPRESENTATIVE, None, ())
_NEW_ELECTION: Final[_Key] = (Result.NEW_ELECTION_REQUIRED, None, ())


def _majority_key(votes: Sequence[int], choice: int) -> _Key:
    if choice == len(votes) - 1:
        return _NO_REPRESENTATIVE
    return (Result.REPRESENTATIVE, choice, ())


def _is_proviso_shape(votes: Sequence[int]) -> bool:
    """102.70(d), last sentence: "two or more choices receive the same number of ballots and another choice
    receives no ballots". Read as: every choice that got votes got the same number, and some choice got none
    -- a runoff among the tied choices would put the same question to the same voters."""
    received = [count for count in votes if count > 0]
    return 2 <= len(received) < len(votes) and len(set(received)) == 1


def _outcome_key(votes: Sequence[int], all_voted: bool) -> _Key:
    total = sum(votes)
    if total == 0:
        return _NO_REPRESENTATIVE
    for choice, count in enumerate(votes):
        if 2 * count > total:
            return _majority_key(votes, choice)
    if len(votes) == 2:
        return _NO_REPRESENTATIVE  # one union and a tie: no majority, certification of results
    if all_voted and _is_proviso_shape(votes):
        # "there shall be no runoff election and a certification of results of election shall be issued";
        # no choice has a majority, so nobody is certified as representative. (The proviso's other condition,
        # no determinative challenges, is checked by ``assess``: this function sees counted votes only.)
        return _NO_REPRESENTATIVE
    ranked = sorted(range(len(votes)), key=lambda choice: votes[choice], reverse=True)
    if votes[ranked[1]] > votes[ranked[2]]:
        return (Result.RUNOFF_REQUIRED, None, tuple(sorted(ranked[:2])))  # 102.70(c): the top two
    return _NEW_ELECTION  # 102.70(d): an even split, or a tie for the second place in the runoff


# --- which outcomes the challenged ballots can still produce ----------------------------------------------
#
# Opening a challenged ballot can only add a vote, so the reachable final tallies are v + a with a >= 0 and
# sum(a) <= C. For each outcome we compute the fewest added votes that produce it (inf if none can); the
# outcome is reachable iff that number is <= C. Each minimum is derived in the comment of its function and
# proved by the property tests against an enumeration of every resolution.


def _possible_keys(votes: Sequence[int], challenged: int, all_voted: bool) -> set[_Key]:
    keys = {_outcome_key(votes, all_voted)}
    if challenged == 0:
        return keys
    total = sum(votes)
    if len(votes) == 2:
        union, against = votes
        # Give every challenged ballot to one side: the union wins iff it then leads; it loses iff it can be
        # held to a tie or less. Hence determinative iff -C < union - against <= C.
        if union + challenged > against:
            keys.add((Result.REPRESENTATIVE, 0, ()))
        if union <= against + challenged:
            keys.add(_NO_REPRESENTATIVE)
        return keys
    for choice, count in enumerate(votes):
        # A majority is easiest to reach by giving that choice all C ballots: 2(v + C) > total + C.
        if 2 * count + challenged > total:
            keys.add(_majority_key(votes, choice))
    if all_voted and _proviso_cost(votes) <= challenged:
        keys.add(_NO_REPRESENTATIVE)
    for first, second in combinations(range(len(votes)), 2):
        if _runoff_cost(votes, first, second, all_voted) <= challenged:
            keys.add((Result.RUNOFF_REQUIRED, None, (first, second)))
    if _new_election_cost(votes, all_voted) <= challenged:
        keys.add(_NEW_ELECTION)
    return keys


def _proviso_cost(votes: Sequence[int]) -> float:
    """Fewest added votes leaving a set P (>= 2 choices) tied at some level L >= 1 and every other choice at
    zero. Those others must already be at zero; the cheapest level is max(1, max over P)."""
    best: float = inf
    for size in range(2, len(votes)):
        for tied in combinations(range(len(votes)), size):
            if any(votes[other] for other in range(len(votes)) if other not in tied):
                continue
            level = max(1, *(votes[choice] for choice in tied))
            best = min(best, sum(level - votes[choice] for choice in tied))
    return best


def _runoff_cost(votes: Sequence[int], first: int, second: int, all_voted: bool) -> float:
    """Fewest added votes giving a runoff between ``first`` and ``second``.

    Needed: both strictly ahead of every other choice, and no majority, i.e. |x - y| <= d where x, y are the
    pair's final votes and d the others' total. Any solution has x >= x0 = max(v_first, M + 1) and
    y >= y0 = max(v_second, M + 1) (M the others' current maximum), and closing the rest of the gap costs one
    vote per unit whether it goes to the trailing member of the pair or to the others. Giving it to the
    trailing member never hurts, so the minimum is (x0 - v_first) + (y0 - v_second) + max(0, |x0 - y0| - d).
    """
    others = [choice for choice in range(len(votes)) if choice not in (first, second)]

    def cheapest(counts: Sequence[int]) -> int:
        behind = max(counts[other] for other in others)
        rest = sum(counts[other] for other in others)
        x = max(counts[first], behind + 1)
        y = max(counts[second], behind + 1)
        return (x - counts[first]) + (y - counts[second]) + max(0, abs(x - y) - rest)

    if all_voted and sum(votes[other] for other in others) == 0:
        # With the others at zero a runoff-shaped tally must be a tie between the pair, which the 102.70(d)
        # proviso certifies instead; some other choice must receive a ballot (any one -- they are all zero).
        bumped = list(votes)
        bumped[others[0]] += 1
        return 1 + cheapest(bumped)
    return cheapest(votes)


def _new_election_cost(votes: Sequence[int], all_voted: bool) -> float:
    """Fewest added votes giving no majority and a tie for the second runoff place (102.70(d)).

    Such a tally has a leader h (possibly tied), two choices j, l level at L = the second-highest count, and
    any remaining choice at most L. We take the cheapest over every (h, {j, l}).
    """
    best: float = inf
    for leader in range(len(votes)):
        rest = [choice for choice in range(len(votes)) if choice != leader]
        for tied in combinations(rest, 2):
            others = [choice for choice in rest if choice not in tied]
            best = min(best, _tie_for_second_cost(votes, leader, tied, others, all_voted))
    return best


def _tie_for_second_cost(
    votes: Sequence[int], leader: int, tied: tuple[int, int], others: Sequence[int], all_voted: bool
) -> float:
    """Two cases, by whether the leader ends level with the tie or strictly ahead of it.

    Level (a three-way tie at the top, no majority possible): the cheapest level is
    L = max(v_h, v_j, v_l, others, 1), costing 3L - v_h - v_j - v_l.

    Strictly ahead: raising h only hurts, so h keeps v_h and L < v_h. No majority needs
    v_h <= 2L + others' final total, where the others can be topped up to L each. The cost is
    2L - v_j - v_l plus any top-up; it equals max(2L - v_j - v_l, 2 v_h - total), non-decreasing in L, so
    the smallest admissible L wins: L >= the current counts of j, l and the others, and
    L >= ceil(v_h / (2 + number of others)) so the top-up fits under L.
    """
    total = sum(votes)
    v_leader, v_first, v_second = votes[leader], votes[tied[0]], votes[tied[1]]
    floor = max(v_first, v_second, *(votes[other] for other in others))

    level = max(floor, v_leader, 1)
    level_cost = 3 * level - v_leader - v_first - v_second
    if all_voted and any(votes[other] == 0 for other in others):
        # (L, L, L, 0) is the 102.70(d) proviso's shape, certified rather than re-run; the cheapest way out
        # is one more vote, to the zero choice or to the leader (which then is strictly ahead).
        level_cost += 1
    best: float = level_cost

    level = max(floor, -(-v_leader // (2 + len(others))), 1)
    if level < v_leader:
        best = min(best, max(2 * level - v_first - v_second, 2 * v_leader - total))
    return best


# --- names and words --------------------------------------------------------------------------------------


def _named(key: _Key, unions: Sequence[str]) -> Outcome:
    choices = (*unions, NO_UNION)
    result, winner, pair = key
    return Outcome(
        result,
        None if winner is None else choices[winner],
        tuple(choices[choice] for choice in pair),
    )


def _key_order(key: _Key) -> tuple[int, int, tuple[int, ...]]:
    rank = {
        Result.REPRESENTATIVE: 0,
        Result.NO_REPRESENTATIVE: 1,
        Result.RUNOFF_REQUIRED: 2,
        Result.NEW_ELECTION_REQUIRED: 3,
        Result.UNDETERMINED: 4,
    }
    result, winner, pair = key
    return (rank[result], -1 if winner is None else winner, pair)


def _number(count: int) -> str:
    return f"{count:,}"


def _ballots(count: int) -> str:
    return f"{_number(count)} challenged ballot{'' if count == 1 else 's'}"


def _join(phrases: Iterable[str]) -> str:
    items = list(phrases)
    if len(items) <= 1:
        return "".join(items)
    return f"{', '.join(items[:-1])} or {items[-1]}"


def _short(outcome: Outcome) -> str:
    if outcome.result is Result.REPRESENTATIVE:
        return f"representative ({outcome.winner})"
    if outcome.result is Result.RUNOFF_REQUIRED:
        return f"runoff between {' and '.join(outcome.runoff_choices)}"
    return outcome.result.value.replace("_", " ")


def _conclusion(votes: Sequence[int], outcome: Outcome) -> str:
    total = sum(votes)
    if outcome.result is Result.REPRESENTATIVE:
        return f"representative ({outcome.winner})"
    if outcome.result is Result.RUNOFF_REQUIRED:
        return f"no choice has a majority, runoff between {' and '.join(outcome.runoff_choices)}"
    if outcome.result is Result.NEW_ELECTION_REQUIRED:
        why = "the votes are split evenly" if len(set(votes)) == 1 else "second place is tied"
        return f"no choice has a majority and {why}, new election required (102.70(d))"
    if total == 0:
        return "no representative (no valid votes)"
    if any(2 * count > total for count in votes):
        return "no representative"
    if len(votes) == 2:
        return "no representative (a tie is no majority)"
    # The only other way to no representative without a majority: the 102.70(d) proviso.
    return (
        "no representative (102.70(d): the choices with votes are tied, another has none and every eligible"
        " voter voted, so no runoff)"
    )


def _explain(
    unions: Sequence[str],
    votes: Sequence[int],
    challenged: int,
    current: _Key,
    possible: set[_Key],
) -> str:
    tally = ", ".join(
        [f"{_number(count)} for {name}" for name, count in zip(unions, votes[:-1], strict=True)]
        + [f"{_number(votes[-1])} against"]
    )
    total = sum(votes)
    counted = f"{_number(total)} valid votes counted, majority {_number(total // 2 + 1)}"
    margin = ""
    if len(votes) == 2:
        lead = abs(votes[0] - votes[1])
        sign = ">" if lead > challenged else "=" if lead == challenged else "<"
        margin = f" (margin {_number(lead)} {sign} {_number(challenged)})"
    if len(possible) > 1:
        still = _join(_short(_named(key, unions)) for key in sorted(possible, key=_key_order))
        return (
            f"{tally}; {counted}; {_ballots(challenged)} could change the result{margin}: undetermined until"
            f" they are resolved, still possible: {still}."
        )
    if challenged == 0:
        challenges = "no challenged ballots"
    else:
        challenges = f"{_ballots(challenged)} cannot change the result{margin}"
    conclusion = _conclusion(votes, _named(current, unions))
    return f"{tally}; {counted}; {challenges}: {conclusion}."
