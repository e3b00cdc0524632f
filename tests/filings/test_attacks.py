"""Filings under attack (issue 36): each test performs the attack and asserts the safe outcome."""

from __future__ import annotations

from typing import Any

import pytest

from filings.models import Filing
from tests.filings.conftest import filing_body

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/10-RC-269250/filings/"


@pytest.mark.parametrize("field", ["title", "confirmation_number"])
def test_a_filing_title_with_a_header_in_it_is_a_400_and_nothing_is_filed(
    reported: Any, as_employer: Any, frozen_clock: Any, field: str
) -> None:
    frozen_clock.at("2021-06-10", 12)
    body = filing_body(reported, **{field: "Employer's Exceptions\nBcc: everyone@example.com"})
    response = as_employer.post(URL, body, format="json")
    assert response.status_code == 400
    assert "one line" in response.json()[field][0]
    assert not Filing.objects.exists()


def test_the_same_confirmation_number_twice_in_a_case_is_a_409_naming_the_first_paper(
    reported: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-06-10", 12)
    first = as_employer.post(URL, filing_body(reported, confirmation_number="EF-1234"), format="json")
    assert first.status_code == 201
    again = filing_body(reported, title="Employer's Exceptions (again)", confirmation_number="ef-1234")
    response = as_employer.post(URL, again, format="json")
    assert response.status_code == 409
    assert f"already on filing {first.json()['id']} of 10-RC-269250" in response.json()["detail"]
    assert Filing.objects.count() == 1


def test_a_confirmation_number_of_another_case_does_not_block_this_one(
    reported: Any, as_staff: Any, frozen_clock: Any
) -> None:
    from tests.factories import ElectionFactory

    frozen_clock.at("2021-06-10", 12)
    other = reported.other_case
    Filing.objects.create(  # a paper of another case, as it stands in the table
        case=other,
        election=ElectionFactory(case=other, sequence=1, choices=["ALU"]),
        kind="motion",
        party=other.parties.get(),
        title="Motion",
        filed_at=frozen_clock.now(),
        received_at=frozen_clock.now(),
        confirmation_number="EF-1234",
    )
    response = as_staff.post(URL, filing_body(reported, confirmation_number="EF-1234"), format="json")
    assert response.status_code == 201
