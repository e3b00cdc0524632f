"""The region table: which office, and which clock, a filing in each region runs on."""

from __future__ import annotations

from zoneinfo import ZoneInfo

import pytest

from elections.law.regions import (
    ACTIVE_REGION_NUMBERS,
    CONSOLIDATED_REGIONS,
    KNOWN_REGION_NUMBERS,
    REGIONS,
    RETIRED_REGIONS,
    Region,
    UnknownRegion,
    closed_to_new_cases,
    office,
    region,
)


def test_the_26_active_regions_are_those_left_after_the_2012_and_2013_consolidations() -> None:
    assert len(REGIONS) == 26
    assert (
        frozenset([*range(1, 11), *range(12, 17), *range(18, 23), 25, 27, 28, 29, 31, 32])
        == ACTIVE_REGION_NUMBERS
    )


def test_each_region_has_its_office_city() -> None:
    assert {n: r.office for n, r in REGIONS.items()} == {
        1: "Boston",
        2: "New York (Manhattan)",
        3: "Buffalo",
        4: "Philadelphia",
        5: "Baltimore",
        6: "Pittsburgh",
        7: "Detroit",
        8: "Cleveland",
        9: "Cincinnati",
        10: "Atlanta",
        12: "Tampa",
        13: "Chicago",
        14: "St. Louis",
        15: "New Orleans",
        16: "Fort Worth",
        18: "Minneapolis",
        19: "Seattle",
        20: "San Francisco",
        21: "Los Angeles (downtown)",
        22: "Newark",
        25: "Indianapolis",
        27: "Denver",
        28: "Phoenix",
        29: "Brooklyn",
        31: "Los Angeles (West)",
        32: "Oakland",
    }


@pytest.mark.parametrize(
    ("number", "zone"),
    [
        (1, "America/New_York"),
        (10, "America/New_York"),
        (29, "America/New_York"),
        (7, "America/Detroit"),
        (25, "America/Indiana/Indianapolis"),
        (13, "America/Chicago"),
        (15, "America/Chicago"),
        (18, "America/Chicago"),
        (27, "America/Denver"),
        (28, "America/Phoenix"),
        (19, "America/Los_Angeles"),
        (32, "America/Los_Angeles"),
    ],
)
def test_region_uses_the_canonical_zone_of_its_office(number: int, zone: str) -> None:
    assert region(number) == Region(number=number, office=REGIONS[number].office, zone=zone)


def test_every_zone_is_a_real_iana_zone() -> None:
    for r in REGIONS.values():
        assert ZoneInfo(r.zone).key == r.zone


@pytest.mark.parametrize(
    ("retired", "successor"), [(11, 10), (17, 14), (26, 15), (34, 1), (30, 18), (24, 12)]
)
def test_a_retired_region_number_is_refused_and_names_its_successor(retired: int, successor: int) -> None:
    with pytest.raises(UnknownRegion, match=rf"consolidated into Region {successor} on 201[23]-"):
        region(retired)
    assert CONSOLIDATED_REGIONS[retired][0] == successor


@pytest.mark.parametrize("number", [0, 33, 99, -1])
def test_a_number_that_was_never_an_active_region_is_a_value_error(number: int) -> None:
    with pytest.raises(ValueError, match="not an active NLRB region"):
        region(number)


def test_true_is_not_region_1() -> None:
    with pytest.raises(UnknownRegion):
        region(True)


def test_the_table_cannot_be_changed_at_run_time() -> None:
    with pytest.raises(TypeError):
        REGIONS[11] = Region(11, "Winston-Salem", "America/New_York")  # type: ignore[index]


# --- regions since merged (issue 25) -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("number", "office_name", "zone"),
    [
        (11, "Winston-Salem", "America/New_York"),
        (17, "Kansas City", "America/Chicago"),
        (23, "Houston", "America/Chicago"),
        (24, "San Juan", "America/Puerto_Rico"),
        (26, "Memphis", "America/Chicago"),
        (30, "Milwaukee", "America/Chicago"),
        (33, "Peoria", "America/Chicago"),
        (34, "Hartford", "America/New_York"),
    ],
)
def test_a_retired_region_keeps_its_historical_office_and_zone(
    number: int, office_name: str, zone: str
) -> None:
    assert office(number) == Region(number=number, office=office_name, zone=zone)
    assert ZoneInfo(zone).key == zone
    assert number in KNOWN_REGION_NUMBERS and number not in ACTIVE_REGION_NUMBERS


def test_an_active_region_is_its_own_office_and_a_number_never_used_is_refused() -> None:
    assert office(10) == region(10)
    for never in (0, 35, 99, True):
        with pytest.raises(UnknownRegion):
            office(never)


def test_a_retired_region_opens_no_new_case_and_says_where_they_go() -> None:
    assert closed_to_new_cases(10) is None
    assert closed_to_new_cases(30) == (
        "Region 30 (Milwaukee) opens no new cases: it was consolidated into Region 18 on 2013-08-01, where "
        "new cases are filed. A case it opened keeps its number: import it from the public record."
    )
    assert closed_to_new_cases(33) == (
        "Region 33 (Peoria) opens no new cases: it is no longer a regional office. A case it opened keeps its "
        "number: import it from the public record."
    )


def test_what_no_primary_source_confirms_says_so() -> None:
    unverified = {n for n, r in RETIRED_REGIONS.items() if not r.verified}
    assert unverified == {23, 33}
    for n, (successor, on) in CONSOLIDATED_REGIONS.items():
        assert (RETIRED_REGIONS[n].successor, RETIRED_REGIONS[n].retired_on, RETIRED_REGIONS[n].verified) == (
            successor,
            on,
            True,
        )
