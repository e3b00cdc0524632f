"""The plain-Python mapping of source rows: no database."""

from __future__ import annotations

from datetime import date

import pytest

from public_record import mapping
from public_record.source import SourceCase, SourceElection


def case(**filing: str) -> SourceCase:
    row = {
        "case_number": "10-RC-300001",
        "name": "Acme",
        "date_filed": "2021-01-04",
        "status": "Open",
        **filing,
    }
    return SourceCase(number=row["case_number"], filing=row)


def election(
    eid: int,
    day: str,
    votes: dict[str, int],
    *,
    ballot: str = "Single Labor Organization",
    kind: str = "Initial",
    unit: int = 1,
    **result: str,
) -> SourceElection:
    return SourceElection(
        row={
            "election_id": eid,
            "voting_unit_id": unit,
            "date": day,
            "tally_type": kind,
            "ballot_type": ballot,
            "unit_size": "",
        },
        result=result,
        options=[{"election_id": eid, "option": name, "votes": n} for name, n in votes.items()],
    )


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("2021-04-09", date(2021, 4, 9)),
        ("04/09/2021", date(2021, 4, 9)),
        ("4/9/2021", date(2021, 4, 9)),
        ("2021-04-09 00:00:00", date(2021, 4, 9)),
        ("", None),
        (None, None),
    ],
)
def test_dates_are_read_in_either_form(text: str | None, expected: date | None) -> None:
    assert mapping.parse_date(text) == expected


def test_a_date_in_neither_form_fails_the_case_with_the_text() -> None:
    with pytest.raises(mapping.BadCase, match="'April 9' is not a date"):
        mapping.plan_case(case(date_filed="April 9"))


def test_counsel_belong_to_the_nearest_party_of_their_type_and_split_person_from_firm() -> None:
    source = case()
    source.participants = [
        {"participant": "Local 1", "type": "Union", "subtype": "Union"},
        {
            "participant": "A. Lawyer\nFirm One LLP\nSuite 5",
            "type": "Union",
            "subtype": "Legal Representative",
            "address": "1 A St",
            "phone_number": "555  0101",
        },
        {"participant": "Local 2", "type": "Union", "subtype": "Union"},
        {"participant": "B. Lawyer", "type": "Union", "subtype": "Legal Representative"},
        {"participant": "C. Lawyer", "type": "Employer", "subtype": "Legal Representative"},
    ]
    plan = mapping.plan_case(source)
    assert [(c.party, c.name, c.firm, c.phone) for c in plan.counsel] == [
        ("Local 1", "A. Lawyer", "Firm One LLP, Suite 5", "555 0101"),
        ("Local 2", "B. Lawyer", "", ""),
    ]
    assert plan.notes == ["counsel C. Lawyer for the Employer, who is not on the case: left out"]


def test_union_names_typed_differently_are_one_choice_in_the_cases_spelling() -> None:
    source = case()
    source.participants = [{"participant": "Teamsters Local 50", "type": "Petitioner", "subtype": "Union"}]
    source.elections = [
        election(1, "2021-03-01", {"TEAMSTERS  LOCAL 50": 10, "No Union": 12}, challenged_ballots="5"),
        election(
            2, "03/20/2021", {"teamsters local 50 ": 13, "NO UNION": 14}, ballot="Revised Single Labor Org"
        ),
    ]
    plan = mapping.plan_case(source)
    (only,) = plan.elections
    assert only.choices == ["Teamsters Local 50"]
    assert [(t.votes_for, t.votes_against) for t in only.tallies] == [
        ({"Teamsters Local 50": 10}, 12),
        ({"Teamsters Local 50": 13}, 14),
    ]


def test_a_revised_tally_with_no_original_is_the_only_known_tally_and_a_gap() -> None:
    source = case()
    source.elections = [
        election(1, "2021-03-01", {"Local 1": 1, "No union": 2}, ballot="Revised Single Labor Org")
    ]
    plan = mapping.plan_case(source)
    (only,) = plan.elections
    assert (only.kind, only.choices) == ("initial", ["Local 1"])
    assert [(t.votes_for, t.votes_against, t.label) for t in only.tallies] == [
        ({"Local 1": 1}, 2, "unit A, initial, election_id 1 of 2021-03-01, revision 0")
    ]
    assert plan.gaps == [
        "unit A, initial, election_id 1 of 2021-03-01: a revised tally (Revised Single Labor Org) with no "
        "original tally before it in the record: imported as the only known tally of its election"
    ]


def test_a_ballot_with_no_union_is_left_out_with_a_note() -> None:
    source = case()
    source.elections = [election(1, "2021-03-01", {"No union": 2}, ballot="UD")]
    plan = mapping.plan_case(source)
    assert plan.elections == []
    assert plan.notes == [
        "unit A, initial, election_id 1 of 2021-03-01: no union on the ballot (UD): left out"
    ]


def test_flags_that_agree_with_the_arithmetic_are_not_reported() -> None:
    source = case()
    source.elections = [
        election(
            1,
            "2021-03-01",
            {"Local 1": 30, "No union": 10},
            challenges_are_determinative="N",
            runoff_required="N",
            union_to_certify="LOCAL  1",
        ),
        election(
            2,
            "2021-03-01",
            {"Local 2": 30, "No union": 10},
            unit=2,
            challenges_are_determinative="",
            runoff_required="",
            union_to_certify="",
        ),
    ]
    assert mapping.plan_case(source).disagreements == []


def test_the_fingerprint_ignores_scrape_times_but_not_the_record() -> None:
    first = case(last_checked_at="2024-06-01", updated_at="2024-06-01")
    second = case(last_checked_at="2024-06-02", updated_at="2024-06-02")
    assert mapping.fingerprint(first) == mapping.fingerprint(second)
    assert mapping.fingerprint(first) != mapping.fingerprint(case(name="Acme Inc."))


def test_status_and_closing_follow_the_reason_closed() -> None:
    assert mapping.plan_case(case(status="Closed", reason_closed="Certific. of Results")).status == "closed"
    assert (
        mapping.plan_case(case(status="Closed", reason_closed="Certific.  of Representative")).status
        == "certified"
    )
    with pytest.raises(mapping.BadCase, match="before date_filed"):
        mapping.plan_case(case(status="Closed", date_closed="12/31/2020"))
