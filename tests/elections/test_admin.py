"""The staff workplace: pages render, computed figures show, lists cost constant queries, nothing deletes."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client, RequestFactory

from elections.models import Tally
from tests.conftest import World
from tests.factories import CaseFactory, PartyFactory, record_tally

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff_browser(world: World) -> Client:
    world.staff.is_superuser = True
    world.staff.save()
    client = Client()
    client.force_login(world.staff)
    return client


def test_the_case_page_shows_parties_elections_and_derived_fields(
    staff_browser: Client, world: World
) -> None:
    response = staff_browser.get(f"/admin/elections/case/{world.case.pk}/change/")
    assert response.status_code == 200
    page = response.content.decode()
    assert "RWDSU" in page and "Atlanta" in page and "America/New_York" in page


def test_the_election_page_shows_the_tally_arithmetic(staff_browser: Client, world: World) -> None:
    record_tally(world.election, yes=738, votes_against=1798, void=76, challenged=505)
    page = staff_browser.get(f"/admin/elections/election/{world.election.pk}/change/").content.decode()
    assert "2,536 valid votes counted" in page
    assert f"/admin/challenges/electionledger/{world.election.pk}/change/" in page
    assert "no_representative" in page


def test_the_tally_form_has_a_number_field_per_choice_on_the_ballot(
    staff_browser: Client, world: World
) -> None:
    """Issue 24: "Votes for" was a JSON textarea. The form linked from the election has a number field per
    choice; a form posted for an election whose fields it lacks is shown again with them."""
    election_page = staff_browser.get(
        f"/admin/elections/election/{world.election.pk}/change/"
    ).content.decode()
    add_url = f"/admin/elections/tally/add/?election={world.election.pk}"
    assert add_url.replace("&", "&amp;") in election_page or add_url in election_page
    page = staff_browser.get(add_url).content.decode()
    assert "Votes for RWDSU" in page and 'type="number" name="votes_for_0"' in page
    assert 'name="votes_for"' not in page

    plain = staff_browser.get("/admin/elections/tally/add/").content.decode()
    assert "votes_for_0" not in plain
    figures = {"prepared_at_0": "2021-04-09", "prepared_at_1": "12:00:00", "votes_against": 3, "void": 0}
    shown_again = staff_browser.post(
        "/admin/elections/tally/add/", {"election": world.election.pk, **figures, "challenged": 0}
    )
    assert shown_again.status_code == 200
    assert "Votes for RWDSU" in shown_again.content.decode()
    assert not Tally.objects.exists()


def test_staff_add_a_tally_in_the_admin_as_the_next_revision(staff_browser: Client, world: World) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    response = staff_browser.post(
        f"/admin/elections/tally/add/?election={world.election.pk}",
        {
            "election": world.election.pk,
            "prepared_at_0": "2021-05-01",
            "prepared_at_1": "12:00:00",
            "votes_for_0": 10,
            "votes_against": 11,
            "void": 0,
            "challenged": 0,
        },
    )
    assert response.status_code == 302
    assert list(Tally.objects.values_list("revision", "votes_against")) == [(0, 10), (1, 11)]
    assert Tally.objects.get(revision=1).votes_for == {"RWDSU": 10}


def test_the_election_page_shows_choices_and_votes_as_a_table_not_json(
    staff_browser: Client, world: World
) -> None:
    record_tally(world.election, yes=738, votes_against=1798, void=76, challenged=505)
    page = staff_browser.get(f"/admin/elections/election/{world.election.pk}/change/").content.decode()
    assert "<th scope='row'>RWDSU</th><td>738</td>" in page.replace('"', "'")
    assert "<li>RWDSU</li>" in page
    assert '{"RWDSU": 738}' not in page and "[&quot;RWDSU&quot;]" not in page and "['RWDSU']" not in page


def test_nothing_can_be_deleted_in_the_admin(staff_browser: Client, world: World) -> None:
    response = staff_browser.get(f"/admin/elections/case/{world.case.pk}/delete/")
    assert response.status_code == 403


def test_the_case_list_costs_constant_queries(staff_browser, world, django_assert_max_num_queries) -> None:
    for n in range(30):
        PartyFactory(case=CaseFactory(number=f"05-RC-3000{n:02d}"))
    with django_assert_max_num_queries(8):
        assert staff_browser.get("/admin/elections/case/").status_code == 200


def test_an_election_is_not_edited_from_the_case_page(staff_browser: Client, world: World) -> None:
    # Every inline field is read-only: the case's save hands parties and related cases to their services
    # and would drop an election edit while reporting it saved.
    page = staff_browser.get(f"/admin/elections/case/{world.case.pk}/change/").content.decode()
    assert 'name="elections-0-voting_unit"' not in page
    assert 'name="elections-0-agreement"' not in page


def test_the_outbox_and_the_import_record_are_read_only_in_the_admin(
    staff_browser: Client, world: World
) -> None:
    # Their rows are written by the delivery worker and the import service; a Save on the change page would
    # rewrite them through the stock admin.
    from core import outbox
    from core.models import Notification
    from public_record.models import ImportedCase

    world.staff.email = "staff@example.org"
    world.staff.save()
    outbox.notify(recipients=[world.staff], key="probe", subject="Probe", body="x", case=world.case)
    url = f"/admin/core/notification/{Notification.objects.get(key='probe').pk}/change/"
    assert staff_browser.get(url).status_code == 200  # viewed
    assert staff_browser.post(url, {"_save": "Save"}).status_code == 403  # not saved
    request = RequestFactory().get("/")
    request.user = world.staff
    assert admin.site._registry[ImportedCase].has_change_permission(request) is False
