"""Objections to the conduct of an election, and every ruling on each of them."""

from __future__ import annotations

from datetime import datetime
from functools import cached_property
from typing import TYPE_CHECKING

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from core import clock
from elections.law import levels
from elections.law.calendar import is_timely
from elections.law.service import METHOD_LABELS, Service, flag, service_of
from elections.models import Election, Party, Tally
from objections.law.deadlines import CONDUCT, REVISED_TALLY, ObjectionsDeadline, objections_deadline
from objections.law.rulings import ALL_DISPOSITIONS, DISPOSITION_LABELS, LEVELS, Status

if TYPE_CHECKING:
    from django.db.models.fields.related_descriptors import RelatedManager

# The stored choices: the law's values (``objections.law.rulings``) with the labels a form shows.
STATUS_CHOICES = [(status.value, status.value.replace("_", " ").capitalize()) for status in Status]
OBJECTS_TO_CHOICES = [(CONDUCT, "The conduct of the election"), (REVISED_TALLY, "The revised tally")]
LEVEL_CHOICES = [(level.value, levels.TITLES[level]) for level in LEVELS]
SERVICE_CHOICES = [(str(value), label) for value, label in METHOD_LABELS.items()]
# The most an objection's number may be: its column is a PositiveSmallIntegerField.
MAX_NUMBER = 32767
# The longest statement of the reasons for an objection (102.69(a)(8) asks for a short one).
MAX_STATEMENT = 20_000


class Objection(models.Model):
    class Category(models.TextChoices):
        THREATS = "threats", "Threats"
        PROMISES_OR_BENEFITS = "promises_or_benefits", "Promises or grants of benefits"
        INTERROGATION = "interrogation", "Interrogation or polling"
        SURVEILLANCE = "surveillance", "Surveillance or its impression"
        CAPTIVE_AUDIENCE = "captive_audience", "Captive-audience meetings"
        MISREPRESENTATION = "misrepresentation", "Misrepresentation"
        THIRD_PARTY_CONDUCT = "third_party_conduct", "Third-party conduct"
        UNION_CONDUCT = "union_conduct", "Union conduct"
        BOARD_AGENT_CONDUCT = "board_agent_conduct", "Board agent conduct"
        VOTER_LIST = "voter_list", "Voter list"
        ELECTIONEERING = "electioneering", "Electioneering"
        MAIL_BALLOT = "mail_ballot", "Mail-ballot irregularities"
        OTHER = "other", "Other"

    Status = Status  # the law's statuses, where callers look for them

    election = models.ForeignKey(Election, on_delete=models.PROTECT, related_name="objections")
    filed_by = models.ForeignKey(Party, on_delete=models.PROTECT, related_name="objections")
    number = models.PositiveSmallIntegerField(help_text="Numbered per filing party per election")
    category = models.CharField(max_length=24, choices=Category.choices, db_index=True)
    statement = models.TextField()
    filed_at = models.DateTimeField()
    offer_of_proof_filed_at = models.DateTimeField(null=True, blank=True)
    # The tally whose objections period the filing answers: the tally of ballots (102.69(a)(8)), or a revised
    # tally when the filing came in its period (102.69(e)). The due date is not stored here: it is the law's
    # computation over this tally (``deadline``), the one the proceeding's ``objections`` deadline records.
    answers_tally = models.ForeignKey(
        Tally,
        on_delete=models.PROTECT,
        related_name="objections_answering",
        help_text="The tally whose objections period this filing answers (102.69(a)(8), (e))",
    )
    objects_to = models.CharField(
        max_length=16,
        choices=OBJECTS_TO_CHOICES,
        default=CONDUCT,
        help_text="Conduct (102.69(a)(8), the tally of ballots' period) or a revised tally itself (102.69(e))",
    )
    timely = models.BooleanField(
        null=True,
        help_text="False: recorded after the deadline; null while a stated time awaits staff confirmation",
    )
    # Provenance of the filing time: ``filed_at`` is the time stated; ``received_at`` is when the tracker
    # received the filing. A counsel-stated time inside the period on a filing received after it closed is
    # evidence to weigh, not a fact: it waits for staff (``filing_confirmed``).
    received_at = models.DateTimeField(null=True, blank=True, editable=False)
    filing_confirmed = models.BooleanField(
        default=True, help_text="False while staff have not confirmed a counsel-stated filing time"
    )
    offer_of_proof_due_at = models.DateTimeField(null=True, blank=True)
    offer_of_proof_received_at = models.DateTimeField(null=True, blank=True, editable=False)
    offer_of_proof_confirmed = models.BooleanField(
        default=True, help_text="False while staff have not confirmed a counsel-stated offer filing time"
    )
    offer_of_proof_extension_reason = models.TextField(blank=True)
    offer_of_proof_extended_until = models.DateTimeField(
        null=True, blank=True, help_text="Set when staff extended the offer of proof (never the objections)"
    )
    # Service on the other parties, with a certificate of it (102.69(a)(8)); as a filing's.
    served_on = models.ManyToManyField(Party, related_name="served_objections", blank=True)
    service_method = models.CharField(max_length=10, choices=SERVICE_CHOICES, blank=True)
    certificate_of_service = models.BooleanField(
        default=False, help_text="A certificate of service was filed with the objections (102.69(a)(8))"
    )
    confirmation_number = models.CharField(
        max_length=60, blank=True, help_text="The agency's e-filing confirmation number"
    )
    status = models.CharField(max_length=16, choices=STATUS_CHOICES, default=Status.PENDING, db_index=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    history = HistoricalRecords()

    if TYPE_CHECKING:
        rulings: RelatedManager[Ruling]

    class Meta:
        ordering = ["election_id", "filed_by_id", "number"]
        indexes = [models.Index(fields=["election", "status"], name="objection_election_status_idx")]
        constraints = [
            models.UniqueConstraint(
                fields=["election", "filed_by", "number"], name="unique_objection_number"
            ),
        ]

    def __str__(self) -> str:
        return f"Objection {self.number} of {self.filed_by.name}"

    def save(self, *args: object, **kwargs: object) -> None:
        if self.received_at is None and self.pk is None:
            self.received_at = clock.now()
        super().save(*args, **kwargs)  # type: ignore[arg-type]

    @cached_property
    def deadline(self) -> ObjectionsDeadline:
        """The objections deadline this filing answers (29 CFR 102.69(a)(8) or (e), counted under 102.2)."""
        case = self.election.case
        return objections_deadline(
            rule_set=case.rule_set,
            region=case.region_at(self.answers_tally.prepared_at),
            tally_prepared_at=self.answers_tally.prepared_at,
            revised=self.answers_tally.revision > 0,
        )

    @property
    def due_at(self) -> datetime | None:
        """When the objections were due: 11:59 p.m. in the regional office's zone; ``None`` when the case's
        rules predate the tables (no deadline computed)."""
        return self.deadline.due_at

    @property
    def due_explanation(self) -> str:
        return self.deadline.explanation

    @property
    def verified(self) -> bool:
        """Whether the rule behind ``due_at`` is verified against a primary source."""
        return self.deadline.verified

    @property
    def service(self) -> Service:
        """Whom the objections were served on among the other parties, and whether a certificate was filed
        (29 CFR 102.69(a)(8))."""
        return service_of(
            "objections",
            filer=self.filed_by_id,
            parties=[p.pk for p in self.election.case.parties.all()],
            served_on=[p.pk for p in self.served_on.all()],
            certificate=self.certificate_of_service,
        )

    @property
    def service_flag(self) -> str:
        """ "Not served on …" (with the rule) for a paper not served on every other party; "" when it was."""
        return flag(self.service, {p.pk: p.name for p in self.election.case.parties.all()})

    @property
    def offer_of_proof_timely(self) -> bool | None:
        """Whether the offer of proof came by its (possibly extended) due time; None if not filed or no
        deadline was computed."""
        if self.offer_of_proof_filed_at is None or self.offer_of_proof_due_at is None:
            return None
        if not self.offer_of_proof_confirmed:
            return None  # a stated time on an offer received after it was due waits for staff
        return is_timely(self.offer_of_proof_filed_at, self.offer_of_proof_due_at)


# Every disposition of any level, by its label (which level may give which: objections.law.rulings).
DISPOSITION_CHOICES = [(d, DISPOSITION_LABELS[d]) for d in ALL_DISPOSITIONS]


class Ruling(models.Model):
    objection = models.ForeignKey(Objection, on_delete=models.PROTECT, related_name="rulings")
    level = models.CharField(max_length=24, choices=LEVEL_CHOICES)
    disposition = models.CharField(max_length=20, choices=DISPOSITION_CHOICES)
    decided_on = models.DateField()
    note = models.TextField(blank=True)
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["objection_id", "decided_on", "id"]

    def __str__(self) -> str:
        return f"{self.get_level_display()}: {self.get_disposition_display()} ({self.decided_on})"
