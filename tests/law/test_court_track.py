"""The test of certification and its court cases as transition tables (issue 34, item 2).

The CA case (``CA_TRANSITIONS``/``CA_GUARDS``) and each docket (``COURT_TRANSITIONS``/``COURT_GUARDS``) are
data, as the ladder is. Beside the tables' own consistency, an explorer walks every state the replay can
reach from a refusal to bargain, recording each event ``allowed`` offers with the details it needs: every
event of the side track must be offered somewhere and accepted where it is offered. (Once, a court event the
code could never allow passed every test; the last test shows the explorer catching one.)
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from datetime import date, timedelta
from types import MappingProxyType

import pytest

from proceedings.law import ca_case as toc
from proceedings.law import courts
from proceedings.law.ladder import SIDE_TRACK
from proceedings.law.ladder import Event as E

CERTIFIED_ON = date(2023, 1, 11)
START = toc.TocFact(E.REFUSAL_TO_BARGAIN, date(2023, 2, 1), {"ulp_case": "29-CA-318069"}, 1)


def test_every_ca_target_and_guard_is_an_entry_of_the_table() -> None:
    for stage, moves in toc.CA_TRANSITIONS.items():
        for target in moves.values():
            targets = target.targets if isinstance(target, toc.CaMove) else (target,)
            assert all(isinstance(t, toc.TocStage) for t in targets), (stage, target)
    assert set(toc.CA_TRANSITIONS) == set(toc.TocStage)
    for stage, event in toc.CA_GUARDS:
        assert event in toc.CA_TRANSITIONS[stage], f"guard on ({stage}, {event}), which the table lacks"


def test_every_court_target_and_guard_is_an_entry_of_the_table() -> None:
    assert set(toc.COURT_TRANSITIONS) == set(toc.CourtStage)
    for stage, event in toc.COURT_GUARDS:
        assert event in toc.COURT_TRANSITIONS[stage]
    for moves in toc.COURT_TRANSITIONS.values():
        assert set(moves) <= set(toc.COURT_EVENTS)


def _reachable(start: object, table: Mapping[object, Mapping[E, object]]) -> set[object]:
    seen, todo = {start}, [start]
    while todo:
        for target in table[todo.pop()].values():
            targets = getattr(target, "targets", (target,))
            for t in targets:
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
    return seen


def test_every_stage_with_moves_is_reachable_from_where_its_track_starts() -> None:
    ca = _reachable(toc.TocStage.CHARGE_FILED, toc.CA_TRANSITIONS)  # type: ignore[arg-type]
    assert ca == set(toc.TocStage)
    court = _reachable(toc.CourtStage.FILED, toc.COURT_TRANSITIONS)  # type: ignore[arg-type]
    assert court == set(toc.CourtStage)


# --- the explorer -------------------------------------------------------------------------------------------


def _variants(test: toc.Test, event: E, ref: int) -> Iterator[dict[str, object]]:
    """The details an event is tried with in ``test`` (each way it can go)."""

    def at(*stages: toc.CourtStage) -> list[str]:
        return [c.docket for c in test.court_cases if c.stage in stages]

    if event is E.BOARD_ORDER:
        for outcome in toc.BOARD_ORDER_OUTCOMES:
            yield {"outcome": outcome}
    elif event is E.COURT_PETITION_FILED:
        for kind in courts.FILING_KINDS:
            yield {"court": "5th Cir.", "docket": f"D{len(test.court_cases) + 1}", "kind": kind, "party": 1}
    elif event is E.COURT_CASES_CONSOLIDATED:
        filed = at(toc.CourtStage.FILED)
        yield {"court": "5th Cir.", "dockets": filed, "lead_docket": filed[0]}
    elif event is E.COURT_DECISION:
        for outcome in ("enforced", "remanded", "transferred"):
            yield {"docket": at(toc.CourtStage.FILED)[0], "outcome": outcome}
    elif event in (E.REHEARING_DECISION, E.CERTIORARI_DECISION):
        stage = toc.CourtStage.REHEARING if event is E.REHEARING_DECISION else toc.CourtStage.CERTIORARI
        for outcome in ("granted", "denied"):
            yield {"docket": at(stage)[0], "outcome": outcome}
    elif event is E.SUPREME_COURT_DECISION:
        yield {"docket": at(toc.CourtStage.SUPREME_COURT)[0], "outcome": "affirmed"}
    elif event in (E.REHEARING_PETITION_FILED, E.MANDATE_ISSUED):
        yield {"docket": at(toc.CourtStage.DECIDED)[0]}
    elif event is E.CERTIORARI_PETITION_FILED:
        yield {"docket": at(toc.CourtStage.DECIDED, toc.CourtStage.MANDATE_ISSUED)[0]}
    else:
        yield {}


@dataclass
class Explored:
    offered: set[E] = field(default_factory=set)
    accepted: set[E] = field(default_factory=set)
    refused: dict[E, str] = field(default_factory=dict)  # offered, and refused with every variant tried
    states: int = 0


def _key(test: toc.Test) -> tuple[object, ...]:
    """A state without its dates: two paths to the same state are explored once."""
    cases = tuple(
        (c.docket, c.kind, c.stage, c.outcome, c.lead, c.before_certiorari, c.order) for c in test.court_cases
    )
    return (test.stage, test.events, test.board_order, test.orders, cases)


def explore(depth: int = 6, filings: int = 2) -> Explored:
    """Breadth first from a refusal to bargain, at most ``filings`` court filings on a path."""
    found = Explored()
    seen: set[tuple[object, ...]] = set()
    layer = [[START]]
    for _ in range(depth):
        after: list[list[toc.TocFact]] = []
        for facts in layer:
            test = toc.replay(certified_on=CERTIFIED_ON, facts=facts).current
            assert test is not None
            if _key(test) in seen:
                continue
            seen.add(_key(test))
            ref = len(facts) + 1
            on = facts[-1].occurred_on + timedelta(days=1)
            for event in toc.allowed(test, certified=True):
                found.offered.add(event)
                if event is E.COURT_PETITION_FILED and len(test.court_cases) >= filings:
                    continue
                if event is E.REFUSAL_TO_BARGAIN:
                    found.accepted.add(event)  # a new test: the walk from START covers it
                    continue
                reasons = []
                for details in _variants(test, event, ref):
                    fact = toc.TocFact(event, on, details, ref)
                    try:
                        toc.replay(certified_on=CERTIFIED_ON, facts=[*facts, fact])
                    except toc.TocRefused as refused:
                        reasons.append(refused.message)
                        continue
                    found.accepted.add(event)
                    after.append([*facts, fact])
                if reasons and event not in found.accepted:
                    found.refused[event] = reasons[0]
        layer = after
    found.states = len(seen)
    return found


def test_every_event_of_the_test_of_certification_is_offered_in_some_reachable_state_and_accepted() -> None:
    found = explore()
    assert found.states > 20
    assert found.offered == set(SIDE_TRACK)
    assert found.accepted == set(SIDE_TRACK)
    assert {e: why for e, why in found.refused.items() if e not in found.accepted} == {}


def test_the_explorer_catches_a_court_event_the_table_never_allows(monkeypatch: pytest.MonkeyPatch) -> None:
    broken = dict(toc.COURT_TRANSITIONS)
    broken[toc.CourtStage.DECIDED] = MappingProxyType(
        {e: t for e, t in toc.COURT_TRANSITIONS[toc.CourtStage.DECIDED].items() if e is not E.MANDATE_ISSUED}
    )
    monkeypatch.setattr(toc, "COURT_TRANSITIONS", MappingProxyType(broken))
    found = explore()
    assert E.MANDATE_ISSUED not in found.offered
    assert set(SIDE_TRACK) - found.offered == {E.MANDATE_ISSUED}
