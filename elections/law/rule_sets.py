"""Post-election periods of 29 CFR Part 102 as data, one table per version of the representation rules.

Three rule sets, chosen by the date the petition was filed (never by the date of the event):

- ``"2014"``: 79 FR 74308, petitions filed on or after 2015-04-14.
- ``"2019"``: 84 FR 69524, petitions filed 2020-05-31 to 2023-12-25, minus the provisions that were enjoined
  and never took effect (88 FR 14908).
- ``"2023"``: 88 FR 58076, petitions filed on or after 2023-12-26; "substantially" a return to 2014.

Petitions filed before 2015-04-14 get no rule set (``rule_set_for_petition`` returns ``None``): the caller
must flag them, because these tables do not describe the older rules.

Every ``Period`` carries its citation, its evidence (``source``) and ``verified``. Only a figure of high
confidence in the provenance table is ``verified=True``; everything else must be shown to the user as
UNVERIFIED so that a lawyer knows which dates to check.

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


# What starts each period, as a phrase for "N days after …".
TRIGGER_PHRASES: Mapping[str, str] = MappingProxyType(
    {
        "tally": "the tally",
        "hearing_closed": "the close of the hearing",
        "hearing_officer_report": "the hearing officer's report",
        "exceptions": "the due date for exceptions",
        "regional_director_decision": "the Regional Director's decision",
        "request_for_review": "the due date for the request for review",
        "alj_decision": "the administrative law judge's decision",
    }
)


@dataclass(frozen=True)
class Period:
    """One time limit: ``length`` ``unit`` after the ``trigger`` event.

    ``responsive`` periods answer an earlier document and run from that document's *due* date, even when it
    was filed early (29 CFR 102.2(a)). ``target_only`` marks a date the Agency aims for but may miss (the
    hearing opens 21 days after the tally "or as soon as practicable"): never treat it as a bar.
    """

    code: str
    label: str
    trigger: str
    length: int
    unit: Unit
    citation: str
    verified: bool
    source: str
    responsive: bool
    target_only: bool = False
    # Where the document is filed, which sets the clock of the 11:59 p.m. cutoff (102.2(b)): the regional
    # office, or the Board's Executive Secretary in Washington, D.C. (requests for review, 102.67).
    filed_with: FiledWith = "region"

    def __post_init__(self) -> None:
        if self.length < 1:
            raise ValueError(f"period {self.code!r} must be at least one day long, not {self.length}")
        if self.trigger not in TRIGGER_PHRASES:
            raise ValueError(f"period {self.code!r} has an unknown trigger {self.trigger!r}")

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


_OBJECTIONS_LABEL = "Objections and offer of proof"
_OFFER_LABEL = "Offer of proof in support of objections"
_OFFER_NOTE = (
    " The offer of proof is filed together with the objections (102.69(a)(8)); the Regional Director may "
    "extend the offer of proof alone, for good cause."
)
_HEARING_LABEL = "Post-election hearing opens (target)"
_EXCEPTIONS_LABEL = "Exceptions to the hearing officer's report"
_ANSWERING_LABEL = "Answering brief to exceptions"
_RFR_LABEL = "Request for review by the Board"
_OPPOSITION_LABEL = "Opposition to the request for review"

_C_OBJECTIONS = "29 CFR 102.69(a)(8)"
_C_HEARING = "29 CFR 102.69(c)(1)(ii)"
_C_EXCEPTIONS = "29 CFR 102.69(c)(1)(iii)"
_C_ANSWERING = "29 CFR 102.69(c)(1)(iii), 102.2(a)"
_C_RFR = "29 CFR 102.69(c)(2), 102.67(c)"
_C_OPPOSITION = "29 CFR 102.67(f), 102.2(a)"

_S_OBJECTIONS = {
    "2014": "NLRB FAQ on the 2015 representation procedures: objections within 7 days after the tally "
    "(high confidence).",
    "2019": "The business-day form is believed to date from the 2019 rule; confirmed by the filing dates in "
    "Bessemer (tally 2021-04-09, objections due 2021-04-16), JFK8 and LDJ5 (high confidence).",
    "2023": "CFR text of 102.69(a)(8), current through August 2024: 5 business days after the tally is "
    "prepared (high confidence).",
}


def _objections(rule_set: RuleSetName, length: int, unit: Unit) -> dict[str, Period]:
    # The current text numbers the objections paragraph (a)(8); whether the 2015 text already did is not
    # verified, so the 2014 entry cites the paragraph only as 102.69(a).
    citation = "29 CFR 102.69(a)" if rule_set == "2014" else _C_OBJECTIONS
    return {
        "objections": Period(
            code="objections",
            label=_OBJECTIONS_LABEL,
            trigger="tally",
            length=length,
            unit=unit,
            citation=citation,
            verified=True,
            source=_S_OBJECTIONS[rule_set],
            responsive=False,
        ),
        "offer_of_proof": Period(
            code="offer_of_proof",
            label=_OFFER_LABEL,
            trigger="tally",
            length=length,
            unit=unit,
            citation=citation,
            verified=True,
            source=_S_OBJECTIONS[rule_set] + _OFFER_NOTE,
            responsive=False,
        ),
    }


def _hearing(rule_set: RuleSetName) -> Period:
    if rule_set == "2014":
        verified, source = (
            True,
            "NLRB FAQ: the hearing opens 21 days after the tally or as soon as practicable, earlier if the "
            "parties agree (high confidence for 2014). A target, not a bar.",
        )
    else:
        verified, source = (
            False,
            f"No hearing-date figure found in the {rule_set} rule; the 2014 target of 21 days is assumed "
            "unchanged (unverified). A target, not a bar.",
        )
    return Period(
        code="hearing",
        label=_HEARING_LABEL,
        trigger="tally",
        length=21,
        unit=Unit.calendar_days,
        citation=_C_HEARING,
        verified=verified,
        source=source,
        responsive=False,
        target_only=True,
    )


def _build() -> dict[RuleSetName, Mapping[str, Period]]:
    cal, bus = Unit.calendar_days, Unit.business_days
    tables: dict[RuleSetName, dict[str, Period]] = {
        "2014": {
            **_objections("2014", 7, cal),
            "hearing": _hearing("2014"),
            "exceptions": Period(
                code="exceptions",
                label=_EXCEPTIONS_LABEL,
                trigger="hearing_officer_report",
                length=14,
                unit=cal,
                citation=_C_EXCEPTIONS,
                verified=True,
                source="NLRB FAQ: exceptions to the hearing officer's report within 14 days of its issuance "
                "(high confidence).",
                responsive=False,
            ),
            "answering_brief": Period(
                code="answering_brief",
                label=_ANSWERING_LABEL,
                trigger="exceptions",
                length=7,
                unit=cal,
                citation=_C_ANSWERING,
                verified=True,
                source="NLRB FAQ: answering briefs within 7 days from the last day on which exceptions may "
                "be filed (high confidence).",
                responsive=True,
            ),
            "request_for_review": Period(
                code="request_for_review",
                label=_RFR_LABEL,
                trigger="regional_director_decision",
                length=14,
                unit=cal,
                citation=_C_RFR,
                verified=True,
                source="NLRB FAQ: a request for review within 14 days after the Regional Director's final "
                "disposition (high confidence).",
                responsive=False,
                filed_with="board",
            ),
        },
        "2019": {
            **_objections("2019", 5, bus),
            "hearing": _hearing("2019"),
            "post_hearing_brief": Period(
                code="post_hearing_brief",
                label="Post-hearing brief to the hearing officer",
                trigger="hearing_closed",
                length=5,
                unit=bus,
                citation="84 FR 69524 (2019 rule), as described at 88 FR 14913",
                verified=False,
                source="2019 text as quoted at 88 FR 14913: briefs as of right within 5 business days after "
                "the hearing closes, extendable by up to 10 more business days (medium confidence).",
                responsive=False,
            ),
            "exceptions": Period(
                code="exceptions",
                label=_EXCEPTIONS_LABEL,
                trigger="hearing_officer_report",
                length=10,
                unit=bus,
                citation=_C_EXCEPTIONS,
                verified=False,
                source="Inferred from JFK8 (29-RC-288020): report 2022-09-01, exceptions due 2022-09-16, "
                "which fits 10 business days and not 14 days (2022-09-15); rule text not found "
                "(medium confidence).",
                responsive=False,
            ),
            "answering_brief": Period(
                code="answering_brief",
                label=_ANSWERING_LABEL,
                trigger="exceptions",
                length=5,
                unit=bus,
                citation=_C_ANSWERING,
                verified=False,
                source="Not found in the 2019 rule; 5 business days is assumed by analogy with its other "
                "business-day periods (unverified).",
                responsive=True,
            ),
            "request_for_review": Period(
                code="request_for_review",
                label=_RFR_LABEL,
                trigger="regional_director_decision",
                length=10,
                unit=bus,
                citation=_C_RFR,
                verified=False,
                source="Starbucks 03-RC-282139: certified 2022-01-10, review due 2022-01-25 ('10 business "
                "days', MLK Day skipped). In conflict, JFK8's reported due date of 2023-01-25 fits 14 "
                "calendar days instead (medium confidence).",
                responsive=False,
                filed_with="board",
            ),
        },
        "2023": {
            **_objections("2023", 5, bus),
            "hearing": _hearing("2023"),
            "exceptions": Period(
                code="exceptions",
                label=_EXCEPTIONS_LABEL,
                trigger="hearing_officer_report",
                length=14,
                unit=cal,
                citation=_C_EXCEPTIONS,
                verified=False,
                source="Rule text not found; summaries of the 2023 rule (88 FR 58076), which returned "
                "substantially to 2014, list no change, so the 2014 figure of 14 days is assumed "
                "(unverified).",
                responsive=False,
            ),
            "answering_brief": Period(
                code="answering_brief",
                label=_ANSWERING_LABEL,
                trigger="exceptions",
                length=7,
                unit=cal,
                citation=_C_ANSWERING,
                verified=False,
                source="Rule text not found; the 2014 figure of 7 days from the exceptions due date is "
                "assumed with the rest of the 2023 return to 2014 (unverified).",
                responsive=True,
            ),
            "request_for_review": Period(
                code="request_for_review",
                label=_RFR_LABEL,
                trigger="regional_director_decision",
                length=14,
                unit=cal,
                citation=_C_RFR,
                verified=False,
                source="Rule text not found; the 2014 figure of 14 days is assumed with the rest of the "
                "2023 return to 2014 (unverified).",
                responsive=False,
                filed_with="board",
            ),
        },
    }
    for rule_set, table in tables.items():
        # Not a representation-case rule: when the RD consolidates objections with an unfair-labor-practice
        # complaint (Midland; Bessemer 2023-24), exceptions to the ALJ's decision go to the Board under
        # 102.46, whatever the rule set.
        table["exceptions_to_board"] = Period(
            code="exceptions_to_board",
            label="Exceptions to the administrative law judge's decision (to the Board)",
            trigger="alj_decision",
            length=28,
            unit=cal,
            citation="29 CFR 102.46(a)",
            verified=False,
            source="nlrb-procedure.md §5.2: exceptions to the Board 28 days after the ALJ decision (102.46), "
            "as in Midland and Bessemer 2023-24; the current text of 102.46 was not checked (unverified).",
            responsive=False,
            filed_with="board",
        )
        table["opposition"] = Period(
            code="opposition",
            label=_OPPOSITION_LABEL,
            trigger="request_for_review",
            length=7,
            unit=cal,
            citation=_C_OPPOSITION,
            verified=False,
            source=f"7 days after the last day for filing the request, from the pre-2014 text of 102.67; not "
            f"confirmed for the {rule_set} rules (unverified).",
            responsive=True,
            filed_with="board",
        )
    return {name: MappingProxyType(table) for name, table in tables.items()}


PERIODS: Mapping[RuleSetName, Mapping[str, Period]] = MappingProxyType(_build())

DEADLINE_CODES: tuple[str, ...] = (
    "objections",
    "offer_of_proof",
    "hearing",
    "post_hearing_brief",
    "exceptions",
    "answering_brief",
    "request_for_review",
    "opposition",
    "exceptions_to_board",
)

# Why a deadline code has no period in a rule set.
_NO_PERIOD: Mapping[tuple[str, str], str] = MappingProxyType(
    {
        ("2014", "post_hearing_brief"): "post-hearing briefs need the hearing officer's special permission",
        ("2023", "post_hearing_brief"): "post-hearing briefs need the hearing officer's special permission",
    }
)


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
