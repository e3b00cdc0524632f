"""The progress display (a bar on a terminal, plain lines otherwise) and the import task run twice."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest

from elections.models import Case, Tally
from public_record import services
from public_record.models import ImportRun
from public_record.progress import Progress
from tests.public_record.conftest import MULTI


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_terminal_gets_a_bar_redrawn_in_place() -> None:
    screen = Terminal()
    bar = Progress(4, screen, width=8)
    for _ in range(4):
        bar.advance()
    bar.finish()
    text = screen.getvalue()
    assert text.startswith("\r[##......]  25.0% 1/4 cases")
    assert "\r[########] 100.0% 4/4 cases" in text and text.endswith("\n")
    assert text.count("\n") == 1


def test_a_log_gets_plain_lines_not_a_line_per_case() -> None:
    log = io.StringIO()
    bar = Progress(1000, log)
    for _ in range(1000):
        bar.advance()
    bar.finish()
    lines = log.getvalue().splitlines()
    assert lines[0].startswith("  0.1% 1/1,000 cases") and lines[-1].startswith("100.0% 1,000/1,000 cases")
    assert len(lines) == 2 and "[" not in log.getvalue()


@pytest.mark.django_db
def test_the_task_run_twice_imports_once(settings: Any, nlrb_db: Path) -> None:
    settings.NLRB_DATA_PATH = str(nlrb_db)
    run = ImportRun.objects.create(number=MULTI)
    first = services.import_run_execute(run_id=run.pk)
    assert first is not None and (first.status, first.outcome) == ("done", "imported")
    tallies = Tally.objects.count()
    again = services.import_run_execute(run_id=run.pk)  # a redelivered message: the run is finished already
    assert again is not None and again.finished_at == first.finished_at
    assert Tally.objects.count() == tallies == 5
    assert services.import_run_execute(run_id=10**12) is None  # a run that is gone
    assert Case.objects.filter(number=MULTI).count() == 1
