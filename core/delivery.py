"""One delivery attempt of one notice, safe to run any number of times from anywhere (task, retry, sweep).

Imports no task: the Celery tasks in ``core.tasks`` call in here, never the other way round.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from datetime import timedelta

from django.conf import settings
from django.db import transaction
from django.db.models import Q, QuerySet

from core import clock, mail, renderers
from core.models import Notification

logger = logging.getLogger(__name__)

# The longest countdown given to a delayed delivery task (well inside the visibility timeout).
LONGEST_COUNTDOWN = 240


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
    now = clock.now()
    with transaction.atomic():
        notice = (
            Notification.objects.select_for_update()
            .select_related("recipient")
            .filter(pk=notification_id)
            .first()
        )
        if notice is None or notice.sent_at is not None or notice.withheld_at is not None:
            return Outcome()  # gone, already sent by an earlier run, or withheld
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
        body = notice.body
        if notice.renderer:
            try:
                body = renderers.render(
                    notice.renderer, reference=notice.reference, recipient=notice.recipient
                )
            except renderers.Withheld as why:
                # Nothing sent; the row says why (never the text: the reason names no content).
                notice.withheld_at, notice.withheld_reason = now, str(why)[:300]
                notice.handing_over_since = None
                notice.save(update_fields=["withheld_at", "withheld_reason", "handing_over_since"])
                logger.info("notification %s withheld: %s", notice.pk, notice.withheld_reason)
                return Outcome()
        notice.attempts += 1
        notice.handing_over_since = now
        notice.save(update_fields=["attempts", "handing_over_since"])
    try:
        mail.send_notice(
            idempotency_key=notice.idempotency_key,
            subject=notice.subject,
            body=body,
            to=notice.recipient.email,
        )
    except Exception as exc:
        failures = notice.failures + 1
        wait = backoff(failures)
        Notification.objects.filter(pk=notice.pk).update(
            handing_over_since=None,
            failures=failures,
            last_error=f"{type(exc).__name__}: {exc}"[:2000],
            next_attempt_at=clock.now() + wait,
        )
        logger.warning("notification %s: attempt %s failed: %s", notice.pk, notice.attempts, exc)
        return Outcome(retry_in=wait.total_seconds())
    Notification.objects.filter(pk=notice.pk).update(
        sent_at=clock.now(), handing_over_since=None, next_attempt_at=None
    )
    return Outcome(sent=True)


def pending_ids(*, older_than_seconds: int = 60) -> list[int]:
    """Unsent notices due for an attempt: older than a moment (fresh ones have their task on the way), not
    waiting out a backoff. Claimed ones are included: ``attempt`` decides whether their worker is dead."""
    now = clock.now()
    return list(
        Notification.objects.filter(
            sent_at=None, withheld_at=None, created_at__lte=now - timedelta(seconds=older_than_seconds)
        )
        .filter(Q(next_attempt_at=None) | Q(next_attempt_at__lte=now))
        .order_by("created_at")
        .values_list("pk", flat=True)[:1000]
    )


def failing() -> QuerySet[Notification]:
    """Unsent notices the mail transport refused at least ``NOTIFICATION_ALERT_AFTER_FAILURES`` times, oldest
    first: what staff must look at (a bad address, a mail server refusing us). Retries go on meanwhile."""
    return (
        Notification.objects.filter(
            sent_at=None, withheld_at=None, failures__gte=settings.NOTIFICATION_ALERT_AFTER_FAILURES
        )
        .select_related("recipient", "case")
        .order_by("created_at")
    )
