"""When objections (and their offer of proof) are due, and what to say when they come late.

Plain Python with no Django import, built on the ground floor's time computation
(``elections.law.calendar``, 29 CFR 102.2) and rule tables (``elections.law.rule_sets``, period code
``objections``, 29 CFR 102.69(a)(8)).

- The trigger day is the date, in the regional office's time zone, on which the tally of ballots (revision 0)
  was prepared — for mail ballots too: the period runs from the tally, not from the return deadline.
- The rule set is the case's (by petition date). ``pre_2015`` cases get no computed deadline: the tables do
  not describe the older rules (7 days for objections, evidence 7 days later), so the explanation says so and
  nothing is refused.
- The 11:59 p.m. cutoff is in the regional office's zone (``elections.law.regions``; a case's number only
  ever names an active region, ``elections.law.case_numbers``).

The proceeding's ``objections`` deadline record (``proceedings.services.deadline_records``) is computed by
the same pure function from the same period, trigger day and zone, so an objection's due date and that record
agree by construction (tests/proceedings/test_objections_due_date.py holds them equal).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date, datetime
from functools import lru_cache
from typing import Final

from core.law.readings import Reading
from elections.law import calendar, regions, rule_sets
from elections.law.local_time import in_zone, local_date
from elections.law.rule_sets import DeadlineCode


def office_zone(region: int) -> str:
    """The IANA zone of the regional office that receives the case's filings (102.2(b)); a retired region's
    cases keep their historical office's."""
    return regions.office(region).zone


def trigger_day(tally_prepared_at: datetime, zone: str) -> date:
    """The date of the tally in the regional office's zone: the day excluded from the count (102.2(a))."""
    if tally_prepared_at.tzinfo is None or tally_prepared_at.utcoffset() is None:
        raise ValueError("tally_prepared_at must be timezone-aware")
    return local_date(tally_prepared_at, zone)


@dataclass(frozen=True)
class ObjectionsDeadline:
    """The objections deadline of one election, or why there is none (``due_at is None``)."""

    rule_set: str
    zone: str
    tally_prepared_at: datetime  # the tally the period runs from (of ballots, or revised: ``revised``)
    revised: bool
    trigger_on: date
    due_at: datetime | None  # aware, 23:59 in ``zone``
    offer_of_proof_due_at: datetime | None
    verified: bool
    explanation: str
    rule: str  # "5 business days after the tally"
    citation: str

    def is_timely(self, filed_at: datetime) -> bool | None:
        """Whether a filing at ``filed_at`` is in time; ``None`` when no deadline is computed."""
        if self.due_at is None:
            return None
        return calendar.is_timely(filed_at, self.due_at)

    def offer_is_timely(self, filed_at: datetime) -> bool | None:
        """Whether an offer of proof filed at ``filed_at`` came with the objections (before extensions)."""
        if self.offer_of_proof_due_at is None:
            return None
        return calendar.is_timely(filed_at, self.offer_of_proof_due_at)

    def late_message(self, filed_at: datetime, *, what: str = "Objections", verb: str = "were") -> str:
        """The reason a late filing is refused: due time, zone, rule, and when it was filed."""
        assert self.due_at is not None
        local = in_zone(filed_at, self.zone)
        return (
            f"{what} {verb} due {self.due_at:%Y-%m-%d %H:%M} {self.zone} — {self.rule} of "
            f"{self.trigger_on.isoformat()}, {self.citation}; filed {local:%Y-%m-%d %H:%M}."
        )


# Every objection on a page reads its due date through here: one election's objections share a tally, so a
# page computes it once. Arguments and result are immutable.
@lru_cache(maxsize=4096)
def objections_deadline(
    *, rule_set: str, region: int, tally_prepared_at: datetime, revised: bool = False
) -> ObjectionsDeadline:
    """Objections and the offer of proof are due together, ``rule_set``'s period after the tally.

    29 CFR 102.69(a)(8): within 5 business days after the tally is prepared (2019 and 2023 rules); 7 days
    under the 2014 rules; computed under 102.2 by ``elections.law.calendar.compute_deadline``. ``revised``:
    objections to a revised tally, 5 business days after it is made available (102.69(e)); the offer of
    proof goes with them (102.69(a)(8))."""
    zone = office_zone(region)
    trigger_on = trigger_day(tally_prepared_at, zone)
    if not rule_sets.is_rule_set(rule_set):
        return ObjectionsDeadline(
            rule_set=rule_set,
            zone=zone,
            tally_prepared_at=tally_prepared_at,
            revised=revised,
            trigger_on=trigger_on,
            due_at=None,
            offer_of_proof_due_at=None,
            verified=False,
            explanation=(
                f"No deadline computed: the petition predates the 2014 rules (79 FR 74308, petitions filed "
                f"from 2015-04-14), and the tracker's tables do not encode the older rules (under them the "
                f"evidence followed the objections by 7 days, NLRB FAQ). Tally of {trigger_on.isoformat()}; "
                "check timeliness by hand. The filing is recorded without a timeliness finding."
            ),
            rule="",
            citation="29 CFR 102.69(a)",
        )
    objections = calendar.compute_deadline(
        period=rule_sets.period(
            rule_set, DeadlineCode.REVISED_TALLY_OBJECTIONS if revised else DeadlineCode.OBJECTIONS
        ),
        rule_set=rule_set,
        trigger_on=trigger_on,
        region=region,
    )
    # A revised tally's one table entry covers the offer of proof too: the same period, counted once.
    offer = (
        objections
        if revised
        else calendar.compute_deadline(
            period=rule_sets.period(rule_set, DeadlineCode.OFFER_OF_PROOF),
            rule_set=rule_set,
            trigger_on=trigger_on,
            region=region,
        )
    )
    return ObjectionsDeadline(
        rule_set=rule_set,
        zone=objections.zone,
        tally_prepared_at=tally_prepared_at,
        revised=revised,
        trigger_on=trigger_on,
        due_at=objections.due_at,
        offer_of_proof_due_at=offer.due_at,
        verified=objections.verified,
        explanation=objections.explanation,
        rule=objections.rule,
        citation=objections.citation,
    )


CONDUCT = "conduct"
REVISED_TALLY = "revised_tally"
OBJECTS_TO: Final = (CONDUCT, REVISED_TALLY)
"""What an objection objects to: the conduct of the election or conduct affecting its results (102.69(a)(8),
the default), or a revised tally itself (102.69(e))."""


class NoRevisedTally(ValueError):
    """An objection to a revised tally when none was made available before the filing."""


def deadline_for_filing(
    *,
    rule_set: str,
    region: int,
    tally_prepared_at: datetime,
    revised_at: Sequence[datetime],
    filed_at: datetime,
    objects_to: str = CONDUCT,
) -> ObjectionsDeadline:
    """The objections deadline a filing at ``filed_at`` answers, by what it objects to.

    Objections to conduct answer the tally of ballots' period, however many revised tallies follow: they
    "must be timely whether or not the challenged ballots are sufficient in number to affect the results of
    the election" (29 CFR 102.69(a)(8)). Only an objection to a revised tally itself answers that tally's
    period: "within 5 business days after the revised tally of ballots has been made available" (102.69(e)) —
    the latest revised tally made available by ``filed_at``. None made available by then: ``NoRevisedTally``.
    ``tally_prepared_at`` and ``revised`` of the result say which tally the filing answers."""
    if objects_to != REVISED_TALLY:
        return objections_deadline(rule_set=rule_set, region=region, tally_prepared_at=tally_prepared_at)
    available = [t for t in revised_at if t <= filed_at]
    if not available:
        raise NoRevisedTally(
            "no revised tally was made available before this filing: an objection to a revised tally "
            "follows one (29 CFR 102.69(e))"
        )
    return objections_deadline(
        rule_set=rule_set, region=region, tally_prepared_at=max(available), revised=True
    )


READINGS: tuple[Reading, ...] = (
    Reading(
        "Objections to the conduct of the election answer the window of the tally of ballots however many "
        'revised tallies follow ("Such filing(s) must be timely whether or not the challenged ballots are '
        "sufficient in number to affect the results\"); a revised tally's window is for objections to that "
        "revised tally only, so a conduct objection filed in it is late.",
        "29 CFR 102.69(a)(8), (e)",
    ),
)
