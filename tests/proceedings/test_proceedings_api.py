"""``cases/{number}/proceedings/``: recording the ladder's events, their consequences, and voiding them."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from django.db import connection

from core.models import Notification
from elections.models import Case, Election, RelatedCase
from objections.models import Objection, Ruling
from proceedings.models import Deadline, ProceedingEvent
from tests.factories import record_tally
from tests.proceedings.conftest import (
    BESSEMER,
    EASTERN,
    climb,
    file_objection,
    make_case,
    make_election,
    post_event,
)

URL = f"/api/v1/cases/{BESSEMER}/proceedings/"


def status_of(client: Any, number: str = BESSEMER) -> dict[str, Any]:
    response = client.get(f"/api/v1/cases/{number}/status/")
    assert response.status_code == 200, response.content
    return response.json()


def test_staff_record_a_notice_of_hearing_and_read_it_back(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-26")
    response = post_event(
        as_staff, "notice_of_hearing", "2021-04-26", hearing_on="2021-05-07", note="set by the RD"
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert {
        k: body[k] for k in ("event", "event_label", "occurred_on", "election", "details", "recorded_by")
    } == {
        "event": "notice_of_hearing",
        "event_label": "Notice of hearing",
        "occurred_on": "2021-04-26",
        "election": tallied.election.pk,
        "details": {"hearing_on": "2021-05-07", "note": "set by the RD"},
        "recorded_by": "agent",
    }
    assert (body["voided"], body["void_reason"]) == (False, "")
    listed = as_staff.get(URL).json()
    assert [e["id"] for e in listed["results"]] == [body["id"]]
    assert status_of(as_staff)["stage"] == "hearing_scheduled"


def test_an_out_of_order_event_is_a_409_with_the_events_allowed_next(tallied: Any, as_staff: Any) -> None:
    response = post_event(as_staff, "hearing_opened", "2021-04-12")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "Hearing opened (hearing_opened) cannot be recorded while the proceeding is at objections_period "
        "(objections period open). Allowed next: regional_investigation, notice_of_hearing, consolidated_with_ulp.",
        "allowed": ["regional_investigation", "notice_of_hearing", "consolidated_with_ulp"],
    }
    assert not ProceedingEvent.objects.exists()


def test_missing_details_are_a_400_naming_the_key(tallied: Any, as_staff: Any) -> None:
    response = post_event(as_staff, "notice_of_hearing", "2021-04-12")
    assert response.status_code == 400
    assert response.json() == {"details": ["hearing_on is required for notice_of_hearing (YYYY-MM-DD)"]}
    response = as_staff.post(
        URL, {"event": "notice_of_hearing", "occurred_on": "2021-04-12", "details": "x"}, format="json"
    )
    assert response.json() == {"details": ["details must be an object"]}
    assert (
        as_staff.post(URL, {"event": "rerun", "occurred_on": "2021-04-12"}, format="json").status_code == 400
    )


def test_an_event_dated_before_the_tally_or_in_the_future_is_a_400(tallied: Any, as_staff: Any) -> None:
    before = post_event(as_staff, "regional_investigation", "2021-04-08")
    assert before.json() == {
        "occurred_on": [
            "The proceeding of election 1 starts with its tally of 2021-04-09; an event cannot be dated 2021-04-08."
        ]
    }
    future = post_event(as_staff, "regional_investigation", "2021-04-13")
    assert future.json() == {
        "occurred_on": ["An event cannot be dated in the future (2021-04-13; today is 2021-04-12)."]
    }


def test_nothing_is_recorded_on_an_election_without_a_tally(
    world: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-12")
    response = post_event(as_staff, "regional_investigation", "2021-04-12")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "10-RC-269250 has no tallied election: its proceeding starts with the tally of ballots."
    }


def test_counsel_read_the_proceedings_but_only_staff_record_them_and_strangers_get_404(
    tallied: Any, as_union: Any, as_paralegal: Any, as_stranger: Any, api: Any
) -> None:
    assert as_union.get(URL).status_code == 200
    assert as_paralegal.get(URL).status_code == 200
    assert post_event(as_union, "regional_investigation", "2021-04-12").status_code == 403
    assert as_stranger.get(URL).status_code == 404
    assert post_event(as_stranger, "regional_investigation", "2021-04-12").status_code == 404
    assert api.get(URL).status_code == 401
    assert as_union.get("/api/v1/cases/99-RC-000001/proceedings/").status_code == 404


def test_an_event_for_an_election_of_another_case_is_a_400(tallied: Any, as_staff: Any) -> None:
    other = make_election(case=tallied.other_case, sequence=1, choices=["Amazon Labor Union"])
    response = post_event(as_staff, "regional_investigation", "2021-04-12", election=other.pk)
    assert response.json() == {"election": [f"Election {other.pk} is not an election of 10-RC-269250."]}


def test_a_rerun_order_creates_the_next_election_with_the_same_ballot(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-11-30")
    climb(tallied.case, tallied.staff, ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}))
    climb(
        tallied.case,
        tallied.staff,
        ("hearing_opened", "2021-05-10"),
        ("hearing_officer_report", "2021-08-02"),
    )
    response = post_event(as_staff, "regional_director_decision", "2021-11-29", outcome="rerun_election")
    assert response.status_code == 201, response.content
    second = Election.objects.get(case=tallied.case, sequence=2)
    assert (second.kind, second.choices, second.mode) == ("rerun", ["RWDSU"], "mail")
    assert response.json()["ordered_election"] == second.pk
    status = status_of(as_staff)
    assert (status["stage"], status["outcome"]) == ("rerun_pending", "rerun_ordered")
    assert (status["current_election"]["sequence"], status["current_election"]["latest_tally"]) == (2, None)
    assert status["proceeding_election"]["sequence"] == 1
    assert status["allowed_events"] == ["request_for_review_filed"]
    # The rerun is tallied: its own ladder starts, and the case's outcome is open again.
    record_tally(
        second,
        prepared_at=datetime(2022, 3, 31, 12, tzinfo=EASTERN),
        yes=875,
        votes_against=993,
        challenged=416,
    )
    frozen_clock.at("2022-04-01")
    status = status_of(as_staff)
    assert (status["stage"], status["outcome"], status["current_election"]["sequence"]) == (
        "objections_period",
        None,
        2,
    )


def test_a_rerun_order_reuses_an_election_already_entered(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-11-30")
    entered = make_election(case=tallied.case, sequence=2, kind="rerun", choices=["RWDSU"])
    response = post_event(as_staff, "regional_director_decision", "2021-11-29", outcome="rerun_election")
    assert response.json()["ordered_election"] == entered.pk
    assert Election.objects.filter(case=tallied.case).count() == 2
    assert ProceedingEvent.objects.get().created_election is False


def test_a_runoff_order_puts_the_two_leading_choices_on_the_ballot(
    db: None, frozen_clock: Any, as_staff: Any
) -> None:
    case = make_case(number="13-RC-300001", petition_filed_on=date(2024, 1, 10))
    election = make_election(case=case, sequence=1, choices=["Local 1", "Local 2", "Local 3"])
    frozen_clock.at("2024-03-05")
    record_tally(
        election,
        prepared_at=datetime(2024, 3, 1, 12, tzinfo=EASTERN),
        votes_for={"Local 1": 40, "Local 2": 35, "Local 3": 10},
        votes_against=20,
    )
    frozen_clock.at("2024-03-20")
    response = post_event(
        as_staff, "regional_director_decision", "2024-03-20", number=case.number, outcome="runoff_election"
    )
    assert response.status_code == 201, response.content
    runoff = Election.objects.get(case=case, sequence=2)
    assert (runoff.kind, runoff.choices) == ("runoff", ["Local 1", "Local 2"])
    assert status_of(as_staff, case.number)["stage"] == "runoff_pending"


def test_a_certification_certifies_the_case_and_the_test_of_certification_reaches_the_court(
    won: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2023-06-01")
    climb(
        won.case,
        won.staff,
        ("regional_director_decision", "2021-05-01", {"outcome": "certify_representative"}),
    )
    mismatch = post_event(as_staff, "certification_issued", "2021-05-01", kind="results")
    assert mismatch.json() == {
        "details": [
            "kind must be representative: the decision in force orders a certification of representative "
            "(certify_representative)."
        ]
    }
    assert (
        post_event(as_staff, "certification_issued", "2021-05-01", kind="representative").status_code == 201
    )
    assert Case.objects.get(pk=won.case.pk).status == "certified"
    assert status_of(as_staff)["outcome"] == "representative_certified"

    bad = post_event(as_staff, "refusal_to_bargain", "2021-06-01", ulp_case="29-CB-318069")
    assert bad.status_code == 400 and bad.json()["details"][0].startswith(
        "ulp_case of refusal_to_bargain must be"
    )
    assert (
        post_event(
            as_staff, "refusal_to_bargain", "2021-06-01", ulp_case="29-ca-318069", party=won.employer.pk
        ).status_code
        == 201
    )
    assert post_event(as_staff, "board_order", "2022-01-10").status_code == 201
    assert (
        post_event(
            as_staff,
            "court_petition_filed",
            "2022-02-01",
            court="D.C. Cir.",
            docket="22-1001",
            party=won.employer.pk,
        ).status_code
        == 201
    )
    related = set(RelatedCase.objects.filter(case=won.case).values_list("kind", "number", "court"))
    assert related == {
        ("unfair_labor_practice", "29-CA-318069", ""),
        ("court_of_appeals", "22-1001", "D.C. Cir."),
    }
    assert status_of(as_staff)["stage"] == "court_of_appeals"

    # The court's decision ends the test of certification; it never closes the representation case.
    decided = post_event(as_staff, "court_decision", "2023-05-30", docket="22-1001", outcome="enforced")
    assert decided.status_code == 201, decided.content
    status = status_of(as_staff)
    assert (status["stage"], status["outcome"]) == ("certified", "representative_certified")
    assert status["test_of_certification"]["stage"] == "closed"
    assert status["test_of_certification"]["court_cases"][0]["outcome"] == "enforced"
    assert Case.objects.get(pk=won.case.pk).status == "certified"


def test_rulings_carried_by_a_decision_are_recorded_on_the_objections(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    filed = frozen_clock.at(datetime(2021, 4, 16, 12, tzinfo=EASTERN))  # received as stated
    mailbox = file_objection(tallied, tallied.union, filed)
    threats = file_objection(tallied, tallied.union, filed)
    frozen_clock.at("2021-11-30")
    response = post_event(
        as_staff,
        "regional_director_decision",
        "2021-11-29",
        outcome="rerun_election",
        objection_rulings=[
            {"objection": mailbox.pk, "disposition": "sustained"},
            {"objection": threats.pk, "disposition": "overruled"},
        ],
    )
    assert response.status_code == 201, response.content
    assert dict(Objection.objects.values_list("pk", "status")) == {
        mailbox.pk: "sustained",
        threats.pk: "overruled",
    }
    assert set(Ruling.objects.values_list("level", "decided_on")) == {
        ("regional_director", datetime(2021, 11, 29).date())
    }
    assert status_of(as_staff)["objections"] == {
        "pending": 0,
        "set_for_hearing": 0,
        "sustained": 1,
        "overruled": 1,
        "withdrawn": 0,
    }


def test_rulings_on_an_objection_of_another_election_are_a_400_and_record_nothing(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-11-30")
    response = post_event(
        as_staff,
        "regional_director_decision",
        "2021-11-29",
        outcome="certify_results",
        objection_rulings=[{"objection": 987654, "disposition": "sustained"}],
    )
    assert response.json() == {
        "details": ["objection_rulings: 987654 is not an objection to election 1 of 10-RC-269250."]
    }
    assert not ProceedingEvent.objects.exists() and not Ruling.objects.exists()


def test_a_voided_event_stays_listed_and_the_ladder_is_replayed_without_it(
    tallied: Any, as_staff: Any, as_union: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-26")
    (notice,) = climb(
        tallied.case, tallied.staff, ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"})
    )
    void_url = f"{URL}{notice.pk}/void/"
    assert as_union.post(void_url, {"reason": "wrong case"}, format="json").status_code == 403
    assert as_staff.post(void_url, {"reason": ""}, format="json").status_code == 400
    response = as_staff.post(void_url, {"reason": "entered on the wrong case"}, format="json")
    assert response.status_code == 200
    assert (response.json()["voided"], response.json()["void_reason"]) == (True, "entered on the wrong case")
    assert (
        status_of(as_staff)["stage"] == "awaiting_regional_director"
    )  # the period closed with nothing pending
    # The hearing date it set is moot, and the 21-day target it replaced is back.
    hearing = dict(Deadline.objects.filter(code="hearing").values_list("source", "status"))
    assert hearing == {"order": "moot", "inferred": "open"}
    again = as_staff.post(void_url, {"reason": "twice"}, format="json")
    assert (
        again.status_code == 409
        and again.json()["detail"] == f"Event {notice.pk} (Notice of hearing) is already voided."
    )
    assert as_staff.post(f"{URL}999999/void/", {"reason": "x"}, format="json").status_code == 404


def test_an_event_a_later_one_depends_on_is_voided_only_after_it(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-05-11")
    notice, opened = climb(
        tallied.case,
        tallied.staff,
        ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}),
        ("hearing_opened", "2021-05-10"),
    )
    refused = as_staff.post(f"{URL}{notice.pk}/void/", {"reason": "wrong"}, format="json")
    assert refused.status_code == 409
    assert refused.json() == {
        "detail": f"Without this notice of hearing, event {opened.pk} (Hearing opened, 2021-05-10) would be out of "
        "order: void it first."
    }
    assert as_staff.post(f"{URL}{opened.pk}/void/", {"reason": "wrong"}, format="json").status_code == 200
    assert as_staff.post(f"{URL}{notice.pk}/void/", {"reason": "wrong"}, format="json").status_code == 200


def test_an_order_that_created_an_election_cannot_be_voided(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-11-30")
    (decision,) = climb(
        tallied.case,
        tallied.staff,
        ("regional_director_decision", "2021-11-29", {"outcome": "rerun_election"}),
    )
    response = as_staff.post(f"{URL}{decision.pk}/void/", {"reason": "wrong outcome"}, format="json")
    assert response.status_code == 409
    assert "created election 2 (rerun)" in response.json()["detail"]


def test_voiding_a_certification_reopens_the_case(tallied: Any, as_staff: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-05-03")
    (certification,) = climb(
        tallied.case, tallied.staff, ("certification_issued", "2021-05-03", {"kind": "results"})
    )
    assert Case.objects.get(pk=tallied.case.pk).status == "certified"
    as_staff.post(f"{URL}{certification.pk}/void/", {"reason": "issued in error"}, format="json")
    assert Case.objects.get(pk=tallied.case.pk).status == "open"
    assert status_of(as_staff)["outcome"] is None


def test_every_new_event_notifies_the_counsel_of_record_and_their_paralegals(
    tallied: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-26")
    response = post_event(as_staff, "notice_of_hearing", "2021-04-26", hearing_on="2021-05-07")
    key = f"proceeding:{response.json()['id']}:recorded"
    notices = Notification.objects.filter(key=key)
    # Counsel, and the paralegal, who takes counsel's notices unless they opt out.
    assert sorted(n.recipient.username for n in notices) == ["ecounsel", "para", "ucounsel"]
    assert notices[0].subject == "10-RC-269250: Notice of hearing (2021-04-26)"
    assert "Hearing date: 2021-05-07" in notices[0].body


@pytest.mark.parametrize("events", [1, 6])
def test_the_events_list_takes_the_same_number_of_queries_for_any_number_of_events(
    tallied: Any, as_paralegal: Any, frozen_clock: Any, django_assert_num_queries: Any, events: int
) -> None:
    frozen_clock.at("2021-06-30")
    steps: list[tuple[Any, ...]] = [("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"})]
    steps += [
        ("notice_of_hearing", f"2021-05-{day:02d}", {"hearing_on": "2021-06-28"}) for day in range(1, events)
    ]
    climb(tallied.case, tallied.staff, *steps)
    with django_assert_num_queries(2):  # the case (scoped to the caller), the page (it tells the count)
        response = as_paralegal.get(URL)
    assert response.json()["count"] == events


@pytest.mark.skipif(
    connection.vendor != "postgresql", reason="row locks and concurrent writers need PostgreSQL"
)
@pytest.mark.django_db(transaction=True)
def test_two_staff_recording_the_same_decision_at_once_one_wins_and_the_other_gets_409(
    tallied: Any, frozen_clock: Any
) -> None:
    import threading

    from django.db import connections

    from core.errors import TransitionNotAllowed
    from proceedings import services

    frozen_clock.at("2021-11-30")
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def decide() -> None:
        try:
            barrier.wait()
            services.event_record(
                case=tallied.case,
                event="regional_director_decision",
                occurred_on=date(2021, 11, 29),
                details={"outcome": "rerun_election"},
                actor=tallied.staff,
            )
            outcomes.append("recorded")
        except TransitionNotAllowed:
            outcomes.append("409")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=decide) for _ in range(2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["409", "recorded"]
    assert ProceedingEvent.objects.count() == 1
    assert Election.objects.filter(case=tallied.case).count() == 2  # one rerun, not two
