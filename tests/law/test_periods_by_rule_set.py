"""Every period of every rule set, counted by hand across a federal holiday (29 CFR 102.1(i), 102.2(a)).

Each row: the rule set, the table entry, the trigger date, the due date worked out by hand and why. 2025
holidays used: Memorial Day Mon 05-26, Juneteenth Thu 06-19, Independence Day Fri 07-04, Labor Day Mon 09-01.
The 2019 rows repeat the 2023 figures (the sections the 2023 rule left in place); 2014 counts calendar days
and rolls a last day that is not a business day forward (102.2(a)).
"""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from elections.law.calendar import AGENCY_CLOSURES, compute_deadline, is_business_day
from elections.law.rule_sets import PERIODS, RULE_SET_NAMES, Unit, period

D = date

# (rule set, entry, trigger date, due date, reason)
BY_HAND = [
    # --- 2023: CFR text ------------------------------------------------------------------------------------
    (
        "2023",
        "objections",
        D(2025, 5, 22),
        D(2025, 5, 30),
        "tally Thu; Fri 23 (1), weekend and Memorial Day skipped, Tue 27–Fri 30 (2–5)",
    ),
    ("2023", "offer_of_proof", D(2025, 5, 22), D(2025, 5, 30), "filed with the objections"),
    (
        "2023",
        "revised_tally_objections",
        D(2025, 6, 17),
        D(2025, 6, 25),
        "revised tally Tue; Wed 18 (1), Juneteenth skipped, Fri 20, Mon 23, Tue 24, Wed 25 (5)",
    ),
    (
        "2023",
        "hearing",
        D(2025, 6, 30),
        D(2025, 7, 22),
        "15 business days from Mon 06-30: July 4th and three weekends skipped → Tue 07-22",
    ),
    (
        "2023",
        "exceptions",
        D(2025, 8, 21),
        D(2025, 9, 5),
        "report Thu; Fri 22–Fri 29 (1–6), Labor Day skipped, Tue 09-02–Fri 09-05 (7–10)",
    ),
    (
        "2023",
        "answering_brief",
        D(2025, 5, 23),
        D(2025, 6, 2),
        "from the exceptions DUE date Fri 05-23: Memorial Day skipped, Tue 27–Fri 30 (1–4), Mon 06-02 (5)",
    ),
    (
        "2023",
        "request_for_review",
        D(2025, 6, 16),
        D(2025, 7, 1),
        "final disposition Mon; Tue 17, Wed 18, Juneteenth skipped, Fri 20 … Tue 07-01 (10)",
    ),
    (
        "2023",
        "opposition",
        D(2025, 7, 1),
        D(2025, 7, 9),
        "from the request's DUE date Tue 07-01: Wed 2, Thu 3, July 4th skipped, Mon 7, Tue 8, Wed 9 (5)",
    ),
    (
        "2023",
        "reconsideration",
        D(2025, 8, 29),
        D(2025, 9, 15),
        "served Fri; Labor Day skipped, Tue 09-02 (1) … Mon 09-15 (10)",
    ),
    (
        "2023",
        "exceptions_to_board",
        D(2025, 6, 6),
        D(2025, 7, 7),
        "28 calendar days from Fri 06-06 is Fri 07-04, a holiday, then a weekend → Mon 07-07",
    ),
    (
        "2023",
        "answering_brief_to_board",
        D(2025, 7, 7),
        D(2025, 7, 21),
        "14 days from the exceptions DUE date Mon 07-07 → Mon 07-21",
    ),
    ("2023", "request_for_review_of_dde", D(2025, 6, 6), D(2025, 7, 7), "due with the exceptions to the ALJ"),
    # --- 2019: the same business-day figures (inferred), 2024 holidays ---------------------------------------
    (
        "2019",
        "objections",
        D(2024, 5, 23),
        D(2024, 5, 31),
        "tally Thu; Fri 24 (1), weekend and Memorial Day 05-27 skipped, Tue 28–Fri 31 (2–5)",
    ),
    (
        "2019",
        "revised_tally_objections",
        D(2024, 6, 17),
        D(2024, 6, 25),
        "revised tally Mon; Tue 18 (1), Juneteenth Wed 19 skipped, Thu 20, Fri 21, Mon 24, Tue 25 (5)",
    ),
    (
        "2019",
        "hearing",
        D(2024, 6, 28),
        D(2024, 7, 22),
        "15 business days from Fri 06-28: July 4th (Thu) skipped → Mon 07-22",
    ),
    (
        "2019",
        "exceptions",
        D(2024, 8, 22),
        D(2024, 9, 6),
        "report Thu; Fri 23–Fri 30 (1–6), Labor Day 09-02 skipped, Tue 3–Fri 6 (7–10)",
    ),
    (
        "2019",
        "answering_brief",
        D(2024, 8, 30),
        D(2024, 9, 9),
        "from the exceptions DUE date Fri 08-30: Labor Day skipped, Tue 3–Fri 6 (1–4), Mon 9 (5)",
    ),
    (
        "2019",
        "post_hearing_brief",
        D(2024, 6, 14),
        D(2024, 6, 24),
        "hearing closed Fri; Mon 17, Tue 18, Juneteenth skipped, Thu 20, Fri 21, Mon 24 (5)",
    ),
    (
        "2019",
        "request_for_review",
        D(2024, 6, 28),
        D(2024, 7, 15),
        "final disposition Fri; Mon 07-01 … July 4th skipped … Mon 07-15 (10)",
    ),
    (
        "2019",
        "opposition",
        D(2024, 7, 15),
        D(2024, 7, 22),
        "from the request's DUE date Mon 07-15: Tue 16 … Mon 22",
    ),
    (
        "2019",
        "reconsideration",
        D(2024, 8, 30),
        D(2024, 9, 16),
        "served Fri; Labor Day skipped, Tue 09-03 (1) … Mon 09-16 (10)",
    ),
    (
        "2019",
        "exceptions_to_board",
        D(2024, 11, 5),
        D(2024, 12, 3),
        "Bessemer: ALJ decision Tue 11-05 + 28 days = Tue 12-03 (Veterans Day and Thanksgiving do not count)",
    ),
    (
        "2019",
        "answering_brief_to_board",
        D(2024, 12, 3),
        D(2024, 12, 17),
        "14 days from the exceptions due date",
    ),
    # --- 2014: calendar days (agency FAQ) ----------------------------------------------------------------------
    (
        "2014",
        "objections",
        D(2025, 8, 23),
        D(2025, 9, 2),
        "tally Sat; + 7 = Sat 08-30: weekend and Labor Day → Tue 09-02 (a period ending on a weekend)",
    ),
    ("2014", "hearing", D(2025, 6, 13), D(2025, 7, 7), "+ 21 = Fri 07-04, a holiday; weekend → Mon 07-07"),
    ("2014", "exceptions", D(2025, 6, 5), D(2025, 6, 20), "+ 14 = Thu 06-19, Juneteenth → Fri 06-20"),
    ("2014", "answering_brief", D(2025, 6, 20), D(2025, 6, 27), "from the exceptions DUE date Fri 06-20 + 7"),
    (
        "2014",
        "request_for_review",
        D(2025, 6, 20),
        D(2025, 7, 7),
        "final disposition Fri + 14 = Fri 07-04, a holiday; weekend → Mon 07-07",
    ),
    ("2014", "opposition", D(2025, 7, 7), D(2025, 7, 14), "from the request's DUE date Mon 07-07 + 7"),
    (
        "2014",
        "revised_tally_objections",
        D(2025, 5, 19),
        D(2025, 5, 27),
        "+ 7 = Mon 05-26, Memorial Day → Tue",
    ),
    ("2014", "exceptions_to_board", D(2025, 8, 4), D(2025, 9, 2), "+ 28 = Mon 09-01, Labor Day → Tue 09-02"),
    # --- 102.46(c)-(e), 102.67(h) ---------------------------------------------------------------------------
    (
        "2023",
        "cross_exceptions",
        D(2024, 12, 3),
        D(2024, 12, 17),
        "exceptions due Tue 12-03 + 14 = Tue 12-17",
    ),
    ("2023", "answering_brief_to_cross_exceptions", D(2024, 12, 17), D(2024, 12, 31), "+ 14 = Tue 12-31"),
    (
        "2023",
        "reply_brief",
        D(2025, 6, 20),
        D(2025, 7, 7),
        "+ 14 = Fri 07-04, a holiday; weekend → Mon 07-07",
    ),
    (
        "2023",
        "brief_on_review",
        D(2025, 11, 20),
        D(2025, 12, 5),
        "review granted Thu 11-20: Fri 21 (1), Mon 24-Wed 26 (2-4), Thanksgiving skipped, Fri 28 (5), "
        "Mon 12-01-Fri 12-05 (6-10)",
    ),
    (
        "2019",
        "cross_exceptions",
        D(2024, 12, 3),
        D(2024, 12, 17),
        "Bessemer: + 14 from the exceptions due date",
    ),
    ("2019", "answering_brief_to_cross_exceptions", D(2024, 12, 17), D(2024, 12, 31), "+ 14 = Tue 12-31"),
    ("2019", "reply_brief", D(2024, 12, 17), D(2024, 12, 31), "answering brief due 12-17 + 14 = Tue 12-31"),
    (
        "2019",
        "brief_on_review",
        D(2024, 5, 22),
        D(2024, 6, 6),
        "Wed 05-22: Thu 23 (1), Fri 24 (2), Memorial Day skipped, Tue 28-Fri 31 (3-6), Mon 06-03-Thu 06 (7-10)",
    ),
    ("2014", "cross_exceptions", D(2025, 9, 2), D(2025, 9, 16), "+ 14 = Tue 09-16"),
    ("2014", "answering_brief_to_cross_exceptions", D(2025, 9, 16), D(2025, 9, 30), "+ 14 = Tue 09-30"),
    ("2014", "reply_brief", D(2025, 3, 7), D(2025, 3, 21), "answering brief due Fri 03-07 + 14 = Fri 03-21"),
    # Issue 30, items 3 and 16. 102.46(e): "Within 14 days from the last date on which an answering brief may
    # be filed pursuant to paragraphs (b) or (d) of this section, any party may file a reply brief to any such
    # answering brief." 102.65(e)(2): "within 10 business days ... after the service of the decision".
    # 102.48(c)(2): "within 28 days ... after the service of the Board's decision or order".
    (
        "2023",
        "reply_brief_to_cross_exceptions",
        D(2025, 6, 5),
        D(2025, 6, 20),
        "(d) answering brief due Thu 06-05 + 14 = Thu 06-19, Juneteenth → Fri 06-20",
    ),
    (
        "2019",
        "reply_brief_to_cross_exceptions",
        D(2024, 12, 31),
        D(2025, 1, 14),
        "Bessemer's chain: (d) answering brief due Tue 12-31 + 14 = Tue 01-14",
    ),
    (
        "2014",
        "reply_brief_to_cross_exceptions",
        D(2025, 8, 18),
        D(2025, 9, 2),
        "(d) answering brief due Mon 08-18 + 14 = Mon 09-01, Labor Day → Tue 09-02",
    ),
    (
        "2023",
        "board_reconsideration",
        D(2025, 6, 12),
        D(2025, 6, 27),
        "Board decision Thu 06-12: Fri 13 (1), Mon 16-Wed 18 (2-4), Juneteenth skipped, Fri 20 (5), "
        "Mon 23-Fri 27 (6-10)",
    ),
    (
        "2019",
        "board_reconsideration",
        D(2024, 5, 17),
        D(2024, 6, 3),
        "Board decision Fri 05-17: Mon 20-Fri 24 (1-5), Memorial Day skipped, Tue 28-Fri 31 (6-9), "
        "Mon 06-03 (10)",
    ),
    (
        "2023",
        "reconsideration_of_board_order",
        D(2025, 6, 6),
        D(2025, 7, 7),
        "Board order Fri 06-06 + 28 = Fri 07-04, Independence Day → Mon 07-07",
    ),
    (
        "2019",
        "reconsideration_of_board_order",
        D(2024, 8, 5),
        D(2024, 9, 3),
        "Board order Mon 08-05 + 28 = Mon 09-02, Labor Day → Tue 09-03",
    ),
    (
        "2014",
        "reconsideration_of_board_order",
        D(2025, 4, 28),
        D(2025, 5, 27),
        "Board order Mon 04-28 + 28 = Mon 05-26, Memorial Day → Tue 05-27",
    ),
    (
        "2014",
        "brief_on_review",
        D(2025, 1, 10),
        D(2025, 1, 27),
        "Fri 01-10: Mon 13-Fri 17 (1-5), MLK Day skipped, Tue 21-Mon 27 (6-10)",
    ),
]


@pytest.mark.parametrize(
    ("rule_set", "entry", "trigger_on", "due_on", "reason"),
    BY_HAND,
    ids=[f"{row[0]}-{row[1]}" for row in BY_HAND],
)
def test_each_period_is_due_on_the_date_counted_by_hand(
    rule_set: str, entry: str, trigger_on: date, due_on: date, reason: str
) -> None:
    d = compute_deadline(period=period(rule_set, entry), rule_set=rule_set, trigger_on=trigger_on, region=10)
    assert d.due_on == due_on, reason
    assert "Source: " in d.explanation


def test_every_period_of_every_rule_set_is_counted_by_hand_above() -> None:
    assert {(rs, entry) for rs, table in PERIODS.items() for entry in table} - {
        (row[0], row[1]) for row in BY_HAND
    } == {
        ("2014", "offer_of_proof"),
        ("2014", "answering_brief_to_board"),
        ("2019", "offer_of_proof"),
        ("2019", "request_for_review_of_dde"),
    }


@pytest.mark.parametrize("rule_set", ["2014", "2019", "2023"])
def test_the_explanation_says_what_the_date_rests_on(rule_set: str) -> None:
    d = compute_deadline(
        period=period(rule_set, "objections"), rule_set=rule_set, trigger_on=D(2025, 6, 2), region=10
    )
    expected = {"2014": "agency_faq", "2019": "inferred", "2023": "cfr"}[rule_set]
    assert d.source == expected
    assert d.verified is (expected == "cfr")
    assert ("UNVERIFIED" in d.explanation) is (expected != "cfr")


def test_an_alj_period_says_it_counts_from_the_decision_for_want_of_a_transfer_order() -> None:
    d = compute_deadline(
        period=period("2023", "exceptions_to_board"), rule_set="2023", trigger_on=D(2025, 6, 6), region=10
    )
    assert d.verified is False
    assert d.source == "cfr"
    assert (
        "no such order, so the period is counted from the administrative law judge's decision"
        in d.explanation
    )


# --- properties over two years of trigger dates ---------------------------------------------------------------

TWO_YEARS = st.dates(min_value=D(2024, 1, 1), max_value=D(2025, 12, 31))
ENTRIES = [(rs, entry) for rs in RULE_SET_NAMES for entry in PERIODS[rs]]


@settings(max_examples=400, deadline=None)
@given(which=st.sampled_from(ENTRIES), trigger_on=TWO_YEARS)
def test_no_period_ends_on_a_weekend_or_a_federal_holiday(which: tuple[str, str], trigger_on: date) -> None:
    rule_set, entry = which
    p = period(rule_set, entry)
    d = compute_deadline(period=p, rule_set=rule_set, trigger_on=trigger_on, region=10)
    assert is_business_day(d.due_on, COUNTED_OPEN)
    assert d.due_on > trigger_on
    if p.unit is Unit.business_days:
        assert d.due_on >= trigger_on + timedelta(days=p.length)


# A day closed by executive order counts as a business day for the date shown (calendar.compute_deadline).
COUNTED_OPEN = [c for c in AGENCY_CLOSURES if not c.executive_order]

RESPONSES = [
    (rs, parent, entry)
    for rs in RULE_SET_NAMES
    for entry, p in PERIODS[rs].items()
    if p.responsive
    for parent in (p.trigger,)
    if parent in PERIODS[rs]
]


def test_every_responsive_period_answers_a_period_of_its_rule_set() -> None:
    assert {(rs, entry) for rs, _, entry in RESPONSES} == {
        (rs, entry) for rs in RULE_SET_NAMES for entry, p in PERIODS[rs].items() if p.responsive
    }


@settings(max_examples=400, deadline=None)
@given(which=st.sampled_from(RESPONSES), trigger_on=TWO_YEARS)
def test_a_responsive_period_never_ends_before_the_period_it_answers(
    which: tuple[str, str, str], trigger_on: date
) -> None:
    rule_set, parent, entry = which
    first = compute_deadline(
        period=period(rule_set, parent), rule_set=rule_set, trigger_on=trigger_on, region=10
    )
    answer = compute_deadline(
        period=period(rule_set, entry), rule_set=rule_set, trigger_on=first.due_on, region=10
    )
    assert answer.due_on > first.due_on
    assert is_business_day(answer.due_on, COUNTED_OPEN)
