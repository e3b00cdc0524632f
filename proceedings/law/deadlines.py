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

from elections.law import rule_sets
from elections.law.rule_sets import DeadlineCode
from proceedings.law import ladder


class Status(StrEnum):
    OPEN = "open"
    MET = "met"
    MISSED = "missed"
    MOOT = "moot"
    SUPERSEDED = "superseded"


class Source(StrEnum):
    """What a deadline rests on (``source``, product.md): for a computed deadline the tier of its period's
    figure (``elections.law.rule_sets.Tier``); ``order`` and ``manual`` for dates set by an order or staff."""

    CFR = "cfr"
    FEDERAL_REGISTER = "federal_register"
    AGENCY_FAQ = "agency_faq"
    INFERRED = "inferred"
    ORDER = "order"
    MANUAL = "manual"
    # Periods in court (proceedings.law.courts): FRAP 40(d)(1) is a court rule, 28 U.S.C. 2101(c) a statute.
    STATUTE = "statute"
    COURT_RULE = "court_rule"
    # Before the source tiers every computed deadline said "computed"; proceedings migration 0001 names this
    # member and 0003 converts the rows. No deadline carries it any more.
    COMPUTED = "computed"


# What a deadline may say it rests on (the API's ``source``).
SOURCES: Final = (
    Source.CFR,
    Source.FEDERAL_REGISTER,
    Source.AGENCY_FAQ,
    Source.INFERRED,
    Source.ORDER,
    Source.MANUAL,
    Source.STATUTE,
    Source.COURT_RULE,
)

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
        ),
        # The ends of a case (proceedings.law.dispositions): a Regional Director's dismissal is a final
        # disposition (102.69(h); 102.71(c)–(d)); a judge's bargaining order is excepted to the Board (102.46).
        "petition_dismissed": (DeadlineCode.REQUEST_FOR_REVIEW, DeadlineCode.OPPOSITION),
        "bargaining_order": (DeadlineCode.EXCEPTIONS_TO_BOARD, DeadlineCode.ANSWERING_BRIEF_TO_BOARD),
        # 102.67(h): briefs on review, only after an order granting review (``attached``).
        "board_decision": (DeadlineCode.BRIEF_ON_REVIEW,),
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


# The events that set a hearing date by order (``details.hearing_on``): a ``hearing`` deadline, source order.
HEARING_DATE_EVENTS: Final = ("notice_of_hearing", "consolidated_with_ulp")


# The answer to the Board's notice to show cause: a date the notice sets (``details.respond_by``).
SHOW_CAUSE_RESPONSE: Final = "show_cause_response"


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
        DeadlineCode.BRIEF_ON_REVIEW: CodeRule((), optional=True),
        # The test of certification and the courts (proceedings.law.ca_case, courts).
        "answer": CodeRule(("answer_filed",), required=True),
        SHOW_CAUSE_RESPONSE: CodeRule(()),
        "rehearing": CodeRule(("rehearing_petition_filed",), optional=True),
        "certiorari": CodeRule(("certiorari_petition_filed",), optional=True),
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
