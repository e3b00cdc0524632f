"""The notification outbox's one table: an e-mail owed to one person, written in the transaction that caused it."""

from __future__ import annotations

import uuid

from django.conf import settings
from django.db import models


class Notification(models.Model):
    """An e-mail owed to one person: the outbox row is written in the transaction that caused it.

    The row is the promise; Celery only delivers it. A task that runs twice finds ``sent_at`` set and
    does nothing; a broker that was down when the change committed is covered by the periodic sweep
    (``deliver_pending_notifications``), so nothing is lost.
    """

    recipient = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    case = models.ForeignKey(
        "elections.Case", null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    key = models.CharField(
        max_length=200, help_text="What the notice is about; one notice per key and person"
    )
    subject = models.CharField(max_length=300)
    body = models.TextField(blank=True, help_text="Empty when the text is rendered at delivery (renderer)")
    # A notice whose text only some people may read (a side note) stores a reference, not the text: the
    # renderer named here writes the text for the recipient at delivery, after checking that they may still
    # read it (``core.renderers``). So the outbox, its admin pages and its backups hold no such text.
    renderer = models.CharField(
        max_length=40, blank=True, help_text="Renders the text at delivery (core.renderers); empty: body"
    )
    reference = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="What the renderer renders (a note's id)"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    attempts = models.PositiveSmallIntegerField(default=0)
    sent_at = models.DateTimeField(null=True, blank=True)
    # Exactly once across crashes: the key is written with the row (before any send) and goes out as the
    # e-mail's Message-ID, the same on every attempt; ``handing_over_since`` is committed just before the
    # hand-over and cleared by ``sent_at`` just after it. A row found with it set and no ``sent_at`` was
    # being sent by a worker that died: the recovery asks the mail transport before sending again.
    idempotency_key = models.UUIDField(default=uuid.uuid4, unique=True, editable=False)
    handing_over_since = models.DateTimeField(null=True, blank=True)
    failures = models.PositiveSmallIntegerField(
        default=0, help_text="Attempts the mail transport refused; staff are told after a few"
    )
    last_error = models.TextField(blank=True)
    next_attempt_at = models.DateTimeField(
        null=True, blank=True, help_text="After a failure, not retried before this (backoff)"
    )
    withheld_at = models.DateTimeField(
        null=True, blank=True, help_text="Not sent, and never will be: the recipient may no longer read it"
    )
    withheld_reason = models.CharField(max_length=300, blank=True)

    class Meta:
        # The table keeps the name it had when the outbox lived in ``elections`` (moved here without a copy).
        db_table = "elections_notification"
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["key", "recipient"], name="one_notification_per_key_and_recipient"
            ),
        ]
        indexes = [models.Index(fields=["sent_at", "created_at"], name="notification_outbox_idx")]

    def __str__(self) -> str:
        return f"{self.subject} → {self.recipient}"


class IdempotentRequest(models.Model):
    """A write a client may repeat: the first answer under ``(user, key)``, kept so that a repeat gets it.

    ``key``: the API's ``Idempotency-Key`` header, or a desk form's one-time token (``desk:`` + token). The
    row is written in the write's own transaction (``core.idempotency``): a write that is refused or fails
    leaves none, and two requests with one key at once wait for each other on the unique index.
    ``fingerprint``: what was asked (method, path, media type, body), so a key reused for another request is
    refused rather than answered with the first request's result."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64)
    status = models.PositiveSmallIntegerField()
    content_type = models.CharField(max_length=100, blank=True)
    location = models.CharField(max_length=2000, blank=True)
    body = models.BinaryField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    class Meta:
        constraints = [models.UniqueConstraint(fields=["user", "key"], name="one_answer_per_user_and_key")]

    def __str__(self) -> str:
        return f"{self.key} of user {self.user_id} → {self.status}"
