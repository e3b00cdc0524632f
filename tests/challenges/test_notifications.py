"""Notices to counsel of record: who gets which, one per batch, sent once however often delivery runs."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from challenges import services
from core import delivery
from core.models import Notification
from tests.challenges.conftest import DECIDED, challenges_url, import_url, log, resolve, withdraw_url
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db


def outbox() -> list[tuple[str, str]]:
    return sorted((m.to[0], str(m.subject)) for m in mail.outbox)


def test_a_logged_challenge_is_mailed_once_to_the_other_partys_counsel_even_if_delivery_runs_twice(
    world: World, as_union: APIClient, valid_body: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = as_union.post(challenges_url(world.election), valid_body)
    challenge_id = response.json()["id"]

    assert outbox() == [
        ("ecounsel@example.org", "10-RC-269250: RWDSU challenged the ballot of Jane Q. Voter"),
    ]
    notice = Notification.objects.get()
    assert notice.key == f"challenge:{challenge_id}:logged"
    assert delivery.deliver(notice.pk) is False  # the task ran again: nothing more is sent
    assert len(mail.outbox) == 1
    assert "Ground: Supervisor (§2(11))" in mail.outbox[0].body


def test_a_board_agent_challenge_and_a_resolution_go_to_all_counsel_and_their_paralegals(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        challenge = log(world, "Ann Able")
    with django_capture_on_commit_callbacks(execute=True):
        resolve(world, challenge, "sustained")

    assert outbox() == [
        ("ecounsel@example.org", "10-RC-269250: Board agent challenged the ballot of Ann Able"),
        ("ecounsel@example.org", "10-RC-269250: challenge to the ballot of Ann Able sustained"),
        ("para@example.org", "10-RC-269250: Board agent challenged the ballot of Ann Able"),
        ("para@example.org", "10-RC-269250: challenge to the ballot of Ann Able sustained"),
        ("ucounsel@example.org", "10-RC-269250: Board agent challenged the ballot of Ann Able"),
        ("ucounsel@example.org", "10-RC-269250: challenge to the ballot of Ann Able sustained"),
    ]


def test_a_withdrawal_goes_to_the_other_partys_counsel(
    world: World, as_employer: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    challenge = log(world, "Ann Able", by=world.employer)
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        as_employer.post(withdraw_url(challenge), {})

    assert outbox() == [
        ("para@example.org", "10-RC-269250: challenge to the ballot of Ann Able withdrawn"),
        ("ucounsel@example.org", "10-RC-269250: challenge to the ballot of Ann Able withdrawn"),
    ]


def test_an_import_sends_one_summary_per_recipient_not_one_per_row(
    world: World, as_staff: APIClient, django_capture_on_commit_callbacks: Any
) -> None:
    rows = "".join(f"V{i},,,{'RWDSU' if i % 2 else 'board_agent'},guard,\n" for i in range(10))
    content = ("voter_name,voter_identifier,job_classification,challenged_by,ground,reason\n" + rows).encode()

    with django_capture_on_commit_callbacks(execute=True):
        response = as_staff.post(
            import_url(world.election),
            {"file": SimpleUploadedFile("c.csv", content, content_type="text/csv")},
            format="multipart",
        )

    assert response.status_code == 201
    assert outbox() == [
        ("ecounsel@example.org", "10-RC-269250: 10 challenged ballots logged"),
        ("para@example.org", "10-RC-269250: 5 challenged ballots logged"),
        ("ucounsel@example.org", "10-RC-269250: 5 challenged ballots logged"),  # the Board agent's five
    ]
    union_notice = next(m for m in mail.outbox if m.to == ["ucounsel@example.org"])
    assert "By challenger: Board agent: 5" in union_notice.body


def test_a_batch_resolution_sends_one_notice_per_person(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    ids = [log(world, name).pk for name in "ABC"]
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        services.challenges_resolve(
            challenge_ids=ids, outcome="overruled", method="agreement", decided_on=DECIDED, actor=world.staff
        )

    assert outbox() == [
        ("ecounsel@example.org", "10-RC-269250: 3 challenges overruled"),
        ("para@example.org", "10-RC-269250: 3 challenges overruled"),
        ("ucounsel@example.org", "10-RC-269250: 3 challenges overruled"),
    ]


def test_a_revised_tally_is_announced_to_all_counsel_and_paralegals(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "A"), "overruled")
    mail.outbox.clear()

    with django_capture_on_commit_callbacks(execute=True):
        services.challenges_open_and_count(
            election=world.election, votes_for={"RWDSU": 0}, votes_against=1, actor=world.staff
        )

    assert outbox() == [
        ("ecounsel@example.org", "10-RC-269250: revised tally (revision 1)"),
        ("para@example.org", "10-RC-269250: revised tally (revision 1)"),
        ("ucounsel@example.org", "10-RC-269250: revised tally (revision 1)"),
    ]
    body = next(m.body for m in mail.outbox if m.to == ["ucounsel@example.org"])
    assert "What this makes due:\n- Objections to the revised tally (revision 1): due " in body, body
