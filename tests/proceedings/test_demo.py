"""The demo: the Bessemer record from the 2021 tally to the 2024 ALJ decision, loaded twice without change."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from elections import demo as elections_demo
from elections.models import Election
from objections import demo as objections_demo
from proceedings import demo
from proceedings.models import Deadline, ProceedingEvent
from proceedings.selectors import case_status, case_timeline


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


# JFK8 stage by stage: each event of the demo's record (proceedings.demo.JFK8_RECORD), recorded through the
# service layer on its own date, then where the case is, where its test of certification is, how many court
# cases it has, and the deadlines the event opened (code, due date counted by hand, and the zone of the office
# it is filed in: Phoenix after the transfer to Region 28; the Board's Washington, and Region 29 for the CA case).
NEW_YORK, PHOENIX = "America/New_York", "America/Phoenix"
Opened = tuple[tuple[str, str, str], ...]
JFK8_STAGES: list[tuple[str, str, str, str | None, int, Opened]] = [
    # The objections period (due Fri 2022-04-08) ran with none filed: the Regional Director acts next.
    ("case_transferred", "2022-04-20", "awaiting_regional_director", None, 0, ()),
    ("notice_of_hearing", "2022-04-20", "hearing_scheduled", None, 0, (("hearing", "2022-06-13", PHOENIX),)),
    ("hearing_opened", "2022-06-13", "hearing", None, 0, ()),
    # Exceptions: 10 business days after Thu 2022-09-01, Labor Day (Mon 09-05) skipped: Fri 2022-09-16.
    # Answering brief: 5 business days after that: Mon 19, 20, 21, 22, Fri 2022-09-23.
    (
        "hearing_officer_report",
        "2022-09-01",
        "exceptions_period",
        None,
        0,
        (("exceptions", "2022-09-16", PHOENIX), ("answering_brief", "2022-09-23", PHOENIX)),
    ),
    ("exceptions_filed", "2022-09-16", "awaiting_regional_director", None, 0, ()),
    # Review and reconsideration: 10 business days after Wed 2023-01-11, MLK Day (Mon 01-16) skipped: Thu
    # 2023-01-26; the opposition 5 business days after that: Fri 27, 30, 31, Feb 1, Thu 2023-02-02.
    (
        "regional_director_decision",
        "2023-01-11",
        "review_period",
        None,
        0,
        (
            ("request_for_review", "2023-01-26", NEW_YORK),
            ("reconsideration", "2023-01-26", PHOENIX),
            ("opposition", "2023-02-02", NEW_YORK),
        ),
    ),
    (
        "certification_issued",
        "2023-01-11",
        "certified",
        None,
        0,
        (("request_for_review", "2023-01-26", NEW_YORK), ("opposition", "2023-02-02", NEW_YORK)),
    ),
    ("request_for_review_filed", "2023-01-26", "board_review", None, 0, ()),
    ("refusal_to_bargain", "2023-01-25", "board_review", "charge_filed", 0, ()),
    ("ulp_charge_filed", "2023-01-25", "board_review", "charge_filed", 0, ()),
    # The answer (102.20, unverified): 14 days after Wed 2023-07-12: Wed 2023-07-26, with Region 29.
    (
        "complaint_issued",
        "2023-07-12",
        "board_review",
        "complaint_issued",
        0,
        (("answer", "2023-07-26", NEW_YORK),),
    ),
    ("summary_judgment_motion_filed", "2023-08-23", "board_review", "summary_judgment", 0, ()),
    # Reconsideration of the Board's decision, with the Board (102.65(e)(2), "within 10 business days"): Thu
    # 08-29: Fri 30 (1), Labor Day skipped, Tue 09-03-Fri 06 (2-5), Mon 09-Fri 13 (6-10).
    (
        "board_decision",
        "2024-08-29",
        "test_of_certification",
        "summary_judgment",
        0,
        (("board_reconsideration", "2024-09-13", NEW_YORK),),
    ),
    # From here the record at hand has no source: placeholders, marked UNVERIFIED in the demo data.
    # 102.48(c)(2), "within 28 days ... after the service of the Board's decision or order": Mon 12-16 + 28 =
    # Mon 2025-01-13.
    (
        "board_order",
        "2024-12-16",
        "test_of_certification",
        "board_order",
        0,
        (("reconsideration_of_board_order", "2025-01-13", NEW_YORK),),
    ),
    ("court_petition_filed", "2024-12-20", "court_of_appeals", "court", 1, ()),
    ("court_petition_filed", "2025-01-08", "court_of_appeals", "court", 2, ()),
]


@pytest.mark.django_db
def test_the_jfk8_record_replays_through_the_services_stage_by_stage(frozen_clock: Any) -> None:
    from django.contrib.auth import get_user_model

    from proceedings import services

    frozen_clock.at("2022-04-20", 18)
    elections_demo.load_users()
    case = elections_demo.load_jfk8()
    staff = get_user_model().objects.get(username="staff")
    parties = {p.name: p.pk for p in case.parties.all()}
    assert [(e, on) for _seq, e, on, _d in demo.JFK8_RECORD] == [(e, on) for e, on, *_ in JFK8_STAGES]
    for (_seq, event, on, details), (_e, _on, stage, toc, courts, opened) in zip(
        demo.JFK8_RECORD, JFK8_STAGES, strict=True
    ):
        frozen_clock.at(on, 18)
        given = dict(details)
        if isinstance(given.get("party"), str):
            given["party"] = parties[str(given["party"])]
        recorded = services.event_record(
            case=case,
            event=event,
            occurred_on=date.fromisoformat(on),
            details=given,
            actor=staff,
            notify=False,
        )
        status = case_status(case)
        test = status["test_of_certification"]
        assert (
            status["stage"],
            test["stage"] if test else None,
            len(test["court_cases"]) if test else 0,
        ) == (
            stage,
            toc,
            courts,
        ), event
        made = [
            (d.code, d.due_on.isoformat(), d.zone) for d in Deadline.objects.filter(trigger_event=recorded)
        ]
        assert made == list(opened), event
    # Certified since 2023-01-11, whatever the review's stage; the court cases are the placeholders, in the
    # fixed list's circuit, each with its kind and the CA case it reviews.
    assert status["outcome"] == "representative_certified"
    assert [(c["court"], c["docket"], c["kind"], c["stage"]) for c in test["court_cases"]] == [
        ("2nd Cir.", "placeholder-petition-for-review", "petition_for_review", "filed"),
        ("2nd Cir.", "placeholder-cross-application", "cross_application_for_enforcement", "filed"),
    ]


@pytest.mark.django_db
def test_the_demo_tells_jfk8_as_it_happened_beside_its_test_of_certification(frozen_clock: Any) -> None:
    frozen_clock.at("2025-01-15")
    elections_demo.load_users()
    case = elections_demo.load_jfk8()
    demo.load_jfk8(case)
    count = ProceedingEvent.objects.filter(case=case).count()
    demo.load_jfk8(case)
    assert ProceedingEvent.objects.filter(case=case).count() == count == 16

    case.refresh_from_db()
    status = case_status(case)
    assert (status["stage"], status["outcome"], status["office_region"]) == (
        "court_of_appeals",
        "representative_certified",
        28,
    )
    test = status["test_of_certification"]
    assert (test["ulp_case"], test["stage"], test["board_order"]) == (
        "29-CA-318069",
        "court",
        "bargaining_ordered",
    )
    # The exceptions were due 2022-09-16 at 11:59 p.m. in Phoenix, the office the case was transferred to.
    exceptions = Deadline.objects.get(case=case, code="exceptions")
    assert (exceptions.due_on.isoformat(), exceptions.zone) == ("2022-09-16", "America/Phoenix")
    unverified = ProceedingEvent.objects.filter(case=case, details__note__startswith="UNVERIFIED")
    assert sorted(unverified.values_list("event", flat=True)) == [
        "board_order",
        "case_transferred",
        "court_petition_filed",
        "court_petition_filed",
        "exceptions_filed",
        "notice_of_hearing",
        "refusal_to_bargain",
        "request_for_review_filed",
        "ulp_charge_filed",
    ]
    # What the record gives is not marked; what it does not give says it is a placeholder pending a source.
    given = ProceedingEvent.objects.filter(case=case).exclude(pk__in=unverified.values("pk"))
    assert sorted(given.values_list("occurred_on", flat=True).distinct())[-3:] == [
        date(2023, 7, 12),
        date(2023, 8, 23),
        date(2024, 8, 29),
    ]
    for placeholder in unverified.filter(event__in=["board_order", "court_petition_filed"]):
        assert "PLACEHOLDER pending a source" in placeholder.details["note"]
    # The timeline carries the marks to the reader.
    notes = [item["details"].get("note", "") for item in case_timeline(case) if item["kind"] == "proceeding"]
    assert sum(note.startswith("UNVERIFIED: PLACEHOLDER") for note in notes) == 3
    # Amazon's collateral appeal is a related docket, never a court case of the test of certification.
    collateral = case.related_cases.get(number="24-50761")
    assert (collateral.kind, collateral.court) == ("court_of_appeals", "5th Cir.")
    assert "not a review of the Board's order" in collateral.description
    assert "24-50761" not in {c["docket"] for c in test["court_cases"]}
