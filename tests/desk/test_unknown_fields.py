"""The desk refuses what it does not know, as the API does (issue 31, item 4): a posted key that is none of
the form's fields is a form error naming it and the fields there are, and nothing is written."""

from __future__ import annotations

import pytest

from notes.models import Note
from objections.models import Objection
from tests.conftest import World
from tests.desk.conftest import CASE, signed_in

pytestmark = pytest.mark.django_db


def test_a_misspelt_field_on_the_objection_form_is_a_form_error_and_files_nothing(tallied: World) -> None:
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}objections/new/",
        {
            "election": tallied.election.pk,
            "filed_by": tallied.union.pk,
            "category": "threats",
            "statement": "Supervisors threatened to close the warehouse.",
            "filed_at": "2021-04-12T09:30",
            "offer_of_prof": "on",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "offer_of_prof: Unknown field. Fields: category, certificate_of_service, confirmation_number, election, "
        "filed_at, filed_by, objects_to, offer_of_proof, served_on, service_method, statement."
    ]
    assert "offer_of_prof: Unknown field." in response.content.decode()
    assert not Objection.objects.exists()


def test_a_note_with_an_unknown_field_is_refused(tallied: World) -> None:
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}notes/new/", {"body": "Call the witness.", "visibility": "side", "subject": "objection 1"}
    )
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "subject: Unknown field. Fields: body, visibility."
    ]
    assert not Note.objects.exists()


def test_the_batch_at_the_count_names_a_key_it_does_not_know_and_logs_nothing(tallied: World) -> None:
    from challenges.models import Challenge

    response = signed_in(tallied.union_counsel).post(
        f"{CASE}challenges/batch/",
        {
            "election": tallied.election.pk,
            "challenged_by": tallied.union.pk,
            "form-TOTAL_FORMS": "1",
            "form-INITIAL_FORMS": "0",
            "form-0-voter_name": "Ann One",
            "form-0-ground": "supervisor",
            "form-0-grounds": "a supervisor",
        },
    )
    assert response.status_code == 200
    [error] = response.context["header"].non_field_errors()
    assert error.startswith("form-0-grounds: Unknown field. Fields: challenged_by, election, form-N-")
    assert "form-N-ground," in error
    assert not Challenge.objects.exists()
