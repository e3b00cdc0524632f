"""The ruling rules in plain Python, no database: which dispositions belong to which level, and which
ruling controls an objection's status (the ladders of objections/law/rulings.py's docstring)."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elections.law.levels import Level
from objections.law import rulings as rules
from objections.law.rulings import RulingFact

HO, ALJ, RD, BOARD, COURT = (
    Level.HEARING_OFFICER,
    Level.ADMINISTRATIVE_LAW_JUDGE,
    Level.REGIONAL_DIRECTOR,
    Level.BOARD,
    Level.COURT_OF_APPEALS,
)


def ladder(*steps: tuple[str, str]) -> list[RulingFact]:
    """Rulings a month apart, in the order given."""
    start = date(2021, 8, 2)
    return [RulingFact(level, d, start + timedelta(days=30 * i), i) for i, (level, d) in enumerate(steps)]


LADDERS = [
    ("no ruling", [], "pending"),
    ("a recommendation alone", [(HO, "recommend_sustain")], "pending"),
    (
        "Bessemer 2021 mailbox: HO sustain, RD sustained",
        [(HO, "recommend_sustain"), (RD, "sustained")],
        "sustained",
    ),
    (
        "Bessemer 2021 the rest: HO overrule, RD overruled",
        [(HO, "recommend_overrule"), (RD, "overruled")],
        "overruled",
    ),
    ("RD sets a hearing", [(RD, "set_for_hearing")], "set_for_hearing"),
    (
        "Bessemer 2022: RD hearing, ALJ sustain",
        [(RD, "set_for_hearing"), (ALJ, "recommend_sustain")],
        "set_for_hearing",
    ),
    (
        "the Board affirms the ALJ",
        [(RD, "set_for_hearing"), (ALJ, "recommend_sustain"), (BOARD, "affirmed")],
        "sustained",
    ),
    (
        "the Board reverses the ALJ",
        [(RD, "set_for_hearing"), (ALJ, "recommend_overrule"), (BOARD, "reversed")],
        "sustained",
    ),
    ("review denied keeps the RD's result", [(RD, "overruled"), (BOARD, "review_denied")], "overruled"),
    ("review granted decides nothing yet", [(RD, "overruled"), (BOARD, "review_granted")], "overruled"),
    (
        "granted, then reversed",
        [(RD, "overruled"), (BOARD, "review_granted"), (BOARD, "reversed")],
        "sustained",
    ),
    ("the Board affirms the RD", [(RD, "sustained"), (BOARD, "affirmed")], "sustained"),
    (
        "the court reverses the Board's reversal",
        [(RD, "sustained"), (BOARD, "reversed"), (COURT, "reversed")],
        "sustained",
    ),
    (
        "the court reverses the RD's result the Board let stand",
        [(RD, "sustained"), (BOARD, "review_denied"), (COURT, "reversed")],
        "overruled",
    ),
    ("affirmed all the way up", [(RD, "sustained"), (BOARD, "affirmed"), (COURT, "affirmed")], "sustained"),
    ("a Board remand reopens", [(RD, "overruled"), (BOARD, "remanded")], "pending"),
    (
        "after a remand the RD sets a hearing",
        [(RD, "overruled"), (BOARD, "remanded"), (RD, "set_for_hearing")],
        "set_for_hearing",
    ),
    ("a court remand reopens", [(RD, "sustained"), (BOARD, "affirmed"), (COURT, "remanded")], "pending"),
    ("a court vacatur reopens", [(RD, "sustained"), (BOARD, "affirmed"), (COURT, "vacated")], "pending"),
    ("the RD reconsiders", [(RD, "sustained"), (RD, "overruled")], "overruled"),
]


@pytest.mark.parametrize(("steps", "status"), [row[1:] for row in LADDERS], ids=[row[0] for row in LADDERS])
def test_the_controlling_ruling_decides_the_status(steps: list[tuple[str, str]], status: str) -> None:
    assert rules.derive_status(ladder(*steps)).status == status


def test_the_explanation_names_the_controlling_ruling() -> None:
    derived = rules.derive_status(ladder((HO, "recommend_sustain"), (RD, "sustained")))
    assert derived.controlling == RulingFact(RD, "sustained", date(2021, 9, 1), 1)
    assert derived.explanation == "Sustained: controlled by the Regional Director sustained (2021-09-01)."


def test_a_pending_recommendation_is_named_as_awaiting_action() -> None:
    derived = rules.derive_status(ladder((RD, "set_for_hearing"), (ALJ, "recommend_sustain")))
    assert derived.explanation == (
        "Set for hearing: controlled by the Regional Director set for hearing (2021-08-02). "
        "Awaiting action on: the administrative law judge recommend sustain (2021-09-01)."
    )


def test_a_withdrawn_objection_is_withdrawn_whatever_its_rulings() -> None:
    derived = rules.derive_status(ladder((RD, "sustained")), withdrawn=True)
    assert (derived.status, derived.controlling) == ("withdrawn", None)


@pytest.mark.parametrize(
    "steps",
    [
        [(RD, "set_for_hearing"), (BOARD, "reversed")],
        [(BOARD, "reversed")],
        [(COURT, "reversed")],
        [(RD, "overruled"), (BOARD, "remanded"), (COURT, "reversed")],
    ],
)
def test_a_reversal_with_nothing_below_is_refused(steps: list[tuple[str, str]]) -> None:
    with pytest.raises(rules.NothingToReverse, match="no sustained or overruled ruling below"):
        rules.derive_status(ladder(*steps))


def test_rulings_are_read_in_date_order_not_recorded_order() -> None:
    # Recorded out of order: the RD's decision entered before the hearing officer's earlier report.
    rd = RulingFact(RD, "overruled", date(2021, 11, 29), 1)
    ho = RulingFact(HO, "recommend_sustain", date(2021, 8, 2), 2)
    assert rules.derive_status([rd, ho]).status == "overruled"


def test_on_one_day_the_lower_body_rules_first() -> None:
    day = date(2022, 1, 10)
    board = RulingFact(BOARD, "reversed", day, 1)
    rd = RulingFact(RD, "overruled", day, 2)
    assert rules.derive_status([board, rd]).status == "sustained"


DISPOSITION_TABLE = [
    (HO, ("recommend_sustain", "recommend_overrule")),
    (ALJ, ("recommend_sustain", "recommend_overrule")),
    (RD, ("set_for_hearing", "sustained", "overruled")),
    (BOARD, ("review_denied", "review_granted", "affirmed", "reversed", "remanded")),
    (COURT, ("affirmed", "reversed", "remanded", "vacated")),
]


@pytest.mark.parametrize(("level", "allowed"), DISPOSITION_TABLE)
def test_each_level_gives_only_its_own_dispositions(level: str, allowed: tuple[str, ...]) -> None:
    assert rules.allowed_dispositions(level) == allowed
    for disposition in rules.ALL_DISPOSITIONS:
        if disposition in allowed:
            rules.check_disposition(level, disposition)
        else:
            with pytest.raises(rules.DispositionNotAllowed) as caught:
                rules.check_disposition(level, disposition)
            assert caught.value.allowed == allowed


def test_the_refusal_lists_what_the_level_allows() -> None:
    with pytest.raises(rules.DispositionNotAllowed) as caught:
        rules.check_disposition(HO, "sustained")
    assert str(caught.value) == (
        "'sustained' is not a disposition of the hearing officer (hearing_officer); "
        "allowed: recommend_sustain (Recommends sustaining), recommend_overrule (Recommends overruling)."
    )


def test_an_unknown_level_is_refused() -> None:
    with pytest.raises(rules.UnknownLevel, match="'arbitrator' is not a level"):
        rules.allowed_dispositions("arbitrator")


rulings_strategy = st.lists(
    st.sampled_from([(level, d) for level, ds in rules.DISPOSITIONS.items() for d in ds]), max_size=8
)


@given(
    rulings_strategy, st.sampled_from([HO, ALJ]), st.sampled_from(["recommend_sustain", "recommend_overrule"])
)
def test_adding_a_recommendation_never_changes_the_status(
    steps: list[tuple[str, str]], level: str, disposition: str
) -> None:
    facts = ladder(*steps)
    try:
        before = rules.derive_status(facts).status
    except rules.NothingToReverse:
        return
    later = RulingFact(level, disposition, date(2030, 1, 1), 99)
    assert rules.derive_status([*facts, later]).status == before


@given(rulings_strategy)
def test_the_status_is_always_one_of_the_five(steps: list[tuple[str, str]]) -> None:
    try:
        derived = rules.derive_status(ladder(*steps))
    except rules.NothingToReverse:
        return
    assert derived.status in {s.value for s in rules.Status}
    assert derived.status != "withdrawn"
