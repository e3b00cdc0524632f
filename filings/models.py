"""A party's papers: each filing with its provenance and service, the ruling on a motion or an extension
request, and the documents (PDFs) filed with it."""

from __future__ import annotations

import uuid
from typing import Any

from django.conf import settings
from django.db import models
from simple_history.models import HistoricalRecords

from elections.law import levels
from elections.models import Case, Election, Party
from filings.law.kinds import KIND_LABELS, RULING_LEVELS, Ruling, ServiceMethod
from proceedings.models import Deadline, ProceedingEvent

KIND_CHOICES = list(KIND_LABELS.items())
RULING_CHOICES = [(r.value, r.value.replace("_", " ").capitalize()) for r in Ruling]
LEVEL_CHOICES = [(level, levels.TITLES[levels.Level(level)]) for level in RULING_LEVELS]
SERVICE_CHOICES = [
    (ServiceMethod.E_FILE.value, "E-filed"),
    (ServiceMethod.EMAIL.value, "E-mail"),
    (ServiceMethod.MAIL.value, "Mail"),
    (ServiceMethod.HAND.value, "Hand delivery"),
]


class Filing(models.Model):
    case = models.ForeignKey(Case, on_delete=models.PROTECT, related_name="filings")
    election = models.ForeignKey(Election, on_delete=models.PROTECT, related_name="filings")
    kind = models.CharField(max_length=40, choices=KIND_CHOICES)
    party = models.ForeignKey(Party, on_delete=models.PROTECT, related_name="filings")
    title = models.CharField(max_length=300)
    # Provenance, as for objections: ``filed_at`` is the time stated; ``received_at`` when the tracker got it.
    filed_at = models.DateTimeField()
    received_at = models.DateTimeField()
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
