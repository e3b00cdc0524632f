"""What the importer remembers per case, and the imports staff start from the API or the admin."""

from __future__ import annotations

from django.conf import settings
from django.db import models

from elections.models import Case


class ImportedCase(models.Model):
    """A case that came from the public record: the snapshot it came from and what was written.

    ``fingerprint`` is a digest of the case's source rows (scrape times left out): an unchanged case is
    skipped on the next run. ``as_imported`` holds the case fields as the importer last wrote them, so a
    later run can tell a field staff edited (keep it, report it) from one it may update. ``keys`` maps the
    source's identities to our rows (elections by unit/kind/ordinal, tallies by source election_id)."""

    case = models.OneToOneField(Case, on_delete=models.PROTECT, related_name="public_record")
    snapshot = models.CharField(max_length=40, blank=True, help_text="When labordata last checked the case")
    fingerprint = models.CharField(max_length=64)
    as_imported = models.JSONField(default=dict)
    keys = models.JSONField(default=dict)
    imported_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"{self.case.number} (public record of {self.snapshot or 'unknown date'})"


class ImportRun(models.Model):
    """One case imported on request of staff (API or admin), run by a Celery task; or a run of
    ``manage.py import_nlrb`` (``number`` blank for the whole file), whose counts its ``report`` holds as
    the run goes (``progress``: cases done of the total)."""

    class Status(models.TextChoices):
        QUEUED = "queued", "Queued"
        RUNNING = "running", "Running"
        DONE = "done", "Done"
        FAILED = "failed", "Failed"

    number = models.CharField(max_length=20)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.QUEUED)
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, null=True, blank=True, on_delete=models.PROTECT, related_name="+"
    )
    outcome = models.CharField(max_length=20, blank=True, help_text="imported, updated, unchanged, …")
    report = models.JSONField(default=dict, blank=True)
    error = models.TextField(blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    started_at = models.DateTimeField(null=True, blank=True)
    finished_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self) -> str:
        return f"Import of {self.number or 'the public record file'} ({self.status})"
