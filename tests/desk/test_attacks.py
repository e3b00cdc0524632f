"""The desk under attack (issue 36): each test performs the attack and asserts the safe outcome."""

from __future__ import annotations

import pytest
from django.test import Client, override_settings

from challenges.models import Challenge
from tests.conftest import World
from tests.desk.conftest import CASE, signed_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("debug", [False, True])
def test_a_signed_in_caller_sent_back_to_sign_in_goes_home_not_round_a_loop(
    world: World, debug: bool
) -> None:
    # Django's LoginView raises "Redirection loop for authenticated user is detected" (a 500) for this.
    with override_settings(DEBUG=debug):
        response = signed_in(world.union_counsel).get("/desk/sign-in/?next=/desk/sign-in/")
    assert response.status_code == 302 and response["Location"] == "/desk/"


def test_a_signed_in_caller_still_goes_on_to_another_next(world: World) -> None:
    response = signed_in(world.union_counsel).get(f"/desk/sign-in/?next={CASE}")
    assert response.status_code == 302 and response["Location"] == CASE


@pytest.mark.parametrize("total", ["abc", "1e3", "-1", "", "99999999999999999999"])
@pytest.mark.parametrize("button", ["more", "log"])
def test_a_batch_with_a_forged_row_count_is_a_page_not_a_500(tallied: World, total: str, button: str) -> None:
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}challenges/batch/",
        {
            "election": tallied.election.pk,
            "challenged_by": tallied.union.pk,
            "form-TOTAL_FORMS": total,
            "form-INITIAL_FORMS": "0",
            "form-0-voter_name": "Ann One",
            "form-0-ground": "supervisor",
            button: "1",
        },
    )
    assert response.status_code == 200
    assert not Challenge.objects.exists()


@pytest.mark.parametrize(
    "path",
    [
        "/desk/",
        CASE,
        f"{CASE}challenges/new/",
        f"{CASE}challenges/batch/",
        f"{CASE}objections/new/",
        f"{CASE}notes/new/",
        f"{CASE}notices/",
        "/desk/cases/29-RC-288020/",
    ],
)
def test_every_signed_in_desk_page_is_private_and_not_stored(tallied: World, path: str) -> None:
    response = signed_in(tallied.union_counsel).get(path)
    assert response.status_code in (200, 404)
    assert response["Cache-Control"] == "private, no-store"


def test_the_sign_in_page_is_not_stored_either() -> None:
    assert Client().get("/desk/sign-in/")["Cache-Control"] == "private, no-store"
