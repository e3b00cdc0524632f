"""A party's papers: each filing with its provenance and service, the ruling on a motion or an extension
request, and the documents (PDFs) filed with it."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from elections.law import levels
from elections.law.service import METHOD_LABELS, Service, flag, service_of
from elections.models import Case, Election, Party
from filings.law.kinds import KIND_LABELS, RULING_LEVELS, STATE_LABELS, Ruling, State
from proceedings.models import Deadline, ProceedingEvent

KIND_CHOICES = list(KIND_LABELS.items())
RULING_CHOICES = [(r.value, r.value.replace("_", " ").capitalize()) for r in Ruling]
LEVEL_CHOICES = [(level, levels.TITLES[levels.Level(level)]) for level in RULING_LEVELS]
SERVICE_CHOICES = [(str(value), label) for value, label in METHOD_LABELS.items()]
STATE_CHOICES = [(str(value), label) for value, label in STATE_LABELS.items()]


class Filing(models.Model):
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="filings")
    election = models.ForeignKey(Election, on_delete=models.PROTECT, related_name="filings")
    kind = models.CharField(max_length=40, choices=KIND_CHOICES)
    party = models.ForeignKey(Party, on_delete=models.PROTECT, related_name="filings")
    title = models.CharField(max_length=300)
    # A draft is its own side's alone (no list, notice, queue or count of anyone else's shows it).
    state = models.CharField(max_length=10, choices=STATE_CHOICES, default=State.FILED.value, db_index=True)
    # Provenance, as for objections: ``filed_at`` is the time stated; ``received_at`` when the tracker got it
    # (null while a draft: nothing has been received).
    filed_at = models.DateTimeField()
    received_at = models.DateTimeField(null=True, blank=True)
    filing_confirmed = models.BooleanField(default=True)
    timely = models.BooleanField(null=True, blank=True)
    confirmation_number = models.CharField(max_length=60, blank=True)
    served_on = models.ManyToManyField(Party, related_name="served_filings", blank=True)
    service_method = models.CharField(max_length=10, choices=SERVICE_CHOICES, blank=True)
    answers = models.ForeignKey(
        Deadline, on_delete=models.PROTECT, null=True, blank=True, related_name="filings"
    )
    relates_to = models.ForeignKey(
        "self", on_delete=models.PROTECT, null=True, blank=True, related_name="related_filings"
    )
    unforeseeable_grounds = models.TextField(blank=True)
    event = models.ForeignKey(
        ProceedingEvent, on_delete=models.PROTECT, null=True, blank=True, related_name="filings"
    )
    # The ruling on a motion or an extension request.
    ruling = models.CharField(max_length=20, choices=RULING_CHOICES, blank=True)
    decided_on = models.DateField(null=True, blank=True)
    ruled_by_level = models.CharField(max_length=30, choices=LEVEL_CHOICES, blank=True)
    until = models.DateField(null=True, blank=True)
    order_deadline = models.ForeignKey(
        Deadline, on_delete=models.PROTECT, null=True, blank=True, related_name="granting_filings"
    )
    recorded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    history = HistoricalRecords()

    class Meta:
        ordering = ["filed_at", "id"]
        indexes = [models.Index(fields=["case", "filed_at"])]

    def __str__(self) -> str:
        return f"{self.get_kind_display()} of {self.party.name}: {self.title}"

    @property
    def service(self) -> Service:
        """Whom the paper was served on among the other parties (29 CFR 102.2(c), 102.65(a), 102.67(i),
        102.69(c), (g)). A filing keeps no certificate field: its service list is its statement of service."""
        return service_of(
            self.kind,
            filer=self.party_id,
            parties=[p.pk for p in self.case.parties.all()],
            served_on=[p.pk for p in self.served_on.all()],
        )

    @property
    def service_flag(self) -> str:
        """ "Not served on …" (with the rule) for a paper not served on every other party; "" when it was."""
        return flag(self.service, {p.pk: p.name for p in self.case.parties.all()})


TEXT_STATUS_CHOICES = [
    ("pending", "Not read yet"),
    ("complete", "All of its text is searchable"),
    ("partial", "Part of its text is searchable"),
]


def _document_path(instance: Any, filename: str) -> str:
    # Never the client's name: a random name under the case, so a path says nothing about the paper.
    return f"documents/{instance.filing.case_id}/{uuid.uuid4().hex}.pdf"


class Document(models.Model):
    filing = models.ForeignKey(Filing, on_delete=models.PROTECT, related_name="documents")
    title = models.CharField(max_length=300)
    file = models.FileField(upload_to=_document_path, max_length=300)
    pages = models.PositiveIntegerField()
    bytes = models.PositiveBigIntegerField()
    sha256 = models.CharField(max_length=64)
    text = models.TextField(blank=True)  # extracted with pypdf, for ``filings/?q=`` (filings.pdf.read_text)
    # Whether the text is read yet, and all of it: read after the paper is stored, within a budget and a quota.
    text_status = models.CharField(max_length=10, choices=TEXT_STATUS_CHOICES, default="pending")
    text_note = models.CharField(max_length=300, blank=True)
    uploaded_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    uploaded_at = models.DateTimeField()
    history = HistoricalRecords(excluded_fields=["text", "text_status", "text_note"])

    class Meta:
        ordering = ["uploaded_at", "id"]

    def __str__(self) -> str:
        return self.title
