"""``POST cases/import/`` (staff, a Celery task, 202 and a status URL) and the admin's import actions."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from elections.models import Case
from public_record.models import ImportRun
from tests.conftest import World
from tests.public_record.conftest import BROKEN, MULTI

pytestmark = pytest.mark.django_db
URL = "/api/v1/cases/import/"


@pytest.fixture
def configured(settings: Any, nlrb_db: Path) -> Path:
    settings.NLRB_DATA_PATH = str(nlrb_db)
    return nlrb_db


def test_staff_import_a_case_and_follow_it_at_the_status_url(
    as_staff: Any, configured: Path, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = as_staff.post(URL, {"number": "10-rc-300001"}, format="json")
    assert response.status_code == 202
    body = response.json()
    assert body["number"] == MULTI and body["status"] == "queued"
    assert response["Location"] == body["status_url"]
    assert body["status_url"].endswith(f"/api/v1/cases/import/{body['id']}/")

    status = as_staff.get(body["status_url"]).json()
    assert (status["status"], status["outcome"], status["error"]) == ("done", "imported", "")
    assert status["report"]["counts"]["tallies"] == {"imported": 5}
    assert status["requested_by"] == "agent"
    case = Case.objects.get(number=MULTI)
    assert case.elections.count() == 4
    # The party in the API carries its counsel of record; the election its voting unit.
    parties = as_staff.get(f"/api/v1/cases/{MULTI}/").json()["parties"]
    employer = next(p for p in parties if p["role"] == "employer")
    assert employer["counsel"] == [
        {
            "name": "Jane Roe",
            "firm": "Roe & Partners LLP",
            "address": "200 Peachtree St, Atlanta, GA",
            "phone": "404-555-0111",
            "source": "public_record",
        }
    ]
    elections = as_staff.get(f"/api/v1/elections/?case={MULTI}").json()["results"]
    assert [e["voting_unit"] for e in elections] == ["A", "B", "A", "B"]


def test_a_case_missing_shows_failed_and_one_with_a_gap_in_the_record_is_imported_and_flagged(
    as_staff: Any, configured: Path, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        broken = as_staff.post(URL, {"number": BROKEN}, format="json").json()
        missing = as_staff.post(URL, {"number": "10-RC-999999"}, format="json").json()
    broken = as_staff.get(broken["status_url"]).json()
    assert (broken["status"], broken["outcome"], broken["error"]) == ("done", "imported", "")
    assert [g["case"] for g in broken["report"]["gaps"]] == [BROKEN]
    assert "no earlier election of the unit before this rerun" in broken["report"]["gaps"][0]["gap"]
    missing = as_staff.get(missing["status_url"]).json()
    assert (missing["status"], missing["error"]) == (
        "failed",
        "10-RC-999999 is not in the public record file.",
    )


def test_counsel_get_403_and_strangers_to_the_api_401(as_union: Any, api: Any, configured: Path) -> None:
    assert as_union.post(URL, {"number": MULTI}, format="json").status_code == 403
    assert api.post(URL, {"number": MULTI}, format="json").status_code == 401
    run = ImportRun.objects.create(number=MULTI)
    assert as_union.get(f"{URL}{run.pk}/").status_code == 403
    assert not ImportRun.objects.exclude(pk=run.pk).exists()


def test_a_bad_number_is_400_and_no_configured_file_is_409(as_staff: Any, settings: Any) -> None:
    settings.NLRB_DATA_PATH = ""
    response = as_staff.post(URL, {"number": "RC-12"}, format="json")
    assert response.status_code == 400 and "is not an NLRB case number" in response.json()["number"][0]
    assert as_staff.post(URL, {}, format="json").json() == {"number": ["This field is required."]}
    response = as_staff.post(URL, {"number": MULTI}, format="json")
    assert response.status_code == 409 and "NLRB_DATA_PATH" in response.json()["detail"]
    assert as_staff.get(f"{URL}999999999999999999999/").status_code == 404
    assert not ImportRun.objects.exists()


@pytest.fixture
def staff_browser(world: World) -> Client:
    world.staff.is_superuser = True
    world.staff.save()
    client = Client()
    client.force_login(world.staff)
    return client


def test_the_admin_imports_a_case_by_number_and_refreshes_selected_cases(
    staff_browser: Client, world: World, configured: Path, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = staff_browser.post("/admin/public_record/importrun/add/", {"number": "10-RC-300001"})
    assert response.status_code == 302
    run = ImportRun.objects.get()
    assert (run.number, run.status, run.outcome) == (MULTI, "done", "imported")
    case = Case.objects.get(number=MULTI)

    page = staff_browser.get(f"/admin/elections/case/{case.pk}/change/").content.decode()
    assert "Certification of Representative" in page  # the public docket
    party = case.parties.get(role="employer")
    page = staff_browser.get(f"/admin/elections/party/{party.pk}/change/").content.decode()
    assert "Roe &amp; Partners LLP" in page and "404-555-0111" in page

    with django_capture_on_commit_callbacks(execute=True):
        response = staff_browser.post(
            "/admin/elections/case/",
            {"action": "refresh_from_public_record", "_selected_action": [case.pk]},
            follow=True,
        )
    assert "Queued the import of 10-RC-300001" in response.content.decode()
    latest = ImportRun.objects.order_by("-pk").first()
    assert latest is not None and (latest.status, latest.outcome) == ("done", "unchanged")


def test_the_admin_form_refuses_a_bad_number_and_a_missing_file(staff_browser: Client, settings: Any) -> None:
    settings.NLRB_DATA_PATH = "/nowhere/nlrb.db"
    page = staff_browser.post("/admin/public_record/importrun/add/", {"number": "nonsense"}).content.decode()
    assert "is not an NLRB case number" in page
    page = staff_browser.post("/admin/public_record/importrun/add/", {"number": MULTI}).content.decode()
    assert "/nowhere/nlrb.db is not there" in page
    assert not ImportRun.objects.exists()


def test_an_election_posted_through_the_api_names_its_voting_unit(as_staff: Any, world: World) -> None:
    response = as_staff.post(
        "/api/v1/elections/",
        {"case": world.case.number, "choices": ["RWDSU"], "voting_unit": " b "},
        format="json",
    )
    assert response.status_code == 201 and response.json()["voting_unit"] == "B"
    response = as_staff.post(
        "/api/v1/elections/",
        {"case": world.case.number, "choices": ["RWDSU"], "voting_unit": "   "},
        format="json",
    )
    assert response.status_code == 400 and "voting_unit" in response.json()
    assert as_staff.get(f"/api/v1/elections/{world.election.pk}/").json()["voting_unit"] == "A"


def test_the_case_page_carries_every_apps_additions() -> None:
    """The staff app registers the case page once, from what elections, proceedings, public_record and
    notes export; a page that left one out would drop the ladder, the service-only saves, the docket or the
    history under the case without an error."""
    from django.contrib import admin

    from elections.admin import CaseAdmin
    from proceedings.admin import CaseWithLadderAdmin
    from public_record.admin import DocketInline, refresh_from_public_record
    from staff.admin import StaffCaseAdmin

    registered = admin.site.get_model_admin(Case)  # the staff site wraps each in its local-time class
    assert isinstance(registered, StaffCaseAdmin)
    assert isinstance(registered, CaseWithLadderAdmin) and isinstance(registered, CaseAdmin)
    assert registered.change_form_template == CaseWithLadderAdmin.change_form_template
    assert set(CaseAdmin.inlines) | {DocketInline} <= set(registered.inlines)
    assert refresh_from_public_record in registered.actions
