"""Whose word fixes a paper's filing time: the one policy for objections and filings.

A paper is timely when it is filed by 11:59 p.m. in the office's zone on its due date (29 CFR 102.2(b),
``calendar.is_timely``). The tracker records two moments: the time stated (``filed_at``, what the filer
says the agency's e-filing system received) and the time the tracker itself received the record
(``received_at``). When both are on the same side of the cutoff there is nothing to weigh. When counsel
state a time inside the period for a record the tracker received only after it closed, the stated time is
evidence, not a fact: the filing's ``timely`` stays unknown until staff confirm the stated time or record
the paper as late. Staff (and the system, entering history) record what they hold, so their stated time
stands.

This is the tracker's rule of evidence for its own record, not a period of Part 102: it moves no date and
has no citation of its own beyond the cutoff of 102.2(b).
"""

from __future__ import annotations

CUTOFF_CITATION = "29 CFR 102.2(b)"


def stated_time_stands(*, by_staff: bool, stated_timely: bool | None, received_timely: bool | None) -> bool:
    """Whether a stated filing time is taken as recorded (``filing_confirmed``), or waits for staff.

    ``stated_timely`` and ``received_timely``: whether the stated time and the time of receipt meet the
    cutoff (None when there is no cutoff to meet). Only a counsel-stated time inside the period on a record
    received after it waits."""
    if by_staff:
        return True
    return not (stated_timely is True and received_timely is False)


def timely_while_waiting(*, confirmed: bool, stated_timely: bool | None) -> bool | None:
    """The ``timely`` a paper records when filed: what its stated time says, or None while it waits."""
    return stated_timely if confirmed else None


def timely_when_settled(*, late: bool) -> bool:
    """Staff settle a waiting stated time: confirmed (timely), or the paper recorded as late."""
    return not late
