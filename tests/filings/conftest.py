"""Documents are stored under a MEDIA_ROOT of the test's own (a temporary folder), never the project's."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.proceedings.conftest import TALLY_2021


@pytest.fixture(autouse=True)
def media_root(settings: Any, tmp_path: Path) -> Path:
    settings.MEDIA_ROOT = str(tmp_path / "media")
    return tmp_path / "media"


@pytest.fixture
def reported(world: Any, frozen_clock: Any) -> Any:
    """Bessemer (2019 rules, Region 10, Atlanta): the hearing officer's report of Tue 2021-06-01. Exceptions
    are due 10 business days later — Jun 2-4 (1-3), Jun 7-11 (4-8), Jun 14-15 (9-10): Tue 2021-06-15, 11:59
    p.m. Eastern."""
    from tests.factories import record_event, record_tally

    frozen_clock.at("2021-04-12")
    record_tally(world.election, prepared_at=TALLY_2021, yes=738, votes_against=1798, void=76, challenged=505)
    tallied = world
    frozen_clock.at("2021-06-01", 17)
    for event, on, details in [
        ("notice_of_hearing", "2021-04-20", {"hearing_on": "2021-05-10"}),
        ("hearing_opened", "2021-05-10", {}),
        ("hearing_closed", "2021-05-14", {}),
        ("hearing_officer_report", "2021-06-01", {}),
    ]:
        record_event(tallied.case, event, on, actor=tallied.staff, **details)
    return tallied


def filing_body(world: Any, **fields: Any) -> dict[str, Any]:
    return {"kind": "exceptions", "party": world.employer.pk, "title": "Employer's Exceptions", **fields}


@pytest.fixture
def filing(reported: Any, frozen_clock: Any) -> Any:
    """The employer's exceptions, filed on Thursday 2021-06-10 at 11 a.m. Eastern (timely: due 2021-06-15)."""
    from datetime import datetime

    from filings import services
    from tests.proceedings.conftest import EASTERN

    frozen_clock.at("2021-06-10", 12)
    return services.filing_file(
        case=reported.case,
        kind="exceptions",
        party=reported.employer,
        title="Employer's Exceptions",
        filed_at=datetime(2021, 6, 10, 11, tzinfo=EASTERN),
        actor=reported.employer_counsel,
    )
