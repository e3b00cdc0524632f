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
- The CA case is a transition table, as the ladder is: ``CA_TRANSITIONS`` maps a CA stage to the events
  allowed in it and where each leads, ``CA_GUARDS`` name what narrows an entry. Stages: ``charge_filed`` (a
  CA number exists once the charge is filed) → ``complaint_issued`` → ``summary_judgment`` (the General
  Counsel's motion; the notice to show cause: before the Board) → ``board_order`` → ``court`` → ``closed``.
  The Board's order may follow the refusal directly when the record lacks the steps between. ``board_order``
  outcomes: ``bargaining_ordered`` (default), ``complaint_dismissed`` (the test ends, unless a party takes
  the order to court), ``remanded`` (back to the complaint stage).
- The courts (``proceedings.law.courts``), per docket: ``COURT_TRANSITIONS`` and ``COURT_GUARDS``. A filing
  only once a Board order exists (409 before), and only the filings the rules allow on it: several per order
  (a petition for review and the Board's cross-application), but no cross-application without a petition for
  review of that order on file (FRAP 15(b)(1)), and no application to enforce an order that dismissed the
  complaint (it orders nothing to enforce, NLRA 10(e)). ``court_cases_consolidated`` (28 U.S.C. 2112(a)) in
  one court; a decision on a docket filed on this case (409 otherwise) decides its consolidated cases with
  it; rehearing, mandate, certiorari and the Supreme Court's decision follow per docket. A decision ends the
  test when every docket of it is done — it never closes the representation case.
- A remand by the court takes effect with its mandate (FRAP 41(b)-(c), read, not quoted):
  the test goes back before the Board (``summary_judgment``), the Board may issue a new order, and the next
  petition for review reviews that order (``CourtCase.order``). The statute and FRAP are not among the
  project's verbatim copies (shared/docs/cfr holds the CFR only): these readings are cited here, not quoted.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
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

PETITION_FOR_REVIEW: Final = "petition_for_review"
CROSS_APPLICATION: Final = "cross_application_for_enforcement"
ENFORCEMENT_KINDS: Final = frozenset({CROSS_APPLICATION, "application_for_enforcement"})


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
    order: int = 0  # which of the test's Board orders it reviews (``Test.orders`` when it was filed)


@dataclass(frozen=True)
class Test:
    ulp_case: str
    stage: TocStage
    opened_on: date
    events: frozenset[Event] = field(default_factory=frozenset)
    board_order: str | None = None
    court_cases: tuple[CourtCase, ...] = ()
    orders: int = 0  # the Board's orders issued so far (a remand made final calls for a new one)

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
    """The stage a test is at: its own, except before the court, where its dockets decide — open while one is
    open or a remand awaits its mandate, closed when every docket is done."""
    if test.stage is not TocStage.COURT:
        return test.stage
    if any(c.stage in OPEN_COURT_STAGES for c in test.court_cases):
        return TocStage.COURT
    if any(c.outcome == "remanded" and c.stage is CourtStage.DECIDED for c in test.court_cases):
        return TocStage.COURT  # the remand takes effect with the mandate (FRAP 41)
    return TocStage.CLOSED


# --- the transition tables --------------------------------------------------------------------------------

Details = Mapping[str, object] | None
"""An event's details; None when asking whether the event may be offered at all (any details)."""

CaGuard = Callable[[Test, Details], str | None]
"""Why an event is refused on this test (None: allowed)."""


@dataclass(frozen=True)
class CaMove:
    """A move whose target depends on the event's details; ``targets`` lists where it may go."""

    name: str
    move: Callable[[Test, TocFact], Test]
    targets: tuple[TocStage, ...]


@dataclass(frozen=True)
class CourtMove:
    """A move of one docket (and the dockets consolidated under it) whose target depends on the details."""

    name: str
    move: Callable[[Test, CourtCase, TocFact], Test]
    targets: tuple[CourtStage, ...]


def _board_order(test: Test, fact: TocFact) -> Test:
    outcome = _str(fact.details, "outcome") or DEFAULT_BOARD_ORDER
    events = test.events | {fact.event}
    if outcome == "remanded":
        return replace(test, stage=TocStage.COMPLAINT_ISSUED, board_order=outcome, events=events)
    stage = TocStage.CLOSED if outcome == "complaint_dismissed" else TocStage.BOARD_ORDER
    return replace(test, stage=stage, board_order=outcome, orders=test.orders + 1, events=events)


def _court_filing(test: Test, fact: TocFact) -> Test:
    details = fact.details
    docket = _str(details, "docket") or ""
    if test.court_case(docket) is not None:
        raise TocRefused(
            fact, f"docket {docket} is already filed on this case", allowed(test, certified=True)
        )
    party = details.get("party")
    filed = CourtCase(
        court=_str(details, "court") or "",
        docket=docket,
        kind=_str(details, "kind") or PETITION_FOR_REVIEW,
        party=party if isinstance(party, int) and not isinstance(party, bool) else None,
        filed_on=fact.occurred_on,
        order=test.orders,
    )
    return replace(
        test, stage=TocStage.COURT, court_cases=(*test.court_cases, filed), events=test.events | {fact.event}
    )


BOARD_ORDER_MOVE = CaMove(
    "by the Board's order: bargaining ordered, the complaint dismissed, or remanded to the complaint",
    _board_order,
    (TocStage.BOARD_ORDER, TocStage.CLOSED, TocStage.COMPLAINT_ISSUED),
)
COURT_FILING = CaMove("a docket in a court of appeals", _court_filing, (TocStage.COURT,))

CaTarget = TocStage | CaMove
T = TocStage

# CA stage → event → next stage (or a move). ``CA_GUARDS`` narrow some entries; the court's own steps are
# per docket, in ``COURT_TRANSITIONS``.
CA_TRANSITIONS: Mapping[TocStage, Mapping[Event, CaTarget]] = MappingProxyType(
    {
        T.CHARGE_FILED: MappingProxyType(
            {
                E.ULP_CHARGE_FILED: T.CHARGE_FILED,
                E.COMPLAINT_ISSUED: T.COMPLAINT_ISSUED,
                E.BOARD_ORDER: BOARD_ORDER_MOVE,  # the record may lack the steps between
            }
        ),
        T.COMPLAINT_ISSUED: MappingProxyType(
            {
                E.ANSWER_FILED: T.COMPLAINT_ISSUED,
                E.SUMMARY_JUDGMENT_MOTION_FILED: T.SUMMARY_JUDGMENT,
                E.BOARD_ORDER: BOARD_ORDER_MOVE,
            }
        ),
        T.SUMMARY_JUDGMENT: MappingProxyType(
            {
                E.ANSWER_FILED: T.SUMMARY_JUDGMENT,
                E.NOTICE_TO_SHOW_CAUSE: T.SUMMARY_JUDGMENT,
                E.BOARD_ORDER: BOARD_ORDER_MOVE,
            }
        ),
        T.BOARD_ORDER: MappingProxyType({E.COURT_PETITION_FILED: COURT_FILING}),
        T.COURT: MappingProxyType({E.COURT_PETITION_FILED: COURT_FILING}),
        # An order dismissing the complaint ends the test, unless a party takes it to court.
        T.CLOSED: MappingProxyType({E.COURT_PETITION_FILED: COURT_FILING}),
    }
)


def _once(event: Event) -> CaGuard:
    return lambda test, details: "it is already recorded" if event in test.events else None


def _court_filing_allowed(test: Test, details: Details) -> str | None:
    """A court reviews a Board order (NLRA 10(e)-(f)); the filings the rules allow on it."""
    if test.board_order in (None, "remanded"):
        return f"the Board has issued no order in {test.ulp_case} for a court to review"
    if details is None:
        return None
    kind = _str(details, "kind") or PETITION_FOR_REVIEW
    if kind in ENFORCEMENT_KINDS and test.board_order == "complaint_dismissed":
        return (
            "the Board's order dismissed the complaint, so it orders nothing for a court to enforce: "
            "the Board applies for enforcement of an order against a person (NLRA 10(e)); a party aggrieved "
            "by the dismissal files a petition for review (NLRA 10(f))"
        )
    if kind == CROSS_APPLICATION and not any(
        c.kind == PETITION_FOR_REVIEW and c.order == test.orders for c in test.court_cases
    ):
        return (
            "a cross-application for enforcement answers a petition for review of the order (FRAP 15(b)(1)), "
            f"and none is on file against the Board's order in {test.ulp_case}: the Board applies for "
            "enforcement instead (application_for_enforcement, FRAP 15(b))"
        )
    return None


CA_GUARDS: Mapping[tuple[TocStage, Event], CaGuard] = MappingProxyType(
    {
        (T.CHARGE_FILED, E.ULP_CHARGE_FILED): _once(E.ULP_CHARGE_FILED),
        (T.COMPLAINT_ISSUED, E.ANSWER_FILED): _once(E.ANSWER_FILED),
        (T.SUMMARY_JUDGMENT, E.ANSWER_FILED): _once(E.ANSWER_FILED),
        (T.BOARD_ORDER, E.COURT_PETITION_FILED): _court_filing_allowed,
        (T.COURT, E.COURT_PETITION_FILED): _court_filing_allowed,
        (T.CLOSED, E.COURT_PETITION_FILED): _court_filing_allowed,
    }
)


def _decision(test: Test, case: CourtCase, fact: TocFact) -> Test:
    outcome = _str(fact.details, "outcome")
    stage = CourtStage.CLOSED if outcome == "transferred" else CourtStage.DECIDED
    changed = _with(test, case.docket, stage=stage, outcome=outcome, decided_on=fact.occurred_on)
    return replace(test, court_cases=changed)


def _rehearing_decided(test: Test, case: CourtCase, fact: TocFact) -> Test:
    if _str(fact.details, "outcome") == "granted":
        return replace(test, court_cases=_with(test, case.docket, stage=CourtStage.FILED, outcome=None))
    return replace(test, court_cases=_with(test, case.docket, stage=CourtStage.DECIDED))


def _mandate(test: Test, case: CourtCase, fact: TocFact) -> Test:
    """The mandate makes the court's judgment final (FRAP 41(c)); on a remand the case goes back before the
    Board, which may issue a new order (NLRA 10(e)-(f))."""
    if case.outcome != "remanded":
        return replace(test, court_cases=_with(test, case.docket, stage=CourtStage.MANDATE_ISSUED))
    closed = _with(test, case.docket, stage=CourtStage.CLOSED)
    return replace(test, stage=TocStage.SUMMARY_JUDGMENT, board_order=None, court_cases=closed)


def _certiorari(test: Test, case: CourtCase, fact: TocFact) -> Test:
    changed = _with(test, case.docket, stage=CourtStage.CERTIORARI, before_certiorari=case.stage)
    return replace(test, court_cases=changed)


def _certiorari_decided(test: Test, case: CourtCase, fact: TocFact) -> Test:
    if _str(fact.details, "outcome") == "granted":
        return replace(test, court_cases=_with(test, case.docket, stage=CourtStage.SUPREME_COURT))
    back = case.before_certiorari or CourtStage.DECIDED
    return replace(test, court_cases=_with(test, case.docket, stage=back))


def _supreme_court_decided(test: Test, case: CourtCase, fact: TocFact) -> Test:
    outcome = _str(fact.details, "outcome")
    return replace(test, court_cases=_with(test, case.docket, stage=CourtStage.CLOSED, outcome=outcome))


DECISION = CourtMove(
    "decided, or closed when sent to another circuit", _decision, (CourtStage.DECIDED, CourtStage.CLOSED)
)
REHEARING_DECIDED = CourtMove(
    "reheard (back before the court) or denied", _rehearing_decided, (CourtStage.FILED, CourtStage.DECIDED)
)
MANDATE = CourtMove(
    "final; a remand goes back before the Board", _mandate, (CourtStage.MANDATE_ISSUED, CourtStage.CLOSED)
)
CERTIORARI_FILED = CourtMove("before the Supreme Court on certiorari", _certiorari, (CourtStage.CERTIORARI,))
CERTIORARI_DECIDED = CourtMove(
    "granted, or back where it stood",
    _certiorari_decided,
    (CourtStage.SUPREME_COURT, CourtStage.DECIDED, CourtStage.MANDATE_ISSUED),
)
SUPREME_COURT_DECIDED = CourtMove("closed", _supreme_court_decided, (CourtStage.CLOSED,))

CourtTarget = CourtStage | CourtMove
C = CourtStage

# Docket stage → event → next stage (or a move). A consolidated docket follows its lead (``CONSOLIDATED``).
COURT_TRANSITIONS: Mapping[CourtStage, Mapping[Event, CourtTarget]] = MappingProxyType(
    {
        C.FILED: MappingProxyType({E.COURT_CASES_CONSOLIDATED: C.CONSOLIDATED, E.COURT_DECISION: DECISION}),
        C.CONSOLIDATED: MappingProxyType({}),
        C.DECIDED: MappingProxyType(
            {
                E.REHEARING_PETITION_FILED: C.REHEARING,
                E.MANDATE_ISSUED: MANDATE,
                E.CERTIORARI_PETITION_FILED: CERTIORARI_FILED,
            }
        ),
        C.REHEARING: MappingProxyType({E.REHEARING_DECISION: REHEARING_DECIDED}),
        C.MANDATE_ISSUED: MappingProxyType({E.CERTIORARI_PETITION_FILED: CERTIORARI_FILED}),
        C.CERTIORARI: MappingProxyType({E.CERTIORARI_DECISION: CERTIORARI_DECIDED}),
        C.SUPREME_COURT: MappingProxyType({E.SUPREME_COURT_DECISION: SUPREME_COURT_DECIDED}),
        C.CLOSED: MappingProxyType({}),
    }
)

CourtGuard = Callable[[Test], str | None]


def _two_filed(test: Test) -> str | None:
    filed = [c for c in test.court_cases if c.stage is CourtStage.FILED]
    return None if len(filed) >= 2 else "consolidation joins two or more dockets filed and not yet decided"


COURT_GUARDS: Mapping[tuple[CourtStage, Event], CourtGuard] = MappingProxyType(
    {(C.FILED, E.COURT_CASES_CONSOLIDATED): _two_filed}
)

del T, C

# The order in which the court's events are offered (and named in a refusal).
COURT_EVENTS: Final[tuple[Event, ...]] = (
    E.COURT_PETITION_FILED,
    E.COURT_CASES_CONSOLIDATED,
    E.COURT_DECISION,
    E.REHEARING_PETITION_FILED,
    E.MANDATE_ISSUED,
    E.CERTIORARI_PETITION_FILED,
    E.REHEARING_DECISION,
    E.CERTIORARI_DECISION,
    E.SUPREME_COURT_DECISION,
)


def _court_stages(event: Event) -> frozenset[CourtStage]:
    """The docket stages in which ``event`` may be recorded."""
    return frozenset(stage for stage, moves in COURT_TRANSITIONS.items() if event in moves)


def _ca_refusal(test: Test, event: Event, details: Details) -> str | None:
    if event not in CA_TRANSITIONS[test.stage]:
        return ""
    guard = CA_GUARDS.get((test.stage, event))
    return guard(test, details) if guard is not None else None


def _court_offered(test: Test) -> set[Event]:
    out: set[Event] = set()
    for case in test.court_cases:
        for event in COURT_TRANSITIONS[case.stage]:
            guard = COURT_GUARDS.get((case.stage, event))
            if guard is None or guard(test) is None:
                out.add(event)
    return out


def allowed(test: Test | None, *, certified: bool) -> tuple[Event, ...]:
    """The test-of-certification events that may be recorded next: the CA stage's table entries whose guards
    pass, then the court's steps some docket is at."""
    if test is None:
        return (E.REFUSAL_TO_BARGAIN,) if certified else ()
    offered = [
        event
        for event in CA_TRANSITIONS[test.stage]
        if event not in COURT_EVENTS and _ca_refusal(test, event, None) is None
    ]
    court = _court_offered(test)
    if _ca_refusal(test, E.COURT_PETITION_FILED, None) is None:
        court.add(E.COURT_PETITION_FILED)
    offered += [event for event in COURT_EVENTS if event in court]
    if derive_stage(test) is TocStage.CLOSED and certified:
        offered.append(E.REFUSAL_TO_BARGAIN)
    return tuple(offered)


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
        tests[-1] = _move(current, fact, certified=certified)
    return TocReplay(tuple(tests), MappingProxyType(before))


def _move(test: Test, fact: TocFact, *, certified: bool) -> Test:
    """The test after ``fact``, by the tables; ``TocRefused`` with what may come next."""
    event = fact.event
    offered = allowed(test, certified=certified)
    if event in CA_TRANSITIONS[test.stage]:
        why = _ca_refusal(test, event, fact.details)
        if why is not None or event not in offered:
            raise TocRefused(fact, why or _why(test, fact), offered)
        target = CA_TRANSITIONS[test.stage][event]
        if isinstance(target, CaMove):
            return target.move(test, fact)
        return replace(test, stage=target, events=test.events | {event})
    if event not in offered:
        raise TocRefused(fact, _why(test, fact), offered)
    if event is E.COURT_CASES_CONSOLIDATED:
        moved = _consolidate(test, fact)  # several dockets at once: each to ``CONSOLIDATED`` under the lead
    else:
        case = _docket_of(test, fact, _court_stages(event))
        court_target = COURT_TRANSITIONS[case.stage][event]
        if isinstance(court_target, CourtMove):
            moved = court_target.move(test, case, fact)
        else:
            moved = replace(test, court_cases=_with(test, case.docket, stage=court_target))
    return replace(moved, events=moved.events | {event})


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


def _consolidate(test: Test, fact: TocFact) -> Test:
    """Dockets in one court joined under a lead (28 U.S.C. 2112(a))."""
    details = fact.details
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
    return replace(test, court_cases=cases)


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
