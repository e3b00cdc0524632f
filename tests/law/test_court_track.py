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
from proceedings.law.details import KEYS as DETAIL_KEYS
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


def test_every_docket_event_takes_the_docket_among_its_details() -> None:
    """A step of one docket names it when more than one docket stands at that step (``_docket_of``): the
    event's details must accept ``docket``, or the service refuses what the law offers. (Consolidation names
    its ``dockets`` and ``lead_docket``: it joins several.)"""
    docket_events = {event for moves in toc.COURT_TRANSITIONS.values() for event in moves}
    docket_events.discard(E.COURT_CASES_CONSOLIDATED)
    missing = sorted(event.value for event in docket_events if "docket" not in DETAIL_KEYS[event])
    assert missing == []


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


# --- the law on the tables (issue 30, items 4 and 15) ---------------------------------------------------------


def _fact(event: E, on: str, ref: int, **details: object) -> toc.TocFact:
    return toc.TocFact(event, date.fromisoformat(on), details, ref)


def _replay(*facts: toc.TocFact) -> toc.Test:
    test = toc.replay(certified_on=CERTIFIED_ON, facts=[START, *facts]).current
    assert test is not None
    return test


ORDER = _fact(E.BOARD_ORDER, "2024-01-10", 2)
PETITION = _fact(E.COURT_PETITION_FILED, "2024-01-20", 3, court="5th Cir.", docket="24-60001", party=7)
REMANDED = _fact(E.COURT_DECISION, "2024-09-03", 4, docket="24-60001", outcome="remanded")
MANDATE = _fact(E.MANDATE_ISSUED, "2024-11-01", 5, docket="24-60001")


def test_a_remand_stays_in_court_until_its_mandate_issues() -> None:
    """FRAP 41: the court's judgment is final with its mandate; before it the case is still in court, and the
    Board issues no new order."""
    test = _replay(ORDER, PETITION, REMANDED)
    assert toc.derive_stage(test) is toc.TocStage.COURT
    assert E.BOARD_ORDER not in toc.allowed(test, certified=True)
    with pytest.raises(toc.TocRefused, match="board_order cannot be recorded"):
        _replay(ORDER, PETITION, REMANDED, _fact(E.BOARD_ORDER, "2024-10-01", 5))


# (what is recorded after the remand's mandate, its date, the test's stage after it, the Board's order then)
AFTER_REMAND: list[tuple[str, E, dict[str, object], str, str | None]] = [
    # NLRA 10(e)-(f): the case is back before the Board, which may issue a new order.
    ("the mandate alone", E.NOTICE_TO_SHOW_CAUSE, {}, "summary_judgment", None),
    (
        "the Board's new order",
        E.BOARD_ORDER,
        {"outcome": "bargaining_ordered"},
        "board_order",
        "bargaining_ordered",
    ),
]


@pytest.mark.parametrize(
    ("label", "event", "details", "stage", "board_order"), AFTER_REMAND, ids=[r[0] for r in AFTER_REMAND]
)
def test_a_remand_made_final_by_the_mandate_goes_back_before_the_board(
    label: str, event: E, details: dict[str, object], stage: str, board_order: str | None
) -> None:
    mandated = _replay(ORDER, PETITION, REMANDED, MANDATE)
    assert toc.derive_stage(mandated) is toc.TocStage.SUMMARY_JUDGMENT
    assert mandated.board_order is None
    assert E.BOARD_ORDER in toc.allowed(mandated, certified=True)
    assert E.COURT_PETITION_FILED not in toc.allowed(mandated, certified=True)  # no order to review yet
    test = _replay(ORDER, PETITION, REMANDED, MANDATE, _fact(event, "2025-02-03", 6, **details))
    assert (toc.derive_stage(test).value, test.board_order) == (stage, board_order)


def test_the_next_petition_for_review_reviews_the_new_order() -> None:
    test = _replay(
        ORDER,
        PETITION,
        REMANDED,
        MANDATE,
        _fact(E.BOARD_ORDER, "2025-02-03", 6),
        _fact(E.COURT_PETITION_FILED, "2025-02-10", 7, court="5th Cir.", docket="25-60002", party=7),
    )
    assert [(c.docket, c.stage.value, c.order) for c in test.court_cases] == [
        ("24-60001", "closed", 1),
        ("25-60002", "filed", 2),
    ]
    assert toc.derive_stage(test) is toc.TocStage.COURT


DISMISSED = _fact(E.BOARD_ORDER, "2024-01-10", 2, outcome="complaint_dismissed")
CROSS = {"court": "5th Cir.", "docket": "24-60002", "kind": "cross_application_for_enforcement"}
ENFORCE = {"court": "D.C. Cir.", "docket": "24-1002", "kind": "application_for_enforcement"}
# (label, what is on file before, the filing, the refusal's words, or None when the filing is accepted)
COURT_FILINGS: list[tuple[str, tuple[toc.TocFact, ...], dict[str, object], str | None]] = [
    # FRAP 15(b)(1), read (FRAP and the Act are not among the project's verbatim copies): a party opposing a
    # petition to review the order may cross-apply for enforcement; with no petition the Board applies.
    ("cross-application with no petition for review", (ORDER,), CROSS, "FRAP 15(b)(1)"),
    ("cross-application answering a petition", (ORDER, PETITION), CROSS, None),
    (
        "cross-application after the petition of an order since remanded",
        (ORDER, PETITION, REMANDED, MANDATE, _fact(E.BOARD_ORDER, "2025-02-03", 6)),
        CROSS,
        "FRAP 15(b)(1)",
    ),
    ("application to enforce a bargaining order", (ORDER,), ENFORCE, None),
    # NLRA 10(e), read: the Board petitions a court for the enforcement of its order against a person; an
    # order dismissing the complaint orders nothing to enforce.
    ("application to enforce a dismissal", (DISMISSED,), ENFORCE, "NLRA 10(e)"),
    ("cross-application against a dismissal", (DISMISSED,), CROSS, "NLRA 10(e)"),
    # NLRA 10(f), read: a person aggrieved by a final order of the Board may petition for its review.
    (
        "petition for review of a dismissal",
        (DISMISSED,),
        {"court": "D.C. Cir.", "docket": "24-1003", "party": 2},
        None,
    ),
]


@pytest.mark.parametrize(
    ("label", "before", "details", "refusal"), COURT_FILINGS, ids=[r[0] for r in COURT_FILINGS]
)
def test_only_the_court_filings_the_rules_allow_are_accepted(
    label: str, before: tuple[toc.TocFact, ...], details: dict[str, object], refusal: str | None
) -> None:
    filing = _fact(E.COURT_PETITION_FILED, "2025-03-03", 9, **details)
    if refusal is None:
        test = _replay(*before, filing)
        assert test.court_cases[-1].docket == details["docket"]
        return
    with pytest.raises(toc.TocRefused) as refused:
        _replay(*before, filing)
    assert refusal in refused.value.message
    assert "court_petition_filed cannot be recorded" in refused.value.message


# Court names as lawyers write them (issue 30, item 20): each reads as the contract's fixed name; a court
# that does not review Board orders (a district court, the Federal Circuit) reads as none.
COURT_NAMES: list[tuple[str, str | None]] = [
    ("D.C. Cir.", "D.C. Cir."),
    ("D.C. Circuit", "D.C. Cir."),
    ("CADC", "D.C. Cir."),
    ("United States Court of Appeals for the District of Columbia Circuit", "D.C. Cir."),
    ("Fifth Circuit", "5th Cir."),
    ("5th Cir", "5th Cir."),
    ("5th Cir.", "5th Cir."),
    ("5th Circuit", "5th Cir."),
    ("CA5", "5th Cir."),
    ("2d Cir.", "2nd Cir."),
    ("3d Cir.", "3rd Cir."),
    ("eleventh circuit", "11th Cir."),
    ("1st Cir.", "1st Cir."),
    ("Fed. Cir.", None),
    ("Federal Circuit", None),
    ("12th Cir.", None),
    ("W.D. Tex.", None),
    ("", None),
]


@pytest.mark.parametrize(("written", "name"), COURT_NAMES, ids=[r[0] or "empty" for r in COURT_NAMES])
def test_a_court_written_as_lawyers_write_it_reads_as_its_fixed_name(written: str, name: str | None) -> None:
    assert courts.circuit(written) == name
    if name is not None:
        assert name in courts.CIRCUITS


def test_the_details_keep_the_fixed_name_of_the_court_a_lawyer_wrote() -> None:
    from proceedings.law.details import DetailsError, clean_details

    cleaned = clean_details(
        E.COURT_PETITION_FILED,
        {"court": "Fifth Circuit", "docket": "24-60001", "party": 7},
        occurred_on=date(2024, 1, 20),
        party_ids={7},
    )
    assert cleaned["court"] == "5th Cir."
    with pytest.raises(DetailsError, match=r"got 'Fed\. Cir\.'"):
        clean_details(
            E.COURT_PETITION_FILED,
            {"court": "Fed. Cir.", "docket": "24-60001", "party": 7},
            occurred_on=date(2024, 1, 20),
            party_ids={7},
        )
