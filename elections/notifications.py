"""The outbox: write the notices owed in the same transaction as the change, deliver after commit.

``notify`` is what every service calls; ``attempt`` is what the Celery task and the sweep run. A notice is
one row per (key, recipient): queuing the same notice twice, or running its delivery twice, sends one e-mail;
a worker killed at any point of a delivery does not make it two (see ``attempt``).
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Q
from django.utils import timezone

from elections import mail
from elections.models import Appearance, Case, Notification

logger = logging.getLogger(__name__)


def people_of_record(
    case: Case, *, exclude_party_ids: Iterable[int] = (), capacities: Iterable[str] = ()
) -> list[Any]:
    """Users appearing in the case (optionally only some capacities), less those of some parties."""
    appearances = Appearance.objects.filter(party__case=case).exclude(party_id__in=list(exclude_party_ids))
    capacities = list(capacities)
    if capacities:
        appearances = appearances.filter(capacity__in=capacities)
    seen: dict[int, object] = {}
    for appearance in appearances.select_related("user"):
        if appearance.user.is_active:
            seen.setdefault(appearance.user_id, appearance.user)
    return list(seen.values())


def counsel_of_record(case: Case, *, exclude_party_ids: Iterable[int] = ()) -> list[Any]:
    return people_of_record(
        case, exclude_party_ids=exclude_party_ids, capacities=[Appearance.Capacity.COUNSEL]
    )


def notify(
    *, recipients: Iterable[Any], key: str, subject: str, body: str, case: Case | None = None
) -> list[int]:
    """Record one notice per recipient under ``key`` and queue delivery once the transaction commits."""
    rows = [
        Notification(recipient=user, case=case, key=key[:200], subject=subject[:300], body=body)
        for user in recipients
        if getattr(user, "email", "")
    ]
    if not rows:
        return []
    Notification.objects.bulk_create(rows, ignore_conflicts=True)
    ids = list(
        Notification.objects.filter(
            key=key[:200], recipient__in=[r.recipient for r in rows], sent_at=None
        ).values_list("pk", flat=True)
    )
    transaction.on_commit(lambda: enqueue(ids))
    return ids


# The longest countdown given to a delayed delivery task (well inside the visibility timeout).
LONGEST_COUNTDOWN = 240


def enqueue(ids: Iterable[int]) -> None:
    """Hand the notices to Celery. A broker that is down loses nothing: the rows wait in the outbox and the
    sweep delivers them (a worker sweeps when it starts, beat every minute, ``manage.py deliver_notices``).
    """
    from elections.tasks import deliver_notification

    for pk in ids:
        try:
            deliver_notification.delay(pk)
        except Exception:  # broker down (or SMTP failing inline in embedded mode): the change has committed
            logger.warning(
                "notification %s not queued now; it waits in the outbox for the sweep", pk, exc_info=True
            )
            return  # the broker is down for the rest too: don't wait on it once per notice


@dataclass(frozen=True)
class Outcome:
    """What one delivery attempt did. ``retry_in``: seconds after which trying again makes sense."""

    sent: bool = False
    retry_in: float | None = None


def handover_lease() -> timedelta:
    """How long a hand-over may take before its worker is presumed dead (longer than EMAIL_TIMEOUT)."""
    return timedelta(seconds=settings.NOTIFICATION_HANDOVER_LEASE_SECONDS)


def backoff(failures: int) -> timedelta:
    """1, 2, 4 … minutes after each refusal, at most an hour."""
    return timedelta(seconds=min(60 * 2 ** max(failures - 1, 0), 3600))


def deliver(notification_id: int) -> bool:
    """Send one notice if it has not been sent. Returns True when this call sent it."""
    return attempt(notification_id).sent


def attempt(notification_id: int) -> Outcome:
    """One delivery attempt, safe to run any number of times from anywhere (task, retry, sweep).

    1. Claim (committed): under the row lock, refuse a sent notice or one another worker is handing over
       right now; a claim older than the lease was a worker that died, so ask the transport whether that
       worker's hand-over arrived (then only the confirmation was lost). Record the attempt and the claim.
    2. Hand over, with the idempotency key as Message-ID, holding no lock.
    3. Confirm (committed): ``sent_at``; or count the failure with its error and the time of the next try.
    A kill between 1 and 2 leaves a claim the transport does not hold: sent after the lease. A kill between
    2 and 3 leaves a claim the transport holds: confirmed after the lease, not sent again.
    """
    now = timezone.now()
    with transaction.atomic():
        notice = (
            Notification.objects.select_for_update()
            .select_related("recipient")
            .filter(pk=notification_id)
            .first()
        )
        if notice is None or notice.sent_at is not None:
            return Outcome()  # gone, or already sent by an earlier run
        if notice.handing_over_since is not None:
            left = (notice.handing_over_since + handover_lease() - now).total_seconds()
            if left > 0:
                return Outcome(retry_in=left + 1)  # another worker is on it; look again after its lease
            arrived = mail.handed_over(notice.idempotency_key)
            if arrived:
                notice.sent_at, notice.handing_over_since = now, None
                notice.save(update_fields=["sent_at", "handing_over_since"])
                logger.info("notification %s: a dead worker's hand-over had arrived; confirmed", notice.pk)
                return Outcome()
            logger.warning(
                "notification %s: its worker died during the hand-over; sending again (same Message-ID%s)",
                notice.pk,
                "" if arrived is False else "; the transport cannot tell whether the first copy arrived",
            )
        elif notice.next_attempt_at is not None and notice.next_attempt_at > now:
            return Outcome(retry_in=(notice.next_attempt_at - now).total_seconds())
        notice.attempts += 1
        notice.handing_over_since = now
        notice.save(update_fields=["attempts", "handing_over_since"])
    try:
        mail.send_notice(
            idempotency_key=notice.idempotency_key,
            subject=notice.subject,
            body=notice.body,
            to=notice.recipient.email,
        )
    except Exception as exc:
        failures = notice.failures + 1
        wait = backoff(failures)
        Notification.objects.filter(pk=notice.pk).update(
            handing_over_since=None,
            failures=failures,
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
            next_attempt_at=timezone.now() + wait,
        )
        logger.warning("notification %s: attempt %s failed: %s", notice.pk, notice.attempts, exc)
        return Outcome(retry_in=wait.total_seconds())
    Notification.objects.filter(pk=notice.pk).update(
        sent_at=timezone.now(), handing_over_since=None, next_attempt_at=None
    )
    return Outcome(sent=True)


def pending_ids(*, older_than_seconds: int = 60) -> list[int]:
    """Unsent notices due for an attempt: older than a moment (fresh ones have their task on the way), not
    waiting out a backoff. Claimed ones are included: ``attempt`` decides whether their worker is dead."""
    now = timezone.now()
    return list(
        Notification.objects.filter(sent_at=None, created_at__lte=now - timedelta(seconds=older_than_seconds))
        .filter(Q(next_attempt_at=None) | Q(next_attempt_at__lte=now))
        .order_by("created_at")
        .values_list("pk", flat=True)[:1000]
    )


def sweep(*, older_than_seconds: int = 60) -> int:
    """Deliver what was left unsent; hand those that must wait (a live claim) to a delayed task.
    Returns how many it sent."""
    from elections.tasks import deliver_notification

    sent = 0
    for pk in pending_ids(older_than_seconds=older_than_seconds):
        try:
            outcome = attempt(pk)
        except Exception:  # the database hiccuped on this one; the next sweep sees it again
            logger.warning("notification %s: sweep attempt failed", pk, exc_info=True)
            continue
        sent += outcome.sent
        # A wait longer than the broker's visibility timeout is left to a later sweep: Redis would hand a
        # delayed message out again while the first copy waits.
        if (
            outcome.retry_in is not None
            and outcome.retry_in <= LONGEST_COUNTDOWN
            and not settings.CELERY_TASK_ALWAYS_EAGER
        ):
            try:
                deliver_notification.apply_async((pk,), countdown=outcome.retry_in)
            except Exception:  # broker down: the next sweep sees it again
                logger.warning("notification %s: no delayed retry queued", pk, exc_info=True)
    return sent
