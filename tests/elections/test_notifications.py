"""The outbox: a notice is written with the change, delivered after commit, and sent exactly once."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail
from django.utils import timezone

from config.celery import app as celery_app
from core import delivery, outbox, tasks
from core.models import Notification
from core.tasks import deliver_pending_notifications
from elections import recipients
from tests.conftest import World

pytestmark = pytest.mark.django_db


def test_a_notice_is_delivered_on_commit_once_even_if_delivery_runs_twice(
    world: World, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        ids = outbox.notify(
            recipients=[world.union_counsel, world.employer_counsel],
            key="test:tally:1",
            subject="Tally recorded",
            body="The tally of ballots was recorded.",
            case=world.case,
        )
    assert len(ids) == 2
    assert sorted(m.to[0] for m in mail.outbox) == ["ecounsel@example.org", "ucounsel@example.org"]
    assert delivery.deliver(ids[0]) is False  # the task ran again: nothing more is sent
    assert len(mail.outbox) == 2


def test_notifying_the_same_key_twice_writes_one_notice_per_person(world: World) -> None:
    for _ in range(2):
        outbox.notify(recipients=[world.union_counsel], key="k", subject="s", body="b", case=world.case)
    assert Notification.objects.filter(key="k").count() == 1


def test_counsel_of_record_leaves_out_the_filing_party_and_paralegals(world: World) -> None:
    people = recipients.counsel_of_record(world.case, exclude_party_ids=[world.union.pk])
    assert [u.username for u in people] == ["ecounsel"]


def test_a_broker_that_is_down_loses_no_notice_the_sweep_delivers_it(world: World, settings) -> None:
    previous = (celery_app.conf.task_always_eager, celery_app.conf.broker_url)
    celery_app.conf.task_always_eager = False
    celery_app.conf.broker_url = "redis://127.0.0.1:1/0"  # nothing listens on port 1
    celery_app.conf.broker_connection_retry = False
    celery_app.conf.broker_connection_max_retries = 0
    _reset_broker_pool()
    try:
        ids = outbox.notify(recipients=[world.paralegal], key="down", subject="s", body="b", case=world.case)
        tasks.enqueue(ids)  # must not raise: the change has committed already
    finally:
        celery_app.conf.task_always_eager, celery_app.conf.broker_url = previous
        celery_app.conf.broker_connection_retry = True
        celery_app.conf.broker_connection_max_retries = 100
        _reset_broker_pool()
    assert mail.outbox == []
    Notification.objects.filter(pk__in=ids).update(created_at=timezone.now() - timedelta(minutes=5))
    assert deliver_pending_notifications() == 1
    assert [m.to for m in mail.outbox] == [["para@example.org"]]
    assert deliver_pending_notifications() == 0


def _reset_broker_pool() -> None:
    """Drop pooled broker connections so the next send connects to the broker now configured."""
    celery_app._pool = None
    celery_app.amqp._producer_pool = None
