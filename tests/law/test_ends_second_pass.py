"""The ends of a case, second pass (issue 30, items 5, 9 and 13): each row replays a sequence through the
ladder and states the rule's words.

- 102.60(a): "Prior to the transfer of the record to the Board, the petition may be withdrawn only with the
  consent of the Regional Director with whom such petition was filed. After the transfer of the record to
  the Board, the petition may be withdrawn only with the consent of the Board."
- 102.45(a): "Upon the filing of the decision, the Board will enter an order transferring the case to the
  Board".
"""

from __future__ import annotations

import pytest

from proceedings.law import dispositions, ladder
from proceedings.law.ladder import Event as E
from proceedings.law.ladder import Step

RD_ORDERS_RERUN = Step(E.REGIONAL_DIRECTOR_DECISION, outcome="rerun_election")
RFR = Step(E.REQUEST_FOR_REVIEW_FILED)
GRANTED = Step(E.BOARD_DECISION, outcome="review_granted")
REMANDED = Step(E.BOARD_DECISION, outcome="remanded")

# (label, the steps before the withdrawal, who approves it, refusal words or None)
WITHDRAWALS: list[tuple[str, tuple[Step, ...], str, str | None]] = [
    ("before any decision: the RD", (), "regional_director", None),
    ("before any decision: not the Board", (), "board", "the Regional Director approves"),
    ("a request for review merely pending: the RD", (RD_ORDERS_RERUN, RFR), "regional_director", None),
    ("a request for review merely pending: not the Board", (RD_ORDERS_RERUN, RFR), "board", "merely pending"),
    ("review granted: the Board", (RD_ORDERS_RERUN, RFR, GRANTED), "board", None),
    ("review granted: not the RD", (RD_ORDERS_RERUN, RFR, GRANTED), "regional_director", "only the Board"),
    (
        "remanded to the RD: the RD again",
        (RD_ORDERS_RERUN, RFR, GRANTED, REMANDED),
        "regional_director",
        None,
    ),
]


def _climb(*steps: Step) -> ladder.State:
    state = ladder.close_objections_period(ladder.initial_state(tallied=True), pending=True)
    for step in steps:
        state = ladder.advance(state, step)
    return state


@pytest.mark.parametrize(("label", "steps", "by", "refusal"), WITHDRAWALS, ids=[r[0] for r in WITHDRAWALS])
def test_who_approves_a_withdrawal_follows_the_record(
    label: str, steps: tuple[Step, ...], by: str, refusal: str | None
) -> None:
    state = _climb(*steps)
    withdrawal = Step(E.PETITION_WITHDRAWN, by=by)
    if refusal is None:
        assert ladder.advance(state, withdrawal).ended == "withdrawn"
        return
    with pytest.raises(ladder.EventNotAllowed) as refused:
        ladder.advance(state, withdrawal)
    assert refusal in refused.value.message and "102.60(a)" in refused.value.message


def test_on_the_judge_track_the_decision_transfers_the_record_to_the_board() -> None:
    consolidated = _climb(Step(E.CONSOLIDATED_WITH_ULP), Step(E.HEARING_OPENED))
    assert (
        ladder.advance(consolidated, Step(E.PETITION_WITHDRAWN, by="regional_director")).ended == "withdrawn"
    )
    decided = ladder.advance(consolidated, Step(E.ALJ_DECISION, outcome="rerun_election"))
    assert decided.record_with_board
    with pytest.raises(ladder.EventNotAllowed, match=r"102\.45"):
        ladder.advance(decided, Step(E.PETITION_WITHDRAWN, by="regional_director"))
    assert ladder.advance(decided, Step(E.PETITION_WITHDRAWN, by="board")).ended == "withdrawn"


# Who disclaims (issue 30, item 5): only the union whose claim raised the question ends it — the
# petitioner, or in RD and RM cases (the petitioner is employees or the employer) the incumbent or the union
# named. An intervenor's disclaimer takes that union off the case and the ballot. (Part 102 has no section on
# disclaimers: a reading of the Board's practice, cited in proceedings/law/dispositions.py.)
DISCLAIMERS: list[tuple[str, str, str]] = [
    ("petitioner", "RC", "ends_the_case"),
    ("intervenor", "RC", "off_the_ballot"),
    ("union", "RC", "off_the_ballot"),
    ("incumbent_union", "RD", "ends_the_case"),
    ("intervenor", "RD", "off_the_ballot"),
    ("union", "RM", "ends_the_case"),
    ("intervenor", "RM", "off_the_ballot"),
]


@pytest.mark.parametrize(("role", "case_type", "effect"), DISCLAIMERS)
def test_what_a_disclaimer_does_follows_who_disclaims(role: str, case_type: str, effect: str) -> None:
    assert dispositions.disclaimer_effect(role=role, case_type=case_type) == effect
    state = _climb()
    after = ladder.advance(state, Step(E.DISCLAIMER_FILED, kind=effect))
    if effect == "ends_the_case":
        assert (after.stage, after.ended) == (ladder.Stage.CLOSED, "disclaimed")
        assert dispositions.closes("disclaimer_filed", None, effect)
    else:
        assert after == state  # the question of representation stands
        assert not dispositions.closes("disclaimer_filed", None, effect)
