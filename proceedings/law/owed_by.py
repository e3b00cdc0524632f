"""Whose deadline it is: one party's, every party's, or the agency's — plain Python, keyed by deadline code.

A deadline is a right or an obligation of someone (product.md, "Deadlines belong to parties"):

- ``party``: one party's, named by the record. An offer of proof is the objecting party's (29 CFR
  102.69(a)(8): objections "shall contain ... a written offer of proof", and the Regional Director may
  extend its time "upon request of a party showing good cause"); an answer to a complaint or to a notice
  to show cause is the respondent's (the employer, 29 CFR 102.20); a deadline staff set for one party.
- ``each_party``: every party may (or must) file: objections (102.69(a)(8), "any party may file
  with the Regional Director objections"), exceptions (102.46(a)), requests for review and oppositions (102.67(c), (f): "Any party
  may ... file ... a statement in opposition"), reply briefs (102.46(e): "any party may file a reply
  brief"). Some exclude the party whose paper they answer (``but_filer``): an
  answering brief is "a party opposing the exceptions" (102.46(b)(1)), cross-exceptions are for "any party
  who has not previously filed exceptions" (102.46(c)), an answering brief to cross-exceptions opposes them
  (102.46(d)).
- ``agency``: a target or an act of the Region or the Board (the hearing's opening, 102.69(c)(1)(ii)).

Each party's state is then its own: met by its own filing, missed only if that party owed a filing.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Final, NamedTuple

from elections.law.rule_sets import DeadlineCode
from proceedings.law.deadlines import SHOW_CAUSE_RESPONSE


class OwedBy(StrEnum):
    """The API's ``owed_by``."""

    PARTY = "party"
    EACH_PARTY = "each_party"
    AGENCY = "agency"


class PartyStatus(StrEnum):
    """A party's state of one deadline (the API's ``parties[].status``)."""

    OPEN = "open"
    MET = "met"
    MISSED = "missed"  # passed while this party had to file (its offer of proof, its answer)
    WAIVED = "waived"  # an optional period this party let pass: the right lapsed, nothing was broken
    NOT_APPLICABLE = "not_applicable"  # not this party's (another party's offer of proof; its own exceptions)


class Whose(NamedTuple):
    """``owed_by``; ``but_filer``: not the party whose paper it answers (when that party alone filed);
    ``objecting``: only the parties that filed objections to its tally; ``role``: only the party of that
    role (the respondent)."""

    owed_by: OwedBy
    citation: str
    but_filer: bool = False
    objecting: bool = False
    role: str | None = None


EACH = OwedBy.EACH_PARTY

# code → whose it is. A code staff enter by hand (or set for one party) is read by ``whose``.
WHOSE: Mapping[str, Whose] = MappingProxyType(
    {
        DeadlineCode.OBJECTIONS: Whose(EACH, "29 CFR 102.69(a)(8)"),
        DeadlineCode.OFFER_OF_PROOF: Whose(OwedBy.PARTY, "29 CFR 102.69(a)(8)", objecting=True),
        DeadlineCode.HEARING: Whose(OwedBy.AGENCY, "29 CFR 102.69(c)(1)(ii)"),
        DeadlineCode.POST_HEARING_BRIEF: Whose(EACH, "29 CFR 102.69(c)(1)(iii)"),
        DeadlineCode.EXCEPTIONS: Whose(EACH, "29 CFR 102.69(c)(1)(iii)"),
        DeadlineCode.EXCEPTIONS_TO_BOARD: Whose(EACH, "29 CFR 102.46(a)"),
        DeadlineCode.ANSWERING_BRIEF: Whose(EACH, "29 CFR 102.46(b)(1)", but_filer=True),
        DeadlineCode.ANSWERING_BRIEF_TO_BOARD: Whose(EACH, "29 CFR 102.46(b)(1)", but_filer=True),
        DeadlineCode.CROSS_EXCEPTIONS: Whose(EACH, "29 CFR 102.46(c)", but_filer=True),
        DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: Whose(EACH, "29 CFR 102.46(d)", but_filer=True),
        DeadlineCode.REPLY_BRIEF: Whose(EACH, "29 CFR 102.46(e)"),
        DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS: Whose(EACH, "29 CFR 102.46(e)"),
        DeadlineCode.REQUEST_FOR_REVIEW: Whose(EACH, "29 CFR 102.67(c)"),
        DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE: Whose(EACH, "29 CFR 102.67(c)"),
        DeadlineCode.OPPOSITION: Whose(EACH, "29 CFR 102.67(f)"),
        DeadlineCode.BRIEF_ON_REVIEW: Whose(EACH, "29 CFR 102.67(h)"),
        DeadlineCode.RECONSIDERATION: Whose(EACH, "29 CFR 102.65(e)"),
        DeadlineCode.BOARD_RECONSIDERATION: Whose(EACH, "29 CFR 102.65(e)(1)"),
        DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER: Whose(EACH, "29 CFR 102.48(c)"),
        "answer": Whose(OwedBy.PARTY, "29 CFR 102.20", role="employer"),
        SHOW_CAUSE_RESPONSE: Whose(OwedBy.PARTY, "The Board's notice to show cause", role="employer"),
        "rehearing": Whose(EACH, "FRAP 40(d)(1)"),
        "certiorari": Whose(EACH, "28 U.S.C. 2101(c)"),
    }
)

# A code no table names (entered by staff): every party's, unless staff set it for one party.
ENTERED_BY_HAND: Final = Whose(EACH, "")


def whose(code: str, *, party_named: bool = False) -> Whose:
    """Whose a deadline of ``code`` is; ``party_named``: the deadline was set for one party (an order)."""
    if party_named:
        return Whose(OwedBy.PARTY, "")
    return WHOSE.get(code, ENTERED_BY_HAND)


def lapsed(*, obliged: bool) -> PartyStatus:
    """A party's row that passed with nothing filed: missed only for a party that had to file."""
    return PartyStatus.MISSED if obliged else PartyStatus.WAIVED
