"""The rule-set tables must say exactly what the provenance table says, no more and no less."""

from __future__ import annotations

from datetime import date

import pytest

from elections.law.rule_sets import (
    PERIODS,
    RULE_SET_EFFECTIVE,
    Period,
    Tier,
    Unit,
    UnknownPeriod,
    UnknownRuleSet,
    period,
    rule_set_for_petition,
)

CAL, BUS = Unit.calendar_days, Unit.business_days


def test_rule_sets_take_effect_by_petition_date_with_their_federal_register_citations() -> None:
    assert (
        ("2014", date(2015, 4, 14), "79 FR 74308"),
        ("2019", date(2020, 5, 31), "84 FR 69524"),
        ("2023", date(2023, 12, 26), "88 FR 58076"),
    ) == RULE_SET_EFFECTIVE


@pytest.mark.parametrize(
    ("filed_on", "expected"),
    [
        (date(1999, 6, 1), None),
        (date(2015, 4, 13), None),
        (date(2015, 4, 14), "2014"),
        (date(2020, 5, 30), "2014"),
        (date(2020, 5, 31), "2019"),
        (date(2021, 2, 1), "2019"),
        (date(2023, 12, 25), "2019"),
        (date(2023, 12, 26), "2023"),
        (date(2026, 3, 1), "2023"),
    ],
)
def test_the_rule_set_is_chosen_by_the_petition_filing_date(filed_on: date, expected: str | None) -> None:
    assert rule_set_for_petition(filed_on) == expected


# (rule set, table entry, trigger, length, unit, source, responsive, target_only) — the provenance table of
# nlrb-procedure.md and the CFR text of part102-current.md, row by row.
R, FA, INF, CF = "federal_register", "agency_faq", "inferred", "cfr"
PROVENANCE = [
    ("2014", "objections", "tally", 7, CAL, FA, False, False),
    ("2014", "offer_of_proof", "tally", 7, CAL, FA, False, False),
    ("2014", "revised_tally_objections", "revised_tally", 7, CAL, INF, False, False),
    ("2014", "hearing", "tally", 21, CAL, FA, False, True),
    ("2014", "exceptions", "hearing_officer_report", 14, CAL, FA, False, False),
    ("2014", "answering_brief", "exceptions", 7, CAL, FA, True, False),
    ("2014", "request_for_review", "final_disposition", 14, CAL, FA, False, False),
    ("2014", "opposition", "request_for_review", 7, CAL, INF, True, False),
    ("2014", "exceptions_to_board", "alj_decision", 28, CAL, INF, False, False),
    ("2014", "answering_brief_to_board", "exceptions_to_board", 14, CAL, INF, True, False),
    ("2019", "objections", "tally", 5, BUS, INF, False, False),
    ("2019", "offer_of_proof", "tally", 5, BUS, INF, False, False),
    ("2019", "revised_tally_objections", "revised_tally", 5, BUS, INF, False, False),
    ("2019", "hearing", "tally", 15, BUS, INF, False, True),
    ("2019", "post_hearing_brief", "hearing_closed", 5, BUS, R, False, False),
    ("2019", "exceptions", "hearing_officer_report", 10, BUS, INF, False, False),
    ("2019", "answering_brief", "exceptions", 5, BUS, INF, True, False),
    ("2019", "request_for_review", "final_disposition", 10, BUS, INF, False, False),
    ("2019", "opposition", "request_for_review", 5, BUS, INF, True, False),
    ("2019", "reconsideration", "decision_served", 10, BUS, CF, False, False),
    ("2019", "exceptions_to_board", "alj_decision", 28, CAL, CF, False, False),
    ("2019", "answering_brief_to_board", "exceptions_to_board", 14, CAL, CF, True, False),
    ("2019", "request_for_review_of_dde", "alj_decision", 28, CAL, CF, False, False),
    ("2023", "objections", "tally", 5, BUS, CF, False, False),
    ("2023", "offer_of_proof", "tally", 5, BUS, CF, False, False),
    ("2023", "revised_tally_objections", "revised_tally", 5, BUS, CF, False, False),
    ("2023", "hearing", "tally", 15, BUS, CF, False, True),
    ("2023", "exceptions", "hearing_officer_report", 10, BUS, CF, False, False),
    ("2023", "answering_brief", "exceptions", 5, BUS, CF, True, False),
    ("2023", "request_for_review", "final_disposition", 10, BUS, CF, False, False),
    ("2023", "opposition", "request_for_review", 5, BUS, CF, True, False),
    ("2023", "reconsideration", "decision_served", 10, BUS, CF, False, False),
    ("2023", "exceptions_to_board", "alj_decision", 28, CAL, CF, False, False),
    ("2023", "answering_brief_to_board", "exceptions_to_board", 14, CAL, CF, True, False),
    ("2023", "request_for_review_of_dde", "alj_decision", 28, CAL, CF, False, False),
    # 102.46(c)-(e) and 102.67(h), checked against the current CFR text (cfr/more-sections.md,
    # cfr/part102-current.md). 102.46 is unchanged since 2017 (so cfr for 2019); 102.67 was amended in 2023.
    ("2014", "cross_exceptions", "exceptions_to_board", 14, CAL, INF, True, False),
    ("2014", "answering_brief_to_cross_exceptions", "cross_exceptions", 14, CAL, INF, True, False),
    ("2014", "reply_brief", "answering_brief_to_board", 14, CAL, INF, True, False),
    ("2014", "brief_on_review", "review_granted", 10, BUS, INF, False, False),
    ("2019", "cross_exceptions", "exceptions_to_board", 14, CAL, CF, True, False),
    ("2019", "answering_brief_to_cross_exceptions", "cross_exceptions", 14, CAL, CF, True, False),
    ("2019", "reply_brief", "answering_brief_to_board", 14, CAL, CF, True, False),
    ("2019", "brief_on_review", "review_granted", 10, BUS, INF, False, False),
    ("2023", "cross_exceptions", "exceptions_to_board", 14, CAL, CF, True, False),
    ("2023", "answering_brief_to_cross_exceptions", "cross_exceptions", 14, CAL, CF, True, False),
    ("2023", "reply_brief", "answering_brief_to_board", 14, CAL, CF, True, False),
    ("2023", "brief_on_review", "review_granted", 10, BUS, CF, False, False),
    # Issue 30, items 3 and 16: the second reply of 102.46(e), reconsideration of the Board's decision in the R
    # case (102.65(e)(2), history line 84 FR 69593, so cfr for 2019) and of its order in the CA case
    # (102.48(c)(2); the copy of 102.48 has no history line, so 2019 is inferred).
    (
        "2014",
        "reply_brief_to_cross_exceptions",
        "answering_brief_to_cross_exceptions",
        14,
        CAL,
        INF,
        True,
        False,
    ),
    (
        "2019",
        "reply_brief_to_cross_exceptions",
        "answering_brief_to_cross_exceptions",
        14,
        CAL,
        CF,
        True,
        False,
    ),
    (
        "2023",
        "reply_brief_to_cross_exceptions",
        "answering_brief_to_cross_exceptions",
        14,
        CAL,
        CF,
        True,
        False,
    ),
    ("2019", "board_reconsideration", "board_decision_served", 10, BUS, CF, False, False),
    ("2023", "board_reconsideration", "board_decision_served", 10, BUS, CF, False, False),
    ("2014", "reconsideration_of_board_order", "board_order_served", 28, CAL, INF, False, False),
    ("2019", "reconsideration_of_board_order", "board_order_served", 28, CAL, INF, False, False),
    ("2023", "reconsideration_of_board_order", "board_order_served", 28, CAL, CF, False, False),
]


@pytest.mark.parametrize(
    ("rule_set", "entry", "trigger", "length", "unit", "source", "responsive", "target_only"),
    PROVENANCE,
    ids=[f"{row[0]}-{row[1]}" for row in PROVENANCE],
)
def test_each_period_encodes_the_provenance_table(
    rule_set: str,
    entry: str,
    trigger: str,
    length: int,
    unit: Unit,
    source: str,
    responsive: bool,
    target_only: bool,
) -> None:
    p = period(rule_set, entry)
    assert (p.trigger, p.length, p.unit, p.source, p.responsive, p.target_only) == (
        trigger,
        length,
        unit,
        source,
        responsive,
        target_only,
    )
    assert p.citation.startswith("29 CFR 102.") or p.citation.startswith("84 FR")
    assert p.evidence


def test_the_tables_hold_nothing_beyond_the_provenance_table() -> None:
    encoded = {(rs, code) for rs, table in PERIODS.items() for code in table}
    assert encoded == {(row[0], row[1]) for row in PROVENANCE}


def test_only_figures_from_cfr_or_federal_register_text_are_verified() -> None:
    for table in PERIODS.values():
        for p in table.values():
            assert p.verified == (p.source in ("cfr", "federal_register") and not p.assumption)


def test_objections_to_a_revised_tally_carry_the_objections_code() -> None:
    assert {period(rs, "revised_tally_objections").code for rs in ("2014", "2019", "2023")} == {"objections"}


def test_periods_counted_from_the_alj_decision_say_what_they_stand_in_for_and_are_never_verified() -> None:
    for rs in ("2019", "2023"):
        p = period(rs, "exceptions_to_board")
        assert p.source == "cfr"
        assert p.verified is False
        assert "order transferring the case to the Board" in p.assumption


@pytest.mark.parametrize("rule_set", ["2014", "2019", "2023"])
def test_the_offer_of_proof_is_due_with_the_objections(rule_set: str) -> None:
    objections, offer = period(rule_set, "objections"), period(rule_set, "offer_of_proof")
    assert (offer.length, offer.unit, offer.trigger, offer.citation) == (
        objections.length,
        objections.unit,
        objections.trigger,
        objections.citation,
    )
    assert objections.label == "Objections and offer of proof"


def test_only_filings_addressed_to_the_board_are_filed_with_the_board() -> None:
    board = {
        (rs, code) for rs, table in PERIODS.items() for code, p in table.items() if p.filed_with == "board"
    }
    assert board == {
        (rs, code)
        for rs in ("2014", "2019", "2023")
        for code in (
            "request_for_review",
            "opposition",
            "exceptions_to_board",
            "answering_brief_to_board",
            "cross_exceptions",
            "answering_brief_to_cross_exceptions",
            "reply_brief",
            "reply_brief_to_cross_exceptions",
            "brief_on_review",
            "reconsideration_of_board_order",
        )
    } | {
        (rs, code)
        for rs in ("2019", "2023")
        for code in ("request_for_review_of_dde", "board_reconsideration")
    }


def test_the_2019_request_for_review_source_admits_the_jfk8_conflict() -> None:
    source = period("2019", "request_for_review").evidence
    assert "03-RC-282139" in source
    assert "JFK8" in source
    assert "conflict" in source


def test_the_2019_exceptions_rest_on_jfk8() -> None:
    assert "2022-09-16" in period("2019", "exceptions").evidence


@pytest.mark.parametrize("rule_set", ["2014", "2023"])
def test_there_is_no_post_hearing_brief_period_where_briefs_need_special_permission(rule_set: str) -> None:
    with pytest.raises(UnknownPeriod, match="special permission"):
        period(rule_set, "post_hearing_brief")


def test_an_unknown_deadline_code_is_a_key_error_naming_the_known_codes() -> None:
    with pytest.raises(KeyError) as caught:
        period("2023", "objection")
    assert isinstance(caught.value, UnknownPeriod)
    assert str(caught.value) == (
        "no period 'objection' under the 2023 rules; known: objections, offer_of_proof, "
        "revised_tally_objections, hearing, exceptions, answering_brief, request_for_review, opposition, "
        "reconsideration, exceptions_to_board, answering_brief_to_board, request_for_review_of_dde, "
        "cross_exceptions, answering_brief_to_cross_exceptions, reply_brief, reply_brief_to_cross_exceptions, "
        "board_reconsideration, reconsideration_of_board_order, brief_on_review"
    )


def test_an_unknown_rule_set_is_refused() -> None:
    with pytest.raises(UnknownRuleSet, match="unknown rule set '2015'"):
        period("2015", "objections")


@pytest.mark.parametrize(
    ("rule_set", "code", "rule"),
    [
        ("2019", "objections", "5 business days after the tally"),
        ("2014", "objections", "7 days after the tally"),
        ("2014", "answering_brief", "7 days after the due date for exceptions"),
        ("2019", "request_for_review", "10 business days after the Regional Director's final disposition"),
        ("2023", "opposition", "5 business days after the due date for the request for review"),
        ("2019", "post_hearing_brief", "5 business days after the close of the hearing"),
    ],
)
def test_each_period_states_its_rule_in_a_few_words(rule_set: str, code: str, rule: str) -> None:
    assert period(rule_set, code).rule == rule


def test_a_period_must_last_at_least_a_day() -> None:
    with pytest.raises(ValueError, match="at least one day"):
        Period("x", "X", "tally", 0, CAL, "29 CFR 102.2", Tier.cfr, "test", False)


def test_a_period_must_have_a_known_trigger() -> None:
    with pytest.raises(ValueError, match="unknown trigger"):
        Period("x", "X", "ballot_count", 5, CAL, "29 CFR 102.2", Tier.cfr, "test", False)


def test_the_tables_cannot_be_changed_at_run_time() -> None:
    with pytest.raises(TypeError):
        PERIODS["2023"]["objections"] = period("2014", "objections")  # type: ignore[index]
