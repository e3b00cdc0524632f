"""Case numbers are parsed, validated and normalized by plain Python (no database)."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from elections.law import case_numbers
from elections.law.regions import ACTIVE_REGION_NUMBERS


@pytest.mark.parametrize(
    ("text", "normalized", "region", "case_type"),
    [
        ("10-RC-269250", "10-RC-269250", 10, "RC"),  # Bessemer
        ("29-rc-288020", "29-RC-288020", 29, "RC"),  # JFK8, lower case accepted
        ("01-RC-153086", "01-RC-153086", 1, "RC"),  # Danbury Hospital
        ("10-RC-14040", "10-RC-014040", 10, "RC"),  # pre-NxGen serial without zero padding (Rheem)
        (" 3-RD-1234 ", "03-RD-001234", 3, "RD"),
    ],
)
def test_real_numbers_parse_and_normalize(text: str, normalized: str, region: int, case_type: str) -> None:
    parsed = case_numbers.parse(text)
    assert (str(parsed), parsed.region, parsed.case_type) == (normalized, region, case_type)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("10-XX-1", "Case type 'XX' is not one of"),
        ("35-RC-123456", "Region 35 does not exist"),  # never a region
        ("00-RC-123456", "Region 00 does not exist"),
        ("10RC269250", "is not an NLRB case number"),
        ("", "is not an NLRB case number"),
        ("10-RC-0000000", "is not an NLRB case number"),  # seven digits
        ("10-RC-000000", "serial number of a case cannot be zero"),
    ],
)
def test_malformed_numbers_are_refused_with_the_rule(text: str, message: str) -> None:
    with pytest.raises(case_numbers.InvalidCaseNumber, match=message):
        case_numbers.parse(text)


@pytest.mark.parametrize("retired", [11, 17, 23, 24, 26, 30, 33, 34])
def test_a_case_of_a_region_since_merged_keeps_its_number(retired: int) -> None:
    """Issue 25: 33-RC-… (Peoria) is a real case of the public record, not a typing error."""
    assert case_numbers.normalize(f"{retired}-rc-4567") == f"{retired:02d}-RC-004567"


def test_unfair_labor_practice_numbers_are_only_related_cases() -> None:
    with pytest.raises(case_numbers.InvalidCaseNumber, match="record it as a related case"):
        case_numbers.parse("29-CA-318069")
    assert str(case_numbers.parse("29-CA-318069", representation_only=False)) == "29-CA-318069"


@given(
    region=st.sampled_from(sorted(ACTIVE_REGION_NUMBERS)),
    case_type=st.sampled_from(sorted(case_numbers.REPRESENTATION_TYPES)),
    serial=st.integers(min_value=1, max_value=999_999),
)
def test_normalizing_is_idempotent(region: int, case_type: str, serial: int) -> None:
    text = f"{region}-{case_type.lower()}-{serial}"
    once = case_numbers.normalize(text)
    assert case_numbers.normalize(once) == once
    assert once == f"{region:02d}-{case_type}-{serial:06d}"
