"""The outbox: write the notices owed in the same transaction as the change, deliver after commit.

``notify`` is what every service calls; ``deliver`` is what the Celery task runs. A notice is one row
per (key, recipient): queuing the same notice twice, or running its delivery twice, sends one e-mail.
"""

from __future__ import annotations

import logging
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.core.mail import send_mail
from django.db import transaction
from django.utils import timezone

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


def enqueue(ids: Iterable[int]) -> None:
    """Hand the notices to Celery. A broker that is down loses nothing: the sweep delivers them later."""
    from elections.tasks import deliver_notification

    for pk in ids:
        try:
            deliver_notification.delay(pk)
        except Exception:  # broker down, or SMTP failing inline in embedded mode
            logger.warning(
                "notification %s not queued now; the periodic sweep will deliver it", pk, exc_info=True
            )


def deliver(notification_id: int) -> bool:
    """Send one notice if it has not been sent. Returns True when this call sent it."""
    with transaction.atomic():
        notification = (
            Notification.objects.select_for_update()
            .select_related("recipient")
            .filter(pk=notification_id)
            .first()
        )
        if notification is None or notification.sent_at is not None:
            return False  # gone, or already sent by an earlier run of the task
        notification.attempts += 1
        notification.save(update_fields=["attempts"])
        send_mail(
            notification.subject,
            notification.body,
            settings.DEFAULT_FROM_EMAIL,
            [notification.recipient.email],
        )
        notification.sent_at = timezone.now()
        notification.save(update_fields=["sent_at"])
    return True


def pending_ids(*, older_than_seconds: int = 60) -> list[int]:
    cutoff = timezone.now() - timedelta(seconds=older_than_seconds)
    return list(
        Notification.objects.filter(sent_at=None, created_at__lte=cutoff)
        .order_by("created_at")
        .values_list("pk", flat=True)[:1000]
    )
