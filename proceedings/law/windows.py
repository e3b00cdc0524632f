"""Objections windows a certifying decision must respect — plain Python (no Django import).

A tally of ballots opens an objections period (29 CFR 102.69(a)(8): 5 business days after it is prepared), and
so does each revised tally after challenged ballots are opened and counted (102.69(e): "no objection to such
revised tally is filed by any party within 5 business days after the revised tally of ballots has been made
available" — only then does the Regional Director "forthwith issue" the certification). A certification, or a
Regional Director's decision that certifies, dated while such a window is open would cut off the objections
the rule still allows. It is refused, naming the window and when it closes, unless objections were filed in
that window and the decision (or an earlier ruling) disposes of every one of them: then nothing filed in it is
left undecided (102.69(c)(1)(i): a decision "disposing of the objections … and a certification").
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date


@dataclass(frozen=True)
class Window:
    """One objections period of an election: what opened it, when it opens and closes (dates in the
    regional office's zone), and the objections filed in it (not withdrawn)."""

    label: str
    citation: str
    opens_on: date
    closes_on: date
    closes_at: str  # as people read it: "December 10, 2026, 11:59 p.m. EST"
    filed: frozenset[int]

    def is_open_on(self, day: date) -> bool:
        return self.opens_on <= day <= self.closes_on


def certification_refusal(*, decided_on: date, windows: Iterable[Window], ruled: Iterable[int]) -> str | None:
    """Why a certifying decision dated ``decided_on`` is refused (None: it may certify). ``ruled``: the
    objections the decision rules on, with those already disposed of."""
    disposed = frozenset(ruled)
    for window in sorted(windows, key=lambda w: (w.closes_on, w.opens_on)):
        if not window.is_open_on(decided_on):
            continue
        if window.filed and window.filed <= disposed:
            continue
        unruled = len(window.filed - disposed)
        filed = (
            f"; {unruled} objection{'s' if unruled != 1 else ''} filed in it not ruled on" if unruled else ""
        )
        return (
            f"the {window.label[:1].lower()}{window.label[1:]} is open until {window.closes_at} "
            f"({window.citation}){filed}: a certifying decision comes after it closes, or rules on every "
            "objection filed in it"
        )
    return None
