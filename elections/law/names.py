"""Union names as the Regions type them.

Real tallies name the same union with doubled spaces, stray leading/trailing blanks and varying case
("Teamster  Local No. 50", "TEAMSTERS LOCAL 251"). Two names that differ only in white space or letter
case are the same choice on the ballot. ``tidy_union_name`` is the form we store and show; ``union_key`` is
the form we compare. Punctuation is kept: "Local 50" and "Local 50-A" are different locals.

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

import unicodedata

from core.law.readings import Reading


def tidy_union_name(name: str) -> str:
    """The name as stored and shown: Unicode-normalised (NFKC), runs of white space made one space, no
    blanks at either end. Letter case is kept as the Region typed it."""
    return " ".join(unicodedata.normalize("NFKC", name).split())


def union_key(name: str) -> str:
    """The name as compared: the tidy name, case-folded. Equal keys mean the same union."""
    return tidy_union_name(name).casefold()


READINGS: tuple[Reading, ...] = (
    Reading(
        "Union names are stored tidy (Unicode-normalised, one space between words) and compared case- and "
        "space-insensitively: the same union typed two ways is one choice.",
        "no rule text: the tracker's own convention for the names on a ballot",
    ),
)
