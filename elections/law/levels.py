"""Who decides: the one definition of the levels that rule on challenged ballots and on objections.

Plain Python, no Django. A hearing officer or an administrative law judge **recommends**; only a deciding
body disposes: the Board agent (by the parties' agreement at the count), the Regional Director, the Board or
a court of appeals (29 CFR 102.69(c)(1)(iii): the hearing officer's report goes to the Regional Director,
who decides; 102.69(c)(2) and 102.67: the Board reviews; Section 10(e)–(f) of the Act: the court).

Objections (``objections.law.rulings``) and challenges (``challenges.services``) both read their levels here.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

BOARD_AGENT = "board_agent"
HEARING_OFFICER = "hearing_officer"
ADMINISTRATIVE_LAW_JUDGE = "administrative_law_judge"
REGIONAL_DIRECTOR = "regional_director"
BOARD = "board"
COURT_OF_APPEALS = "court_of_appeals"

# Bottom to top: the order in which the bodies rule on one day. The Board agent rules only on challenges
# (an agreement of the parties at the count), never on objections.
RULING_LEVELS: tuple[str, ...] = (
    HEARING_OFFICER,
    ADMINISTRATIVE_LAW_JUDGE,
    REGIONAL_DIRECTOR,
    BOARD,
    COURT_OF_APPEALS,
)
CHALLENGE_LEVELS: tuple[str, ...] = (BOARD_AGENT, *RULING_LEVELS)

RECOMMENDING: frozenset[str] = frozenset({HEARING_OFFICER, ADMINISTRATIVE_LAW_JUDGE})

LABELS: Mapping[str, str] = MappingProxyType(
    {
        BOARD_AGENT: "the Board agent",
        HEARING_OFFICER: "the hearing officer",
        ADMINISTRATIVE_LAW_JUDGE: "the administrative law judge",
        REGIONAL_DIRECTOR: "the Regional Director",
        BOARD: "the Board",
        COURT_OF_APPEALS: "the court of appeals",
    }
)


def is_recommendation(level: str) -> bool:
    """A hearing officer's report or an ALJ's decision recommends; it decides nothing by itself."""
    return level in RECOMMENDING


def disposes(level: str) -> bool:
    """The Board agent (agreement), the Regional Director, the Board or a court decide."""
    return level in CHALLENGE_LEVELS and level not in RECOMMENDING


def challenge_level(level: str, *, method: str) -> str:
    """The level of a challenge resolution given without one: the Board agent's when the parties agreed
    at the count, the Regional Director's otherwise (29 CFR 102.69(c)(1))."""
    if level:
        return level
    return BOARD_AGENT if method == "agreement" else REGIONAL_DIRECTOR
