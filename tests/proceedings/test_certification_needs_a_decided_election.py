"""Issue 10, item 1: a certification needs a decided election — through the API and the admin."""

from __future__ import annotations

from datetime import datetime
from typing import Any

import pytest
from django.test import Client

from elections.models import Case
from proceedings.models import ProceedingEvent
from tests.conftest import World
from tests.factories import record_tally
from tests.proceedings.conftest import CENTRAL, file_objection, post_event

pytestmark = pytest.mark.django_db

TALLY = datetime(2021, 4, 9, 12, 0, tzinfo=CENTRAL)


@pytest.fixture
def undetermined(world: World, frozen_clock: Any) -> World:
    """100 for, 98 against, 150 challenged: the challenges decide the election."""
    frozen_clock.at("2021-04-20")
    record_tally(world.election, prepared_at=TALLY, yes=100, votes_against=98, challenged=150)
    return world


@pytest.fixture
def decided(world: World, frozen_clock: Any) -> World:
    frozen_clock.at("2021-04-20")
    record_tally(world.election, prepared_at=TALLY, yes=738, votes_against=1798, void=76, challenged=505)
    return world


def test_certifying_an_undetermined_election_is_a_409_naming_the_tally(
    as_staff: Any, undetermined: World
) -> None:
    response = post_event(as_staff, "regional_director_decision", "2021-04-20", outcome="certify_results")

    assert response.status_code == 409
    detail = response.json()["detail"]
    assert "tally revision 0 is undetermined: its 150 challenged ballots are determinative" in detail
    assert "resolve the challenges and open and count" in detail
    assert "certification_issued" not in response.json().get("allowed", [])
    assert not ProceedingEvent.objects.exists()


def test_a_certification_issued_for_an_undetermined_election_is_refused(
    as_staff: Any, undetermined: World
) -> None:
    response = post_event(as_staff, "certification_issued", "2021-04-20", kind="results")

    assert response.status_code == 409
    assert Case.objects.get(pk=undetermined.case.pk).status == "open"


def test_pending_objections_are_named_in_the_409(as_staff: Any, decided: World) -> None:
    file_objection(decided, decided.union, datetime(2021, 4, 15, 12, 0, tzinfo=CENTRAL))

    response = post_event(as_staff, "regional_director_decision", "2021-04-20", outcome="certify_results")

    assert response.status_code == 409
    assert "objections are still open: RWDSU objection 1 (pending)" in response.json()["detail"]


def test_a_decision_that_rules_on_the_last_objection_may_certify(as_staff: Any, decided: World) -> None:
    objection = file_objection(decided, decided.union, datetime(2021, 4, 15, 12, 0, tzinfo=CENTRAL))

    response = post_event(
        as_staff,
        "regional_director_decision",
        "2021-04-20",
        outcome="certify_results",
        objection_rulings=[{"objection": objection.pk, "disposition": "overruled"}],
    )

    assert response.status_code == 201, response.json()


def test_the_status_never_says_certified_for_an_undetermined_election(
    as_staff: Any, undetermined: World
) -> None:
    post_event(as_staff, "regional_director_decision", "2021-04-20", outcome="certify_results")
    post_event(as_staff, "certification_issued", "2021-04-20", kind="results")

    status = as_staff.get(f"/api/v1/cases/{undetermined.case.number}/status/").json()

    assert status["stage"] != "certified"


def test_the_admin_shows_the_refusal_and_records_nothing(staff_browser: Client, undetermined: World) -> None:
    response = staff_browser.post(  # the typed form of the decision (proceedings.admin_forms)
        f"/admin/proceedings/proceedingevent/add/?case={undetermined.case.pk}&event=regional_director_decision",
        {"election": "", "occurred_on": "2021-04-20", "outcome": "certify_results"},
    )

    assert response.status_code == 200
    assert "is not decided, so it cannot be certified" in response.content.decode()
    assert not ProceedingEvent.objects.exists()


def test_exceptions_dated_before_the_report_they_answer_are_a_400_not_a_409(
    as_staff: Any, decided: World, frozen_clock: Any
) -> None:
    objection = file_objection(decided, decided.union, datetime(2021, 4, 15, 12, 0, tzinfo=CENTRAL))
    frozen_clock.at("2021-07-01")
    for event, on, details in [
        ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}),
        ("hearing_opened", "2021-05-10", {}),
        ("hearing_closed", "2021-05-28", {}),
    ]:
        assert post_event(as_staff, event, on, **details).status_code == 201
    post_event(
        as_staff,
        "hearing_officer_report",
        "2021-06-10",
        objection_rulings=[{"objection": objection.pk, "disposition": "recommend_overrule"}],
    )

    response = post_event(as_staff, "exceptions_filed", "2021-06-01")

    assert response.status_code == 400
    assert list(response.json()) == ["occurred_on"]
    assert "answers the hearing officer's report of 2021-06-10" in response.json()["occurred_on"][0]


def _certify(as_staff: Any) -> None:
    assert post_event(as_staff, "certification_issued", "2021-04-20", kind="results").status_code == 201


def test_a_revised_tally_after_the_certification_is_a_409_and_writes_nothing(
    as_staff: Any, decided: World
) -> None:
    _certify(as_staff)

    response = as_staff.post(
        f"/api/v1/elections/{decided.election.pk}/tallies/",
        {
            "prepared_at": "2021-04-20T10:00:00-05:00",
            "votes_for": {"RWDSU": 100},
            "votes_against": 98,
            "challenged": 150,
        },
        format="json",
    )

    assert response.status_code == 409
    assert "certified by the" in response.json()["detail"]
    assert "Void that event first" in response.json()["detail"]
    assert decided.election.tallies.count() == 1
    assert Case.objects.get(pk=decided.case.pk).status == "certified"


def test_the_admin_refuses_a_revised_tally_after_the_certification(
    as_staff: Any, staff_browser: Client, decided: World
) -> None:
    _certify(as_staff)

    response = staff_browser.post(
        "/admin/elections/tally/add/",
        {
            "election": decided.election.pk,
            "prepared_at_0": "2021-04-20",
            "prepared_at_1": "10:00:00",
            "void": 0,
            "votes_for_0": 100,
            "votes_against": 98,
            "challenged": 150,
        },
    )

    assert response.status_code == 200
    assert "a revised tally cannot be recorded after it" in response.content.decode()
    assert decided.election.tallies.count() == 1
