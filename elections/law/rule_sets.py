"""Post-election periods of 29 CFR Part 102 as data, one table per version of the representation rules.

Three rule sets, chosen by the date the petition was filed (never by the date of the event):

- ``"2014"``: 79 FR 74308, petitions filed on or after 2015-04-14.
- ``"2019"``: 84 FR 69524, petitions filed 2020-05-31 to 2023-12-25, minus the provisions that were enjoined
  and never took effect (88 FR 14908).
- ``"2023"``: 88 FR 58076, petitions filed on or after 2023-12-26; "substantially" a return to 2014.

Petitions filed before 2015-04-14 get no rule set (``rule_set_for_petition`` returns ``None``): the caller
must flag them, because these tables do not describe the older rules.

Encoded from the verbatim current text of §§ 102.1, 102.2, 102.46, 102.65–102.67, 102.69 and 102.70
(``shared/docs/cfr/part102-current.md``, eCFR after 89 FR 25806) and the "Deadline provenance" table of
``shared/docs/nlrb-procedure.md``. Every ``Period`` carries its citation, its ``source`` tier and the
``evidence`` in words:

- ``cfr``: the current CFR text says so, word for word (the 2023 rule set; and 2019 where the provenance
  table says the section is unchanged since 84 FR 69524).
- ``federal_register``: Federal Register text (the 2019 post-hearing brief, quoted at 88 FR 14913).
- ``agency_faq``: the NLRB's FAQ on the 2014 rule — the agency's own paraphrase, not rule text.
- ``inferred``: the 2019 sections the 2023 rule left in place, checked against real case dates; or a figure
  taken over by analogy. Say so to the user.

``verified`` is true only for ``cfr`` and ``federal_register``: a lawyer must see which dates to check.

Post-hearing briefs are a period only under the 2019 rules; under 2014 and 2023 they need the hearing
officer's special permission, so those tables have no ``post_hearing_brief`` entry.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from enum import StrEnum
from types import MappingProxyType
from typing import Literal, NamedTuple, TypeGuard

from core.law.labelled import LabelledEnum, labels_by_value

RuleSetName = Literal["2014", "2019", "2023"]
FiledWith = Literal["region", "board"]


class RuleSetVersion(NamedTuple):
    name: RuleSetName
    petitions_filed_on_or_after: date
    citation: str


RULE_SET_EFFECTIVE: tuple[RuleSetVersion, ...] = (
    RuleSetVersion("2014", date(2015, 4, 14), "79 FR 74308"),
    RuleSetVersion("2019", date(2020, 5, 31), "84 FR 69524"),
    RuleSetVersion("2023", date(2023, 12, 26), "88 FR 58076"),
)

RULE_SET_NAMES: tuple[RuleSetName, ...] = tuple(version.name for version in RULE_SET_EFFECTIVE)


def is_rule_set(name: str) -> TypeGuard[RuleSetName]:
    return name in RULE_SET_NAMES


def rule_set_for_petition(petition_filed_on: date) -> RuleSetName | None:
    """The rule set that governs a case, by its petition's filing date; ``None`` before 2015-04-14."""
    chosen: RuleSetName | None = None
    for version in RULE_SET_EFFECTIVE:
        if petition_filed_on >= version.petitions_filed_on_or_after:
            chosen = version.name
    return chosen


class Unit(StrEnum):
    calendar_days = "calendar_days"
    business_days = "business_days"


class DeadlineCode(LabelledEnum):
    """The one enumeration of deadline codes (``Deadline.code``, the API's ``code``), each with its label: the
    periods of the tables below, and the periods beside them (the answer to a complaint, the response a notice
    to show cause sets, the courts'). Objections to a revised tally are a table entry of their own, but their
    deadline carries ``objections`` (their ``Period.code``): one code for objections, as product.md has it."""

    OBJECTIONS = "objections", "Objections"
    OFFER_OF_PROOF = "offer_of_proof", "Offer of proof"
    REVISED_TALLY_OBJECTIONS = "revised_tally_objections", "Objections to a revised tally"
    HEARING = "hearing", "Post-election hearing (target)"
    POST_HEARING_BRIEF = "post_hearing_brief", "Post-hearing brief"
    EXCEPTIONS = "exceptions", "Exceptions to the hearing officer's report"
    ANSWERING_BRIEF = "answering_brief", "Answering brief to the exceptions"
    REQUEST_FOR_REVIEW = "request_for_review", "Request for review"
    OPPOSITION = "opposition", "Opposition to the request for review"
    RECONSIDERATION = "reconsideration", "Reconsideration of the Regional Director's decision"
    EXCEPTIONS_TO_BOARD = "exceptions_to_board", "Exceptions to the judge's decision"
    ANSWERING_BRIEF_TO_BOARD = "answering_brief_to_board", "Answering brief to the exceptions (Board)"
    REQUEST_FOR_REVIEW_OF_DDE = "request_for_review_of_dde", "Request for review of the direction of election"
    CROSS_EXCEPTIONS = "cross_exceptions", "Cross-exceptions"
    ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS = (
        "answering_brief_to_cross_exceptions",
        "Answering brief to cross-exceptions",
    )
    REPLY_BRIEF = "reply_brief", "Reply brief"
    REPLY_BRIEF_TO_CROSS_EXCEPTIONS = (
        "reply_brief_to_cross_exceptions",
        "Reply brief to the answering brief to cross-exceptions",
    )
    BRIEF_ON_REVIEW = "brief_on_review", "Brief on review"
    BOARD_RECONSIDERATION = "board_reconsideration", "Reconsideration of the Board's decision"
    RECONSIDERATION_OF_BOARD_ORDER = (
        "reconsideration_of_board_order",
        "Reconsideration of the Board's order (unfair labor practice case)",
    )
    # Beside the tables: the test of certification (proceedings.law.ca_case) and the courts
    # (proceedings.law.courts).
    ANSWER = "answer", "Answer to the complaint"
    SHOW_CAUSE_RESPONSE = "show_cause_response", "Response to the notice to show cause"
    REHEARING = "rehearing", "Petition for rehearing (court of appeals)"
    CERTIORARI = "certiorari", "Petition for a writ of certiorari"


DEADLINE_CODE_LABELS: Mapping[str, str] = labels_by_value(DeadlineCode)


class DeadlineSource(LabelledEnum):
    """What a deadline rests on (its ``source``, product.md): the one enumeration, with the one wording, that
    the rule tables, the models, explanations, the admin, exports and the calendar feed read. For a computed
    deadline the tier of its period's figure; ``order`` and ``manual`` for dates set by an order or entered by
    staff; ``statute`` and ``court_rule`` for periods in court."""

    CFR = "cfr", "CFR text"
    FEDERAL_REGISTER = "federal_register", "Federal Register text"
    AGENCY_FAQ = "agency_faq", "NLRB FAQ on the 2014 rule (the agency's paraphrase; not rule text)"
    INFERRED = "inferred", "inferred (no rule text for this rule set; check it)"
    ORDER = "order", "set by an order"
    MANUAL = "manual", "entered by staff"
    STATUTE = "statute", "a statute (a period in court)"
    COURT_RULE = "court_rule", "a court rule (a period in court)"
    # Before the source tiers every computed deadline said "computed"; proceedings migration 0001 names this
    # member and 0003 converts the rows. No deadline carries it any more.
    COMPUTED = "computed", "computed (before the source tiers)"
    # The rule tables' names for the same members (aliases: one value, one label).
    cfr = CFR
    federal_register = FEDERAL_REGISTER
    agency_faq = AGENCY_FAQ
    inferred = INFERRED
    order = ORDER
    manual = MANUAL


# The rule tables' name for the sources of a period's figure.
Tier = DeadlineSource

# The sources a deadline may carry now (the API's ``source``): all but the retired ``computed``.
DEADLINE_SOURCES: tuple[DeadlineSource, ...] = tuple(
    s for s in DeadlineSource if s is not DeadlineSource.COMPUTED
)
# Periods in court, counted under FRAP 26(a) and the court's clock, not 29 CFR 102.2.
COURT_SOURCES: frozenset[str] = frozenset({DeadlineSource.STATUTE, DeadlineSource.COURT_RULE})

TIER_LABELS: Mapping[str, str] = labels_by_value(Tier)

# Only rule text is verified (nlrb-procedure.md, "Deadline provenance").
VERIFIED_TIERS: frozenset[str] = frozenset({DeadlineSource.CFR, DeadlineSource.FEDERAL_REGISTER})
COMPUTED_TIERS: frozenset[str] = frozenset(
    {DeadlineSource.CFR, DeadlineSource.FEDERAL_REGISTER, DeadlineSource.AGENCY_FAQ, DeadlineSource.INFERRED}
)


def tier_is_verified(tier: str) -> bool:
    return tier in VERIFIED_TIERS


# What starts each period, as a phrase for "N days after …".
TRIGGER_PHRASES: Mapping[str, str] = MappingProxyType(
    {
        "tally": "the tally",
        "revised_tally": "the revised tally",
        "hearing_closed": "the close of the hearing",
        "hearing_officer_report": "the hearing officer's report",
        DeadlineCode.EXCEPTIONS: "the due date for exceptions",
        "final_disposition": "the Regional Director's final disposition",
        "decision_served": "service of the Regional Director's decision",
        DeadlineCode.REQUEST_FOR_REVIEW: "the due date for the request for review",
        "alj_decision": "the administrative law judge's decision",
        DeadlineCode.EXCEPTIONS_TO_BOARD: "the due date for exceptions to the Board",
        "complaint_issued": "the complaint",  # the test of certification (proceedings.law)
        DeadlineCode.CROSS_EXCEPTIONS: "the due date for cross-exceptions",
        DeadlineCode.ANSWERING_BRIEF_TO_BOARD: "the due date for answering briefs to the exceptions",
        DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: "the due date for answering briefs to the "
        "cross-exceptions",
        "review_granted": "the Board's order granting review",
        "board_decision_served": "service of the Board's decision",
        "board_order_served": "service of the Board's decision or order in the unfair labor practice case",
    }
)


@dataclass(frozen=True)
class Period:
    """One time limit: ``length`` ``unit`` after the ``trigger`` event.

    ``responsive`` periods answer an earlier document and run from that document's *due* date, even when it
    was filed early (29 CFR 102.2(a)). ``target_only`` marks a date the Agency aims for but may miss (the
    hearing opens 15 business days after the tally "or as soon as practicable"): never treat it as a bar.
    ``note`` is added to every explanation of the period.
    """

    code: str
    label: str
    trigger: str
    length: int
    unit: Unit
    citation: str
    source: Tier
    evidence: str
    responsive: bool
    target_only: bool = False
    # Where the document is filed, which sets the clock of the 11:59 p.m. cutoff (102.2(b)): the regional
    # office, or the Board's Executive Secretary in Washington, D.C. (requests for review, 102.67).
    filed_with: FiledWith = "region"
    note: str = ""
    # What the count stands in for, when the record lacks the real trigger (the ALJ's decision for the order
    # transferring the case to the Board): the deadline is then never verified, whatever its source.
    assumption: str = ""

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError(f"period {self.code!r} must be at least one day long, not {self.length}")
        if self.trigger not in TRIGGER_PHRASES:
            raise ValueError(f"period {self.code!r} has an unknown trigger {self.trigger!r}")
        if self.source not in COMPUTED_TIERS:
            raise ValueError(
                f"period {self.code!r}: a computed period rests on rule text, the FAQ or inference"
            )

    @property
    def verified(self) -> bool:
        """True only where the figure comes from CFR or Federal Register text."""
        return tier_is_verified(self.source) and not self.assumption

    @property
    def rule(self) -> str:
        """Short text, e.g. "5 business days after the tally"."""
        unit = "business days" if self.unit is Unit.business_days else "days"
        if self.length == 1:
            unit = unit[:-1]
        return f"{self.length} {unit} after {TRIGGER_PHRASES[self.trigger]}"


class UnknownRuleSet(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


class UnknownPeriod(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


CAL, BUS = Unit.calendar_days, Unit.business_days
CFR, FR, FAQ, INFERRED = Tier.CFR, Tier.FEDERAL_REGISTER, Tier.AGENCY_FAQ, Tier.INFERRED

_OFFER_NOTE = (
    "The offer of proof is filed together with the objections (102.69(a)(8)); the Regional Director may "
    "extend the offer of proof alone, for good cause."
)
_FINAL_DISPOSITION_NOTE = (
    "A final disposition is a dismissal of the petition or a certification of results or of representative "
    "(102.69(h)); a request may be filed at any time from the Regional Director's action until this date "
    "(102.67(c)). After a consent election (102.62(a) or (c)) there is no Board review (102.69(c)(2))."
)
_ALJ_NOTE = (
    "102.46(a) counts from service of the order transferring the case to the Board; the record here has no "
    "such order, so the period is counted from the administrative law judge's decision (the order usually "
    "issues with it). Check the transfer order's date."
)
_REPLY_NOTE = (
    "No extensions of time are granted for reply briefs, which may not exceed 10 pages (102.46(e)). 102.46(e) "
    "has two reply periods, each 14 days from the last date on which the brief replied to may be filed: to an "
    "answering brief to the exceptions (102.46(b)) and to an answering brief to cross-exceptions (102.46(d))."
)
_REVIEW_NOTE = (
    "Unless the Board rules on the issues in the order granting review (102.67(h)); no reply briefs except "
    "by special leave of the Board."
)
_BOARD_RECONSIDERATION_NOTE = (
    "Only because of extraordinary circumstances (102.65(e)(1)); the motion does not stay the Board's action "
    "unless so ordered (102.65(e)(3)). Counted from the decision's date, taken for its service."
)
_BOARD_ORDER_RECONSIDERATION_NOTE = (
    "Only because of extraordinary circumstances (102.48(c)); a motion to reopen the record is due promptly on "
    "discovery of the evidence instead (102.48(c)(2)), and a motion does not stay the Board's action unless so "
    "ordered (102.48(c)(3)). Counted from the order's date, taken for its service."
)
_CFR_102_46 = (
    "Current CFR text; the section's history line shows it unchanged since 82 FR 43696 (2017), so it governed "
    "2019 cases too: "
)
_CFR_2023 = "Current CFR text (eCFR after 89 FR 25806), in force for petitions filed from 2023-12-26: "
_CFR_2019 = (
    "Current CFR text; the section's history line shows it unchanged since the 2019 rule (84 FR 69593), so it "
    "governed 2019 cases too: "
)


class _Shape(NamedTuple):
    """What a period is, whatever the rule set: the fields of ``Period`` that no figure changes."""

    label: str
    trigger: str
    citation: str
    responsive: bool = False
    target_only: bool = False
    filed_with: FiledWith = "region"
    note: str = ""


@dataclass(frozen=True)
class _Figure:
    length: int
    unit: Unit
    source: Tier
    evidence: str


# code → its period's label and shape; the figures of each rule set are ``_FIGURES``.
_SHAPES: Mapping[str, _Shape] = MappingProxyType(
    {
        DeadlineCode.OBJECTIONS: _Shape(
            "Objections and offer of proof", trigger="tally", citation="29 CFR 102.69(a)(8)"
        ),
        DeadlineCode.OFFER_OF_PROOF: _Shape(
            "Offer of proof in support of objections",
            trigger="tally",
            citation="29 CFR 102.69(a)(8)",
            note=_OFFER_NOTE,
        ),
        DeadlineCode.REVISED_TALLY_OBJECTIONS: _Shape(
            "Objections to the revised tally", trigger="revised_tally", citation="29 CFR 102.69(e)"
        ),
        DeadlineCode.HEARING: _Shape(
            "Post-election hearing opens (target)",
            trigger="tally",
            citation="29 CFR 102.69(c)(1)(ii)",
            target_only=True,
        ),
        DeadlineCode.POST_HEARING_BRIEF: _Shape(
            "Post-hearing brief to the hearing officer",
            trigger="hearing_closed",
            citation="84 FR 69524 (2019 rule), as described at 88 FR 14913",
        ),
        DeadlineCode.EXCEPTIONS: _Shape(
            "Exceptions to the hearing officer's report",
            trigger="hearing_officer_report",
            citation="29 CFR 102.69(c)(1)(iii)",
        ),
        DeadlineCode.ANSWERING_BRIEF: _Shape(
            "Answering brief to exceptions",
            trigger="exceptions",
            citation="29 CFR 102.69(c)(1)(iii), 102.2(a)",
            responsive=True,
        ),
        DeadlineCode.REQUEST_FOR_REVIEW: _Shape(
            "Request for review by the Board",
            trigger="final_disposition",
            citation="29 CFR 102.67(c), 102.69(c)(2), 102.69(h)",
            filed_with="board",
            note=_FINAL_DISPOSITION_NOTE,
        ),
        DeadlineCode.OPPOSITION: _Shape(
            "Opposition to the request for review",
            trigger="request_for_review",
            citation="29 CFR 102.67(f), 102.2(a)",
            responsive=True,
            filed_with="board",
        ),
        DeadlineCode.RECONSIDERATION: _Shape(
            "Motion for reconsideration or rehearing of the Regional Director's decision",
            trigger="decision_served",
            citation="29 CFR 102.65(e)(2)",
        ),
        DeadlineCode.EXCEPTIONS_TO_BOARD: _Shape(
            "Exceptions to the administrative law judge's decision (to the Board)",
            trigger="alj_decision",
            citation="29 CFR 102.46(a)",
            filed_with="board",
        ),
        DeadlineCode.ANSWERING_BRIEF_TO_BOARD: _Shape(
            "Answering brief to exceptions to the ALJ's decision (to the Board)",
            trigger="exceptions_to_board",
            citation="29 CFR 102.46(b), 102.2(a)",
            responsive=True,
            filed_with="board",
        ),
        DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE: _Shape(
            "Request for review of the decision and direction of election (due with the exceptions to the ALJ's decision)",
            trigger="alj_decision",
            citation="29 CFR 102.69(c)(2), 102.46(a)",
            filed_with="board",
        ),
        DeadlineCode.CROSS_EXCEPTIONS: _Shape(
            "Cross-exceptions to the administrative law judge's decision (to the Board)",
            trigger="exceptions_to_board",
            citation="29 CFR 102.46(c), 102.2(a)",
            responsive=True,
            filed_with="board",
            note="Only a party that has not filed exceptions may file cross-exceptions (102.46(c)).",
        ),
        DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: _Shape(
            "Answering brief to cross-exceptions (to the Board)",
            trigger="cross_exceptions",
            citation="29 CFR 102.46(d), 102.2(a)",
            responsive=True,
            filed_with="board",
        ),
        DeadlineCode.REPLY_BRIEF: _Shape(
            "Reply brief to an answering brief (to the Board)",
            trigger="answering_brief_to_board",
            citation="29 CFR 102.46(e), 102.2(a)",
            responsive=True,
            filed_with="board",
            note=_REPLY_NOTE,
        ),
        DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS: _Shape(
            "Reply brief to an answering brief to cross-exceptions (to the Board)",
            trigger=DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS,
            citation="29 CFR 102.46(e), 102.2(a)",
            responsive=True,
            filed_with="board",
            note=_REPLY_NOTE,
        ),
        DeadlineCode.BOARD_RECONSIDERATION: _Shape(
            "Motion for reconsideration or rehearing of the Board's decision",
            trigger="board_decision_served",
            citation="29 CFR 102.65(e)(2)",
            filed_with="board",
            note=_BOARD_RECONSIDERATION_NOTE,
        ),
        DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER: _Shape(
            "Motion for reconsideration, rehearing or reopening of the Board's order (unfair labor practice case)",
            trigger="board_order_served",
            citation="29 CFR 102.48(c)(2)",
            filed_with="board",
            note=_BOARD_ORDER_RECONSIDERATION_NOTE,
        ),
        DeadlineCode.BRIEF_ON_REVIEW: _Shape(
            "Brief on review, after the Board grants review",
            trigger="review_granted",
            citation="29 CFR 102.67(h)",
            filed_with="board",
            note=_REVIEW_NOTE,
        ),
    }
)

_ALJ_2014 = (
    "The current text of 102.46 is applied: unfair-labor-practice procedure, not a representation-case rule "
    "of the 2014 set; whether the 2015 text read the same was not checked."
)

# rule set → code → figure. Straight from the provenance table of nlrb-procedure.md.
_FIGURES: Mapping[RuleSetName, Mapping[str, _Figure]] = MappingProxyType(
    {
        "2014": {
            DeadlineCode.OBJECTIONS: _Figure(
                7, CAL, FAQ, "NLRB FAQ: objections within 7 days after the tally."
            ),
            DeadlineCode.OFFER_OF_PROOF: _Figure(
                7, CAL, FAQ, "NLRB FAQ: the offer of proof with the objections."
            ),
            DeadlineCode.REVISED_TALLY_OBJECTIONS: _Figure(
                7,
                CAL,
                INFERRED,
                "No 2014 figure found for objections to a revised tally; the 7 days of the FAQ for the "
                "tally itself are assumed.",
            ),
            DeadlineCode.HEARING: _Figure(
                21,
                CAL,
                FAQ,
                "NLRB FAQ: the hearing opens 21 days after the tally or as soon as practicable, earlier if "
                "the parties agree. A target, not a bar.",
            ),
            DeadlineCode.EXCEPTIONS: _Figure(
                14, CAL, FAQ, "NLRB FAQ: exceptions to the hearing officer's report within 14 days."
            ),
            DeadlineCode.ANSWERING_BRIEF: _Figure(
                7, CAL, FAQ, "NLRB FAQ: answering briefs 7 days from the last day for exceptions."
            ),
            DeadlineCode.REQUEST_FOR_REVIEW: _Figure(
                14,
                CAL,
                FAQ,
                "NLRB FAQ: a request for review within 14 days after a final disposition (a dismissal, a "
                "certification, or an order to open and count ballots).",
            ),
            DeadlineCode.OPPOSITION: _Figure(
                7,
                CAL,
                INFERRED,
                "7 days after the last day for the request, from the pre-2014 text of 102.67; not confirmed "
                "for the 2014 rules.",
            ),
            DeadlineCode.EXCEPTIONS_TO_BOARD: _Figure(28, CAL, INFERRED, "102.46(a): 28 days. " + _ALJ_2014),
            DeadlineCode.ANSWERING_BRIEF_TO_BOARD: _Figure(
                14, CAL, INFERRED, "102.46(b): 14 days from the last day for exceptions. " + _ALJ_2014
            ),
            DeadlineCode.CROSS_EXCEPTIONS: _Figure(
                14, CAL, INFERRED, "102.46(c): 14 days from the last day for exceptions. " + _ALJ_2014
            ),
            DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: _Figure(
                14, CAL, INFERRED, "102.46(d): 14 days from the last day for cross-exceptions. " + _ALJ_2014
            ),
            DeadlineCode.REPLY_BRIEF: _Figure(
                14, CAL, INFERRED, "102.46(e): 14 days from the last day for answering briefs. " + _ALJ_2014
            ),
            DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                INFERRED,
                "102.46(e): 14 days from the last day for answering briefs to cross-exceptions. " + _ALJ_2014,
            ),
            DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER: _Figure(
                28, CAL, INFERRED, "102.48(c)(2): 28 days after service of the Board's order. " + _ALJ_2014
            ),
            DeadlineCode.BRIEF_ON_REVIEW: _Figure(
                10,
                BUS,
                INFERRED,
                "10 business days after the order granting review, as the current text of 102.67(h); the "
                "2015 text was not checked.",
            ),
        },
        "2019": {
            DeadlineCode.OBJECTIONS: _Figure(
                5,
                BUS,
                INFERRED,
                "The 2019 rule's section, left in place by the 2023 rule; fits Bessemer (tally 2021-04-09, "
                "objections due 2021-04-16), JFK8 and LDJ5.",
            ),
            DeadlineCode.OFFER_OF_PROOF: _Figure(
                5, BUS, INFERRED, "With the objections, as the 2019 section left in place (102.69(a)(8))."
            ),
            DeadlineCode.REVISED_TALLY_OBJECTIONS: _Figure(
                5,
                BUS,
                INFERRED,
                "102.69(e) as the 2023 rule left it: 5 business days after the revised tally.",
            ),
            DeadlineCode.HEARING: _Figure(
                15,
                BUS,
                INFERRED,
                "15 business days after the tally, as the 2019 section the 2023 rule left in place "
                "(102.69(c)(1)(ii)); or as soon as practicable. A target, not a bar.",
            ),
            DeadlineCode.POST_HEARING_BRIEF: _Figure(
                5,
                BUS,
                FR,
                "2019 text as quoted at 88 FR 14913: briefs as of right within 5 business days after the "
                "hearing closes, extendable by up to 10 more business days.",
            ),
            DeadlineCode.EXCEPTIONS: _Figure(
                10,
                BUS,
                INFERRED,
                "10 business days (102.69(c)(1)(iii) as left in place); JFK8 (29-RC-288020): report "
                "2022-09-01, exceptions due 2022-09-16.",
            ),
            DeadlineCode.ANSWERING_BRIEF: _Figure(
                5, BUS, INFERRED, "5 business days from the last day for exceptions, as the 2023 text."
            ),
            DeadlineCode.REQUEST_FOR_REVIEW: _Figure(
                10,
                BUS,
                INFERRED,
                "10 business days after a final disposition, as the 2023 text of 102.67(c); Starbucks "
                "03-RC-282139: certified 2022-01-10, review due 2022-01-25 ('10 business days', MLK Day "
                "skipped). In conflict, JFK8's reported due date of 2023-01-25 fits 14 calendar days.",
            ),
            DeadlineCode.OPPOSITION: _Figure(
                5, BUS, INFERRED, "5 business days after the request was due, as the 2023 text of 102.67(f)."
            ),
            DeadlineCode.RECONSIDERATION: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2019 + "a motion for reconsideration or rehearing within 10 business days after service "
                "of the decision (102.65(e)(2)).",
            ),
            DeadlineCode.EXCEPTIONS_TO_BOARD: _Figure(
                28, CAL, CFR, "Current CFR text of 102.46(a): 28 days (also 102.69(c)(2))."
            ),
            DeadlineCode.ANSWERING_BRIEF_TO_BOARD: _Figure(
                14, CAL, CFR, "Current CFR text of 102.46(b): 14 days from the last day for exceptions."
            ),
            DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE: _Figure(
                28,
                CAL,
                CFR,
                _CFR_2019 + "in a consolidated case after a stipulated or directed election the request for "
                "review of the decision and direction of election is due with the exceptions to the ALJ's "
                "decision (102.69(c)(2)).",
            ),
            DeadlineCode.CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                CFR,
                _CFR_102_46 + "cross-exceptions within 14 days from the last date on which exceptions may be "
                "filed (102.46(c)).",
            ),
            DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                CFR,
                _CFR_102_46 + "an answering brief to cross-exceptions within 14 days from the last date on "
                "which cross-exceptions may be filed (102.46(d)).",
            ),
            DeadlineCode.REPLY_BRIEF: _Figure(
                14,
                CAL,
                CFR,
                _CFR_102_46 + "a reply brief within 14 days from the last date on which an answering brief "
                "may be filed (102.46(e)).",
            ),
            DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                CFR,
                _CFR_102_46
                + "a reply brief to an answering brief filed pursuant to paragraph (d) within 14 days "
                "from the last date on which that answering brief may be filed (102.46(e)).",
            ),
            DeadlineCode.BOARD_RECONSIDERATION: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2019 + "a motion for reconsideration or rehearing within 10 business days after service "
                "of the decision (102.65(e)(2)), the Board's as the Regional Director's",
            ),
            DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER: _Figure(
                28,
                CAL,
                INFERRED,
                "The current text of 102.48(c)(2): 28 days after the service of the Board's decision or order. "
                "The project's copy of 102.48 has no history line, so whether the section read the same for "
                "2019 cases was not checked.",
            ),
            DeadlineCode.BRIEF_ON_REVIEW: _Figure(
                10,
                BUS,
                INFERRED,
                "10 business days after the order granting review, as the current text of 102.67(h); the "
                "section was amended in 2023 (88 FR 14912, 88 FR 58101), so the 2019 wording is not "
                "confirmed.",
            ),
        },
        "2023": {
            DeadlineCode.OBJECTIONS: _Figure(
                5, BUS, CFR, _CFR_2023 + "within 5 business days after the tally is prepared (102.69(a)(8))."
            ),
            DeadlineCode.OFFER_OF_PROOF: _Figure(
                5,
                BUS,
                CFR,
                _CFR_2023 + "the written offer of proof is filed with the objections (102.69(a)(8)).",
            ),
            DeadlineCode.REVISED_TALLY_OBJECTIONS: _Figure(
                5,
                BUS,
                CFR,
                _CFR_2023 + "objections to a revised tally within 5 business days after it has been made "
                "available (102.69(e)).",
            ),
            DeadlineCode.HEARING: _Figure(
                15,
                BUS,
                CFR,
                _CFR_2023
                + "the hearing is set for 15 business days after the tally is prepared or as soon as "
                "practicable, unless the parties agree to an earlier date (102.69(c)(1)(ii)). A target, not a "
                "bar.",
            ),
            DeadlineCode.EXCEPTIONS: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2023 + "within 10 business days from issuance of the report (102.69(c)(1)(iii)).",
            ),
            DeadlineCode.ANSWERING_BRIEF: _Figure(
                5,
                BUS,
                CFR,
                _CFR_2023 + "within 5 business days from the last date on which exceptions may be filed "
                "(102.69(c)(1)(iii)).",
            ),
            DeadlineCode.REQUEST_FOR_REVIEW: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2023 + "until 10 business days after a final disposition by the Regional Director "
                "(102.67(c)); final disposition defined in 102.69(h).",
            ),
            DeadlineCode.OPPOSITION: _Figure(
                5,
                BUS,
                CFR,
                _CFR_2023
                + "within 5 business days after the last day on which the request for review must be "
                "filed (102.67(f)).",
            ),
            DeadlineCode.RECONSIDERATION: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2023 + "within 10 business days after service of the decision or report (102.65(e)(2)).",
            ),
            DeadlineCode.EXCEPTIONS_TO_BOARD: _Figure(
                28,
                CAL,
                CFR,
                _CFR_2023 + "28 days from service of the order transferring the case (102.46(a)).",
            ),
            DeadlineCode.ANSWERING_BRIEF_TO_BOARD: _Figure(
                14, CAL, CFR, _CFR_2023 + "14 days from the last day for exceptions (102.46(b))."
            ),
            DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE: _Figure(
                28,
                CAL,
                CFR,
                _CFR_2023 + "due at the same time as the exceptions to the ALJ's decision (102.69(c)(2)).",
            ),
            DeadlineCode.CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                CFR,
                _CFR_2023 + "cross-exceptions within 14 days from the last date on which exceptions may be "
                "filed (102.46(c)).",
            ),
            DeadlineCode.ANSWERING_BRIEF_TO_CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                CFR,
                _CFR_2023
                + "an answering brief to cross-exceptions within 14 days from the last date on which "
                "cross-exceptions may be filed (102.46(d)).",
            ),
            DeadlineCode.REPLY_BRIEF: _Figure(
                14,
                CAL,
                CFR,
                _CFR_2023 + "a reply brief within 14 days from the last date on which an answering brief may "
                "be filed (102.46(e)).",
            ),
            DeadlineCode.REPLY_BRIEF_TO_CROSS_EXCEPTIONS: _Figure(
                14,
                CAL,
                CFR,
                _CFR_2023
                + "a reply brief to an answering brief filed pursuant to paragraph (d) within 14 days "
                "from the last date on which that answering brief may be filed (102.46(e)).",
            ),
            DeadlineCode.BOARD_RECONSIDERATION: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2023 + "a motion for reconsideration or rehearing within 10 business days after service "
                "of the decision (102.65(e)(2)), entertained by the Board as by a Regional Director (102.65(e)(1))",
            ),
            DeadlineCode.RECONSIDERATION_OF_BOARD_ORDER: _Figure(
                28,
                CAL,
                CFR,
                _CFR_2023
                + "a motion for reconsideration or rehearing within 28 days after the service of the "
                "Board's decision or order (102.48(c)(2)).",
            ),
            DeadlineCode.BRIEF_ON_REVIEW: _Figure(
                10,
                BUS,
                CFR,
                _CFR_2023 + "briefs within 10 business days after issuance of an order granting review "
                "(102.67(h)).",
            ),
        },
    }
)


# Table entries whose deadline carries another code: objections to a revised tally are ``objections`` (the
# issue and product.md keep one code for objections), beside those of the original tally.
_DEADLINE_CODE: Mapping[str, str] = MappingProxyType(
    {DeadlineCode.REVISED_TALLY_OBJECTIONS: DeadlineCode.OBJECTIONS}
)


# Triggers counted, link by link, from the ALJ's decision (which stands in for the transfer order, _ALJ_NOTE).
_COUNTED_FROM_ALJ = (
    "alj_decision",
    "exceptions_to_board",
    "cross_exceptions",
    "answering_brief_to_board",
    "answering_brief_to_cross_exceptions",
)


def _build() -> dict[RuleSetName, Mapping[str, Period]]:
    tables: dict[RuleSetName, Mapping[str, Period]] = {}
    for rule_set, figures in _FIGURES.items():
        table: dict[str, Period] = {}
        for code, figure in figures.items():
            shape = _SHAPES[code]
            citation = shape.citation
            if rule_set == "2014" and code in (DeadlineCode.OBJECTIONS, DeadlineCode.OFFER_OF_PROOF):
                # The current text numbers the paragraph (a)(8); whether the 2015 text did is not verified.
                citation = "29 CFR 102.69(a)"
            table[code] = Period(
                code=_DEADLINE_CODE.get(code, code),
                label=shape.label,
                trigger=shape.trigger,
                length=figure.length,
                unit=figure.unit,
                citation=citation,
                source=figure.source,
                evidence=figure.evidence,
                responsive=shape.responsive,
                target_only=shape.target_only,
                filed_with=shape.filed_with,
                note=shape.note,
                assumption=_ALJ_NOTE if shape.trigger in _COUNTED_FROM_ALJ else "",
            )
        tables[rule_set] = MappingProxyType(table)
    return tables


PERIODS: Mapping[RuleSetName, Mapping[str, Period]] = MappingProxyType(_build())

# The codes of the rule-set tables (each has a period or a reason in every rule set); the other codes of
# ``DeadlineCode`` run beside the case (the test of certification, the courts).
TABLE_CODES: tuple[DeadlineCode, ...] = tuple(DeadlineCode(code) for code in _SHAPES)

# Why a deadline code has no period in a rule set.
_NO_PERIOD: Mapping[tuple[str, str], str] = MappingProxyType(
    {
        (
            "2014",
            DeadlineCode.POST_HEARING_BRIEF,
        ): "post-hearing briefs need the hearing officer's special permission",
        (
            "2023",
            DeadlineCode.POST_HEARING_BRIEF,
        ): "post-hearing briefs need the hearing officer's special permission",
        (
            "2014",
            DeadlineCode.RECONSIDERATION,
        ): "no figure was found for the 2014 rules (102.65(e)); check by hand",
        (
            "2014",
            DeadlineCode.BOARD_RECONSIDERATION,
        ): "no figure was found for the 2014 rules (102.65(e)); check by hand",
        (
            "2014",
            DeadlineCode.REQUEST_FOR_REVIEW_OF_DDE,
        ): "the rule that a request for review of the direction of "
        "election is due with the exceptions to the ALJ (102.69(c)(2)) dates from 2019; check by hand",
    }
)


def filed_with(code: str) -> FiledWith | None:
    """Where a paper of this deadline code is filed, whatever the rule set (the office whose 11:59 p.m. is the
    cutoff, 102.2(b)); None for a code no rule set holds (the courts', the answer to a complaint)."""
    for entry, shape in _SHAPES.items():
        if entry == code or _DEADLINE_CODE.get(entry) == code:
            return shape.filed_with
    return None


def period(rule_set: str, code: str) -> Period:
    """The period ``code`` under ``rule_set``; ``UnknownRuleSet`` or ``UnknownPeriod`` if there is none."""
    if not is_rule_set(rule_set):
        raise UnknownRuleSet(f"unknown rule set {rule_set!r}; expected one of {', '.join(RULE_SET_NAMES)}")
    try:
        return PERIODS[rule_set][code]
    except KeyError:
        pass
    why = _NO_PERIOD.get((rule_set, code))
    if why is not None:
        raise UnknownPeriod(f"the {rule_set} rules set no {code} period: {why}") from None
    known = ", ".join(PERIODS[rule_set])
    raise UnknownPeriod(f"no period {code!r} under the {rule_set} rules; known: {known}") from None
