"""``/`` leads to the desk's sign-in (issue 32: it opened the API docs); signed in, counsel to their cases and
staff to the staff desk."""

from __future__ import annotations

import pytest
from django.test import Client

from tests.conftest import World
from tests.desk.conftest import signed_in

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("who", "goes_to"),
    [(None, "/desk/sign-in/"), ("union_counsel", "/desk/"), ("paralegal", "/desk/"), ("staff", "/admin/")],
)
def test_the_front_door(world: World, who: str | None, goes_to: str) -> None:
    browser = Client() if who is None else signed_in(getattr(world, who))
    response = browser.get("/")
    assert (response.status_code, response["Location"]) == (302, goes_to)
