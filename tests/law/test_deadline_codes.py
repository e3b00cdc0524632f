"""Every deadline code stands in every table it needs, so a code added in one place and forgotten in another
fails here instead of being ranked last, answered by nothing, or never created."""

from __future__ import annotations

from elections.law import rule_sets
from elections.law.rule_sets import PERIODS, RULE_SET_NAMES, DeadlineCode, UnknownPeriod, period
from proceedings.law import ca_case as toc
from proceedings.law import courts, deadlines, ladder

ANSWERS_OUTSIDE_THE_LADDER = {"objection", "offer_of_proof"}  # records of the objections app


def attachable_codes() -> set[str]:
    """Every code a deadline is created with: the rule sets', the courts', the test of certification's."""
    codes = {p.code for table in PERIODS.values() for p in table.values()}
    codes |= (
        set(courts.PERIODS) | {p.code for p in toc.SIDE_PERIODS.values()} | {deadlines.SHOW_CAUSE_RESPONSE}
    )
    return codes


def test_every_code_has_one_rule_and_every_rule_a_code() -> None:
    assert set(deadlines.CODES) == attachable_codes()


def test_every_deadline_code_has_a_period_or_a_reason_in_every_rule_set() -> None:
    for rule_set in RULE_SET_NAMES:
        for code in rule_sets.TABLE_CODES:
            try:
                period(rule_set, code)
            except UnknownPeriod as refusal:
                assert "known:" not in str(refusal), f"{code} has neither a {rule_set} period nor a reason"


def test_every_rule_set_entry_is_attached_by_some_trigger() -> None:
    attached = {code for codes in deadlines.ATTACHED.values() for code in codes}
    entries = {code for table in PERIODS.values() for code in table}
    assert entries - attached == set()
    assert attached <= set(DeadlineCode)


def test_triggers_and_answers_name_real_events() -> None:
    events = {e.value for e in ladder.Event}
    assert set(deadlines.ATTACHED) - events == {deadlines.TALLY, deadlines.REVISED_TALLY}
    for code, rule in deadlines.CODES.items():
        assert set(rule.answered_by) <= events | ANSWERS_OUTSIDE_THE_LADDER, code


def test_a_code_entered_by_hand_ranks_after_every_table_code() -> None:
    assert deadlines.rule_of("order_to_file_briefs") is deadlines.ENTERED_BY_HAND
    last = max(deadlines.rank_of(code) for code in deadlines.CODES)
    assert deadlines.rank_of("order_to_file_briefs") > last
    assert deadlines.rank_of(DeadlineCode.OBJECTIONS) < deadlines.rank_of(DeadlineCode.OFFER_OF_PROOF)


def test_a_rule_set_label_is_read_from_the_one_shape_row() -> None:
    assert rule_sets.period("2023", DeadlineCode.HEARING).label == "Post-election hearing opens (target)"


def test_one_labelled_enumeration_names_every_code_a_deadline_is_created_with() -> None:
    """Issue 34, item 4: every code any table attaches is a member of ``DeadlineCode``, with its label, and
    every member has its ``CODES`` row."""
    # Objections to a revised tally are a table entry whose deadline carries ``objections``.
    entries_only = {DeadlineCode.REVISED_TALLY_OBJECTIONS}
    assert attachable_codes() == {code.value for code in DeadlineCode} - entries_only
    assert set(deadlines.CODES) == set(DeadlineCode) - entries_only
    assert DeadlineCode.REHEARING.label == "Petition for rehearing (court of appeals)"
    assert rule_sets.DEADLINE_CODE_LABELS["answer"] == "Answer to the complaint"


def test_one_labelled_enumeration_names_every_source_with_one_wording() -> None:
    from proceedings.models import SOURCE_CHOICES

    assert deadlines.Source is rule_sets.DeadlineSource is rule_sets.Tier
    assert dict(SOURCE_CHOICES) == {s.value: s.label for s in deadlines.SOURCES}
    assert deadlines.SOURCE_LABELS["court_rule"] == "a court rule (a period in court)"
    assert "computed" not in dict(SOURCE_CHOICES)
