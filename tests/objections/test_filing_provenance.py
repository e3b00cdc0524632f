"""Issue 10, item 2: filing times are evidence. A counsel-stated time inside the period on a filing the
tracker received after the period closed waits for staff (timely null, filing_confirmed false)."""

from __future__ import annotations

from datetime import datetime, timedelta

import pytest
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from core.models import Notification
from objections.models import Objection
from tests.conftest import World
from tests.objections.conftest import NY, file, payload, url

pytestmark = pytest.mark.django_db

STATED_IN_PERIOD = "2021-04-15T12:00:00-04:00"


def test_a_stated_time_inside_the_period_received_after_it_waits_for_staff(
    as_union: APIClient, tallied: World
) -> None:
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at=STATED_IN_PERIOD), format="json"
    )

    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["timely"], body["filing_confirmed"]) == (None, False)
    assert body["filed_at"] == STATED_IN_PERIOD
    received = datetime.fromisoformat(body["received_at"])
    assert abs(received - timezone.now()) < timedelta(minutes=1)
    assert Notification.objects.filter(
        recipient=tallied.employer_counsel, body__contains="awaits staff confirmation"
    ).exists()


def test_staff_confirm_the_stated_time_and_the_other_side_is_told(
    as_union: APIClient, as_staff: APIClient, tallied: World
) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    assert (objection.timely, objection.filing_confirmed) == (None, False)

    response = as_staff.post(f"/api/v1/objections/{objection.pk}/confirm-filing/", {}, format="json")

    assert response.status_code == 200, response.json()
    assert (response.json()["timely"], response.json()["filing_confirmed"]) == (True, True)
    assert Notification.objects.filter(
        recipient=tallied.employer_counsel, key=f"objection:{objection.pk}:filing-confirmed"
    ).exists()
    assert Objection.objects.get(pk=objection.pk).history.latest().history_user == tallied.staff
    again = as_staff.post(f"/api/v1/objections/{objection.pk}/confirm-filing/", {}, format="json")
    assert again.status_code == 409


def test_staff_may_record_the_filing_as_late_instead(as_staff: APIClient, tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)

    response = as_staff.post(
        f"/api/v1/objections/{objection.pk}/confirm-filing/", {"late": True}, format="json"
    )

    assert response.status_code == 200
    assert (response.json()["timely"], response.json()["filing_confirmed"]) == (False, True)


def test_counsel_cannot_confirm_a_filing(as_union: APIClient, tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)

    response = as_union.post(f"/api/v1/objections/{objection.pk}/confirm-filing/", {}, format="json")

    assert response.status_code == 403
    assert Objection.objects.get(pk=objection.pk).filing_confirmed is False


def test_a_staff_recorded_filing_is_confirmed_at_once(tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.staff)

    assert (objection.timely, objection.filing_confirmed) == (True, True)
    assert objection.history.latest().history_user == tallied.staff


def test_a_stated_time_in_the_future_or_before_the_tally_is_a_400(
    as_union: APIClient, tallied: World
) -> None:
    future = (timezone.now() + timedelta(hours=1)).isoformat()
    before_tally = datetime(2021, 4, 8, 12, 0, tzinfo=NY).isoformat()

    for stated in (future, before_tally):
        response = as_union.post(
            url(tallied.election), payload(tallied.union, filed_at=stated), format="json"
        )
        assert response.status_code == 400
        assert list(response.json()) == ["filed_at"]
    assert not Objection.objects.exists()


def test_the_admin_shows_the_provenance_of_a_filing(staff_browser: Client, tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)

    page = staff_browser.get(f"/admin/objections/objection/{objection.pk}/change/").content.decode()

    assert "Received at" in page and "Filing confirmed" in page


def test_staff_confirm_a_filing_time_from_the_admin(staff_browser: Client, tallied: World) -> None:
    waiting = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    confirmed = file(tallied.election, tallied.employer, actor=tallied.staff)

    response = staff_browser.post(
        "/admin/objections/objection/",
        {"action": "confirm_filing_time", "_selected_action": [waiting.pk, confirmed.pk], "index": 0},
        follow=True,
    )

    page = response.content.decode()
    assert "Filing time confirmed: Objection 1 of RWDSU." in page
    assert "is already settled" in page
    assert Objection.objects.get(pk=waiting.pk).timely is True


def test_an_offer_of_proof_stated_in_time_but_received_late_waits_for_staff(
    as_union: APIClient, as_staff: APIClient, tallied: World
) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.staff)  # recorded by staff, no offer

    response = as_union.post(
        f"/api/v1/objections/{objection.pk}/offer-of-proof/",
        {"filed_at": "2021-04-16T12:00:00-04:00"},
        format="json",
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["offer_of_proof_timely"], body["offer_of_proof_confirmed"]) == (None, False)
    assert body["offer_of_proof_received_at"] is not None
    confirmed = as_staff.post(f"/api/v1/objections/{objection.pk}/confirm-filing/", {}, format="json")
    assert (confirmed.json()["offer_of_proof_timely"], confirmed.json()["offer_of_proof_confirmed"]) == (
        True,
        True,
    )


def test_recording_a_waiting_offer_as_late_leaves_the_objection_timely(
    as_union: APIClient, as_staff: APIClient, tallied: World
) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.staff)  # timely, confirmed
    as_union.post(
        f"/api/v1/objections/{objection.pk}/offer-of-proof/",
        {"filed_at": "2021-04-16T12:00:00-04:00"},
        format="json",
    )

    response = as_staff.post(
        f"/api/v1/objections/{objection.pk}/confirm-filing/", {"late": True}, format="json"
    )

    assert response.status_code == 200, response.json()
    body = response.json()
    assert (body["timely"], body["filing_confirmed"]) == (True, True)
    assert (body["offer_of_proof_timely"], body["offer_of_proof_confirmed"]) == (False, True)
    assert body["offer_of_proof_filed_at"] == body["offer_of_proof_received_at"]
