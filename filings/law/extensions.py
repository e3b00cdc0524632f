"""Extensions of time, 29 CFR 102.2(c) — plain Python.

"Except as otherwise provided, a request for an extension of time to file a document must be filed no later
than the date on which the document is due. Requests for extensions of time filed within 3 days of the due
date must be grounded upon circumstances not reasonably foreseeable in advance." (102.2(c), current text.)

Reading of "within 3 days": 102.2(a) counts a period of less than 7 days in business days only, so a request
is within 3 days of the due date when at most 3 business days separate its filing date (excluded) from the
due date (included) — filed on the due date, or on any of the 3 business days before it. An interpretation,
not rule text: answers that rely on it say so (``GROUNDS_RULE``).

Who may grant one: the body the paper is filed with (102.67(i)(3), 102.69(g): requests for extensions "shall be
filed ... with the Board or the Regional Director, as the case may be"; 102.46(a)-(d): "or within such further
period as the Board may allow"). A paper filed with the Board is extended by the Board only; one filed with the
Regional Director by the Regional Director (or, for a post-hearing brief, by the hearing officer who permits
it: 88 FR 14913). ``may_extend`` says who, ``grantor_refusal`` why not.

Not extendable: the objections (102.69(a)(8): only the offer of proof, by the Regional Director) and reply
briefs to the Board (102.46(e): "No extensions of time will be granted for the filing of reply briefs").
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from datetime import date, timedelta
from types import MappingProxyType
from typing import Final

from elections.law.levels import LABELS as LEVEL_LABELS
from elections.law.rule_sets import filed_with

SHORT_NOTICE_BUSINESS_DAYS: Final = 3
CITATION: Final = "29 CFR 102.2(c)"
GROUNDS_RULE: Final = (
    "a request for an extension filed within 3 days of the due date must be grounded upon circumstances not "
    "reasonably foreseeable in advance (29 CFR 102.2(c); the 3 days counted as business days, 102.2(a))"
)

NOT_EXTENDABLE: Mapping[str, str] = MappingProxyType(
    {
        "objections": "The objections deadline cannot be extended (29 CFR 102.69(a)(8)); only the offer of "
        "proof can, by the Regional Director.",
        "reply_brief": "No extensions of time are granted for reply briefs (29 CFR 102.46(e)).",
        "reply_brief_to_cross_exceptions": "No extensions of time are granted for reply briefs (29 CFR "
        "102.46(e)).",
    }
)


def business_days_before(filed_on: date, due_on: date, is_business_day: Callable[[date], bool]) -> int:
    """How many business days lie after ``filed_on`` up to and including ``due_on`` (0 on the due date)."""
    count, day = 0, filed_on
    while day < due_on:
        day += timedelta(days=1)
        if is_business_day(day):
            count += 1
    return count


def needs_grounds(filed_on: date, due_on: date, is_business_day: Callable[[date], bool]) -> bool:
    """Filed within 3 days of the due date: must state unforeseeable grounds (102.2(c))."""
    if filed_on > due_on:
        return False
    return business_days_before(filed_on, due_on, is_business_day) <= SHORT_NOTICE_BUSINESS_DAYS


# Where a paper is filed → the bodies that may extend its time. The levels are ``elections.law.levels``'.
EXTENDED_BY: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {"board": ("board",), "region": ("regional_director",)}
)
# Papers filed with the Region whose time the hearing officer may also extend.
HEARING_OFFICER_EXTENDS: Final = frozenset({"post_hearing_brief"})
_WHERE: Mapping[str, str] = MappingProxyType(
    {
        "board": "filed with the Board in Washington, D.C., so only the Board may extend its time "
        "(29 CFR 102.46(a)-(d), 102.67(i)(3), 102.69(g))",
        "region": "filed with the Regional Director, so only the Regional Director may extend its time "
        "(29 CFR 102.67(i)(3), 102.69(g))",
    }
)


def may_extend(code: str) -> tuple[str, ...] | None:
    """The bodies that may grant an extension of a deadline of ``code``; None where the tables do not say
    where the paper is filed (a court's period, the answer to a complaint)."""
    where = filed_with(code)
    if where is None:
        return None
    bodies = EXTENDED_BY[where]
    if code in HEARING_OFFICER_EXTENDS:
        bodies = ("hearing_officer", *bodies)
    return bodies


def grantor_refusal(code: str, by: str, *, label: str) -> str | None:
    """Why ``by`` cannot grant an extension of the ``label`` deadline (None: it can)."""
    bodies = may_extend(code)
    where = filed_with(code)
    if bodies is None or where is None or by in bodies:
        return None
    who = LEVEL_LABELS.get(by, by)
    return f"The {label[:1].lower()}{label[1:]} is {_WHERE[where]}; {who} cannot grant it."
