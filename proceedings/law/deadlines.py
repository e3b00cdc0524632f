"""Which deadlines each step of the proceeding sets, what answers them, and their status — plain Python.

The periods themselves (length, unit, citation, whether verified) are the rule-set tables of
``elections.law.rule_sets``; the computation is ``elections.law.calendar.compute_deadline`` (29 CFR 102.2).
This module says which codes an event attaches (``ATTACHED``), what each code means to its status (``CODES``)
and how a deadline's status follows from the record (``evaluate``).

Statuses, as a practitioner reads them:

- ``open``: not yet due, and nothing has answered it.
- ``met``: the filing it waits for came in time (objections filed, exceptions filed, …). A hearing date (a
  target, not a bar) is met when the hearing opens, whenever that is.
- ``missed``: it passed while someone *had* to file: the offer of proof of a party that filed objections
  (102.69(a)(8)), or a date an order set for a filing the tracker does not record as an event; or the
  filing came, but late.
- ``moot``: it no longer matters. Objections, exceptions, answering briefs, requests for review and
  oppositions are *optional*: a party that files none forfeits the point but breaks no rule, so an unused
  period is ``moot`` once it passes (never ``missed``). Also moot: an answering brief or an opposition when
  nothing was filed to answer; a hearing target that passed without a hearing (it opens "as soon as
  practicable"); a deadline whose triggering event was voided.
- ``superseded``: replaced by a later deadline of the same code (an order-set date, an extension, a new
  notice of hearing, or a new triggering decision). Stored, never derived here.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import StrEnum
from types import MappingProxyType
from typing import Final, NamedTuple

from core.law.readings import Reading
from elections.law import rule_sets
from elections.law.rule_sets import DeadlineCode
from proceedings.law import ladder


class Status(StrEnum):
    OPEN = "open"
    MET = "met"
    MISSED = "missed"
    MOOT = "moot"
    SUPERSEDED = "superseded"


# What a deadline rests on: the one enumeration of ``elections.law.rule_sets`` (``DeadlineSource``).
Source = rule_sets.DeadlineSource


# What a deadline may say it rests on (the API's ``source``).
SOURCES: Final = rule_sets.DEADLINE_SOURCES
COURT_SOURCES: Final = rule_sets.COURT_SOURCES

# The sources of a deadline computed from a rule set (as opposed to one set by an order or by staff).
COMPUTED: Final = rule_sets.COMPUTED_TIERS


def is_computed(source: str) -> bool:
    return source in COMPUTED


def flag(*, source: str, verified: bool) -> str | None:
    """How a person is told what a date rests on when it is not verified rule text: ``UNVERIFIED`` for a
    computed figure that is not (or whose trigger is assumed), the order or staff entry otherwise."""
    if verified:
        return None
    if source in (Source.ORDER, Source.MANUAL):
        return rule_sets.TIER_LABELS[source]
    return "UNVERIFIED"


# How a person reads a source: the rule tables' one wording (a tier's label is also the explanation's).
SOURCE_LABELS: Mapping[str, str] = rule_sets.TIER_LABELS


TALLY: Final = "tally"
REVISED_TALLY: Final = "revised_tally"

# trigger → the rule-set table entries it attaches, in the order they are created (a responsive period after
# the one it answers). An entry the case's rule set does not define (post-hearing briefs outside 2019) is
# skipped, and ``attached`` narrows the list by the event's outcome and the election's agreement.
ATTACHED: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        TALLY: (DeadlineCode.OBJECTIONS, DeadlineCode.OFFER_OF_PROOF, DeadlineCode.HEARING),
        # 102.69(e): objections to a revised tally (open-and-count) within 5 business days.
        REVISED_TALLY: (
            DeadlineCode.REVISED_TALLY_OBJECTIONS,
            DeadlineCode.REQUEST_FOR_REVIEW,
            DeadlineCode.OPPOSITION,
        ),
        "hearing_closed": (DeadlineCode.POST_HEARING_BRIEF,),
        "hearing_officer_report": (DeadlineCode.EXCEPTIONS, DeadlineCode.ANSWERING_BRIEF),
        "regional_director_decision": (
            DeadlineCode.REQUEST_FOR_REVIEW,
            DeadlineCode.OPPOSITION,
            DeadlineCode.RECONSIDERATION,
        ),
        "certification_issued": (DeadlineCode.REQUEST_FOR_REVIEW, DeadlineCode.OPPOSITION),
        "alj_decision": (
            DeadlineCode.EXCEPTIONS_TO_BOARD,
            DeadlineCode.ANSWERING_BRIEF_TO_BOARD,
            DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE,
            # 102.46(c)-(e): each counted from the due date of the one before it.
            DeadlineCode.CROSS_EXCEPTIONS,
            DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS,
            DeadlineCode.REPLY_BRIEF,
            # 102.46(e): "a reply brief to any such answering brief", (b)'s or (d)'s.
            DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS,
        ),
        # The ends of a case (proceedings.law.dispositions): a Regional Director's dismissal is a final
        # disposition (102.69(h); 102.71(c)–(d)); a judge's bargaining order is excepted to the Board (102.46).
        "petition_dismissed": (DeadlineCode.REQUEST_FOR_REVIEW, DeadlineCode.OPPOSITION),
        "bargaining_order": (DeadlineCode.EXCEPTIONS_TO_BOARD, DeadlineCode.ANSWERING_BRIEF_TO_BOARD),
        # 102.67(h): briefs on review, only after an order granting review (``attached``); any other decision
        # of the Board may be met by a motion for reconsideration or rehearing (102.65(e)(2)).
        "board_decision": (DeadlineCode.BRIEF_ON_REVIEW, DeadlineCode.BOARD_RECONSIDERATION),
        # 102.48(c)(2): reconsideration of the Board's order in the unfair labor practice case.
        "board_order": (DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER,),
    }
)

# How the election came about (Election.agreement): 102.62(a) consent, 102.62(c) full consent, 102.62(b)
# stipulated, 102.67 directed.
AGREEMENTS: Final = ("consent", "full_consent", "stipulated", "directed")
CONSENT_AGREEMENTS: Final = frozenset({"consent", "full_consent"})
# The periods of Board review, which a consent election does not have (102.69(c)(2)).
BOARD_REVIEW_CODES: Final = frozenset(
    {DeadlineCode.REQUEST_FOR_REVIEW, DeadlineCode.OPPOSITION, DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE}
)

# The ladder's own outcomes of a decision that certifies. The ladder has no outcome for a Regional Director's
# dismissal of the petition (its decision orders one of ``ladder.ORDERS``), so only a certification is a final
# disposition here; recording a dismissal would need a new outcome there first.
CERTIFYING_OUTCOMES: Final = frozenset({ladder.CERTIFY_REPRESENTATIVE, ladder.CERTIFY_RESULTS})


def is_final_disposition(rule_set: str, *, trigger: str, outcome: str | None = None) -> bool:
    """Does this step end the proceeding before the Regional Director for a request for review?

    29 CFR 102.69(h): a dismissal of the petition, or a certification of results or of representative — a
    Regional Director's decision that certifies, or the certification itself. A decision ordering a rerun or
    a runoff is none: under 2019 and 2023 it opens no fixed review deadline (a request may be filed any time
    until the final disposition's deadline, 102.67(c)). Under 2014 the agency's FAQ also counts an order to
    open and count ballots; the record has the revised tally that follows it (open-and-count), which is
    taken for the order."""
    if trigger == "certification_issued":
        return True
    if trigger == "petition_dismissed":
        return outcome == "regional_director"  # ``outcome``: who dismissed (a Board dismissal is no RD's)
    if trigger == "regional_director_decision":
        return outcome in CERTIFYING_OUTCOMES
    if trigger == REVISED_TALLY:
        return rule_set == "2014"
    return False


REVIEW_GRANTED: Final = "review_granted"


def attached(
    trigger: str, *, rule_set: str, outcome: str | None = None, agreement: str | None = None
) -> tuple[str, ...]:
    """The table entries ``trigger`` attaches in this case: review periods only from a final disposition,
    none after a consent election (102.69(c)(2)), and the review of a direction of election due with the
    exceptions to an ALJ only after a directed election."""
    entries = ATTACHED.get(trigger, ())
    if trigger == "bargaining_order" and outcome != "administrative_law_judge":
        entries = ()  # the Board's own order: nothing to except to
    final = is_final_disposition(rule_set, trigger=trigger, outcome=outcome)
    kept = []
    for entry in entries:
        if entry in (DeadlineCode.REQUEST_FOR_REVIEW, DeadlineCode.OPPOSITION) and not final:
            continue
        if entry in BOARD_REVIEW_CODES and agreement in CONSENT_AGREEMENTS:
            continue
        if entry == DeadlineCode.BRIEF_ON_REVIEW and outcome != REVIEW_GRANTED:
            continue
        if entry == DeadlineCode.BOARD_RECONSIDERATION and outcome == REVIEW_GRANTED:
            continue  # an order granting review decides nothing yet: the briefs on review follow
        if entry == DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE and agreement != "directed":
            # Only a directed election has a decision and direction of election to review (102.67); a
            # stipulated one has none, and an unknown agreement is not taken for a direction.
            continue
        kept.append(entry)
    return tuple(kept)


def review_refusal(event: str, *, agreement: str | None) -> str | None:
    """Why a request for review cannot be recorded on this election (None: it can)."""
    if event == "request_for_review_filed" and agreement in CONSENT_AGREEMENTS:
        kind = "a full consent" if agreement == "full_consent" else "a consent"
        paragraph = "102.62(c)" if agreement == "full_consent" else "102.62(a)"
        return (
            f"The election was {kind} election ({paragraph}): the Regional Director's decision is final and "
            "not subject to Board review (29 CFR 102.69(c)(2)), so no request for review can be filed."
        )
    return None


# code → the code it is due "at the same time as": in a consolidated case the request for review of the
# direction of election is due with the exceptions to the ALJ's decision (102.69(c)(2)), so an order that
# moves the exceptions moves it too.
MOVES_WITH: Mapping[str, str] = MappingProxyType(
    {DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE: DeadlineCode.EXCEPTIONS_TO_BOARD}
)


def moved_with(code: str) -> tuple[str, ...]:
    """The codes an order setting ``code``'s date moves along with it."""
    return tuple(follower for follower, leader in MOVES_WITH.items() if leader == code)


def untimely_exceptions_refusal(*, filed_on: date, due_on: date, accepted_late: bool) -> str | None:
    """Why exceptions to the ALJ's decision filed after their last day are not recorded (None: they are).
    102.48(a): with no timely exceptions the recommended order has "automatically become the decision and
    order of the Board", so late exceptions reopen nothing — unless a ruling accepted them as filed late for
    excusable neglect (102.2(d): ``accepted_late``)."""
    if filed_on <= due_on or accepted_late:
        return None
    return (
        f"The exceptions to the administrative law judge's decision were due {due_on.isoformat()}; filed "
        f"{filed_on.isoformat()}, they are untimely, and the recommended order has become the Board's (29 CFR "
        "102.48(a)). Record them only once a ruling accepts them as filed late for excusable neglect (29 CFR "
        "102.2(d)): details.accepted_late."
    )


# The events that set a hearing date by order (``details.hearing_on``): a ``hearing`` deadline, source order.
HEARING_DATE_EVENTS: Final = ("notice_of_hearing", "consolidated_with_ulp")


# The answer to the Board's notice to show cause: a date the notice sets (``details.respond_by``).
SHOW_CAUSE_RESPONSE: Final = DeadlineCode.SHOW_CAUSE_RESPONSE


class CodeRule(NamedTuple):
    """What a deadline's code means to its status: what answers it, and whether its filing is optional.

    ``answered_by``: proceeding event codes, or "objection" / "offer_of_proof" (records of the objections app);
    a code with none (post-hearing briefs, a date set by order) is met only when staff mark it met.
    ``optional``: a filing a party may choose not to make, so an unused period is moot, not missed.
    ``required``: a filing that must be made whatever set its date (an unanswered complaint's allegations
    stand admitted, 29 CFR 102.20)."""

    answered_by: tuple[str, ...]
    optional: bool = False
    required: bool = False


# code → its rule, one row per code any table attaches (a test holds this to the rule-set, court and
# test-of-certification periods). The order is that of codes due on one date: the objections before the
# offer of proof, the hearing after the filings of that day.
CODES: Mapping[str, CodeRule] = MappingProxyType(
    {
        DeadlineCode.OBJECTIONS: CodeRule(("objection",), optional=True),
        DeadlineCode.OFFER_OF_PROOF: CodeRule(("offer_of_proof",)),
        DeadlineCode.POST_HEARING_BRIEF: CodeRule((), optional=True),
        DeadlineCode.EXCEPTIONS: CodeRule(("exceptions_filed",), optional=True),
        DeadlineCode.EXCEPTIONS_TO_BOARD: CodeRule(("exceptions_filed",), optional=True),
        DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE: CodeRule(("request_for_review_filed",), optional=True),
        DeadlineCode.ANSWERING_BRIEF: CodeRule(("answering_brief_filed",), optional=True),
        DeadlineCode.ANSWERING_BRIEF_TO_BOARD: CodeRule(("answering_brief_filed",), optional=True),
        DeadlineCode.RECONSIDERATION: CodeRule((), optional=True),
        DeadlineCode.REQUEST_FOR_REVIEW: CodeRule(("request_for_review_filed",), optional=True),
        DeadlineCode.OPPOSITION: CodeRule(("opposition_filed",), optional=True),
        DeadlineCode.HEARING: CodeRule(("hearing_opened",)),
        # No proceeding event: met by the filing (``filings``), or marked met by staff.
        DeadlineCode.CROSS_EXCEPTIONS: CodeRule((), optional=True),
        DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: CodeRule((), optional=True),
        DeadlineCode.REPLY_BRIEF: CodeRule((), optional=True),
        DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS: CodeRule((), optional=True),
        DeadlineCode.BRIEF_ON_REVIEW: CodeRule((), optional=True),
        DeadlineCode.BOARD_RECONSIDERATION: CodeRule((), optional=True),
        DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER: CodeRule((), optional=True),
        # The test of certification and the courts (proceedings.law.ca_case, courts).
        DeadlineCode.ANSWER: CodeRule(("answer_filed",), required=True),
        # The notice invites a response; a party that files none breaks no rule (the Board then rules on the
        # motion): an unused date is moot, never missed (issue 30, item 20).
        SHOW_CAUSE_RESPONSE: CodeRule((), optional=True),
        DeadlineCode.REHEARING: CodeRule(("rehearing_petition_filed",), optional=True),
        DeadlineCode.CERTIORARI: CodeRule(("certiorari_petition_filed",), optional=True),
    }
)

# A code staff enter by hand (``deadline_set`` takes any code): nothing answers it but staff marking it met,
# and it is listed after every code of the tables on its due date.
ENTERED_BY_HAND: Final = CodeRule(())
_RANK: Mapping[str, int] = MappingProxyType({code: rank for rank, code in enumerate(CODES)})


def rule_of(code: str) -> CodeRule:
    """The rule of a code: its row of ``CODES``, or ``ENTERED_BY_HAND`` for a code no table attaches."""
    return CODES.get(code, ENTERED_BY_HAND)


def rank_of(code: str) -> int:
    """Where a deadline of this code stands among those due on the same date."""
    return _RANK.get(code, len(_RANK))


@dataclass(frozen=True)
class Verdict:
    status: Status
    note: str


def evaluate(
    *,
    code: str,
    due_at: datetime,
    now: datetime,
    target_only: bool,
    obliged: bool,
    answered_on: date | None = None,
    answered_in_time: bool = False,
    moot_reason: str | None = None,
    marked_met_on: date | None = None,
    met_by_filing: bool = False,
) -> Verdict:
    """The status of one (not superseded) deadline from the record (module docstring). ``marked_met_on``
    with ``met_by_filing`` is a party's filing the ladder has no event for; without it, staff's mark."""
    if marked_met_on is not None and met_by_filing:
        return Verdict(Status.MET, f"Met by a filing ({marked_met_on.isoformat()}).")
    if marked_met_on is not None:
        return Verdict(Status.MET, f"Marked met by staff ({marked_met_on.isoformat()}).")
    if answered_on is not None and answered_in_time:
        return Verdict(Status.MET, f"Filed on {answered_on.isoformat()}.")
    if answered_on is not None and target_only:
        return Verdict(Status.MET, f"Happened on {answered_on.isoformat()}, after the target date.")
    if moot_reason:
        return Verdict(Status.MOOT, moot_reason)
    if answered_on is not None:
        return Verdict(Status.MISSED, f"Filed late, on {answered_on.isoformat()}.")
    if now <= due_at:
        return Verdict(Status.OPEN, "")
    return lapsed(code=code, target_only=target_only, obliged=obliged)


def lapsed(*, code: str, target_only: bool, obliged: bool) -> Verdict:
    """A deadline that passed with nothing filed: missed only if someone had to file."""
    if target_only:
        return Verdict(Status.MOOT, "The target date passed; it happens as soon as practicable.")
    if obliged:
        return Verdict(Status.MISSED, "Passed with no filing recorded, and a filing was required.")
    return Verdict(
        Status.MOOT,
        "Passed with no filing; the filing is optional, so nothing was missed (the right lapsed).",
    )


def is_obliged(code: str, *, source: str, objections_filed: bool) -> bool:
    """Whether someone had to file by this deadline (else an unused deadline is moot)."""
    if code == DeadlineCode.OFFER_OF_PROOF:
        return objections_filed  # objections without their offer of proof fail (102.69(a)(8))
    rule = rule_of(code)
    if rule.optional or code == DeadlineCode.HEARING:
        return False
    if rule.required:
        return True
    return not is_computed(source)  # an order set a date for a filing the tracker has no event for


READINGS: tuple[Reading, ...] = (
    Reading(
        "A request for review runs from a final disposition, a dismissal or a certification; a decision "
        "ordering a rerun or runoff opens no review deadline (2019 and 2023; the 2014 FAQ counts an order to "
        "open and count, taken here from the revised tally).",
        "29 CFR 102.67(c), 102.69(h)",
    ),
    Reading(
        "After a consent or full-consent election there is no request for review at all.",
        "29 CFR 102.62(a), (c); 102.69(c)(2)",
    ),
    Reading(
        'In a consolidated case the request for review of the direction of election is due "at the same time '
        "as\" the exceptions to the judge's decision: an order extending the exceptions moves it with them.",
        "29 CFR 102.69(c)(2)",
    ),
    Reading(
        "After a transfer every open deadline filed with the Region runs on the receiving office's clock, the "
        'explanation keeping the old time ("as if the petition had originally been filed in the region to '
        'which the transfer was made").',
        "29 CFR 102.72(b), 102.2(b)",
    ),
    Reading(
        "A judge's recommended order takes effect the moment its exceptions period ends with none filed, "
        "applied by the first read or write that shows it; exceptions dated later reopen nothing unless a "
        "ruling accepts them as filed late.",
        "29 CFR 102.48(a), 102.2(d)",
    ),
    Reading(
        "The response to a notice to show cause is optional: its date passing with nothing filed is moot, "
        "never missed.",
        "Notice to show cause (an order)",
    ),
)
