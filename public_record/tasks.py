"""Celery tasks of the public-record import. They take ids and tolerate rows that are gone."""

from __future__ import annotations

from celery import shared_task

from public_record import services


@shared_task(acks_late=True)
def import_case(run_id: int) -> str | None:
    run = services.import_run_execute(run_id=run_id)
    return run.status if run is not None else None


@shared_task(name="public_record.tasks.fail_stale_import_runs")
def fail_stale_import_runs() -> int:
    """Beat's sweep: no import run stays ``running`` for ever when its worker died."""
    return services.import_runs_fail_stale()
