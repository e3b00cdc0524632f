"""The public record's domain event: an import wrote cases (apps above listen; ``stats`` refreshes its
figures). Sent once per import run that wrote something, never per case."""

from __future__ import annotations

from django.dispatch import Signal

record_imported = Signal()  # kwargs: report (public_record.report.Report)
