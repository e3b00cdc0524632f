"""Ending an appearance (staff): from the next call on, the person no longer sees the case."""

from __future__ import annotations

import pytest
from django.test import Client
from rest_framework.test import APIClient

from access.tokens import token_issue
from elections.models import Appearance
from elections.recipients import counsel_of_record

pytestmark = pytest.mark.django_db


def _url(world, appearance: Appearance) -> str:
    return f"/api/v1/cases/{world.case.number}/appearances/{appearance.pk}/"


def test_an_ended_appearance_takes_effect_on_the_next_call(world, as_staff) -> None:
    paralegal = APIClient()
    paralegal.credentials(HTTP_AUTHORIZATION=f"Token {token_issue(user=world.paralegal)}")
    assert paralegal.get(f"/api/v1/cases/{world.case.number}/").status_code == 200
    appearance = Appearance.objects.get(user=world.paralegal)

    assert as_staff.delete(_url(world, appearance)).status_code == 204

    assert paralegal.get(f"/api/v1/cases/{world.case.number}/").status_code == 404
    assert paralegal.get("/api/v1/cases/").json()["results"] == []
    assert paralegal.get(f"/api/v1/elections/{world.election.pk}/").status_code == 404
    listed = as_staff.get(f"/api/v1/cases/{world.case.number}/appearances/").json()
    assert world.paralegal.username not in [a["user"] for a in listed]


def test_the_appearance_is_kept_with_its_end_in_the_history(world, as_staff) -> None:
    appearance = Appearance.objects.get(user=world.paralegal)
    as_staff.delete(_url(world, appearance))
    kept = Appearance.all_objects.get(pk=appearance.pk)
    assert kept.ended_at is not None
    assert kept.history.first().history_user == world.staff


def test_ending_it_twice_is_a_404_and_appearing_again_is_allowed(world, as_staff) -> None:
    appearance = Appearance.objects.get(user=world.paralegal)
    as_staff.delete(_url(world, appearance))
    assert as_staff.delete(_url(world, appearance)).status_code == 404
    again = as_staff.post(
        f"/api/v1/cases/{world.case.number}/appearances/",
        {"user": world.paralegal.username, "party": world.union.pk, "capacity": "paralegal"},
        format="json",
    )
    assert again.status_code == 201


def test_counsel_cannot_end_an_appearance(world, as_union) -> None:
    appearance = Appearance.objects.get(user=world.employer_counsel)
    assert as_union.delete(_url(world, appearance)).status_code == 403
    assert Appearance.objects.filter(pk=appearance.pk).exists()


def test_an_appearance_of_another_case_is_a_404_under_this_case(world, as_staff) -> None:
    appearance = Appearance.objects.get(user=world.stranger)
    assert as_staff.delete(_url(world, appearance)).status_code == 404


def test_an_ended_counsel_is_no_longer_of_record_for_notices(world, as_staff) -> None:
    appearance = Appearance.objects.get(user=world.union_counsel)
    assert world.union_counsel in counsel_of_record(world.case)
    as_staff.delete(_url(world, appearance))
    assert world.union_counsel not in counsel_of_record(world.case)


def test_staff_still_find_an_ended_appearance_in_the_admin_read_only(world, as_staff) -> None:
    appearance = Appearance.objects.get(user=world.paralegal)
    as_staff.delete(_url(world, appearance))
    world.staff.is_superuser = True
    world.staff.save()
    browser = Client()
    browser.force_login(world.staff)

    listed = browser.get("/admin/elections/appearance/?q=" + world.paralegal.username)
    assert f"/admin/elections/appearance/{appearance.pk}/change/" in listed.content.decode()
    page = browser.get(f"/admin/elections/appearance/{appearance.pk}/change/")
    assert page.status_code == 200
    assert 'name="capacity"' not in page.content.decode()  # shown, not editable
    assert browser.get(f"/admin/elections/appearance/{appearance.pk}/history/").status_code == 200
