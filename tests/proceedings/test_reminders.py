"""Reminders: one digest per person of the deadlines due within the thresholds, each reminder sent once per
(deadline, person, threshold) however often the job runs."""

from __future__ import annotations

from datetime import date
from io import StringIO
from typing import Any

import pytest
from django.core import mail
from django.core.management import call_command

from proceedings import services, tasks
from proceedings.models import Reminder
from tests.factories import AppearanceFactory, UserFactory


@pytest.fixture
def thresholds(settings: Any) -> list[int]:
    settings.REMINDER_BUSINESS_DAYS = [5, 1]
    return settings.REMINDER_BUSINESS_DAYS


def test_each_counsel_and_paralegal_get_one_digest_and_a_second_run_sends_nothing(
    tallied: Any, frozen_clock: Any, thresholds: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    frozen_clock.at("2021-04-12")  # objections due Fri 04-16: within 5 business days, not within 1
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_deadline_reminders.delay().get() == 3
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ecounsel@example.org",
        "para@example.org",
        "ucounsel@example.org",
    ]
    digest = next(m for m in mail.outbox if m.to == ["para@example.org"])
    # The subject names the case, the soonest item and its date (issue 31): objections "within 5 business
    # days after the tally" of Fri 04-09 (102.69(a)) — Apr 12, 13, 14, 15, 16 — Fri 2021-04-16.
    assert digest.subject == "10-RC-269250: Objections and offer of proof due Fri, April 16, 2021 (+1 more)"
    assert (
        "- 10-RC-269250 Objections and offer of proof: due April 16, 2021, 11:59 p.m. EDT "
        "(29 CFR 102.69(a)(8))" in digest.body
    )
    assert "hearing" not in digest.body.lower().split("these deadlines")[1].split("all your deadlines")[0]
    assert (
        Reminder.objects.filter(threshold=5).count() == 6
        and not Reminder.objects.filter(threshold=1).exists()
    )

    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_deadline_reminders.delay().get() == 0  # the job runs twice: nothing more
    assert len(mail.outbox) == 3

    frozen_clock.at("2021-04-15")  # one business day before: the 1-day reminder, once
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_deadline_reminders.delay().get() == 3
        assert tasks.send_deadline_reminders.delay().get() == 0
    assert len(mail.outbox) == 6
    assert Reminder.objects.filter(threshold=1).count() == 6


def test_a_deadline_first_seen_a_day_before_is_reminded_once_for_both_thresholds(
    tallied: Any, frozen_clock: Any, thresholds: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    frozen_clock.at("2021-04-15")
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_deadline_reminders.delay().get()
    assert len(mail.outbox) == 3
    assert mail.outbox[0].body.count("Objections and offer of proof") == 1
    assert Reminder.objects.count() == 12  # 2 deadlines × 3 people × 2 thresholds


def test_passed_deadlines_inactive_people_and_people_of_other_cases_get_nothing(
    tallied: Any, frozen_clock: Any, thresholds: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    tallied.employer_counsel.is_active = False
    tallied.employer_counsel.save()
    AppearanceFactory(
        user=UserFactory(username="nomail", email=""), party=tallied.union, capacity="paralegal"
    )
    frozen_clock.at("2021-04-12")
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_deadline_reminders.delay().get()
    assert sorted(m.to[0] for m in mail.outbox) == ["para@example.org", "ucounsel@example.org"]
    frozen_clock.at(
        "2021-04-19"
    )  # the objections deadline passed; the hearing target (04-30) is not within 5 days
    mail.outbox.clear()
    with django_capture_on_commit_callbacks(execute=True):
        assert tasks.send_deadline_reminders.delay().get() == 0
    assert mail.outbox == []


def test_a_partys_own_deadline_is_reminded_to_that_partys_people_only(
    tallied: Any, frozen_clock: Any, thresholds: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    from datetime import date

    from proceedings import services

    frozen_clock.at("2021-04-17")  # the objections deadlines passed
    services.deadline_set(
        case=tallied.case,
        code="position_statement",
        label="Employer's position statement",
        due_on=date(2021, 4, 20),
        reason="Order of 2021-04-16",
        party=tallied.employer,
        actor=tallied.staff,
    )
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_deadline_reminders.delay().get()
    assert [m.to for m in mail.outbox] == [["ecounsel@example.org"]]


def test_the_send_reminders_command_does_the_same_without_beat(
    tallied: Any, frozen_clock: Any, thresholds: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    frozen_clock.at("2021-04-12")
    out = StringIO()
    with django_capture_on_commit_callbacks(execute=True):
        call_command("send_reminders", stdout=out)
        call_command("send_reminders", stdout=out)
    assert out.getvalue().splitlines() == [
        "0 deadline(s) updated, 3 reminder digest(s) queued.",
        "0 deadline(s) updated, 0 reminder digest(s) queued.",
    ]
    assert len(mail.outbox) == 3


def test_a_reminder_subject_stays_one_line_whatever_a_label_holds(
    tallied: Any, frozen_clock: Any, thresholds: list[int], django_capture_on_commit_callbacks: Any
) -> None:
    # A deadline set by order carries the label staff typed; a line break in it must not reach a header.
    frozen_clock.at("2021-04-12")
    services.deadline_set(
        case=tallied.case,
        code="position_statement",
        label="Position statement\r\nBcc: everyone@example.org\u2028X-Evil: 1",
        due_on=date(2021, 4, 13),  # the next business day: the soonest item of every digest
        reason="Order of Apr 12",
        actor=tallied.staff,
    )
    with django_capture_on_commit_callbacks(execute=True):
        tasks.send_deadline_reminders.delay().get()
    digest = next(m for m in mail.outbox if m.to == ["para@example.org"])
    assert digest.subject == (
        "10-RC-269250: Position statement Bcc: everyone@example.org X-Evil: 1 due Tue, April 13, 2021 (+2 more)"
    )
    assert digest.message().get_all("Bcc") is None and digest.message().get_all("X-Evil") is None
