"""Issue 10, item 6: the admin saves through the services. Each test logs in as staff, posts the change
form, and asserts that the service's refusal is on the page and that nothing changed."""

from __future__ import annotations

from datetime import date

import pytest
from django.contrib.admin.models import LogEntry
from django.test import Client

from elections.models import Appearance, Case, Counsel, Election, Party, Tally
from tests.admin_pages import page_form_data
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db


def test_an_invalid_case_number_is_refused_on_the_case_form(staff_browser: Client, world: World) -> None:
    url = f"/admin/elections/case/{world.case.pk}/change/"

    response = staff_browser.post(url, page_form_data(staff_browser, url, number="10-XX-1"))

    assert response.status_code == 200
    assert "errornote" in response.content.decode()
    assert Case.objects.get(pk=world.case.pk).number == "10-RC-269250"


def test_closing_a_case_by_hand_is_refused_on_the_case_form(staff_browser: Client, world: World) -> None:
    url = f"/admin/elections/case/{world.case.pk}/change/"

    response = staff_browser.post(url, page_form_data(staff_browser, url, status="closed"))

    assert response.status_code == 200
    page = response.content.decode()
    assert "A case is closed only by the event that ends it" in page
    assert "petition_dismissed, petition_withdrawn, disclaimer_filed, bargaining_order" in page
    assert Case.objects.get(pk=world.case.pk).status == "open"


def test_renaming_a_party_to_another_partys_name_is_refused(staff_browser: Client, world: World) -> None:
    url = f"/admin/elections/party/{world.union.pk}/change/"

    response = staff_browser.post(url, page_form_data(staff_browser, url, name="AMAZON.COM  Services LLC"))

    assert response.status_code == 200
    assert "is already a party to this case" in response.content.decode()
    assert Party.objects.get(pk=world.union.pk).name == "RWDSU"


def test_a_renamed_party_is_tidied_and_compared_as_on_creation(staff_browser: Client, world: World) -> None:
    url = f"/admin/elections/party/{world.union.pk}/change/"

    # Full-width letters are the same name once normalised (NFKC), as party_create compares names.
    clash = staff_browser.post(url, page_form_data(staff_browser, url, name="Ａｍａｚｏｎ.com Services LLC"))
    staff_browser.post(url, page_form_data(staff_browser, url, name="ＲＷＤＳＵ  Local 1"))

    assert "is already a party to this case" in clash.content.decode()
    assert Party.objects.get(pk=world.union.pk).name == "RWDSU Local 1"


def test_a_change_that_the_services_accept_is_saved_and_logged(staff_browser: Client, world: World) -> None:
    case_url = f"/admin/elections/case/{world.case.pk}/change/"
    party_url = f"/admin/elections/party/{world.employer.pk}/change/"
    counsel = {
        "counsel-TOTAL_FORMS": "1",
        "counsel-0-name": "  Jane   Roe ",
        "counsel-0-firm": "Roe LLP",
        "counsel-0-party": str(world.employer.pk),
    }

    saved_case = staff_browser.post(
        case_url, page_form_data(staff_browser, case_url, unit_description="Drivers")
    )
    saved_party = staff_browser.post(party_url, page_form_data(staff_browser, party_url, **counsel))

    assert (saved_case.status_code, saved_party.status_code) == (302, 302)
    assert Case.objects.get(pk=world.case.pk).unit_description == "Drivers"
    added = Counsel.objects.get(party=world.employer)
    assert (added.name, added.firm, added.source) == ("Jane Roe", "Roe LLP", Counsel.Source.STAFF)
    assert added.history.latest().history_user == world.staff
    assert LogEntry.objects.filter(
        object_id=str(world.employer.pk), change_message__contains="Jane Roe"
    ).exists()


def test_staff_cannot_be_made_to_appear_for_a_party(staff_browser: Client, world: World) -> None:
    appearance = Appearance.objects.filter(party=world.union).first()
    assert appearance is not None
    url = f"/admin/elections/appearance/{appearance.pk}/change/"

    response = staff_browser.post(url, page_form_data(staff_browser, url, user=world.staff.pk))

    assert response.status_code == 200
    assert "Board staff see every case; they do not appear for a party." in response.content.decode()
    assert Appearance.objects.get(pk=appearance.pk).user_id == appearance.user_id


def test_election_dates_out_of_order_are_refused(staff_browser: Client, world: World) -> None:
    Election.objects.filter(pk=world.election.pk).update(
        voting_opens_on=date(2021, 2, 8), voting_closes_on=date(2021, 3, 29)
    )
    url = f"/admin/elections/election/{world.election.pk}/change/"

    response = staff_browser.post(url, page_form_data(staff_browser, url, voting_closes_on="2021-01-01"))

    assert response.status_code == 200
    assert "cannot be before voting_opens_on" in response.content.decode()
    assert Election.objects.get(pk=world.election.pk).voting_closes_on == date(2021, 3, 29)


def test_an_election_added_on_the_staff_desk_keeps_every_field_typed(
    staff_browser: Client, world: World
) -> None:
    # The add page offered the voting unit and dropped it (issue 34: one input shape per write).
    url = "/admin/elections/election/add/"
    typed = {
        "case": world.case.pk,
        "sequence": 2,
        "kind": "initial",
        "mode": "manual",
        "choices": '["RWDSU"]',
    }

    response = staff_browser.post(url, page_form_data(staff_browser, url, **typed, voting_unit="B"))

    assert response.status_code == 302
    added = Election.objects.filter(case=world.case).latest("pk")
    assert (added.sequence, added.voting_unit, added.choices) == (2, "B", ["RWDSU"])


def test_the_ballot_locks_once_tallied(staff_browser: Client, world: World) -> None:
    record_tally(world.election, yes=10, votes_against=12, challenged=0)
    url = f"/admin/elections/election/{world.election.pk}/change/"

    response = staff_browser.post(url, page_form_data(staff_browser, url, choices='["Teamsters"]'))

    assert response.status_code == 302
    assert Election.objects.get(pk=world.election.pk).choices == ["RWDSU"]


def test_a_tally_is_never_edited_in_place(staff_browser: Client, world: World) -> None:
    tally = record_tally(world.election, yes=10, votes_against=12, challenged=0)
    url = f"/admin/elections/tally/{tally.pk}/change/"

    response = staff_browser.post(url, {"votes_against": 1})

    assert response.status_code == 403
    assert Tally.objects.get(pk=tally.pk).votes_against == 12


def test_the_history_revert_view_is_disabled(staff_browser: Client, world: World) -> None:
    old = world.case.history.earliest()
    Case.objects.filter(pk=world.case.pk).update(name="Renamed")
    url = f"/admin/elections/case/{world.case.pk}/history/{old.history_id}/"

    response = staff_browser.post(url, {"name": old.name})

    assert response.status_code == 403
    assert Case.objects.get(pk=world.case.pk).name == "Renamed"


def test_a_challenge_correction_goes_through_the_service(staff_browser: Client, world: World) -> None:
    from challenges.models import Challenge
    from tests.challenges.conftest import log

    first = log(world, "Ann Able", voter_identifier="E-1")
    log(world, "Bob Baker", voter_identifier="E-2")
    url = f"/admin/challenges/challenge/{first.pk}/change/"

    clash = staff_browser.post(url, page_form_data(staff_browser, url, voter_identifier="E-2"))
    fixed = staff_browser.post(url, page_form_data(staff_browser, url, voter_name="Ann Abel"))

    assert clash.status_code == 200
    assert "already has a live challenge" in clash.content.decode()
    assert fixed.status_code == 302
    corrected = Challenge.objects.get(pk=first.pk)
    assert (corrected.voter_name, corrected.voter_identifier) == ("Ann Abel", "E-1")
    assert corrected.history.latest().history_user == world.staff
