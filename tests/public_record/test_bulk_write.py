"""The import's bulk writes (``core.bulk_insert``: COPY on PostgreSQL, ``executemany`` on SQLite, history by
``INSERT … SELECT``) write every column and every history row the ORM path (``bulk_create_with_history``)
wrote, on the sample of real-format cases and on generated ones; a re-run skips the unchanged cases in a
constant number of queries and takes the changed one; a refusal or a failure midway leaves no case half
written; the run's row counts as it goes. Run on SQLite and on PostgreSQL (``DATABASE_URL``)."""

from __future__ import annotations

import runpy
import sqlite3
from collections.abc import Sequence
from contextlib import closing
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.db import DatabaseError, connection, models
from django.test.utils import CaptureQueriesContext
from simple_history.utils import bulk_create_with_history

from core import bulk_insert
from elections import services
from elections.models import Case, Counsel, Election, Party, Tally
from proceedings.models import Deadline, DeadlineParty, DocketEntry
from public_record.importer import CHUNK
from public_record.models import ImportedCase, ImportRun
from tests.conftest import FrozenClock
from tests.public_record.conftest import BROKEN, MULTI, THREE, sample

pytestmark = pytest.mark.django_db

# The full-size file's generator (bench/import_nlrb.py), used small; read by path, as the bench is a script.
generate = runpy.run_path(str(Path(__file__).resolve().parents[2] / "bench" / "import_nlrb.py"))["generate"]

RECORD: list[type[models.Model]] = [
    Case,
    Party,
    Counsel,
    Election,
    Tally,
    DocketEntry,
    ImportedCase,
    Deadline,
    DeadlineParty,  # each party's state of the deadlines, written with them
]


def run(path: Path, *args: str) -> str:
    out = StringIO()
    call_command("import_nlrb", str(path), *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def _tables() -> list[type[models.Model]]:
    history = [m.history.model for m in RECORD if hasattr(m, "history")]  # type: ignore[attr-defined]
    return [*RECORD, *history]


def every_row() -> dict[str, list[dict[str, Any]]]:
    """Every column of every row the import writes, history rows included, in id order; ids and foreign
    keys replaced by the referenced row's rank in its table (two imports give the same ranks)."""
    tables = _tables()
    ranks: dict[type[models.Model], dict[Any, int]] = {
        model: {
            pk: at for at, pk in enumerate(model._default_manager.order_by("pk").values_list("pk", flat=True))
        }
        for model in tables
    }
    rows: dict[str, list[dict[str, Any]]] = {}
    for model in tables:
        fields = model._meta.concrete_fields
        values = []
        for row in model._default_manager.order_by("pk").values(*(f.attname for f in fields)):
            for field in fields:
                target = field.related_model if field.is_relation else None
                if field.primary_key:
                    row[field.attname] = ranks[model][row[field.attname]]
                elif field.attname == "id":  # a history row's copy of the row's id (gone if deleted)
                    row["id"] = ranks[model.instance_type].get(row["id"], "gone")  # type: ignore[attr-defined]
                elif target in ranks and row[field.attname] is not None:
                    row[field.attname] = ranks[target].get(row[field.attname], "gone")  # type: ignore[index]
            if model is ImportedCase:  # the source's identities mapped to our rows' ids
                row["keys"] = {
                    kind: {key: ranks[target][pk] for key, pk in row["keys"][kind].items()}
                    for kind, target in (("elections", Election), ("tallies", Tally))
                }
            values.append(row)
        rows[model._meta.label] = values
    return rows


def wipe() -> None:
    """Every row the import wrote, then the history rows (deleting writes "-" history rows)."""
    for model in reversed(RECORD):
        model._default_manager.all().delete()
    for model in _tables()[len(RECORD) :]:
        model._default_manager.all().delete()


def the_orm_path(
    objs: Sequence[models.Model], *, history_user: Any = None, history_reason: str = ""
) -> Sequence[models.Model]:
    """What the batch services wrote with before COPY: the ORM's bulk insert and a history object a row."""
    model = type(objs[0])
    if hasattr(model, "history"):
        bulk_create_with_history(
            objs, model, batch_size=2000, default_user=history_user, default_change_reason=history_reason
        )
    else:
        model._default_manager.bulk_create(objs, batch_size=5000)
    return objs


def _numbers(path: Path) -> list[str]:
    with closing(sqlite3.connect(path)) as db:
        return [n for (n,) in db.execute("SELECT case_number FROM filing ORDER BY case_number")]


def generated(tmp_path: Path) -> Path:
    path = tmp_path / "generated.db"
    generate(path, 40)  # closed and open cases, two units, revised tallies, reruns, runoffs
    return path


@pytest.mark.parametrize("source", ["sample", "generated"])
def test_the_bulk_path_writes_what_the_orm_path_wrote(
    source: str, tmp_path: Path, frozen_clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    frozen_clock.at("2024-07-01")
    path = sample().write_db(tmp_path / "nlrb.db") if source == "sample" else generated(tmp_path)
    with CaptureQueriesContext(connection) as queries:
        bulk_out = run(path)
    copied = every_row()
    wipe()
    monkeypatch.setattr(bulk_insert, "insert", the_orm_path)
    orm_out = run(path)
    assert every_row() == copied
    assert bulk_out.splitlines()[1:] == orm_out.splitlines()[1:]  # the same report, but for its timing
    assert all(copied[m._meta.label] for m in (Case, Party, Election, Tally, DocketEntry, Deadline))
    assert len(copied["elections.HistoricalTally"]) == len(copied["elections.Tally"])
    writes = " ".join(q["sql"] for q in queries.captured_queries)
    if connection.vendor == "postgresql":  # COPY goes past Django's query log: no INSERT of the rows is in it
        assert 'INSERT INTO "elections_tally"' not in writes
        assert 'INSERT INTO "proceedings_docketentry"' not in writes
    assert (
        'INSERT INTO "elections_historicaltally" ("id", ' in writes and '"history_user_id") SELECT' in writes
    )


def test_without_copy_the_rows_go_by_executemany_and_are_the_same(
    tmp_path: Path, frozen_clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On PostgreSQL through psycopg2 (no COPY) the writer sends the same rows by ``executemany``. Only the
    case versions may differ: PostgreSQL's triggers move a version once per statement, and executemany is a
    statement a row (the version is a token that moves, not a count)."""
    frozen_clock.at("2024-07-01")
    path = sample().write_db(tmp_path / "nlrb.db")
    monkeypatch.setattr(bulk_insert, "_can_copy", lambda: False)
    run(path)
    written = every_row()
    versions = dict(Case.objects.values_list("number", "version"))
    wipe()
    monkeypatch.setattr(bulk_insert, "insert", the_orm_path)
    run(path)
    again = every_row()
    for rows in (written, again):
        for row in rows["elections.Case"]:
            del row["version"]
    assert again == written and written["elections.Tally"]
    assert all(
        versions[number] >= version for number, version in Case.objects.values_list("number", "version")
    )


def test_a_rerun_skips_the_unchanged_in_one_query_a_batch_and_takes_the_changed(tmp_path: Path) -> None:
    small, large = generated(tmp_path), tmp_path / "large.db"
    generate(large, 3 * 40)
    counts = []
    for path in (small, large):
        run(path)
        with CaptureQueriesContext(connection) as queries:
            out = run(path)
        assert " 0 imported, 0 updated, " in out.splitlines()[1]
        counts.append(len(queries))
    assert counts[0] == counts[1]  # the same few queries for 40 unchanged cases as for 120

    f = sample()
    path = f.write_db(tmp_path / "nlrb.db")
    run(path)
    f.docket(THREE, "2022-06-01", "Letter", "Regional Director")
    out = run(f.write_db(path))
    assert "cases:          0 imported, 1 updated, 2 unchanged, 1 skipped, 0 failed" in out
    assert "docket entries: 1 imported, 0 updated, 5 unchanged" in out
    assert DocketEntry.objects.filter(case__number=THREE, document="Letter").exists()


def test_a_refused_case_in_a_batch_fails_alone_and_the_batch_lands(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The unit is a batch of new cases, one transaction each; a refused case rolls its batch back, and the
    batch is written again in halves until the refused case stands alone."""
    path = generated(tmp_path)
    refused = _numbers(path)[1]  # the second case of the file
    tallies_add = services.tallies_add

    def refusing(*, tallies: Any, **kwargs: Any) -> Any:
        batch = list(tallies)
        if any(election.case.number == refused for election, _ in batch):
            raise services.RuleViolation("votes_for", "refused by the tally service")
        return tallies_add(tallies=batch, **kwargs)

    monkeypatch.setattr(services, "tallies_add", refusing)
    out = run(path)
    assert f"failed   {refused}: votes_for: refused by the tally service" in out
    assert "cases:          39 imported, 0 updated, 0 unchanged, 0 skipped, 1 failed" in out
    assert not Case.objects.filter(number=refused).exists()
    assert not Case.history.filter(number=refused).exists()
    assert Case.objects.count() == ImportedCase.objects.count() == 39


def test_a_failure_midway_leaves_the_batches_before_it_and_nothing_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The database fails while writing the second batch's docket (after its cases, parties, elections and
    tallies were written), and again on every retry: each of its cases is rolled back whole and reported;
    the first batch stays."""
    path = tmp_path / "two-batches.db"
    generate(path, CHUNK + 10)
    insert = bulk_insert.insert
    docket_batches = []

    def failing(objs: Sequence[models.Model], **kwargs: Any) -> Sequence[models.Model]:
        if objs and isinstance(objs[0], DocketEntry):
            docket_batches.append(len(objs))
            if len(docket_batches) >= 2:  # the second batch, and each retry of its halves
                raise DatabaseError("the server went away")
        return insert(objs, **kwargs)

    monkeypatch.setattr(bulk_insert, "insert", failing)
    out = run(path)
    assert Case.objects.count() == ImportedCase.objects.count() == CHUNK
    imported = set(Case.objects.values_list("pk", flat=True))
    for model, key in ((Party, "case"), (Election, "case"), (Tally, "election__case"), (DocketEntry, "case")):
        assert set(model.objects.values_list(key, flat=True)) == imported
    assert Tally.history.count() == Tally.objects.count()
    assert "cases:          500 imported, 0 updated, 0 unchanged, 0 skipped, 10 failed" in out


def test_the_run_row_counts_as_the_import_goes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "two-batches.db"
    generate(path, CHUNK + 10)
    seen: list[dict[str, Any]] = []
    from public_record import importer

    write = importer._import_chunk

    def watching(chunk: Any, report: Any, **kwargs: Any) -> None:
        runs = list(ImportRun.objects.values_list("status", "report"))
        seen.append({"runs": runs})
        write(chunk, report, **kwargs)

    monkeypatch.setattr(importer, "_import_chunk", watching)
    run(path)
    assert [s["runs"] for s in seen] == [
        [("running", {})],
        [
            (
                "running",
                {
                    "progress": {"done": CHUNK, "total": CHUNK + 10},
                    "counts": {
                        "cases": {"imported": CHUNK},
                        "elections": seen[1]["runs"][0][1]["counts"]["elections"],
                        "tallies": seen[1]["runs"][0][1]["counts"]["tallies"],
                        "docket entries": {"imported": 10 * CHUNK},
                    },
                },
            )
        ],
    ]
    (finished,) = ImportRun.objects.all()
    assert (finished.status, finished.number, finished.report["progress"]) == (
        "done",
        "",
        {"done": CHUNK + 10, "total": CHUNK + 10},
    )
    assert finished.report["counts"]["cases"] == {"imported": CHUNK + 10}
    assert str(finished) == "Import of the public record file (done)"
    run(path, "--dry-run")
    assert ImportRun.objects.count() == 1  # a dry run writes nothing, not even its run
    number = _numbers(path)[0]
    run(path, "--case", number.lower())
    assert ImportRun.objects.order_by("-pk").values_list("number", "status")[0] == (number, "done")


def test_the_case_version_moves_with_every_bulk_write(tmp_path: Path) -> None:
    path = sample().write_db(tmp_path / "nlrb.db")
    run(path)
    before = dict(Case.objects.values_list("number", "version"))
    f = sample()
    f.docket(MULTI, "2021-06-05", "Letter", "Regional Director")
    run(f.write_db(path))
    after = dict(Case.objects.values_list("number", "version"))
    assert after[MULTI] > before[MULTI] and after[THREE] == before[THREE] and after[BROKEN] == before[BROKEN]
    assert all(version > 1 for version in before.values())
