"""The objections deadline of each rule set, with weekends, holidays and closures, through the API and in
plain Python (objections/law/deadlines.py): trigger day in the regional office's zone, 11:59 p.m. cutoff."""

from __future__ import annotations

from datetime import date, datetime
from zoneinfo import ZoneInfo

import pytest

from elections.law.rule_sets import period
from objections.law.deadlines import objections_deadline, trigger_day
from tests.conftest import World
from tests.objections.conftest import case_under, election_tallied, payload, url

NY = ZoneInfo("America/New_York")
CENTRAL = ZoneInfo("America/Chicago")
PACIFIC = ZoneInfo("America/Los_Angeles")

# (id, case number, petition date → rule set, tally prepared at, due_at as the API shows it, verified)
DEADLINES = [
    # 2019 rules, 5 business days: Bessemer 2021 (tally Fri 2021-04-09), the weekend skipped.
    (
        "2019-bessemer",
        "10-RC-400001",
        "2020-11-20",
        datetime(2021, 4, 9, 12, 0, tzinfo=CENTRAL),
        "2021-04-16T23:59:00-04:00",
        False,  # 2019: inferred; 2014: the agency FAQ — only CFR/FR text is verified
    ),
    # 2019 rules over Memorial Day: tally Fri 2021-05-28; Mon 05-31 skipped → Mon 06-07.
    (
        "2019-memorial-day",
        "10-RC-400002",
        "2021-01-04",
        datetime(2021, 5, 28, 15, 0, tzinfo=NY),
        "2021-06-07T23:59:00-04:00",
        False,  # 2019: inferred; 2014: the agency FAQ — only CFR/FR text is verified
    ),
    # 2014 rules, 7 calendar days: tally Fri 2017-06-30 → Fri 07-07 (July 4th inside does not matter).
    (
        "2014-calendar-days",
        "10-RC-400003",
        "2016-03-01",
        datetime(2017, 6, 30, 12, 0, tzinfo=NY),
        "2017-07-07T23:59:00-04:00",
        False,  # 2019: inferred; 2014: the agency FAQ — only CFR/FR text is verified
    ),
    # 2014 rules: 7 days from Mon 2016-06-27 end on Independence Day, Mon 07-04 → Tue 07-05.
    (
        "2014-ends-on-july-4th",
        "10-RC-400004",
        "2016-03-01",
        datetime(2016, 6, 27, 12, 0, tzinfo=NY),
        "2016-07-05T23:59:00-04:00",
        False,  # 2019: inferred; 2014: the agency FAQ — only CFR/FR text is verified
    ),
    # 2023 rules, 5 business days over Veterans Day: tally Thu 2024-11-07 → Fri 2024-11-15.
    (
        "2023-veterans-day",
        "10-RC-400005",
        "2024-01-10",
        datetime(2024, 11, 7, 12, 0, tzinfo=NY),
        "2024-11-15T23:59:00-05:00",
        True,
    ),
    # 2023 rules over Christmas: Tue 12-24 (closure by executive order) counted as a business day for the date
    # shown (Dec 23, 24, 26, 27, 30), Wed 12-25 skipped; skipping the 24th too would give 12-31. Unverified.
    (
        "2023-christmas-closure-unverified",
        "10-RC-400006",
        "2024-01-10",
        datetime(2024, 12, 20, 12, 0, tzinfo=NY),
        "2024-12-30T23:59:00-05:00",
        False,
    ),
    # Region 19 (Seattle): a tally at 10 p.m. Pacific is the next day in UTC, but the trigger is local.
    (
        "2023-pacific-zone",
        "19-RC-400007",
        "2024-01-10",
        datetime(2024, 11, 7, 22, 0, tzinfo=PACIFIC),
        "2024-11-15T23:59:00-08:00",
        True,
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("number", "petition", "prepared_at", "due_at", "verified"),
    [row[1:] for row in DEADLINES],
    ids=[row[0] for row in DEADLINES],
)
def test_the_api_shows_the_deadline_of_each_rule_set(
    as_staff, world: World, number: str, petition: str, prepared_at: datetime, due_at: str, verified: bool
) -> None:
    case, union, _ = case_under(number, petition, counsel=world.union_counsel)
    election = election_tallied(case, prepared_at)
    filed_at = prepared_at.replace(hour=23, minute=0)
    response = as_staff.post(url(election), payload(union, filed_at=filed_at.isoformat()), format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["due_at"], body["offer_of_proof_due_at"], body["verified"], body["timely"]) == (
        due_at,
        due_at,
        verified,
        True,
    )
    # Atlanta (Region 10) files on Eastern time, Seattle (Region 19) on Pacific time.
    assert body["zone"] == {"10": "America/New_York", "19": "America/Los_Angeles"}[number[:2]]


@pytest.mark.django_db
def test_the_explanation_shows_the_rule_the_count_and_the_days_skipped(as_staff, world: World) -> None:
    case, union, _ = case_under("10-RC-400008", "2021-01-04", counsel=world.union_counsel)
    election = election_tallied(case, datetime(2021, 5, 28, 15, 0, tzinfo=NY))
    body = as_staff.post(
        url(election), payload(union, filed_at="2021-06-01T10:00:00-04:00"), format="json"
    ).json()
    assert body["due_explanation"] == (
        "Objections and offer of proof: 5 business days after the tally of 2021-05-28 (Fri) under the 2019 "
        "rules, 29 CFR 102.69(a)(8). Counted 2021-06-01 … 2021-06-07; skipped Sat 2021-05-29, Sun 2021-05-30, "
        "Mon 2021-05-31 (Memorial Day), Sat 2021-06-05, Sun 2021-06-06. Due 2021-06-07 at 11:59 p.m. "
        "America/New_York (29 CFR 102.2(b)). Source: inferred (no rule text for this rule set; check it). "
        "UNVERIFIED: " + period("2019", "objections").evidence
    )


@pytest.mark.django_db
def test_an_unverified_closure_says_so_in_the_explanation(as_staff, world: World) -> None:
    case, union, _ = case_under("10-RC-400009", "2024-01-10", counsel=world.union_counsel)
    election = election_tallied(case, datetime(2024, 12, 20, 12, 0, tzinfo=NY))
    body = as_staff.post(
        url(election), payload(union, filed_at="2024-12-23T10:00:00-05:00"), format="json"
    ).json()
    assert body["verified"] is False
    assert (
        "closed by executive order on Tue 2024-12-24, Christmas Eve closure by executive order "
        "(Executive Order 14129" in body["due_explanation"]
    )
    assert "skipping it, the due date would be Tue 2024-12-31" in body["due_explanation"]


@pytest.mark.django_db
def test_a_case_before_the_2014_rules_gets_no_deadline_and_no_refusal(as_union, world: World) -> None:
    case, union, _ = case_under("10-RC-400010", "2014-06-02", counsel=world.union_counsel)
    assert case.rule_set == "pre_2015"
    election = election_tallied(case, datetime(2014, 9, 5, 12, 0, tzinfo=NY))
    # A year after the tally: no computed deadline, so nothing to refuse; the record says why.
    response = as_union.post(
        url(election), payload(union, filed_at="2015-09-05T12:00:00-04:00"), format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["due_at"], body["timely"], body["verified"], body["offer_of_proof_due_at"]) == (
        None,
        None,
        False,
        None,
    )
    assert body["due_explanation"].startswith(
        "No deadline computed: the petition predates the 2014 rules (79 FR 74308, petitions filed from "
        "2015-04-14)"
    )
    assert "Tally of 2014-09-05" in body["due_explanation"]


# --- plain Python -----------------------------------------------------------------------------------


def test_the_trigger_is_the_tally_date_in_the_office_zone_not_in_utc() -> None:
    late_evening = datetime(2024, 11, 7, 22, 0, tzinfo=PACIFIC)  # 2024-11-08 06:00 UTC
    assert trigger_day(late_evening, "America/Los_Angeles") == date(2024, 11, 7)
    assert trigger_day(late_evening, "America/New_York") == date(2024, 11, 8)


def test_the_late_message_names_due_time_zone_rule_and_filing_time() -> None:
    deadline = objections_deadline(
        rule_set="2014", region=10, tally_prepared_at=datetime(2016, 6, 27, 12, 0, tzinfo=NY)
    )
    filed = datetime(2016, 7, 6, 13, 5, tzinfo=ZoneInfo("UTC"))
    assert deadline.late_message(filed) == (
        "Objections were due 2016-07-05 23:59 America/New_York — 7 days after the tally of 2016-06-27, "
        "29 CFR 102.69(a); filed 2016-07-06 09:05."
    )
    assert deadline.is_timely(datetime(2016, 7, 5, 23, 59, 59, tzinfo=NY)) is True
    assert deadline.is_timely(datetime(2016, 7, 6, 0, 0, tzinfo=NY)) is False


def test_a_naive_tally_time_is_a_programming_error() -> None:
    with pytest.raises(ValueError, match="timezone-aware"):
        trigger_day(datetime(2021, 4, 9, 12, 0), "America/New_York")
