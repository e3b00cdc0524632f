"""The outbox: write the notices owed in the same transaction as the change, deliver after commit.

``notify`` is what every service calls. A notice is one row per (key, recipient): queuing the same notice
twice, or running its delivery twice, sends one e-mail; a worker killed at any point of a delivery does not
make it two (``core.delivery.attempt``). Delivery is queued by ``core.tasks.enqueue`` once the change
commits, and the sweep (``core.tasks.sweep``) delivers whatever that missed.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from django.db import transaction

from core.models import Notification
from core.tasks import enqueue
from core.text import one_line


def notify(
    *,
    recipients: Iterable[Any],
    key: str,
    subject: str,
    body: str = "",
    case: Any = None,
    renderer: str = "",
    reference: int | None = None,
) -> list[int]:
    """Record one notice per recipient under ``key`` and queue delivery once the transaction commits.

    ``body`` is the text every recipient gets; or ``renderer`` and ``reference`` name text rendered for each
    recipient at delivery, after checking they may still read it (``core.renderers``): the row then holds
    no text that the staff who read the outbox may not read. ``subject`` is made one line here, for every
    app (``core.text.one_line``): a title typed with a line break cannot keep a notice from being sent."""
    if bool(renderer) == bool(body) or bool(renderer) != (reference is not None):
        raise ValueError("a notice has a body, or a renderer and a reference: one of the two")
    rows = [
        Notification(
            recipient=user,
            case=case,
            key=key[:200],
            subject=one_line(subject)[:300],  # a subject is one line, whatever a party typed
            body=body,
            renderer=renderer,
            reference=reference,
        )
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
