"""A notice of a step names the deadlines it opened — date, time, zone and rule (issue 24): the Regional
Director's certifying decision of Monday, November 29, 2021 opens the request for review, 10 business days:
Nov 30, Dec 1, 2, 3, 6, 7, 8, 9, 10, 13 → Monday, December 13, 2021, 11:59 p.m. in Atlanta (EST); and the
opposition 5 business days after that: Dec 14, 15, 16, 17, 20 → Monday, December 20."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from tests.factories import record_event

pytestmark = pytest.mark.django_db


def test_a_decisions_notice_says_what_it_makes_due(tallied: Any, frozen_clock: Any, settings: Any) -> None:
    settings.SITE_URL = "https://tracker.example"
    frozen_clock.at("2021-11-30")
    event = record_event(
        tallied.case,
        "regional_director_decision",
        "2021-11-29",
        outcome="certify_results",
        actor=tallied.staff,
        notify=True,
    )
    body = Notification.objects.filter(key=f"proceeding:{event.pk}:recorded").values_list("body", flat=True)[
        0
    ]
    lines = body.splitlines()
    assert "  Outcome: Certify the results (no representative)" in lines
    assert "certify_results" not in body
    listed = lines[lines.index("What this makes due:") + 1 : lines.index("What this makes due:") + 4]
    assert listed == [
        "- Request for review by the Board: due December 13, 2021, 11:59 p.m. EST "
        "(29 CFR 102.67(c), 102.69(c)(2), 102.69(h)) [UNVERIFIED]",
        "- Motion for reconsideration or rehearing of the Regional Director's decision: due December 13, "
        "2021, 11:59 p.m. EST (29 CFR 102.65(e)(2))",
        "- Opposition to the request for review: due December 20, 2021, 11:59 p.m. EST "
        "(29 CFR 102.67(f), 102.2(a)) [UNVERIFIED]",
    ]
    assert lines[-1] == "The case, its ladder and deadlines: https://tracker.example/desk/cases/10-RC-269250/"


def test_a_step_that_opens_nothing_says_so(tallied: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-05-01")
    event = record_event(
        tallied.case, "regional_investigation", "2021-04-30", actor=tallied.staff, notify=True
    )
    body = Notification.objects.filter(key=f"proceeding:{event.pk}:recorded").values_list("body", flat=True)[
        0
    ]
    assert "It opens no deadline." in body.splitlines()
