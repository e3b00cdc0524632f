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
        "offer_of_prof: Unknown field. Fields: category, election, filed_at, filed_by, offer_of_proof, statement."
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
