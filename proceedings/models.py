"""The appeal ladder's records: proceeding events, deadlines, reminders sent, calendar feeds.

A stage is never stored: it is derived from an election's tally and its events (``proceedings.law.ladder``).
Events are never deleted — a wrong one is voided with a reason and the ladder is replayed without it.
"""

from __future__ import annotations

import base64
import secrets
from typing import TYPE_CHECKING, Any

from django.conf import settings
from django.db import models
from django.utils.crypto import salted_hmac
from simple_history.models import HistoricalRecords

from access.models import digest
from elections.models import Case, Election, Party, Tally, scoped_to_cases_of
from objections.models import Objection
from proceedings.law import ladder
from proceedings.law.deadlines import SOURCES, Source, Status
from proceedings.law.owed_by import PartyStatus

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager


EVENT_CHOICES = [(e.value, ladder.EVENT_LABELS[e]) for e in ladder.Event]
STATUS_CHOICES = [(s.value, s.value.capitalize()) for s in Status]
# One wording for a source, the law's (``elections.law.rule_sets.DeadlineSource``): the admin, the API schema,
# the explanations and the calendar feed say the same.
SOURCE_CHOICES = [(s.value, s.label) for s in SOURCES]


class ProceedingEvent(models.Model):
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="proceeding_events")
    # None: an end of the case recorded before it has any election (a withdrawal, a dismissal, a block, a
    # transfer); the case's first election takes it over when it is created (proceedings.receivers).
    election = models.ForeignKey(
        Election, null=True, blank=True, on_delete=models.PROTECT, related_name="proceeding_events"
    )
    event = models.CharField(max_length=32, choices=EVENT_CHOICES, db_index=True)
    occurred_on = models.DateField()
    details = models.JSONField(default=dict, blank=True)
    party = models.ForeignKey(
        Party,
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="+",
        help_text="The filing party (details.party), for filings",
    )
    # The next election this event's order created or found (a rerun or runoff ordered).
    ordered_election = models.ForeignKey(
        Election, null=True, blank=True, on_delete=models.PROTECT, related_name="ordered_by"
    )
    created_election = models.BooleanField(
        default=False, help_text="The ordered election was created by this event (not found already there)"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    voided = models.BooleanField(default=False)
    void_reason = models.TextField(blank=True)
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    history = HistoricalRecords()

    class Meta:
        ordering = ["occurred_on", "id"]
        indexes = [
            models.Index(fields=["election", "voided", "occurred_on"], name="proceeding_election_idx"),
            models.Index(fields=["case", "occurred_on"], name="proceeding_case_idx"),
        ]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(voided=False) | ~models.Q(void_reason=""),
                name="proceeding_void_has_reason",
            ),
        ]

    def __str__(self) -> str:
        void = " (voided)" if self.voided else ""
        return f"{self.event_label} {self.occurred_on}{void}"

    @property
    def event_label(self) -> str:
        return ladder.event_label(self.event)

    @property
    def on_election(self) -> str:
        return on_election(self.election)


def on_election(election: Election | None) -> str:
    """Which election a record belongs to, for people: "election 2", or "before any election"."""
    return f"election {election.sequence}" if election is not None else "before any election"


class DeadlineQuerySet(models.QuerySet["Deadline"]):
    def visible_to(self, user: object) -> DeadlineQuerySet:
        return scoped_to_cases_of(self, user, case_id="case_id")

    def live(self) -> DeadlineQuerySet:
        """Not replaced by another deadline of the same code."""
        return self.exclude(status=Status.SUPERSEDED)


class Deadline(models.Model):
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="deadlines")
    # None: opened by an end of the case recorded before any election (the review of a dismissal).
    election = models.ForeignKey(
        Election, null=True, blank=True, on_delete=models.PROTECT, related_name="deadlines"
    )
    code = models.CharField(max_length=40, db_index=True)
    label = models.CharField(max_length=200)
    due_on = models.DateField()
    due_at = models.DateTimeField(help_text="11:59 p.m. in the regional office's zone (29 CFR 102.2(b))")
    zone = models.CharField(max_length=40)
    trigger = models.CharField(
        max_length=40, help_text="What set it off: tally, an event code, order, manual"
    )
    trigger_on = models.DateField()
    trigger_event = models.ForeignKey(
        ProceedingEvent, null=True, blank=True, on_delete=models.PROTECT, related_name="deadlines"
    )
    trigger_tally = models.ForeignKey(
        Tally, null=True, blank=True, on_delete=models.PROTECT, related_name="deadlines"
    )
    responds_to = models.ForeignKey(
        "self",
        null=True,
        blank=True,
        on_delete=models.PROTECT,
        related_name="responses",
        help_text="The deadline whose due date this responsive period runs from (29 CFR 102.2(a))",
    )
    superseded_by = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.PROTECT, related_name="supersedes"
    )
    rule_set = models.CharField(max_length=8)
    citation = models.CharField(max_length=200, blank=True)
    explanation = models.TextField()
    verified = models.BooleanField(default=False)
    # What the date rests on: the tier of a computed period's figure, or order / manual (rule_sets.Tier).
    source = models.CharField(max_length=16, choices=SOURCE_CHOICES, default=Source.INFERRED.value)
    party = models.ForeignKey(
        Party, null=True, blank=True, on_delete=models.PROTECT, related_name="+", help_text="Whose filing"
    )
    target_only = models.BooleanField(default=False, help_text="A target date, not a bar (the hearing)")
    obliged = models.BooleanField(default=False, help_text="Someone must file: lapsing makes it missed")
    status = models.CharField(max_length=12, choices=STATUS_CHOICES, default=Status.OPEN, db_index=True)
    status_note = models.TextField(blank=True)
    marked_met_on = models.DateField(null=True, blank=True)
    # Nullable (null reads as false) so that SQLite adds the column in place: rebuilding the table would
    # break the case-version triggers of the tables that join through it (core/case_version.py).
    met_by_filing = models.BooleanField(
        null=True, blank=True, help_text="Met by a party's filing (filings app), not marked met by staff"
    )
    reason = models.TextField(blank=True, help_text="For an order-set or manual deadline: the order, the why")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    objects = DeadlineQuerySet.as_manager()

    if TYPE_CHECKING:
        responses: RelatedManager[Deadline]

    class Meta:
        ordering = ["due_at", "id"]
        indexes = [
            models.Index(fields=["case", "status", "due_at"], name="deadline_case_status_idx"),
            models.Index(fields=["status", "due_at"], name="deadline_status_due_idx"),
            models.Index(fields=["election", "code"], name="deadline_election_code_idx"),
            # The deadline lists' order (staff see every case's deadlines, soonest first).
            models.Index(fields=["due_at", "id"], name="deadline_due_order_idx"),
        ]
        constraints = [
            models.UniqueConstraint(
                fields=["trigger_tally", "code"],
                condition=models.Q(trigger_tally__isnull=False),
                name="one_deadline_per_tally_and_code",
            ),
            models.UniqueConstraint(
                fields=["trigger_event", "code"],
                condition=models.Q(trigger_event__isnull=False, responds_to__isnull=True),
                name="one_deadline_per_event_and_code",
            ),
            models.UniqueConstraint(
                fields=["responds_to", "code"],
                condition=models.Q(responds_to__isnull=False),
                name="one_response_per_deadline_and_code",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.label} due {self.due_on} ({self.status})"

    @property
    def on_election(self) -> str:
        return on_election(self.election)


PARTY_STATUS_CHOICES = [(s.value, s.value.replace("_", " ").capitalize()) for s in PartyStatus]


class DeadlineParty(models.Model):
    """One party's state of a deadline (product.md, "Deadlines belong to parties"): written by
    ``proceedings.services.deadline_records.refresh`` from the record, beside the deadline's own status.
    ``due_at`` is the party's own due moment (the deadline's, or later after an extension granted to this party
    alone)."""

    deadline = models.ForeignKey(Deadline, on_delete=models.PROTECT, related_name="party_rows")
    party = models.ForeignKey(Party, on_delete=models.PROTECT, related_name="+")
    status = models.CharField(max_length=16, choices=PARTY_STATUS_CHOICES, default=PartyStatus.OPEN.value)
    due_at = models.DateTimeField()
    obliged = models.BooleanField(default=False, help_text="This party must file: lapsing makes it missed")
    # What met it: the party's objection, or its filing (filings sit above this app: its id, not a key).
    met_by_objection = models.ForeignKey(
        Objection, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    met_by_filing_id = models.PositiveBigIntegerField(null=True, blank=True)
    met_on = models.DateField(null=True, blank=True, help_text="A filing of this party that met it")
    extended_by_filing_id = models.PositiveBigIntegerField(
        null=True, blank=True, help_text="The extension request granted to this party alone"
    )
    note = models.TextField(blank=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["deadline_id", "party_id"]
        # Staff's time bucket across every case (``selectors.party_deadline_passed``): the newest due moment
        # before now, the top of this index rather than a scan of every row (ADR 0008).
        indexes = [models.Index(fields=["due_at"], name="deadline_party_due_idx")]
        constraints = [
            models.UniqueConstraint(fields=["deadline", "party"], name="one_row_per_deadline_and_party"),
        ]

    def __str__(self) -> str:
        return f"{self.deadline_id} for party {self.party_id}: {self.status}"

    @property
    def met_by(self) -> int | None:
        return self.met_by_filing_id or self.met_by_objection_id


class Reminder(models.Model):
    """One reminder owed for (deadline, person, threshold): the row is what makes a second run send nothing."""

    deadline = models.ForeignKey(Deadline, on_delete=models.PROTECT, related_name="reminders")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    threshold = models.PositiveSmallIntegerField(help_text="Business days before the due date")
    notification_key = models.CharField(max_length=200)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["deadline", "user", "threshold"], name="one_reminder_per_deadline_user_threshold"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.deadline} → {self.user} ({self.threshold} business days)"


def new_token() -> str:
    """The clear feed secret of old (migration 0001 names it); no longer stored (``feed_token``)."""
    return secrets.token_urlsafe(32)


def new_salt() -> str:
    return secrets.token_hex(16)


def feed_token(salt: str) -> str:
    """The secret of a feed's URL, derived from its salt with the server's key (``SECRET_KEY``): the row
    holds the salt and the token's digest, never the token, so a copy of the database (a backup, a staff
    member reading the admin) gives no one a working feed URL, and yet the URL stays the same until it is
    rotated (the contract's ``GET calendar/`` shows it again)."""
    mac = salted_hmac("proceedings.CalendarFeed", salt, algorithm="sha256").digest()
    return base64.urlsafe_b64encode(mac).rstrip(b"=").decode("ascii")


class CalendarFeed(models.Model):
    """A secret URL that serves a user's deadlines as iCalendar; revoked, it answers 404.

    Stored as API tokens are (``access.models.digest``): the SHA-256 digest of the URL's secret, which the
    feed is looked up by. ``salt`` is empty for a feed issued before the secret was hashed (issue 36, item
    10): its URL still works, but cannot be shown again, so asking for it issues a new one."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="calendar_feeds"
    )
    salt = models.CharField(max_length=32, blank=True, default=new_salt)
    token_digest = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)
    revoked_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]
        constraints = [
            models.UniqueConstraint(
                fields=["user"], condition=models.Q(revoked_at__isnull=True), name="one_live_feed_per_user"
            ),
        ]

    def __str__(self) -> str:
        return f"calendar feed of {self.user} ({'revoked' if self.revoked_at else 'live'})"

    def save(self, *args: Any, **kwargs: Any) -> None:
        if not self.token_digest:
            self.token_digest = digest(feed_token(self.salt))
        super().save(*args, **kwargs)

    @property
    def token(self) -> str | None:
        """The URL's secret, or None when it cannot be shown again (issued before hashing, or under another
        ``SECRET_KEY``)."""
        if not self.salt:
            return None
        token = feed_token(self.salt)
        return token if digest(token) == self.token_digest else None


class CaseLadder(Case):
    """The admin's picture of a case's appeal ladder (a proxy: the same rows as ``elections.Case``)."""

    class Meta:
        proxy = True
        verbose_name = "case ladder"
        verbose_name_plural = "case ladders"


class DocketEntry(models.Model):
    """A line of the case's public docket on nlrb.gov (a document, its date and who issued or filed it).

    A copy of the public record, shown on the timeline as such: the importer writes it, nobody edits it
    (so it keeps no history of its own). ``key`` tells two identical lines of one day apart."""

    class Source(models.TextChoices):
        PUBLIC_RECORD = "public_record", "The public record (nlrb.gov)"

    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="docket_entries")
    filed_on = models.DateField()
    document = models.CharField(max_length=300)
    actor = models.CharField(max_length=300, blank=True, help_text="Who issued or filed it")
    url = models.URLField(max_length=500, blank=True)
    source = models.CharField(max_length=16, choices=Source.choices, default=Source.PUBLIC_RECORD)
    key = models.CharField(
        max_length=700, help_text="date|document|actor|n: the line's identity in the source"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["case_id", "filed_on", "id"]
        verbose_name_plural = "docket entries"
        constraints = [models.UniqueConstraint(fields=["case", "key"], name="unique_docket_entry_key")]

    def __str__(self) -> str:
        return f"{self.filed_on} {self.document}"
