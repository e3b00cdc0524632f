"""Which dispositions belong to which level, and which ruling controls an objection's status.

Plain Python with no Django import: the service, the API and the appeal-ladder app all derive an
objection's status from its list of rulings with ``derive_status``; nobody writes ``status`` by hand.

Levels and their dispositions (product.md, the v1 contract):

============================  =========================================================================
level                         dispositions
============================  =========================================================================
hearing_officer               recommend_sustain, recommend_overrule (a report to the RD, 102.69(c)(1)(iii))
administrative_law_judge      recommend_sustain, recommend_overrule (objections consolidated with a ULP
                              complaint go to an ALJ, whose decision goes to the Board)
regional_director             set_for_hearing, sustained, overruled (102.69(c)(1))
board                         review_denied, review_granted, affirmed, reversed, remanded (102.67, 102.69(c)(2))
court_of_appeals              affirmed, reversed, remanded, vacated (review of the Board's order in the
                              test-of-certification case)
============================  =========================================================================

How the controlling ruling decides the status (``derive_status``). Rulings are read oldest first, by
``decided_on``, then by level (on one day the body below rules before the body above), then by the order in
which they were recorded:

- A hearing officer's or ALJ's **recommendation alone does not change the status**; it waits for the body
  that decides (the RD, or the Board when the objections were consolidated with an ALJ hearing).
- RD ``set_for_hearing`` → ``set_for_hearing``; RD ``sustained`` / ``overruled`` → that. A later RD ruling
  replaces an earlier one (reconsideration, or a new decision after a remand).
- Board ``review_denied`` or ``review_granted``: the status stays what the RD left it (a denial lets the RD's
  decision stand; a grant decides nothing yet, and the RD's decision is not stayed by it).
- Board ``affirmed``: the result below stands. When the ruling below is a recommendation that no RD acted
  on (an ALJ's decision in a consolidated case), affirming it makes it the result: recommend_sustain →
  ``sustained``.
- Board ``reversed``: the opposite of the ruling below (an RD's sustained/overruled, or an unacted-on
  recommendation). With nothing below to reverse, the ruling is refused (``NothingToReverse``).
- Board ``remanded`` → ``pending``. Decision: a remand returns the objection, undecided, to the Region; what
  the Region does next (a hearing, a new decision) is its own ruling and is recorded as such. ``pending``
  asserts only that no decision is in force; ``set_for_hearing`` would assert a hearing the remand may not
  have ordered.
- Court ``affirmed``: the result stands. ``reversed``: flips the result in force (the Board's, or the RD's
  that the Board let stand); with nothing to reverse it is refused. ``remanded`` / ``vacated`` → ``pending``.
- A withdrawn objection is ``withdrawn`` whatever its rulings say.

Ladders (tested in tests/objections/test_rulings_rules.py):

======================================================================  ================
rulings, oldest first                                                    status
======================================================================  ================
(none)                                                                   pending
HO recommend_sustain                                                     pending
HO recommend_sustain, RD sustained (Bessemer 2021: mailbox, "vote no")   sustained
HO recommend_overrule, RD overruled (Bessemer 2021: the other 21)        overruled
RD set_for_hearing, ALJ recommend_sustain (Bessemer 2022)                set_for_hearing
RD set_for_hearing, ALJ recommend_sustain, Board affirmed                sustained
RD set_for_hearing, ALJ recommend_overrule, Board reversed               sustained
RD overruled, Board review_denied                                        overruled
RD overruled, Board review_granted                                       overruled
RD overruled, Board review_granted, Board reversed                       sustained
RD sustained, Board reversed, court reversed                             sustained
RD sustained, Board affirmed, court affirmed                             sustained
RD overruled, Board remanded                                             pending
RD overruled, Board remanded, RD set_for_hearing                         set_for_hearing
RD sustained, Board affirmed, court vacated                              pending
RD set_for_hearing, Board reversed                                       refused
======================================================================  ================
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from types import MappingProxyType

from elections.law import levels as _levels
from elections.law.levels import Level

# Bottom to top: the order in which the bodies rule on one day (one definition, shared with challenges).
LEVELS: tuple[Level, ...] = _levels.RULING_LEVELS

LEVEL_LABELS: Mapping[str, str] = MappingProxyType({level: _levels.LABELS[level] for level in LEVELS})

RECOMMEND_SUSTAIN = "recommend_sustain"
RECOMMEND_OVERRULE = "recommend_overrule"
SET_FOR_HEARING = "set_for_hearing"
SUSTAINED = "sustained"
OVERRULED = "overruled"
REVIEW_DENIED = "review_denied"
REVIEW_GRANTED = "review_granted"
AFFIRMED = "affirmed"
REVERSED = "reversed"
REMANDED = "remanded"
VACATED = "vacated"

DISPOSITIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        Level.HEARING_OFFICER: (RECOMMEND_SUSTAIN, RECOMMEND_OVERRULE),
        Level.ADMINISTRATIVE_LAW_JUDGE: (RECOMMEND_SUSTAIN, RECOMMEND_OVERRULE),
        Level.REGIONAL_DIRECTOR: (SET_FOR_HEARING, SUSTAINED, OVERRULED),
        Level.BOARD: (REVIEW_DENIED, REVIEW_GRANTED, AFFIRMED, REVERSED, REMANDED),
        Level.COURT_OF_APPEALS: (AFFIRMED, REVERSED, REMANDED, VACATED),
    }
)

ALL_DISPOSITIONS: tuple[str, ...] = tuple(dict.fromkeys(d for ds in DISPOSITIONS.values() for d in ds))

DISPOSITION_LABELS: Mapping[str, str] = MappingProxyType(
    {
        RECOMMEND_SUSTAIN: "Recommends sustaining",
        RECOMMEND_OVERRULE: "Recommends overruling",
        SET_FOR_HEARING: "Set for hearing",
        SUSTAINED: "Sustained",
        OVERRULED: "Overruled",
        REVIEW_DENIED: "Review denied",
        REVIEW_GRANTED: "Review granted",
        AFFIRMED: "Affirmed",
        REVERSED: "Reversed",
        REMANDED: "Remanded",
        VACATED: "Vacated",
    }
)
"""How a person reads each disposition (the code is what a client sends)."""


def allowed_text(level: str) -> str:
    """The dispositions of ``level``, each code with its label: ``recommend_sustain (Recommends sustaining), …``."""
    return ", ".join(f"{d} ({DISPOSITION_LABELS[d]})" for d in DISPOSITIONS[level])


class Status(StrEnum):
    """An objection's status (``Objection.status``, the API's): derived from its rulings by ``derive_status``.
    Three are also the Regional Director's dispositions of the same name."""

    PENDING = "pending"
    SET_FOR_HEARING = SET_FOR_HEARING
    SUSTAINED = SUSTAINED
    OVERRULED = OVERRULED
    WITHDRAWN = "withdrawn"


_RECOMMENDED: Mapping[str, str] = MappingProxyType(
    {RECOMMEND_SUSTAIN: SUSTAINED, RECOMMEND_OVERRULE: OVERRULED}
)
_OPPOSITE: Mapping[str, str] = MappingProxyType({SUSTAINED: OVERRULED, OVERRULED: SUSTAINED})


class UnknownLevel(ValueError):
    """Not one of ``LEVELS``."""


class DispositionNotAllowed(ValueError):
    """The disposition does not belong to the level; ``allowed`` lists those that do."""

    def __init__(self, level: str, disposition: str) -> None:
        self.level = level
        self.disposition = disposition
        self.allowed = DISPOSITIONS[level]
        super().__init__(
            f"{disposition!r} is not a disposition of {LEVEL_LABELS[level]} ({level}); "
            f"allowed: {allowed_text(level)}."
        )


class NothingToReverse(ValueError):
    """A reversal with no sustained/overruled result (or recommendation) below it to reverse."""


def allowed_dispositions(level: str) -> tuple[str, ...]:
    """The dispositions that ``level`` may give; ``UnknownLevel`` for anything else."""
    try:
        return DISPOSITIONS[level]
    except KeyError:
        raise UnknownLevel(f"{level!r} is not a level; expected one of {', '.join(LEVELS)}") from None


def check_disposition(level: str, disposition: str) -> None:
    """Raise ``DispositionNotAllowed`` unless ``disposition`` belongs to ``level``."""
    if disposition not in allowed_dispositions(level):
        raise DispositionNotAllowed(level, disposition)


def is_recommendation(level: str) -> bool:
    return _levels.is_recommendation(level)


@dataclass(frozen=True)
class RulingFact:
    """One ruling as the rules see it. ``order`` breaks ties on one day (the database id will do)."""

    level: str
    disposition: str
    decided_on: date
    order: int = 0


@dataclass(frozen=True)
class StatusDerivation:
    status: str
    controlling: RulingFact | None  # the ruling that put the status in force; None when none does
    explanation: str


def chronological(rulings: Iterable[RulingFact]) -> list[RulingFact]:
    """Oldest first; on one day the lower body before the higher; then in recorded order."""
    return sorted(rulings, key=lambda r: (r.decided_on, LEVELS.index(r.level), r.order))


def _describe(r: RulingFact) -> str:
    return f"{LEVEL_LABELS[r.level]} {r.disposition.replace('_', ' ')} ({r.decided_on.isoformat()})"


def derive_status(rulings: Iterable[RulingFact], *, withdrawn: bool = False) -> StatusDerivation:
    """The objection's status from its rulings, following the controlling ruling (module docstring).

    Raises ``UnknownLevel`` / ``DispositionNotAllowed`` for a malformed ruling and ``NothingToReverse`` for a
    reversal with nothing below it."""
    ordered = chronological(rulings)
    for r in ordered:
        check_disposition(r.level, r.disposition)

    status: str = Status.PENDING
    controlling: RulingFact | None = None
    # The sustained/overruled result in force, and the recommendation no deciding body has acted on yet.
    result: str | None = None
    recommendation: tuple[str, RulingFact] | None = None

    for r in ordered:
        d = r.disposition
        if is_recommendation(r.level):
            recommendation = (_RECOMMENDED[d], r)
            continue
        if r.level == Level.REGIONAL_DIRECTOR:
            status, controlling, recommendation = d, r, None
            result = d if d in (SUSTAINED, OVERRULED) else None
            continue
        # The Board and the court.
        if d in (REVIEW_DENIED, REVIEW_GRANTED):
            continue  # the RD's decision stands (and is not stayed by a grant)
        if d == AFFIRMED:
            if recommendation is not None and r.level == Level.BOARD:
                result, recommendation = recommendation[0], None
                status, controlling = result, r
            elif result is not None:
                controlling = r
            continue
        if d == REVERSED:
            if recommendation is not None and r.level == Level.BOARD:
                below = recommendation[0]
            elif result is not None:
                below = result
            else:
                raise NothingToReverse(
                    f"{_describe(r)}: there is no sustained or overruled ruling below to reverse "
                    f"(the objection is {status.replace('_', ' ')})."
                )
            result, recommendation = _OPPOSITE[below], None
            status, controlling = result, r
            continue
        # remanded, vacated: nothing is decided any more.
        status, controlling, result, recommendation = Status.PENDING, r, None, None

    if withdrawn:
        return StatusDerivation(Status.WITHDRAWN, None, "Withdrawn by the filing party.")
    if controlling is None:
        why = (
            "No ruling yet."
            if not ordered
            else "No deciding ruling yet; a recommendation alone decides nothing."
        )
        if recommendation is not None:
            why = f"{why} Awaiting action on: {_describe(recommendation[1])}."
        return StatusDerivation(status, None, why)
    text = f"{status.replace('_', ' ').capitalize()}: controlled by {_describe(controlling)}."
    if recommendation is not None:
        text += f" Awaiting action on: {_describe(recommendation[1])}."
    return StatusDerivation(status, controlling, text)


def status_after(
    rulings: Sequence[RulingFact], new: RulingFact, *, withdrawn: bool = False
) -> StatusDerivation:
    """The status once ``new`` joins ``rulings``: what a service checks before it records ``new``."""
    return derive_status([*rulings, new], withdrawn=withdrawn)
