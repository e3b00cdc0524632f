"""The demo: the Bessemer record from the 2021 tally to the 2024 ALJ decision, loaded twice without change."""

from __future__ import annotations

from typing import Any

import pytest

from elections import demo as elections_demo
from elections.models import Election
from objections import demo as objections_demo
from proceedings import demo
from proceedings.models import Deadline, ProceedingEvent
from proceedings.status import case_status
from proceedings.timeline import case_timeline


@pytest.mark.django_db
def test_the_demo_tells_bessemer_up_to_the_third_election_and_loads_twice_without_change(
    frozen_clock: Any,
) -> None:
    frozen_clock.at("2025-01-15")
    elections_demo.load_users()
    case = elections_demo.load_bessemer()
    objections_demo.load(case)
    demo.load(case)
    counts = (
        ProceedingEvent.objects.count(),
        Deadline.objects.count(),
        Election.objects.filter(case=case).count(),
    )
    demo.load(case)
    assert (
        ProceedingEvent.objects.count(),
        Deadline.objects.count(),
        Election.objects.filter(case=case).count(),
    ) == counts
    assert counts[0] == 9 and counts[2] == 3

    status = case_status(case)
    assert (status["stage"], status["outcome"], status["track"]) == ("rerun_pending", "rerun_ordered", "alj")
    assert (status["current_election"].sequence, status["current_election"].kind) == (3, "rerun")
    assert [p["stage"] for p in status["path"]] == [
        "objections_period",
        "regional_investigation",
        "hearing_scheduled",
        "hearing",
        "exceptions_period",  # the ALJ's decision of 2024-11-05: a recommended order
        "rerun_pending",  # no exceptions in the record: the period lapsed 2024-12-03 (102.48(a))
    ]
    # The RD's order found the elections demo's rerun; the ALJ's created the third election.
    ordered = ProceedingEvent.objects.filter(ordered_election__isnull=False).order_by("occurred_on")
    assert list(ordered.values_list("event", "ordered_election__sequence", "created_election")) == [
        ("regional_director_decision", 2, False),
        ("alj_decision", 3, True),
    ]
    unverified = ProceedingEvent.objects.filter(details__note__startswith="UNVERIFIED").values_list(
        "event", flat=True
    )
    assert sorted(unverified) == [
        "consolidated_with_ulp",
        "exceptions_filed",
        "hearing_closed",
        "hearing_opened",
    ]

    kinds = [item["kind"] for item in case_timeline(case)]
    assert kinds[:2] == ["petition", "tally"] and kinds[-1] == "proceeding"
    assert kinds.count("proceeding") == 9 and kinds.count("tally") == 2


@pytest.mark.django_db
def test_the_demo_tells_jfk8_as_it_happened_beside_its_test_of_certification(frozen_clock: Any) -> None:
    frozen_clock.at("2025-01-15")
    elections_demo.load_users()
    case = elections_demo.load_jfk8()
    demo.load_jfk8(case)
    count = ProceedingEvent.objects.filter(case=case).count()
    demo.load_jfk8(case)
    assert ProceedingEvent.objects.filter(case=case).count() == count == 13

    case.refresh_from_db()
    status = case_status(case)
    assert (status["stage"], status["outcome"], status["office_region"]) == (
        "test_of_certification",
        "representative_certified",
        28,
    )
    assert status["test_of_certification"] == {
        "ulp_case": "29-CA-318069",
        "stage": "summary_judgment",
        "stage_label": "Before the Board (summary judgment)",
        "board_order": None,
        "court_cases": [],
    }
    # The exceptions were due 2022-09-16 at 11:59 p.m. in Phoenix, the office the case was transferred to.
    exceptions = Deadline.objects.get(case=case, code="exceptions")
    assert (exceptions.due_on.isoformat(), exceptions.zone) == ("2022-09-16", "America/Phoenix")
    unverified = ProceedingEvent.objects.filter(case=case, details__note__startswith="UNVERIFIED")
    assert sorted(unverified.values_list("event", flat=True)) == [
        "case_transferred",
        "exceptions_filed",
        "notice_of_hearing",
        "refusal_to_bargain",
        "request_for_review_filed",
        "ulp_charge_filed",
    ]
