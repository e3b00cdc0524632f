"""Damaged public-record files (issue 20): every error reading one ends the import run ``failed`` with a
message naming the file and what is wrong — never a 500, never a run left ``running`` — and a run whose
worker died is marked failed by beat's sweep after a bounded time."""

from __future__ import annotations

import sqlite3
from datetime import timedelta
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.core.management import CommandError, call_command

from elections.models import Case
from public_record import importer, source
from public_record.models import ImportRun
from public_record.tasks import fail_stale_import_runs
from tests.public_record.conftest import MULTI, sample
from tests.public_record.nlrb_files import NlrbFile

URL = "/api/v1/cases/import/"


def garbled_pages(tmp_path: Path) -> Path:
    """An nlrb.db whose pages after the first are overwritten with noise (a disk or a download gone bad)."""
    path = sample().write_db(tmp_path / "nlrb.db")
    data = bytearray(path.read_bytes())
    for i in range(4096, len(data), 7):
        data[i] = (data[i] * 31 + 7) % 256
    path.write_bytes(bytes(data))
    return path


def wide_header(tmp_path: Path) -> Path:
    folder = sample().write_csv(tmp_path / "csv")
    (folder / "docket.csv").write_text(",".join(f"c{i}" for i in range(1_000_000)) + "\n")
    return folder


def many_short_columns(tmp_path: Path) -> Path:
    folder = sample().write_csv(tmp_path / "csv")
    header = (folder / "tally.csv").read_text().splitlines()[0]
    (folder / "tally.csv").write_text(header + "," + ",".join(f"x{i}" for i in range(1000)) + "\n")
    return folder


def repeated_column(tmp_path: Path) -> Path:
    folder = sample().write_csv(tmp_path / "csv")
    lines = (folder / "participant.csv").read_text().splitlines()
    (folder / "participant.csv").write_text("\n".join([lines[0] + ",Type", *lines[1:]]) + "\n")
    return folder


def latin1_docket(tmp_path: Path) -> Path:
    folder = sample().write_csv(tmp_path / "csv")
    with (folder / "docket.csv").open("ab") as handle:
        handle.write(f"{MULTI},2021-02-01,Caf\xe9 r\xe9sum\xe9,Region 10,,\n".encode("latin-1"))
    return folder


DAMAGED = {
    # how the file is damaged: (make it, the file the message names, what it says is wrong)
    "garbled sqlite pages": (garbled_pages, "nlrb.db", "malformed"),
    "a header of 1,000,000 columns": (
        wide_header,
        "docket.csv",
        "header row is longer than 20,000 characters",
    ),
    # tally.csv: its 4 columns and 1,000 more
    "a header of 1,004 short columns": (many_short_columns, "tally.csv", "header has 1,004 columns"),
    "a repeated column name": (
        repeated_column,
        "participant.csv",
        "names column 'Type' twice (columns 3 and 8)",
    ),
    # docket.csv: the header, the sample's 5 entries, then the Latin-1 line
    "a docket file that is not UTF-8": (
        latin1_docket,
        "docket.csv",
        "not UTF-8 text: line 7 holds byte 0xe9",
    ),
}


@pytest.mark.django_db
@pytest.mark.parametrize("damage", DAMAGED)
def test_a_damaged_file_fails_the_run_naming_the_file_never_a_500(
    damage: str, as_staff: Any, settings: Any, tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    make, name, what = DAMAGED[damage]
    path = make(tmp_path)
    settings.NLRB_DATA_PATH = str(path)
    with django_capture_on_commit_callbacks(execute=True):  # the task runs inline, as in the embedded mode
        response = as_staff.post(URL, {"number": MULTI}, format="json")
    assert response.status_code == 202
    run = as_staff.get(response.json()["status_url"]).json()
    assert run["status"] == "failed" and run["finished_at"] is not None
    assert name in run["error"] and what in run["error"]
    assert not Case.objects.filter(number=MULTI).exists()


@pytest.mark.django_db
@pytest.mark.parametrize("damage", DAMAGED)
def test_the_command_refuses_a_damaged_file_naming_it(damage: str, tmp_path: Path) -> None:
    make, name, what = DAMAGED[damage]
    with pytest.raises(CommandError) as refused:
        call_command("import_nlrb", str(make(tmp_path)), stdout=StringIO(), stderr=StringIO())
    assert name in str(refused.value) and what in str(refused.value)
    assert "Nothing was written" in str(refused.value)
    assert not Case.objects.exists()


def undecodable_third_case(tmp_path: Path) -> Path:
    """Five sound cases, the third of which holds a name that is not UTF-8 (damage met mid-file)."""
    f = NlrbFile()
    for serial in range(1, 6):
        f.case(f"10-RC-40000{serial}", f"Employer {serial}", "2022-01-03")
    path = f.write_db(tmp_path / "nlrb.db")
    db = sqlite3.connect(path)
    db.execute("UPDATE filing SET name = CAST(x'43616ce9' AS TEXT) WHERE case_number = '10-RC-400003'")
    db.commit()
    db.close()
    return path


@pytest.mark.django_db
def test_damage_met_mid_file_stops_the_command_saying_what_came_in_before_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(importer, "CHUNK", 2)  # the cases before the damage are written chunk by chunk
    path = undecodable_third_case(tmp_path)
    out = StringIO()
    with pytest.raises(CommandError) as stopped:
        call_command("import_nlrb", str(path), stdout=out, stderr=StringIO())
    message = str(stopped.value)
    assert message.startswith(f"Stopped: {path} cannot be read after case 10-RC-400002: Could not decode")
    assert "The 2 cases read before it are above" in message
    assert "2 cases read" in out.getvalue()
    assert sorted(Case.objects.values_list("number", flat=True)) == ["10-RC-400001", "10-RC-400002"]


@pytest.mark.django_db
def test_a_csv_folder_is_read_from_a_copy_on_disk_removed_when_done(tmp_path: Path) -> None:
    """Not loaded into memory whole: staged row by row into a temporary SQLite file, read a case at a time."""
    opened = source.open_source(sample().write_csv(tmp_path / "csv"))
    (_, _, staged_file), *_ = opened.connection.execute("PRAGMA database_list").fetchall()
    assert staged_file and Path(staged_file).is_file() and Path(staged_file).stat().st_size > 0
    assert [case.number for case in opened.read_cases()][:1] == ["05-RC-300002"]
    opened.close()
    assert not Path(staged_file).exists()


# --- the sweep -------------------------------------------------------------------------------------------


@pytest.mark.django_db
def test_beat_marks_failed_a_run_its_worker_left_running(frozen_clock: Any) -> None:
    started = frozen_clock.at("2026-03-02", hour=9)
    dead = ImportRun.objects.create(number=MULTI, status=ImportRun.Status.RUNNING, started_at=started)
    frozen_clock.advance(timedelta(minutes=20))
    alive = ImportRun.objects.create(
        number=MULTI, status=ImportRun.Status.RUNNING, started_at=frozen_clock.now()
    )
    queued = ImportRun.objects.create(number=MULTI)
    assert fail_stale_import_runs.delay().get() == 0  # 20 minutes: within the bound (30)
    frozen_clock.advance(timedelta(minutes=10, seconds=1))  # 30 minutes and a second after it started
    assert fail_stale_import_runs.delay().get() == 1
    dead.refresh_from_db()
    assert dead.status == "failed" and dead.finished_at == frozen_clock.now()
    assert "stopped without finishing" in dead.error and "ask for the import again" in dead.error
    alive.refresh_from_db()
    queued.refresh_from_db()
    assert (alive.status, queued.status) == ("running", "queued")


def test_beat_runs_the_sweep_every_five_minutes() -> None:
    entry = django_settings.CELERY_BEAT_SCHEDULE["fail-stale-import-runs"]
    assert entry == {"task": "public_record.tasks.fail_stale_import_runs", "schedule": 300.0}
    assert django_settings.IMPORT_RUN_STALE_SECONDS == 30 * 60


@pytest.mark.django_db
def test_without_beat_a_new_request_marks_a_dead_run_failed(
    as_staff: Any, settings: Any, nlrb_db: Path, frozen_clock: Any, django_capture_on_commit_callbacks: Any
) -> None:
    """The embedded mode runs no beat: the next import staff ask for sweeps what a killed server left."""
    settings.NLRB_DATA_PATH = str(nlrb_db)
    dead = ImportRun.objects.create(
        number=MULTI, status=ImportRun.Status.RUNNING, started_at=frozen_clock.at("2026-03-02", hour=9)
    )
    frozen_clock.advance(timedelta(minutes=31))
    with django_capture_on_commit_callbacks(execute=True):
        assert as_staff.post(URL, {"number": MULTI}, format="json").status_code == 202
    dead.refresh_from_db()
    assert dead.status == "failed" and "stopped without finishing" in dead.error
