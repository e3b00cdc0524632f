"""Imports staff start from the API or the admin: one case by number, from the configured file
(``settings.NLRB_DATA_PATH``), run by a Celery task after the request commits."""

from __future__ import annotations

import logging
from collections.abc import Sequence
from datetime import date, timedelta
from typing import TextIO

from django.conf import settings
from django.db import transaction
from kombu.exceptions import OperationalError

from core import clock
from core.actors import Actor, acting_user
from core.errors import RuleViolation, TransitionNotAllowed
from elections.law import case_numbers
from public_record.events import record_imported
from public_record.importer import ImportStopped, import_public_record
from public_record.models import ImportRun
from public_record.report import Report
from public_record.selectors import data_path
from public_record.source import SourceError

logger = logging.getLogger(__name__)


@transaction.atomic
def import_run_request(*, number: str, actor: Actor = None) -> ImportRun:
    """Queue the import of one case; the task runs once this transaction commits. Runs left ``running`` too
    long are marked failed first: the embedded mode has no beat to sweep them."""
    try:
        normalized = case_numbers.normalize(number)
    except case_numbers.InvalidCaseNumber as exc:
        raise RuleViolation("number", str(exc)) from None
    data_path()
    import_runs_fail_stale(actor=actor)
    run = ImportRun.objects.create(number=normalized, requested_by=acting_user(actor))
    transaction.on_commit(lambda: _queue(run.pk))
    return run


def _queue(run_id: int) -> None:
    from public_record.tasks import import_case

    try:
        import_case.delay(run_id)
    except OperationalError:
        # The broker is down: the run stays queued (its status says so) and staff can ask again.
        logger.warning("public record: import run %s could not be queued (broker down)", run_id)


def import_run_execute(*, run_id: int) -> ImportRun | None:
    """Run a queued import (the task's body). Idempotent: a finished run is left as it is; the import itself
    adds nothing twice if a killed worker runs it again."""
    claimed = ImportRun.objects.filter(
        pk=run_id, status__in=[ImportRun.Status.QUEUED, ImportRun.Status.RUNNING]
    ).update(status=ImportRun.Status.RUNNING, started_at=clock.now())
    run = ImportRun.objects.filter(pk=run_id).select_related("requested_by").first()
    if not claimed or run is None:
        return run
    try:
        report = import_public_record(data_path(), numbers=[run.number], actor=run.requested_by)
    except (SourceError, TransitionNotAllowed) as exc:
        run.status, run.error = ImportRun.Status.FAILED, str(exc)
    else:
        run.outcome = report.case_outcome(run.number)
        run.report = report.as_dict()
        if run.outcome == "failed":
            run.status, run.error = ImportRun.Status.FAILED, "; ".join(r for _, r in report.failures)
        elif run.outcome == "not_found":
            run.status, run.error = ImportRun.Status.FAILED, f"{run.number} is not in the public record file."
        else:
            run.status = ImportRun.Status.DONE
            _announce(report)
    run.finished_at = clock.now()
    run.save(update_fields=["status", "error", "outcome", "report", "finished_at"])
    return run


def import_runs_fail_stale(*, older_than_seconds: int | None = None, actor: Actor = None) -> int:
    """Mark failed every run left ``running`` longer than ``IMPORT_RUN_STALE_SECONDS``: its worker died (or
    stopped on an error nobody caught) and no redelivered message finished it. Returns how many. A worker
    that does finish later still writes what it did."""
    seconds = settings.IMPORT_RUN_STALE_SECONDS if older_than_seconds is None else older_than_seconds
    now = clock.now()
    return ImportRun.objects.filter(
        status=ImportRun.Status.RUNNING, started_at__lt=now - timedelta(seconds=seconds)
    ).update(
        status=ImportRun.Status.FAILED,
        finished_at=now,
        error=(
            f"The import stopped without finishing: still running {seconds:,} seconds after it started, so its "
            "worker died or failed. Nothing of this case is half written (each case is one transaction); "
            "ask for the import again."
        ),
    )


def import_file(
    *,
    path: str,
    numbers: Sequence[str] = (),
    since: date | None = None,
    dry_run: bool = False,
    actor: Actor = None,
    progress: TextIO | None = None,
) -> Report:
    """Import the file (``manage.py import_nlrb``), recorded as an import run: its counts are written to the
    run's row after each batch (committed at once: staff follow a long import in the admin), the whole
    report at the end. A dry run writes nothing, not even its run. Raises what ``import_public_record``
    raises, the run marked failed."""
    if dry_run:
        return import_public_record(path, numbers=numbers, since=since, dry_run=True, progress=progress)
    run = ImportRun.objects.create(
        number=_one_number(numbers),
        status=ImportRun.Status.RUNNING,
        started_at=clock.now(),
        requested_by=acting_user(actor),
    )

    def counted(report: Report, done: int, total: int) -> None:
        ImportRun.objects.filter(pk=run.pk).update(report=_progress(report, done, total))

    try:
        report = import_public_record(
            path, numbers=numbers, since=since, actor=actor, progress=progress, on_batch=counted
        )
    except ImportStopped as exc:
        _finish(run, ImportRun.Status.FAILED, exc.report.as_dict(), str(exc))
        raise
    except SourceError as exc:
        _finish(run, ImportRun.Status.FAILED, {}, str(exc))
        raise
    _finish(run, ImportRun.Status.DONE, report.as_dict() | _progress(report, report.read, report.read), "")
    _announce(report)
    return report


def _announce(report: Report) -> None:
    """Tell the apps above that the record changed (``stats`` refreshes its figures), when it did."""
    changed = report.counts["cases"]
    if changed.get("imported") or changed.get("updated"):
        record_imported.send(sender=import_file, report=report)


def _one_number(numbers: Sequence[str]) -> str:
    """The run's case: the one case asked for, normalized; blank for several, for the whole file, or for a
    number that is not one (the import reports it as not found)."""
    if len(numbers) != 1:
        return ""
    try:
        return case_numbers.normalize(numbers[0], representation_only=False)
    except case_numbers.InvalidCaseNumber:
        return ""


def _progress(report: Report, done: int, total: int) -> dict[str, object]:
    return {
        "progress": {"done": done, "total": total},
        "counts": {kind: dict(outcomes) for kind, outcomes in report.counts.items()},
    }


def _finish(run: ImportRun, status: str, report: dict[str, object], error: str) -> None:
    ImportRun.objects.filter(pk=run.pk).update(
        status=status, report=report, error=error, finished_at=clock.now()
    )
