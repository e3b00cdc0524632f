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
