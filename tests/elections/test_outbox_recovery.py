"""The outbox's delivery protocol in process: claim (committed) → hand over under the idempotency key →
confirm. A worker that died at either side of the hand-over is recovered without a second copy; refusals
are counted with their error, backed off, and surfaced. (tests/faults/ repeats the kills on real processes.)
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.core import mail as django_mail
from django.utils import timezone

from core import delivery, mail, outbox, tasks
from core.models import Notification
from tests.conftest import World

pytestmark = pytest.mark.django_db

SMTP_NOBODY_LISTENS = {
    "EMAIL_BACKEND": "django.core.mail.backends.smtp.EmailBackend",
    "EMAIL_HOST": "127.0.0.1",
    "EMAIL_PORT": 1,  # nothing listens on port 1: every hand-over is refused
}


def _notice(world: World, key: str = "recovery") -> Notification:
    [pk] = outbox.notify(recipients=[world.union_counsel], key=key, subject="s", body="b", case=world.case)
    return Notification.objects.get(pk=pk)


def _as_if_its_worker_died(notice: Notification, *, seconds_ago: int = 3600) -> None:
    """What a worker killed after the claim leaves: the claim, one attempt, no confirmation."""
    Notification.objects.filter(pk=notice.pk).update(
        attempts=1, handing_over_since=timezone.now() - timedelta(seconds=seconds_ago)
    )


def _copies(notice: Notification) -> int:
    wanted = mail.message_id(notice.idempotency_key)
    return sum(m.extra_headers.get("Message-ID") == wanted for m in django_mail.outbox)


def test_every_notice_goes_out_under_its_own_message_id(world: World) -> None:
    notice = _notice(world)
    assert delivery.deliver(notice.pk) is True
    [sent] = django_mail.outbox
    assert sent.message()["Message-ID"] == f"<notice-{notice.idempotency_key}@127.0.0.1>"
    assert Notification.objects.get(pk=notice.pk).handing_over_since is None


def test_killed_before_the_hand_over_the_sweep_sends_it_once(world: World) -> None:
    notice = _notice(world)
    _as_if_its_worker_died(notice)
    assert tasks.sweep(older_than_seconds=0) == 1
    assert _copies(notice) == 1
    notice.refresh_from_db()
    assert (notice.attempts, notice.handing_over_since) == (2, None)
    assert notice.sent_at is not None


def test_killed_after_the_hand_over_the_sweep_confirms_without_a_second_copy(world: World) -> None:
    notice = _notice(world)
    mail.send_notice(idempotency_key=notice.idempotency_key, subject="s", body="b", to="ucounsel@example.org")
    _as_if_its_worker_died(notice)
    assert tasks.sweep(older_than_seconds=0) == 0
    assert _copies(notice) == 1
    notice.refresh_from_db()
    assert notice.sent_at is not None and notice.handing_over_since is None


def test_a_hand_over_in_progress_is_left_to_its_worker_until_the_lease_runs_out(world: World) -> None:
    notice = _notice(world)
    _as_if_its_worker_died(notice, seconds_ago=5)
    outcome = delivery.attempt(notice.pk)
    assert outcome.sent is False and outcome.retry_in is not None
    assert 80 < outcome.retry_in <= 91  # the 90 s lease less the 5 s it has run, plus one
    assert _copies(notice) == 0


def test_refusals_are_counted_with_their_error_backed_off_and_surfaced(world: World, settings, api) -> None:
    notice = _notice(world)
    for name, value in SMTP_NOBODY_LISTENS.items():
        setattr(settings, name, value)
    outcome = delivery.attempt(notice.pk)
    notice.refresh_from_db()
    assert outcome.sent is False and outcome.retry_in == 60
    assert (notice.attempts, notice.failures, notice.handing_over_since) == (1, 1, None)
    assert "refused" in notice.last_error.lower() or "errno" in notice.last_error.lower()
    assert delivery.attempt(notice.pk).retry_in is not None  # backing off: not tried again yet
    assert Notification.objects.get(pk=notice.pk).attempts == 1
    assert list(delivery.failing()) == []

    for failures in (2, 3):
        Notification.objects.filter(pk=notice.pk).update(next_attempt_at=None)
        assert delivery.attempt(notice.pk).retry_in == 60 * 2 ** (failures - 1)
    assert list(delivery.failing()) == [notice]
    health = api.get("/api/v1/health/").json()
    assert health["status"] == "degraded" and health["notices_failing"] == 1

    settings.EMAIL_BACKEND = "django.core.mail.backends.locmem.EmailBackend"  # the server is back
    Notification.objects.filter(pk=notice.pk).update(next_attempt_at=None)
    assert tasks.sweep(older_than_seconds=0) == 1
    assert list(delivery.failing()) == []
    assert _copies(notice) == 1


def test_the_command_sweeps_for_installations_without_beat(world: World) -> None:
    from django.core.management import call_command

    notice = _notice(world)
    _as_if_its_worker_died(notice)
    call_command("deliver_notices")
    assert _copies(notice) == 1
