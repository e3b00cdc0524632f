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


def test_a_desk_objection_posted_twice_with_its_one_time_token_is_filed_once(tallied: World) -> None:
    from objections.models import Objection
    from tests.desk.conftest import said

    client = signed_in(tallied.union_counsel)
    form = client.get(f"{CASE}objections/new/")
    token = form.context["once_token"]
    assert f'name="once" value="{token}"' in form.content.decode()
    post = {
        "election": tallied.election.pk,
        "filed_by": tallied.union.pk,
        "category": "board_agent_conduct",
        "statement": "The Board agent left the polling place unattended.",
        "filed_at": "2021-04-12T09:30",
        "once": token,
    }
    first = client.post(f"{CASE}objections/new/", post)
    again = client.post(f"{CASE}objections/new/", post)
    assert first.status_code == again.status_code == 302
    assert again["Location"] == first["Location"]
    assert Objection.objects.count() == 1
    assert "it was done once" in " ".join(said(again))


@pytest.mark.parametrize(
    ("path", "post"),
    [
        ("notes/new/", {"body": "Call the Region on Tuesday.", "visibility": "side"}),
        ("challenges/new/", {"voter_name": "Ann One", "ground": "supervisor", "challenged_by": "union"}),
    ],
)
def test_every_desk_form_that_creates_a_paper_answers_a_repeat_with_the_first_result(
    tallied: World, path: str, post: dict[str, str]
) -> None:
    from challenges.models import Challenge
    from notes.models import Note

    client = signed_in(tallied.union_counsel)
    token = client.get(f"{CASE}{path}").context["once_token"]
    # Each form is posted only the fields it has (a desk form refuses any other, desk/forms.py KnownFields).
    if path == "challenges/new/":
        post = {**post, "election": str(tallied.election.pk), "challenged_by": str(tallied.union.pk)}
    body = {**post, "once": token}
    first, again = client.post(f"{CASE}{path}", body), client.post(f"{CASE}{path}", body)
    assert first.status_code == 302 and again["Location"] == first["Location"]
    assert Note.objects.count() + Challenge.objects.count() == 1
