"""29 CFR 102.2 time computation: real cases first, then properties that must hold for any trigger."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import date, datetime, timedelta
from zoneinfo import ZoneInfo

import holidays
import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from elections.law.calendar import (
    AGENCY_CLOSURES,
    Closure,
    ComputedDeadline,
    SkippedDay,
    add_business_days,
    business_days_before,
    compute_deadline,
    due_at_cutoff,
    federal_holidays,
    is_business_day,
    is_timely,
    next_business_day,
    non_business_reason,
)
from elections.law.regions import ACTIVE_REGION_NUMBERS, UnknownRegion
from elections.law.rule_sets import PERIODS, Period, Tier, Unit, UnknownRuleSet, period

NY = ZoneInfo("America/New_York")
LAPSE = next(c for c in AGENCY_CLOSURES if c.tolls)
CARTER = next(c for c in AGENCY_CLOSURES if c.first_day == date(2025, 1, 9))


def deadline(
    rule_set: str,
    code: str,
    trigger_on: date,
    region: int = 10,
    closures: Sequence[Closure] = AGENCY_CLOSURES,
) -> ComputedDeadline:
    return compute_deadline(
        period=period(rule_set, code),
        rule_set=rule_set,
        trigger_on=trigger_on,
        region=region,
        closures=closures,
    )


# --- real cases ---------------------------------------------------------------------------------------

REAL_CASES = [
    # Amazon Bessemer (10-RC-269250): tally Fri 2021-04-09; objections due Fri 2021-04-16.
    ("bessemer-2021", "2019", "objections", date(2021, 4, 9), 10, date(2021, 4, 16)),
    # Bessemer rerun: tally Thu 2022-03-31; objections due Thu 2022-04-07.
    ("bessemer-2022", "2019", "objections", date(2022, 3, 31), 10, date(2022, 4, 7)),
    # JFK8 (29-RC-288020): report Thu 2022-09-01, Labor Day skipped, exceptions due Fri 2022-09-16.
    ("jfk8-exceptions", "2019", "exceptions", date(2022, 9, 1), 29, date(2022, 9, 16)),
    # Starbucks (03-RC-282139): certified 2022-01-10, MLK Day skipped, review due 2022-01-25.
    ("starbucks-rfr", "2019", "request_for_review", date(2022, 1, 10), 3, date(2022, 1, 25)),
    # 2014 rules: 7 calendar days; July 4th inside the period does not matter.
    ("2014-fri-tally", "2014", "objections", date(2017, 6, 30), 10, date(2017, 7, 7)),
    # 7 days ending on Saturday 2021-07-10 roll to Monday 2021-07-12.
    ("2014-ends-saturday", "2014", "objections", date(2021, 7, 3), 10, date(2021, 7, 12)),
    # 7 days ending on Memorial Day 2021-05-31 roll to Tuesday.
    ("2014-ends-memorial-day", "2014", "objections", date(2021, 5, 24), 10, date(2021, 6, 1)),
    # The Agency's own example: a due date of 2025-10-07, inside the lapse, becomes 2025-11-19.
    ("2025-lapse", "2019", "objections", date(2025, 9, 30), 10, date(2025, 11, 19)),
    ("2025-lapse-2014", "2014", "objections", date(2025, 9, 30), 10, date(2025, 11, 19)),
]


@pytest.mark.parametrize(
    ("rule_set", "code", "trigger_on", "region", "due_on"),
    [row[1:] for row in REAL_CASES],
    ids=[row[0] for row in REAL_CASES],
)
def test_real_case_deadlines(rule_set: str, code: str, trigger_on: date, region: int, due_on: date) -> None:
    assert deadline(rule_set, code, trigger_on, region).due_on == due_on


def test_bessemer_objections_are_due_at_1159_pm_eastern_with_a_readable_explanation() -> None:
    d = deadline("2019", "objections", date(2021, 4, 9), region=10)
    assert d.due_at == datetime(2021, 4, 16, 23, 59, tzinfo=NY)
    assert d.due_at.isoformat() == "2021-04-16T23:59:00-04:00"
    assert d.zone == "America/New_York"
    assert d.rule == "5 business days after the tally"
    # 2019 figure: the section the 2023 rule left in place, checked against real dates — inferred, not text.
    assert (d.verified, d.source) == (False, "inferred")
    assert d.tolled_by is None
    assert d.days_skipped == (
        SkippedDay(date(2021, 4, 10), "Saturday"),
        SkippedDay(date(2021, 4, 11), "Sunday"),
    )
    assert d.explanation == (
        "Objections and offer of proof: 5 business days after the tally of 2021-04-09 (Fri) under the 2019 "
        "rules, 29 CFR 102.69(a)(8). Counted 2021-04-12 … 2021-04-16; skipped Sat 2021-04-10, Sun "
        "2021-04-11. Due 2021-04-16 at 11:59 p.m. America/New_York (29 CFR 102.2(b)). Source: inferred (no "
        "rule text for this rule set; check it). UNVERIFIED: " + period("2019", "objections").evidence
    )


def test_jfk8_exceptions_skip_labor_day_and_are_flagged_unverified() -> None:
    d = deadline("2019", "exceptions", date(2022, 9, 1), region=29)
    assert SkippedDay(date(2022, 9, 5), "Labor Day") in d.days_skipped
    assert d.verified is False
    assert d.explanation.endswith("UNVERIFIED: " + period("2019", "exceptions").evidence)


def test_starbucks_review_skips_mlk_day() -> None:
    d = deadline("2019", "request_for_review", date(2022, 1, 10), region=3)
    assert SkippedDay(date(2022, 1, 17), "Martin Luther King Jr. Day") in d.days_skipped
    assert "Mon 2022-01-17 (Martin Luther King Jr. Day)" in d.explanation


def test_a_seven_day_period_ending_on_memorial_day_records_the_roll_forward() -> None:
    d = deadline("2014", "objections", date(2021, 5, 24))
    assert d.days_skipped == (SkippedDay(date(2021, 5, 31), "Memorial Day"),)
    assert "the last day, Mon 2021-05-31, is not a business day" in d.explanation


def test_a_seven_day_period_ending_on_saturday_skips_the_weekend() -> None:
    d = deadline("2014", "objections", date(2021, 7, 3))
    assert [s.day for s in d.days_skipped] == [date(2021, 7, 10), date(2021, 7, 11)]


# --- the answer to a document runs from that document's due date --------------------------------------


def test_an_answering_brief_runs_from_the_exceptions_due_date_not_their_filing() -> None:
    exceptions = deadline("2014", "exceptions", date(2022, 9, 1))
    assert exceptions.due_on == date(2022, 9, 15)
    answering = deadline("2014", "answering_brief", exceptions.due_on)
    assert answering.due_on == date(2022, 9, 22)
    assert answering.responsive is True
    assert "runs from the due date of the document it answers" in answering.explanation


def test_a_2019_answering_brief_counts_business_days_from_the_exceptions_due_date() -> None:
    # JFK8's exceptions due Fri 2022-09-16 → 5 business days → Fri 2022-09-23.
    assert deadline("2019", "answering_brief", date(2022, 9, 16)).due_on == date(2022, 9, 23)


def test_an_opposition_runs_five_business_days_from_the_request_for_review_due_date() -> None:
    d = deadline("2023", "opposition", date(2024, 11, 25))
    # 102.67(f): Tue 26, Wed 27, (Thanksgiving Thu 28 skipped), Fri 29, Mon 12-02, Tue 12-03.
    assert d.due_on == date(2024, 12, 3)
    assert (d.verified, d.source) == (True, "cfr")


def test_the_hearing_date_is_a_target_not_a_bar() -> None:
    d = deadline("2014", "hearing", date(2017, 6, 30))
    assert d.due_on == date(2017, 7, 21)
    assert d.target_only is True
    assert "a target, not a bar" in d.explanation
    assert "11:59 p.m." not in d.explanation


# --- 102.2(a): periods under 7 days count only business days ------------------------------------------


def test_a_calendar_day_period_under_seven_days_counts_only_business_days() -> None:
    three_days = Period(
        "x", "Three-day paper", "tally", 3, Unit.calendar_days, "29 CFR 102.2(a)", Tier.cfr, "t", False
    )
    d = compute_deadline(period=three_days, rule_set="2014", trigger_on=date(2021, 4, 9), region=10)
    assert d.due_on == date(2021, 4, 14)  # Mon, Tue, Wed — not Sun 2021-04-12
    assert d.explanation.count("A period under 7 days counts only business days") == 1


def test_a_seven_day_period_counts_calendar_days() -> None:
    # Tally Thu 2021-07-01: 7 calendar days is Thu 2021-07-08, although July 5th (observed) is inside.
    assert deadline("2014", "objections", date(2021, 7, 1)).due_on == date(2021, 7, 8)


# --- holidays (observed) and agency closures ----------------------------------------------------------


@pytest.mark.parametrize(
    ("day", "reason"),
    [
        (date(2021, 7, 5), "Independence Day (observed)"),
        (date(2021, 6, 18), "Juneteenth National Independence Day (observed)"),
        (date(2021, 12, 31), "New Year's Day (observed)"),
        (date(2022, 12, 26), "Christmas Day (observed)"),
        (date(2025, 1, 9), "agency closed: National Day of Mourning for President Jimmy Carter"),
        (date(2025, 10, 15), "agency closed: 2025 lapse in appropriations"),
        (date(2021, 4, 10), "Saturday"),
    ],
)
def test_days_that_are_not_business_days_say_why(day: date, reason: str) -> None:
    assert is_business_day(day) is False
    assert non_business_reason(day) == reason


def test_new_year_observed_on_the_last_day_of_the_year_is_found_without_a_year_list() -> None:
    assert date(2021, 12, 31) in holidays.country_holidays("US")
    # The pitfall a fixed year list invites: the 2022 holiday falls in the 2021 set.
    assert date(2021, 12, 31) not in holidays.country_holidays("US", years=[2022], expand=False)
    assert date(2021, 12, 31) in federal_holidays


@pytest.mark.parametrize("day", [date(2021, 7, 2), date(2021, 7, 6), date(2020, 6, 19), date(2015, 12, 24)])
def test_ordinary_weekdays_are_business_days(day: date) -> None:
    # 2020-06-19 predates Juneteenth as a federal holiday; 2015-12-24 was only a half-day closing.
    assert is_business_day(day) is True


def test_one_off_closures_come_from_the_closure_data_not_the_holiday_calendar() -> None:
    assert date(2025, 1, 9) not in federal_holidays
    assert is_business_day(date(2025, 1, 9), closures=()) is True
    assert CARTER.tolls is False
    assert CARTER.verified is True


def test_a_business_day_period_counts_the_carter_day_of_mourning_and_names_the_later_date() -> None:
    # Mon 2025-01-06: Jan 7, 8, 9 (closed by EO 14133, counted: the safe date), 10, 13.
    d = deadline("2023", "objections", date(2025, 1, 6), region=19)
    assert d.due_on == date(2025, 1, 13)
    assert d.verified is False
    assert "skipping it, the due date would be Tue 2025-01-14" in d.explanation


def test_a_deadline_moved_by_an_unverified_closure_is_flagged() -> None:
    # Tally Fri 2020-12-18: Dec 21, 22, 23, 24 (closed by executive order, counted), Christmas skipped, 28.
    d = deadline("2023", "objections", date(2020, 12, 18))
    assert d.due_on == date(2020, 12, 28)
    assert d.verified is False
    assert "Thu 2020-12-24, Christmas Eve closure by executive order" in d.explanation
    assert "skipping it, the due date would be Tue 2020-12-29" in d.explanation


# --- the 2025 lapse in appropriations -----------------------------------------------------------------


def test_the_lapse_closed_the_offices_for_43_days_and_tolls() -> None:
    assert (LAPSE.first_day, LAPSE.last_day, LAPSE.days) == (date(2025, 10, 1), date(2025, 11, 12), 43)
    assert LAPSE.tolls is True
    assert LAPSE.verified is False
    assert "EAJA" in LAPSE.note and "representation petitions" in LAPSE.note


def test_a_due_date_inside_the_lapse_is_tolled_and_flagged_unverified() -> None:
    d = deadline("2019", "objections", date(2025, 9, 30))
    assert d.tolled_by == LAPSE
    assert d.verified is False
    assert "2025-10-07, falls in the closure" in d.explanation
    assert "+ 43 days = Wed 2025-11-19" in d.explanation


def test_a_tolled_date_on_thanksgiving_rolls_to_the_next_business_day() -> None:
    # 10 business days from 2025-09-30 (Columbus Day skipped) → 2025-10-15; + 43 → Thanksgiving → Fri.
    d = deadline("2019", "exceptions", date(2025, 9, 30))
    assert d.due_on == date(2025, 11, 28)
    assert SkippedDay(date(2025, 11, 27), "Thanksgiving Day") in d.days_skipped


def test_a_trigger_inside_the_lapse_counts_as_the_last_day_before_it() -> None:
    inside = deadline("2014", "exceptions", date(2025, 10, 20))
    before = deadline("2014", "exceptions", date(2025, 9, 30))
    assert inside.due_on == before.due_on == date(2025, 11, 26)
    assert "counted as if it began on 2025-09-30" in inside.explanation


def test_a_due_date_after_the_offices_reopened_is_not_tolled() -> None:
    d = deadline("2019", "objections", date(2025, 11, 13))
    assert d.due_on == date(2025, 11, 20)
    assert d.tolled_by is None


def test_without_the_closure_data_the_lapse_is_invisible() -> None:
    d = deadline("2019", "objections", date(2025, 9, 30), closures=())
    assert d.due_on == date(2025, 10, 7)


def test_deadlines_never_move_earlier_across_the_lapse() -> None:
    for rule_set, table in PERIODS.items():
        for p in table.values():
            previous = date.min
            # From triggers whose due dates precede the lapse to ones whose due dates follow every tolled one.
            day = date(2025, 9, 10)
            while day <= date(2025, 12, 10):
                due = compute_deadline(period=p, rule_set=rule_set, trigger_on=day, region=10).due_on
                assert due >= previous, (rule_set, p.code, day)
                previous = due
                day += timedelta(days=1)


# --- the 11:59 p.m. cutoff and timeliness -------------------------------------------------------------


@pytest.mark.parametrize(
    ("region", "day", "offset"),
    [
        (28, date(2024, 1, 10), "-07:00"),  # Phoenix keeps standard time all year
        (28, date(2024, 7, 10), "-07:00"),
        (19, date(2024, 1, 10), "-08:00"),  # Seattle
        (19, date(2024, 7, 10), "-07:00"),
        (27, date(2024, 7, 10), "-06:00"),  # Denver, daylight time
        (25, date(2024, 7, 10), "-04:00"),  # Indianapolis
    ],
)
def test_the_cutoff_is_1159_pm_in_the_regional_office_zone(region: int, day: date, offset: str) -> None:
    from elections.law.regions import region as region_by_number

    cutoff = due_at_cutoff(day, region_by_number(region).zone)
    assert cutoff.isoformat() == f"{day.isoformat()}T23:59:00{offset}"


def test_a_phoenix_deadline_carries_the_phoenix_cutoff() -> None:
    d = deadline("2023", "objections", date(2024, 7, 1), region=28)
    assert d.due_on == date(2024, 7, 9)  # July 4th skipped
    assert d.due_at.isoformat() == "2024-07-09T23:59:00-07:00"


def test_a_request_for_review_is_due_on_washington_time_because_it_is_filed_with_the_board() -> None:
    # Final disposition Mon 2024-07-01: 10 business days, July 4th skipped → Tue 2024-07-16.
    d = deadline("2023", "request_for_review", date(2024, 7, 1), region=28)
    assert d.due_on == date(2024, 7, 16)
    assert d.zone == "America/New_York"
    assert d.due_at.isoformat() == "2024-07-16T23:59:00-04:00"
    assert "11:59 p.m. America/New_York (filed with the Board in Washington, D.C.)" in d.explanation


def test_filed_at_235930_local_on_the_due_date_is_timely() -> None:
    due_at = due_at_cutoff(date(2021, 4, 16), "America/New_York")
    assert is_timely(datetime(2021, 4, 16, 23, 59, 30, tzinfo=NY), due_at) is True
    assert is_timely(datetime(2021, 4, 16, 23, 59, 59, 999999, tzinfo=NY), due_at) is True


def test_seven_minutes_late_is_late_as_in_emerson_electric() -> None:
    due_at = due_at_cutoff(date(2021, 4, 16), "America/New_York")
    assert is_timely(datetime(2021, 4, 17, 0, 6, tzinfo=NY), due_at) is False
    assert is_timely(datetime(2021, 4, 17, 0, 0, tzinfo=NY), due_at) is False


def test_timeliness_compares_instants_not_wall_clocks() -> None:
    due_at = due_at_cutoff(date(2021, 4, 16), "America/Los_Angeles")
    utc = ZoneInfo("UTC")
    assert is_timely(datetime(2021, 4, 17, 6, 30, tzinfo=utc), due_at) is True  # 23:30 PDT on the 16th
    assert is_timely(datetime(2021, 4, 17, 7, 0, tzinfo=utc), due_at) is False  # 00:00 PDT on the 17th


def test_a_naive_filing_time_is_refused() -> None:
    due_at = due_at_cutoff(date(2021, 4, 16), "America/New_York")
    with pytest.raises(ValueError, match="timezone-aware"):
        is_timely(datetime(2021, 4, 16, 12, 0), due_at)


# --- helpers and refusals -----------------------------------------------------------------------------


def test_add_business_days_skips_the_observed_fourth_of_july() -> None:
    assert add_business_days(date(2021, 7, 2), 1) == date(2021, 7, 6)
    assert add_business_days(date(2021, 7, 2), 0) == date(2021, 7, 2)
    with pytest.raises(ValueError):
        add_business_days(date(2021, 7, 2), -1)


def test_business_days_before_counts_back_over_the_observed_fourth_of_july() -> None:
    # Due Tue 2021-07-06: Mon 07-05 is Independence Day observed (the 4th a Sunday), 07-03/04 a weekend, so
    # one business day before is Fri 07-02; five are 07-02 (1), 07-01, 06-30, 06-29, 06-28 (5).
    assert business_days_before(date(2021, 7, 6), 1) == date(2021, 7, 2)
    assert business_days_before(date(2021, 7, 6), 5) == date(2021, 6, 28)
    assert business_days_before(date(2021, 7, 6), 0) == date(2021, 7, 6)
    assert add_business_days(business_days_before(date(2021, 7, 6), 5), 5) == date(2021, 7, 6)
    with pytest.raises(ValueError):
        business_days_before(date(2021, 7, 6), -1)


def test_next_business_day_keeps_a_business_day_and_rolls_a_holiday() -> None:
    assert next_business_day(date(2021, 7, 2)) == date(2021, 7, 2)
    assert next_business_day(date(2021, 7, 3)) == date(2021, 7, 6)


def test_an_unknown_rule_set_or_region_is_refused() -> None:
    with pytest.raises(UnknownRuleSet):
        compute_deadline(
            period=period("2019", "objections"), rule_set="2020", trigger_on=date(2021, 4, 9), region=10
        )
    with pytest.raises(UnknownRegion):
        deadline("2019", "objections", date(2021, 4, 9), region=35)


def test_a_retired_region_runs_on_its_historical_office_clock() -> None:
    """Issue 25: a case of Region 33 (Peoria, Central time) or 24 (San Juan, Atlantic time, no daylight
    saving) keeps its office's zone: the 11:59 p.m. cutoff is that office's."""
    peoria = deadline("2019", "objections", date(2021, 4, 9), region=33)
    assert peoria.due_at.isoformat().endswith("T23:59:00-05:00")  # CDT in April
    san_juan = deadline("2019", "objections", date(2021, 4, 9), region=24)
    assert san_juan.due_at.isoformat().endswith("T23:59:00-04:00")  # AST all year
    assert peoria.due_on == san_juan.due_on


# --- properties ---------------------------------------------------------------------------------------

ALL_PERIODS = [(rs, p) for rs, table in PERIODS.items() for p in table.values()]
periods = st.sampled_from(ALL_PERIODS)
business_day_periods = st.sampled_from([(rs, p) for rs, p in ALL_PERIODS if p.unit is Unit.business_days])
long_calendar_periods = st.sampled_from(
    [(rs, p) for rs, p in ALL_PERIODS if p.unit is Unit.calendar_days and p.length >= 7]
)
triggers = st.dates(min_value=date(2015, 4, 14), max_value=date(2027, 12, 31))
regions = st.sampled_from(sorted(ACTIVE_REGION_NUMBERS))
PROPERTY = settings(max_examples=200, deadline=None, database=None)


def _touches_a_tolling_closure(trigger_on: date, d: ComputedDeadline) -> bool:
    return d.tolled_by is not None or any(c.tolls and c.covers(trigger_on) for c in AGENCY_CLOSURES)


@PROPERTY
@given(periods, triggers, regions)
def test_the_due_date_is_always_a_business_day(rp: tuple[str, Period], trigger_on: date, region: int) -> None:
    rule_set, p = rp
    d = compute_deadline(period=p, rule_set=rule_set, trigger_on=trigger_on, region=region)
    assert d.due_on > trigger_on
    assert d.due_on.weekday() < 5
    assert d.due_on not in federal_holidays
    # A day closed by executive order counts as a business day for the date shown (the safe date).
    assert not any(c.covers(d.due_on) for c in AGENCY_CLOSURES if not c.executive_order)
    assert d.due_at.date() == d.due_on and d.due_at.utcoffset() is not None


@PROPERTY
@given(periods, triggers, st.integers(min_value=1, max_value=40))
def test_a_later_trigger_never_gives_an_earlier_due_date(
    rp: tuple[str, Period], trigger_on: date, later: int
) -> None:
    rule_set, p = rp
    first = compute_deadline(period=p, rule_set=rule_set, trigger_on=trigger_on, region=10)
    second = compute_deadline(
        period=p, rule_set=rule_set, trigger_on=trigger_on + timedelta(days=later), region=10
    )
    assert second.due_on >= first.due_on


@PROPERTY
@given(business_day_periods, triggers)
def test_a_business_day_period_counts_exactly_its_length_in_business_days(
    rp: tuple[str, Period], trigger_on: date
) -> None:
    rule_set, p = rp
    d = compute_deadline(period=p, rule_set=rule_set, trigger_on=trigger_on, region=10)
    assume(not _touches_a_tolling_closure(trigger_on, d))
    between = [trigger_on + timedelta(days=i) for i in range(1, (d.due_on - trigger_on).days + 1)]
    counted_open = [c for c in AGENCY_CLOSURES if not c.executive_order]
    assert sum(is_business_day(day, counted_open) for day in between) == p.length
    assert is_business_day(d.due_on, counted_open)


@PROPERTY
@given(long_calendar_periods, triggers)
def test_a_calendar_period_of_seven_days_or_more_only_rolls_over_non_business_days(
    rp: tuple[str, Period], trigger_on: date
) -> None:
    rule_set, p = rp
    d = compute_deadline(period=p, rule_set=rule_set, trigger_on=trigger_on, region=10)
    assume(not _touches_a_tolling_closure(trigger_on, d))
    last_day = trigger_on + timedelta(days=p.length)
    assert d.due_on >= last_day
    rolled = [last_day + timedelta(days=i) for i in range((d.due_on - last_day).days)]
    assert not any(is_business_day(day) for day in rolled)
    assert [s.day for s in d.days_skipped] == rolled
