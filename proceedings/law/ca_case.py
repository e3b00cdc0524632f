"""The test of certification: its own track beside the representation case — plain Python.

After a certification of representative an employer that wants the courts to review the certification
refuses to bargain (a "technical" refusal); the union files an 8(a)(5) charge, the Regional Director issues
a complaint, the General Counsel moves for summary judgment, the Board issues a notice to show cause and then
its decision and order; the order goes to a court of appeals (Boire v. Greyhound, 376 U.S. 473 (1964);
nlrb-procedure.md §8). None of this waits for the representation case: JFK8's refusal, complaint
(29-CA-318069, 2023-07-12) and summary-judgment motion (2023-08-23) came while the request for review of the
certification was pending (denied 2024-08-29). So these events never move the election's stage
(``ladder.SIDE_TRACK``); ``replay`` orders them here:

- ``refusal_to_bargain`` opens a test once a certification of representative has issued (on or before its
  date), whatever the representation case's stage; its ``ulp_case`` (the CA number) names the test, and every
  later CA event belongs to it (one given that names another case is refused).
- CA stages: ``charge_filed`` (a CA number exists once the charge is filed) → ``complaint_issued`` →
  ``summary_judgment`` (the General Counsel's motion; the notice to show cause) → ``board_order`` → ``court``
  → ``closed``. The Board's order may follow the refusal directly when the record lacks the steps between.
  ``board_order`` outcomes: ``bargaining_ordered`` (default), ``complaint_dismissed`` (the test ends, unless a
  party takes the order to court), ``remanded`` (back to the complaint stage).
- Courts (``proceedings.law.courts``): only once a Board order exists (409 before); several filings per order
  (a petition for review and the Board's cross-application); ``court_cases_consolidated`` (28 U.S.C.
  2112(a)) in one court; a decision on a docket filed on this case (409 otherwise) decides its consolidated
  cases with it; rehearing, mandate, certiorari and the Supreme Court's decision follow per docket. A decision
  ends the test when every docket of it is done — it never closes the representation case.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from enum import StrEnum
from types import MappingProxyType
from typing import Final

from core.law.labelled import LabelledEnum, labels
from elections.law import rule_sets
from proceedings.law import courts
from proceedings.law.ladder import Event

E = Event


class TocStage(LabelledEnum):
    CHARGE_FILED = "charge_filed", "Charge filed (refusal to bargain)"
    COMPLAINT_ISSUED = "complaint_issued", "Complaint issued"
    SUMMARY_JUDGMENT = "summary_judgment", "Before the Board (summary judgment)"
    BOARD_ORDER = "board_order", "Board order issued"
    COURT = "court", "Before the court"
    CLOSED = "closed", "Closed"


TOC_STAGE_LABELS: Mapping[TocStage, str] = labels(TocStage)

BOARD_ORDER_OUTCOMES: Final = ("bargaining_ordered", "complaint_dismissed", "remanded")
DEFAULT_BOARD_ORDER: Final = "bargaining_ordered"


class CourtStage(StrEnum):
    FILED = "filed"
    CONSOLIDATED = "consolidated"  # follows its lead docket
    DECIDED = "decided"
    REHEARING = "rehearing"
    MANDATE_ISSUED = "mandate_issued"
    CERTIORARI = "certiorari"
    SUPREME_COURT = "supreme_court"
    CLOSED = "closed"


OPEN_COURT_STAGES: Final = frozenset(
    {
        CourtStage.FILED,
        CourtStage.CONSOLIDATED,
        CourtStage.REHEARING,
        CourtStage.CERTIORARI,
        CourtStage.SUPREME_COURT,
    }
)


@dataclass(frozen=True)
class CourtCase:
    court: str
    docket: str
    kind: str
    party: int | None
    stage: CourtStage = CourtStage.FILED
    outcome: str | None = None
    lead: str | None = None  # the lead docket it was consolidated under
    filed_on: date | None = None
    decided_on: date | None = None
    before_certiorari: CourtStage | None = None


@dataclass(frozen=True)
class Test:
    ulp_case: str
    stage: TocStage
    opened_on: date
    events: frozenset[Event] = field(default_factory=frozenset)
    board_order: str | None = None
    court_cases: tuple[CourtCase, ...] = ()

    def court_case(self, docket: str) -> CourtCase | None:
        return next((c for c in self.court_cases if c.docket == docket), None)


@dataclass(frozen=True)
class TocFact:
    event: Event
    occurred_on: date
    details: Mapping[str, object]
    ref: int = 0


class TocRefused(Exception):
    """The event cannot be recorded on the test of certification now; ``allowed`` lists what can."""

    def __init__(self, fact: TocFact, why: str, allowed: Sequence[Event]) -> None:
        self.fact = fact
        self.allowed = tuple(allowed)
        text = f"{fact.event.value} cannot be recorded on the test of certification: {why}"
        text += (". Allowed next: " + ", ".join(self.allowed) + ".") if self.allowed else "."
        super().__init__(text)
        self.message = text


@dataclass(frozen=True)
class TocReplay:
    tests: tuple[Test, ...]
    before: Mapping[int, Test | None]

    @property
    def current(self) -> Test | None:
        return self.tests[-1] if self.tests else None


def _str(details: Mapping[str, object], key: str) -> str | None:
    value = details.get(key)
    return value if isinstance(value, str) and value else None


def derive_stage(test: Test) -> TocStage:
    """The stage a test is at, from its Board order and its court cases."""
    if test.court_cases:
        if any(c.stage in OPEN_COURT_STAGES for c in test.court_cases):
            return TocStage.COURT
        if any(c.outcome == "remanded" and c.stage is not CourtStage.CLOSED for c in test.court_cases):
            return TocStage.SUMMARY_JUDGMENT if test.board_order is None else TocStage.COURT
        return TocStage.CLOSED
    return test.stage


def _court_allowed(test: Test) -> list[Event]:
    out: list[Event] = []
    if test.board_order not in (None, "remanded"):
        out.append(E.COURT_PETITION_FILED)
    stages = {c.stage for c in test.court_cases}
    if len([c for c in test.court_cases if c.stage is CourtStage.FILED]) >= 2:
        out.append(E.COURT_CASES_CONSOLIDATED)
    if stages & {CourtStage.FILED}:
        out.append(E.COURT_DECISION)
    if CourtStage.DECIDED in stages:
        out += [E.REHEARING_PETITION_FILED, E.MANDATE_ISSUED, E.CERTIORARI_PETITION_FILED]
    if CourtStage.MANDATE_ISSUED in stages and E.CERTIORARI_PETITION_FILED not in out:
        out.append(E.CERTIORARI_PETITION_FILED)
    if CourtStage.REHEARING in stages:
        out.append(E.REHEARING_DECISION)
    if CourtStage.CERTIORARI in stages:
        out.append(E.CERTIORARI_DECISION)
    if CourtStage.SUPREME_COURT in stages:
        out.append(E.SUPREME_COURT_DECISION)
    return out


def allowed(test: Test | None, *, certified: bool) -> tuple[Event, ...]:
    """The test-of-certification events that may be recorded next."""
    if test is None or (derive_stage(test) is TocStage.CLOSED and not _court_allowed(test)):
        return (E.REFUSAL_TO_BARGAIN,) if certified else ()
    stage = test.stage
    out: list[Event] = []
    if stage is TocStage.CHARGE_FILED:
        if E.ULP_CHARGE_FILED not in test.events:
            out.append(E.ULP_CHARGE_FILED)
        out += [E.COMPLAINT_ISSUED, E.BOARD_ORDER]
    elif stage is TocStage.COMPLAINT_ISSUED:
        if E.ANSWER_FILED not in test.events:
            out.append(E.ANSWER_FILED)
        out += [E.SUMMARY_JUDGMENT_MOTION_FILED, E.BOARD_ORDER]
    elif stage is TocStage.SUMMARY_JUDGMENT:
        if E.ANSWER_FILED not in test.events:
            out.append(E.ANSWER_FILED)
        out += [E.NOTICE_TO_SHOW_CAUSE, E.BOARD_ORDER]
    out += _court_allowed(test)
    if derive_stage(test) is TocStage.CLOSED and certified:
        out.append(E.REFUSAL_TO_BARGAIN)
    return tuple(dict.fromkeys(out))


def replay(*, certified_on: date | None, facts: Sequence[TocFact]) -> TocReplay:
    """The tests of certification of a case from its side-track events (oldest first by date, then ``ref``);
    ``certified_on``: when a certification of representative issued (None: none has). Raises ``TocRefused``."""
    tests: list[Test] = []
    before: dict[int, Test | None] = {}
    for fact in sorted(facts, key=lambda f: (f.occurred_on, f.ref)):
        current = tests[-1] if tests else None
        before[fact.ref] = current
        certified = certified_on is not None and certified_on <= fact.occurred_on
        if fact.event is E.REFUSAL_TO_BARGAIN:
            if not certified:
                raise TocRefused(
                    fact,
                    "a test of certification follows a certification of representative, and none had issued "
                    f"by {fact.occurred_on.isoformat()}",
                    (),
                )
            if current is not None and derive_stage(current) is not TocStage.CLOSED:
                raise TocRefused(
                    fact,
                    f"the test of certification in {current.ulp_case} is still open",
                    allowed(current, certified=certified),
                )
            ulp = _str(fact.details, "ulp_case") or ""
            tests.append(Test(ulp_case=ulp, stage=TocStage.CHARGE_FILED, opened_on=fact.occurred_on))
            continue
        if current is None:
            raise TocRefused(
                fact,
                "no refusal to bargain is recorded: the test of certification starts with refusal_to_bargain",
                allowed(None, certified=certified),
            )
        named = _str(fact.details, "ulp_case")
        if named is not None and named != current.ulp_case:
            raise TocRefused(
                fact,
                f"ulp_case {named} is not the test of certification of this case ({current.ulp_case})",
                allowed(current, certified=certified),
            )
        if fact.event not in allowed(current, certified=certified):
            raise TocRefused(fact, _why(current, fact), allowed(current, certified=certified))
        tests[-1] = _move(current, fact)
    return TocReplay(tuple(tests), MappingProxyType(before))


def _why(test: Test, fact: TocFact) -> str:
    event = fact.event
    if event is E.COURT_PETITION_FILED:
        return f"the Board has issued no order in {test.ulp_case} for a court to review"
    docket = _str(fact.details, "docket")
    if docket is not None and test.court_case(docket) is None:
        filed = ", ".join(f"{c.court} {c.docket}" for c in test.court_cases) or "none"
        return f"docket {docket} is not a court filing on this case (filed: {filed})"
    if event in (E.COURT_DECISION, E.REHEARING_PETITION_FILED, E.MANDATE_ISSUED, E.CERTIORARI_PETITION_FILED):
        return "no docket of this case is at that step"
    if event in (E.ULP_CHARGE_FILED, E.ANSWER_FILED) and event in test.events:
        return "it is already recorded"
    return f"the test of certification is at {derive_stage(test).value}"


def _move(test: Test, fact: TocFact) -> Test:
    event, details = fact.event, fact.details
    events = test.events | {event}
    if event is E.ULP_CHARGE_FILED:
        return replace(test, events=events)
    if event is E.COMPLAINT_ISSUED:
        return replace(test, stage=TocStage.COMPLAINT_ISSUED, events=events)
    if event is E.ANSWER_FILED:
        return replace(test, events=events)
    if event is E.SUMMARY_JUDGMENT_MOTION_FILED:
        return replace(test, stage=TocStage.SUMMARY_JUDGMENT, events=events)
    if event is E.NOTICE_TO_SHOW_CAUSE:
        return replace(test, events=events)
    if event is E.BOARD_ORDER:
        outcome = _str(details, "outcome") or DEFAULT_BOARD_ORDER
        if outcome == "remanded":
            return replace(test, stage=TocStage.COMPLAINT_ISSUED, board_order=outcome, events=events)
        stage = TocStage.CLOSED if outcome == "complaint_dismissed" else TocStage.BOARD_ORDER
        return replace(test, stage=stage, board_order=outcome, events=events)
    return _court_move(test, fact)


def _docket_of(test: Test, fact: TocFact, stages: frozenset[CourtStage]) -> CourtCase:
    docket = _str(fact.details, "docket")
    if docket is None:
        candidates = [c for c in test.court_cases if c.stage in stages]
        if len(candidates) != 1:
            raise TocRefused(fact, "name the docket (details.docket)", allowed(test, certified=True))
        return candidates[0]
    found = test.court_case(docket)
    if found is None:
        filed = ", ".join(f"{c.court} {c.docket}" for c in test.court_cases) or "none"
        raise TocRefused(
            fact,
            f"docket {docket} is not a court filing on this case (filed: {filed})",
            allowed(test, certified=True),
        )
    court = _str(fact.details, "court")
    if court is not None and court != found.court:
        raise TocRefused(
            fact, f"docket {docket} is in the {found.court}, not the {court}", allowed(test, certified=True)
        )
    if found.stage is CourtStage.CONSOLIDATED and found.lead is not None:
        lead = test.court_case(found.lead)
        if lead is not None and CourtStage.CONSOLIDATED not in stages:
            found = lead
    if found.stage not in stages:
        raise TocRefused(
            fact, f"docket {found.docket} is at {found.stage.value}", allowed(test, certified=True)
        )
    return found


def _with(test: Test, docket: str, **changes: object) -> tuple[CourtCase, ...]:
    """The court cases with ``docket`` (and the cases consolidated under it) changed."""
    out = []
    for case in test.court_cases:
        if case.docket == docket or (case.lead == docket and case.stage is CourtStage.CONSOLIDATED):
            case = replace(case, **changes)  # type: ignore[arg-type]
        out.append(case)
    return tuple(out)


def _court_move(test: Test, fact: TocFact) -> Test:
    event, details, on = fact.event, fact.details, fact.occurred_on
    events = test.events | {event}
    if event is E.COURT_PETITION_FILED:
        docket = _str(details, "docket") or ""
        if test.court_case(docket) is not None:
            raise TocRefused(
                fact, f"docket {docket} is already filed on this case", allowed(test, certified=True)
            )
        party = details.get("party")
        filed = CourtCase(
            court=_str(details, "court") or "",
            docket=docket,
            kind=_str(details, "kind") or "petition_for_review",
            party=party if isinstance(party, int) and not isinstance(party, bool) else None,
            filed_on=on,
        )
        return replace(test, stage=TocStage.COURT, court_cases=(*test.court_cases, filed), events=events)
    if event is E.COURT_CASES_CONSOLIDATED:
        raw = details.get("dockets")
        dockets = [str(d) for d in raw] if isinstance(raw, list) else []
        lead = _str(details, "lead_docket") or ""
        court = _str(details, "court")
        for docket in dockets:
            found = test.court_case(docket)
            if found is None:
                raise TocRefused(
                    fact, f"docket {docket} is not a court filing on this case", allowed(test, certified=True)
                )
            if court is not None and found.court != court:
                raise TocRefused(
                    fact,
                    f"docket {docket} is in the {found.court}: cases in different circuits are not consolidated "
                    "but sent to one court (28 U.S.C. 2112(a)); record the transfer (court_decision, transferred)",
                    allowed(test, certified=True),
                )
            if found.stage is not CourtStage.FILED:
                raise TocRefused(
                    fact, f"docket {docket} is at {found.stage.value}", allowed(test, certified=True)
                )
        cases = tuple(
            replace(c, stage=CourtStage.CONSOLIDATED, lead=lead)
            if c.docket in dockets and c.docket != lead
            else c
            for c in test.court_cases
        )
        return replace(test, court_cases=cases, events=events)
    if event is E.COURT_DECISION:
        case = _docket_of(test, fact, frozenset({CourtStage.FILED}))
        outcome = _str(details, "outcome")
        stage = CourtStage.CLOSED if outcome == "transferred" else CourtStage.DECIDED
        return replace(
            test,
            court_cases=_with(test, case.docket, stage=stage, outcome=outcome, decided_on=on),
            events=events,
        )
    if event is E.REHEARING_PETITION_FILED:
        case = _docket_of(test, fact, frozenset({CourtStage.DECIDED}))
        return replace(test, court_cases=_with(test, case.docket, stage=CourtStage.REHEARING), events=events)
    if event is E.REHEARING_DECISION:
        case = _docket_of(test, fact, frozenset({CourtStage.REHEARING}))
        if _str(details, "outcome") == "granted":
            changed = _with(test, case.docket, stage=CourtStage.FILED, outcome=None)
        else:
            changed = _with(test, case.docket, stage=CourtStage.DECIDED)
        return replace(test, court_cases=changed, events=events)
    if event is E.MANDATE_ISSUED:
        case = _docket_of(test, fact, frozenset({CourtStage.DECIDED}))
        return replace(
            test, court_cases=_with(test, case.docket, stage=CourtStage.MANDATE_ISSUED), events=events
        )
    if event is E.CERTIORARI_PETITION_FILED:
        case = _docket_of(test, fact, frozenset({CourtStage.DECIDED, CourtStage.MANDATE_ISSUED}))
        changed = _with(test, case.docket, stage=CourtStage.CERTIORARI, before_certiorari=case.stage)
        return replace(test, court_cases=changed, events=events)
    if event is E.CERTIORARI_DECISION:
        case = _docket_of(test, fact, frozenset({CourtStage.CERTIORARI}))
        if _str(details, "outcome") == "granted":
            changed = _with(test, case.docket, stage=CourtStage.SUPREME_COURT)
        else:
            changed = _with(test, case.docket, stage=case.before_certiorari or CourtStage.DECIDED)
        return replace(test, court_cases=changed, events=events)
    if event is E.SUPREME_COURT_DECISION:
        case = _docket_of(test, fact, frozenset({CourtStage.SUPREME_COURT}))
        outcome = _str(details, "outcome")
        return replace(
            test,
            court_cases=_with(test, case.docket, stage=CourtStage.CLOSED, outcome=outcome),
            events=events,
        )
    raise TocRefused(fact, "not an event of the test of certification", ())


def as_status(test: Test | None) -> dict[str, object] | None:
    """The status's ``test_of_certification`` (product.md v1.3)."""
    if test is None:
        return None
    return {
        "ulp_case": test.ulp_case,
        "stage": derive_stage(test).value,
        "stage_label": TOC_STAGE_LABELS[derive_stage(test)],
        "board_order": test.board_order,
        "court_cases": [
            {
                "court": c.court,
                "docket": c.docket,
                "kind": c.kind,
                "party": c.party,
                "stage": c.stage.value,
                "outcome": c.outcome,
            }
            for c in test.court_cases
        ],
    }


# The court periods a decision opens (per docket): rehearing and certiorari after a decision, certiorari again
# after rehearing is denied.
COURT_DEADLINES: Mapping[Event, tuple[str, ...]] = MappingProxyType(
    {
        E.COURT_DECISION: (courts.REHEARING.code, courts.CERTIORARI.code),
        E.REHEARING_DECISION: (courts.CERTIORARI.code,),
    }
)

# 29 CFR 102.20: the answer to a complaint. The section's text is not among the project's verbatim copies
# (shared/docs/cfr holds 102.1–102.2, 102.45–102.48, 102.60–102.72 and 103.20), so the figure product.md
# gives is encoded as inferred and never shown as verified.
ANSWER: Final = rule_sets.Period(
    code="answer",
    label="Answer to the complaint",
    trigger="complaint_issued",
    length=14,
    unit=rule_sets.Unit.calendar_days,
    citation="29 CFR 102.20",
    source=rule_sets.Tier.inferred,
    evidence=(
        "14 days after the complaint, as product.md states it: 102.20's text is not among the project's "
        "verbatim copies, and the rule counts from service of the complaint, which the record does not give"
    ),
    responsive=False,
)
SIDE_PERIODS: Mapping[Event, rule_sets.Period] = MappingProxyType({E.COMPLAINT_ISSUED: ANSWER})
