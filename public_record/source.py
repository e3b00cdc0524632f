"""Reading labordata's ``nlrb.db`` (or the folder of its CSV files), one case at a time.

Both forms are read through SQLite: a CSV folder is loaded into an in-memory database first, so one reader
serves both. Every table is read once, ordered by case number, and merged case by case — memory holds one
case's rows, not the whole file.

The format is described in ``../shared/data/labordata-nlrb-format.md``. A file that is not this schema is
refused (``SchemaError``) before anything is read or written.

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

import csv
import sqlite3
import sys
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

Row = dict[str, Any]

# The columns the importer reads, per table (the tables may hold more; order does not matter).
TABLES: dict[str, tuple[str, ...]] = {
    "filing": (
        "case_number",
        "name",
        "case_type",
        "url",
        "date_filed",
        "region_assigned",
        "status",
        "date_closed",
        "reason_closed",
        "number_of_eligible_voters",
        "updated_at",
        "last_checked_at",
    ),
    "sought_unit": ("case_number", "unit_sought"),
    "participant": ("case_number", "participant", "type", "subtype", "address", "phone_number"),
    "docket": ("case_number", "date", "document", "actor", "url"),
    "voting_unit": ("voting_unit_id", "case_number", "unit_id", "description"),
    "election": (
        "election_id",
        "case_number",
        "voting_unit_id",
        "date",
        "tally_type",
        "ballot_type",
        "unit_size",
    ),
    "election_result": (
        "election_id",
        "total_ballots_counted",
        "void_ballots",
        "challenged_ballots",
        "challenges_are_determinative",
        "runoff_required",
        "union_to_certify",
    ),
    "tally": ("election_id", "option", "votes"),
}


class SchemaError(Exception):
    """The file is not labordata's nlrb.db (or its CSV folder); the message says what is missing."""


@dataclass
class SourceElection:
    """One ``election`` row (a tally), with its ``election_result`` row and its ``tally`` rows."""

    row: Row
    result: Row | None
    options: list[Row] = field(default_factory=list)


@dataclass
class SourceCase:
    """Every source row of one case."""

    number: str
    filing: Row
    sought_units: list[Row] = field(default_factory=list)
    participants: list[Row] = field(default_factory=list)
    docket: list[Row] = field(default_factory=list)
    voting_units: list[Row] = field(default_factory=list)
    elections: list[SourceElection] = field(default_factory=list)


def open_source(path: str | Path) -> sqlite3.Connection:
    """A read-only connection to the file, or to an in-memory copy of the CSV folder; checked against the
    schema (``SchemaError`` otherwise)."""
    path = Path(path)
    if path.is_dir():
        connection = _load_csv_folder(path)
    elif path.is_file():
        connection = _open_sqlite(path)
    else:
        raise SchemaError(f"{path}: no such file or folder")
    connection.row_factory = sqlite3.Row
    check_schema(connection, str(path))
    return connection


def _open_sqlite(path: Path) -> sqlite3.Connection:
    with path.open("rb") as handle:
        magic = handle.read(16)
    if magic != b"SQLite format 3\x00":
        raise SchemaError(
            f"{path} is not an SQLite database (labordata's nlrb.db) nor a folder of its CSV files"
        )
    return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)


def _load_csv_folder(folder: Path) -> sqlite3.Connection:
    missing = [f"{table}.csv" for table in TABLES if not (folder / f"{table}.csv").is_file()]
    if missing:
        raise SchemaError(f"{folder} is not labordata's CSV folder: missing {', '.join(missing)}")
    csv.field_size_limit(min(sys.maxsize, 2**31 - 1))
    connection = sqlite3.connect(":memory:")
    for table in TABLES:
        with (folder / f"{table}.csv").open(newline="", encoding="utf-8-sig") as handle:
            reader = csv.reader(handle)
            header = next(reader, None)
            if not header:
                raise SchemaError(f"{folder / f'{table}.csv'} is empty: it needs a header row")
            columns = ", ".join(_quoted(name) for name in header)
            connection.execute(f"CREATE TABLE {table} ({columns})")
            marks = ", ".join("?" for _ in header)
            width = len(header)
            connection.executemany(
                f"INSERT INTO {table} VALUES ({marks})",
                ((row + [""] * (width - len(row)))[:width] for row in reader if row),
            )
    return connection


def _quoted(name: str) -> str:
    return '"' + name.strip().replace('"', '""') + '"'


def check_schema(connection: sqlite3.Connection, label: str) -> None:
    try:
        present = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        }
    except sqlite3.DatabaseError as exc:
        raise SchemaError(f"{label} cannot be read as SQLite: {exc}") from None
    problems = []
    for table, wanted in TABLES.items():
        if table not in present:
            problems.append(f"no table {table!r}")
            continue
        have = {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
        lacking = [column for column in wanted if column not in have]
        if lacking:
            problems.append(f"table {table!r} lacks {', '.join(lacking)}")
    if problems:
        raise SchemaError(f"{label} is not labordata's nlrb.db schema: {'; '.join(problems)}")


def count_cases(connection: sqlite3.Connection, numbers: Sequence[str] = ()) -> int:
    where, params = _where(numbers, "case_number")
    return int(
        connection.execute(f"SELECT COUNT(DISTINCT case_number) FROM filing{where}", params).fetchone()[0]
    )


def _where(numbers: Sequence[str], column: str) -> tuple[str, list[str]]:
    if not numbers:
        return "", []
    return f" WHERE {column} IN ({', '.join('?' for _ in numbers)})", list(numbers)


def _rows(connection: sqlite3.Connection, sql: str, params: Sequence[Any]) -> Iterator[Row]:
    for row in connection.execute(sql, params):
        yield dict(row)


class _Stream:
    """A table's rows ordered by a key: ``take(key)`` returns the rows with that key (keys asked in
    ascending order)."""

    def __init__(self, rows: Iterator[Row], key: str) -> None:
        self._rows = rows
        self._key = key
        self._next: Row | None = next(rows, None)

    def take(self, value: Any) -> list[Row]:
        taken = []
        while self._next is not None and _sort_key(self._next[self._key]) < _sort_key(value):
            self._next = next(self._rows, None)
        while self._next is not None and self._next[self._key] == value:
            taken.append(self._next)
            self._next = next(self._rows, None)
        return taken


def _sort_key(value: Any) -> tuple[int, Any]:
    # SQLite orders numbers before text; a CSV copy holds every value as text.
    return (0, value) if isinstance(value, int | float) else (1, str(value))


def read_cases(connection: sqlite3.Connection, numbers: Sequence[str] = ()) -> Iterator[SourceCase]:
    """Every case of ``filing`` (or only ``numbers``), in case-number order, with all its rows."""

    def by_case(table: str, extra_order: str = "rowid") -> _Stream:
        where, params = _where(numbers, "case_number")
        sql = f"SELECT * FROM {table}{where} ORDER BY case_number, {extra_order}"
        return _Stream(_rows(connection, sql, params), "case_number")

    sought = by_case("sought_unit")
    participants = by_case("participant")
    docket = by_case("docket")
    units = by_case("voting_unit")
    elections = by_case("election")
    where, params = _where(numbers, "e.case_number")
    results = _Stream(
        _rows(
            connection,
            "SELECT e.case_number AS _case, r.* FROM election_result r JOIN election e USING (election_id)"
            f"{where} ORDER BY e.case_number, r.election_id",
            params,
        ),
        "_case",
    )
    options = _Stream(
        _rows(
            connection,
            "SELECT e.case_number AS _case, t.* FROM tally t JOIN election e USING (election_id)"
            f"{where} ORDER BY e.case_number, t.election_id, t.rowid",
            params,
        ),
        "_case",
    )
    where, params = _where(numbers, "case_number")
    seen = None
    for filing in _rows(connection, f"SELECT * FROM filing{where} ORDER BY case_number, rowid", params):
        number = filing["case_number"]
        if number == seen:
            continue  # a doubled filing row: the first one stands, the rows below were taken with it
        seen = number
        case = SourceCase(
            number=number,
            filing=filing,
            sought_units=sought.take(number),
            participants=participants.take(number),
            docket=docket.take(number),
            voting_units=units.take(number),
        )
        case_results = {str(r["election_id"]): r for r in results.take(number)}
        case_options: dict[str, list[Row]] = {}
        for option in options.take(number):
            case_options.setdefault(str(option["election_id"]), []).append(option)
        for row in elections.take(number):
            key = str(row["election_id"])
            case.elections.append(SourceElection(row, case_results.get(key), case_options.get(key, [])))
        yield case
