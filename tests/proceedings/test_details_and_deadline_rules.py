"""What each event must say in ``details``, and how a deadline's status follows from the record — plain Python."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest

from elections.law import calendar, rule_sets
from proceedings.law import deadlines as law
from proceedings.law.details import DetailsError, clean_details
from proceedings.law.ladder import Event as E

ON = date(2021, 4, 26)


def clean(event: E, details: object, parties: tuple[int, ...] = (1, 2)) -> dict[str, object]:
    return clean_details(event, details, occurred_on=ON, party_ids=parties)


@pytest.mark.parametrize(
    ("event", "details", "key", "message"),
    [
        (E.NOTICE_OF_HEARING, {}, "hearing_on", "hearing_on is required for notice_of_hearing (YYYY-MM-DD)"),
        (
            E.NOTICE_OF_HEARING,
            {"hearing_on": "May 7"},
            "hearing_on",
            "hearing_on must be a date, YYYY-MM-DD, for notice_of_hearing",
        ),
        (
            E.NOTICE_OF_HEARING,
            {"hearing_on": "2021-02-30"},
            "hearing_on",
            "hearing_on is not a real date ('2021-02-30') for notice_of_hearing",
        ),
        (
            E.NOTICE_OF_HEARING,
            {"hearing_on": "2021-04-01"},
            "hearing_on",
            "hearing_on (2021-04-01) cannot be before the notice_of_hearing itself (2021-04-26)",
        ),
        (
            E.REGIONAL_DIRECTOR_DECISION,
            {"outcome": "certify"},
            "outcome",
            "outcome of regional_director_decision must be one of certify_representative, certify_results, "
            "rerun_election, runoff_election; got 'certify'",
        ),
        (E.CERTIFICATION_ISSUED, {}, "kind", "kind is required for certification_issued"),
        (
            E.REFUSAL_TO_BARGAIN,
            {"ulp_case": "29-CB-318069"},
            "ulp_case",
            "ulp_case of refusal_to_bargain must be an unfair-labor-practice case of type CA; 29-CB-318069 is CB",
        ),
        (E.REFUSAL_TO_BARGAIN, {"ulp_case": "10-RC-269250"}, "ulp_case", None),
        (E.REFUSAL_TO_BARGAIN, {"ulp_case": "CA 318069"}, "ulp_case", None),
        (
            E.COURT_PETITION_FILED,
            {"court": "D.C. Cir."},
            "docket",
            "docket is required for court_petition_filed (the court's docket number, e.g. '23-1234')",
        ),
        (
            E.COURT_PETITION_FILED,
            {"court": "W.D. Tex.", "docket": "1:22-cv-1"},
            "court",
            "court of court_petition_filed must be one of 1st Cir., 2nd Cir., 3rd Cir., 4th Cir., 5th Cir., "
            "6th Cir., 7th Cir., 8th Cir., 9th Cir., 10th Cir., 11th Cir., D.C. Cir.; got 'W.D. Tex.'",
        ),
        (E.EXCEPTIONS_FILED, {"party": 99}, "party", "party 99 is not a party of this case"),
        (E.EXCEPTIONS_FILED, {"party": True}, "party", None),
        (E.HEARING_OPENED, {"hearing_date": "2021-05-10"}, "hearing_date", None),
        (E.HEARING_OPENED, ["not", "an", "object"], "details", "details must be an object"),
        (
            E.BOARD_DECISION,
            {"outcome": "affirmed", "objection_rulings": [{"objection": 5, "disposition": "sustained"}]},
            "objection_rulings",
            "objection_rulings[1].disposition must be one of review_denied, review_granted, affirmed, reversed, "
            "remanded for a ruling of the Board; got 'sustained'",
        ),
        (
            E.REGIONAL_DIRECTOR_DECISION,
            {"outcome": "rerun_election", "objection_rulings": [{"objection": 5}]},
            "objection_rulings",
            "objection_rulings[1] must be an object with exactly objection and disposition",
        ),
        (
            E.NOTICE_OF_HEARING,
            {"hearing_on": "2021-05-07", "note": "x" * 2001},
            "note",
            "note is limited to 2000 characters",
        ),
    ],
)
def test_missing_or_invalid_details_name_the_key(
    event: E, details: object, key: str, message: str | None
) -> None:
    with pytest.raises(DetailsError) as refused:
        clean(event, details)
    assert refused.value.key == key
    assert refused.value.message.startswith(key)
    if message is not None:
        assert refused.value.message == message


def test_details_are_normalized() -> None:
    assert clean(E.REFUSAL_TO_BARGAIN, {"ulp_case": " 29-ca-318069 ", "party": 2, "note": "  tested  "}) == {
        "note": "tested",
        "ulp_case": "29-CA-318069",
        "party": 2,
    }
    assert clean(E.HEARING_OPENED, None) == {}
    assert clean(E.ALJ_DECISION, {"outcome": None, "presiding": "M. Silverstein"}) == {
        "presiding": "M. Silverstein"
    }


DUE = datetime(2021, 4, 17, 3, 59, tzinfo=UTC)  # 2021-04-16 23:59 America/New_York
BEFORE, AFTER = datetime(2021, 4, 16, 16, tzinfo=UTC), datetime(2021, 4, 20, 16, tzinfo=UTC)


@pytest.mark.parametrize(
    ("kwargs", "status", "note"),
    [
        ({"now": BEFORE}, law.Status.OPEN, ""),
        (
            {"now": AFTER},
            law.Status.MOOT,
            "Passed with no filing; the filing is optional, so nothing was missed (the right lapsed).",
        ),
        (
            {"now": AFTER, "obliged": True},
            law.Status.MISSED,
            "Passed with no filing recorded, and a filing was required.",
        ),
        (
            {"now": AFTER, "answered_on": date(2021, 4, 16), "answered_in_time": True},
            law.Status.MET,
            "Filed on 2021-04-16.",
        ),
        ({"now": AFTER, "answered_on": date(2021, 4, 19)}, law.Status.MISSED, "Filed late, on 2021-04-19."),
        ({"now": BEFORE, "moot_reason": "No hearing was held."}, law.Status.MOOT, "No hearing was held."),
        (
            {"now": AFTER, "target_only": True},
            law.Status.MOOT,
            "The target date passed; it happens as soon as practicable.",
        ),
        (
            {"now": AFTER, "target_only": True, "answered_on": date(2021, 5, 10)},
            law.Status.MET,
            "Happened on 2021-05-10, after the target date.",
        ),
        (
            {"now": AFTER, "obliged": True, "marked_met_on": date(2021, 4, 15)},
            law.Status.MET,
            "Marked met by staff (2021-04-15).",
        ),
    ],
)
def test_a_deadlines_status_follows_from_the_record(
    kwargs: dict[str, object], status: law.Status, note: str
) -> None:
    args: dict[str, object] = {
        "code": "objections",
        "due_at": DUE,
        "target_only": False,
        "obliged": False,
        **kwargs,
    }
    verdict = law.evaluate(**args)  # type: ignore[arg-type]
    assert (verdict.status, verdict.note) == (status, note)


@pytest.mark.parametrize(
    ("code", "source", "objections_filed", "obliged"),
    [
        ("objections", "inferred", True, False),  # optional: unused, it is moot
        ("offer_of_proof", "cfr", False, False),
        ("offer_of_proof", "agency_faq", True, True),  # objections need their offer of proof
        ("exceptions", "order", False, False),
        ("hearing", "order", False, False),
        ("position_statement", "order", False, True),  # a filing an order required
        ("position_statement", "cfr", False, False),
        ("position_statement", "manual", False, True),
    ],
)
def test_only_a_required_filing_can_be_missed(
    code: str, source: str, objections_filed: bool, obliged: bool
) -> None:
    assert law.is_obliged(code, source=source, objections_filed=objections_filed) is obliged


def test_exceptions_to_an_alj_decision_are_due_28_days_later_and_say_they_are_unverified() -> None:
    computed = calendar.compute_deadline(
        period=rule_sets.period("2019", "exceptions_to_board"),
        rule_set="2019",
        trigger_on=date(2024, 11, 5),
        region=10,
    )
    assert computed.due_on == date(2024, 12, 3)
    assert computed.verified is False
    assert computed.rule == "28 days after the administrative law judge's decision"
    assert "UNVERIFIED" in computed.explanation
