"""Paralegals receive the notices counsel of their party receive, unless they opt out on the desk (issue 24)."""

from __future__ import annotations

from typing import Any

import pytest

from core.models import Notification
from elections.models import Appearance
from elections.recipients import counsel_of_record
from tests.conftest import World
from tests.desk.conftest import CASE, said, signed_in
from tests.factories import file_objection

pytestmark = pytest.mark.django_db


def recipients_of_the_employers_objection(world: World) -> set[str]:
    objection = file_objection(world.election, world.employer, actor=world.employer_counsel, notify=True)
    key = f"objection:{objection.pk}:filed"
    return set(Notification.objects.filter(key=key).values_list("recipient__username", flat=True))


def test_the_paralegal_receives_what_union_counsel_receive(tallied: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-15", 13)
    assert recipients_of_the_employers_objection(tallied) == {"ucounsel", "para"}


def test_a_paralegal_who_opts_out_on_the_desk_receives_none(tallied: Any, frozen_clock: Any) -> None:
    client = signed_in(tallied.paralegal)
    assert "Stop these e-mails" in client.get(CASE).content.decode()
    response = client.post(f"{CASE}notices/", {"takes_notices": "no"})
    assert response["Location"] == f"{CASE}#notices"
    assert said(response) == [
        "You will no longer receive counsel's e-mails on this case; the desk still shows everything."
    ]
    assert Appearance.objects.get(user=tallied.paralegal).takes_notices is False
    frozen_clock.at("2021-04-15", 13)
    assert recipients_of_the_employers_objection(tallied) == {"ucounsel"}
    client.post(f"{CASE}notices/", {"takes_notices": "yes"})
    assert tallied.paralegal in counsel_of_record(tallied.case)


def test_counsel_have_no_such_choice(tallied: Any) -> None:
    client = signed_in(tallied.union_counsel)
    assert "Stop these e-mails" not in client.get(CASE).content.decode()
    client.post(f"{CASE}notices/", {"takes_notices": "no"})
    assert Appearance.objects.get(user=tallied.union_counsel).takes_notices is True
