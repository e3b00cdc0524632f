"""Who decides: the one definition of the levels that rule on challenged ballots and on objections.

Plain Python, no Django. A hearing officer or an administrative law judge **recommends**; only a deciding
body disposes: the Board agent (by the parties' agreement at the count), the Regional Director, the Board or
a court of appeals (29 CFR 102.69(c)(1)(iii): the hearing officer's report goes to the Regional Director,
who decides; 102.69(c)(2) and 102.67: the Board reviews; Section 10(e)–(f) of the Act: the court).

Objections (``objections.law.rulings``) and challenges (``challenges.services``) both read their levels here.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType


class Level(StrEnum):
    """A body that rules: the stored ``level`` of a ruling, a challenge's ``resolved_level`` and
    ``recommendation_level``, and the API's."""

    BOARD_AGENT = "board_agent"
    HEARING_OFFICER = "hearing_officer"
    ADMINISTRATIVE_LAW_JUDGE = "administrative_law_judge"
    REGIONAL_DIRECTOR = "regional_director"
    BOARD = "board"
    COURT_OF_APPEALS = "court_of_appeals"


# Bottom to top: the order in which the bodies rule on one day. The Board agent rules only on challenges
# (an agreement of the parties at the count), never on objections.
RULING_LEVELS: tuple[Level, ...] = (
    Level.HEARING_OFFICER,
    Level.ADMINISTRATIVE_LAW_JUDGE,
    Level.REGIONAL_DIRECTOR,
    Level.BOARD,
    Level.COURT_OF_APPEALS,
)
CHALLENGE_LEVELS: tuple[Level, ...] = (Level.BOARD_AGENT, *RULING_LEVELS)

RECOMMENDING: frozenset[str] = frozenset({Level.HEARING_OFFICER, Level.ADMINISTRATIVE_LAW_JUDGE})

# How a sentence names each body: "recorded by the Regional Director".
LABELS: Mapping[str, str] = MappingProxyType(
    {
        Level.BOARD_AGENT: "the Board agent",
        Level.HEARING_OFFICER: "the hearing officer",
        Level.ADMINISTRATIVE_LAW_JUDGE: "the administrative law judge",
        Level.REGIONAL_DIRECTOR: "the Regional Director",
        Level.BOARD: "the Board",
        Level.COURT_OF_APPEALS: "the court of appeals",
    }
)

# How a form's choice or a column names it: "Regional Director" (the stored choices' labels).
TITLES: Mapping[str, str] = MappingProxyType(
    {
        Level.BOARD_AGENT: "Board agent",
        Level.HEARING_OFFICER: "Hearing officer",
        Level.ADMINISTRATIVE_LAW_JUDGE: "Administrative law judge",
        Level.REGIONAL_DIRECTOR: "Regional Director",
        Level.BOARD: "The Board",
        Level.COURT_OF_APPEALS: "Court of appeals",
    }
)


def is_recommendation(level: str) -> bool:
    """A hearing officer's report or an ALJ's decision recommends; it decides nothing by itself."""
    return level in RECOMMENDING


def challenge_level(level: str, *, method: str) -> str:
    """The level of a challenge resolution given without one: the Board agent's when the parties agreed
    at the count, the Regional Director's otherwise (29 CFR 102.69(c)(1))."""
    if level:
        return level
    return Level.BOARD_AGENT if method == "agreement" else Level.REGIONAL_DIRECTOR
