"""Reading labordata's ``nlrb.db`` (or the folder of its CSV files, or the NLRB's FOIA tallies in JSON:
``public_record.foia``), one case at a time.

Both forms are read through SQLite: a CSV folder is copied row by row into a temporary SQLite file on disk
first, so one reader serves both. Every table is read once, ordered by case number, and merged case by case
— memory holds one case's rows, not the whole file.

The format is described in ``../shared/data/labordata-nlrb-format.md``. A file that is not this schema is
refused (``SchemaError``) before anything is read or written; any other error reading it (damaged pages, a
CSV file that is not UTF-8, a header too wide or naming a column twice) is a ``SourceError`` naming the file
and what is wrong, whenever the reading meets it.

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

import csv
import shutil
import sqlite3
import tempfile
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

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


class SourceError(Exception):
    """The file cannot be read (damaged, not text, too wide, …); the message names the file and what is
    wrong."""


class SchemaError(SourceError):
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


class Source:
    """An open public record: labordata's ``nlrb.db`` (read only), or its CSV folder staged into a temporary
    SQLite file on disk. Every read error is a ``SourceError`` naming ``label`` (the file or folder)."""

    def __init__(self, connection: sqlite3.Connection, label: str, staged: Path | None = None) -> None:
        self.connection = connection
        self.label = label
        self._staged = staged  # the temporary folder of a staged CSV copy, removed on close

    def __enter__(self) -> Source:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self.connection.close()
        if self._staged is not None:
            shutil.rmtree(self._staged, ignore_errors=True)
            self._staged = None

    def count_cases(self, numbers: Sequence[str] = ()) -> int:
        where, params = _where(numbers, "case_number")
        try:
            row = self.connection.execute(f"SELECT COUNT(DISTINCT case_number) FROM filing{where}", params)
            return int(row.fetchone()[0])
        except sqlite3.Error as exc:
            raise SourceError(f"{self.label} cannot be read (table filing): {exc}") from None

    def read_cases(self, numbers: Sequence[str] = ()) -> Iterator[SourceCase]:
        """Every case of ``filing`` (or only ``numbers``), in case-number order, with all its rows; a file
        damaged part-way raises ``SourceError`` when the reading reaches the damage."""
        last = None
        try:
            for case in _read_cases(self.connection, numbers):
                last = case.number
                yield case
        except sqlite3.Error as exc:
            where = f"after case {last}" if last is not None else "at its first case"
            raise SourceError(f"{self.label} cannot be read {where}: {exc}") from None


def open_source(path: str | Path) -> Source:
    """The file (read only), or a staged copy of the CSV folder; checked against the schema
    (``SchemaError``), or ``SourceError`` when it cannot be read at all."""
    path = Path(path)
    if path.is_dir():
        source = _stage_csv_folder(path)
    elif path.is_file() and _is_foia(path):
        from public_record import foia  # it builds on this module: a second source in the same tables

        source = foia.stage_foia_json(path)
    elif path.is_file():
        source = Source(_open_sqlite(path), str(path))
    else:
        raise SchemaError(f"{path}: no such file or folder")
    try:
        source.connection.row_factory = sqlite3.Row
        check_schema(source.connection, source.label)
    except BaseException:
        source.close()
        raise
    return source


def _is_foia(path: Path) -> bool:
    """The NLRB's FOIA tallies (a JSON list; ``public_record.foia``) rather than an SQLite file."""
    try:
        with path.open("rb") as handle:
            return handle.read(64).lstrip().startswith(b"[")
    except OSError:
        return False


def _open_sqlite(path: Path) -> sqlite3.Connection:
    try:
        with path.open("rb") as handle:
            magic = handle.read(16)
    except OSError as exc:
        raise SourceError(f"{path} cannot be read: {exc.strerror or exc}") from None
    if magic != b"SQLite format 3\x00":
        raise SchemaError(
            f"{path} is not an SQLite database (labordata's nlrb.db) nor a folder of its CSV files"
        )
    try:
        return sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    except sqlite3.Error as exc:
        raise SourceError(f"{path} cannot be opened as SQLite: {exc}") from None


# Limits on a CSV file, far above what labordata writes (17 columns at most, short fields) and far below what
# would exhaust memory or SQLite (2,000 columns at most).
MAX_COLUMNS = 200
MAX_HEADER_CHARS = 20_000
MAX_FIELD_CHARS = 1_000_000


def _stage_csv_folder(folder: Path) -> Source:
    """Copy the CSV files, row by row, into a temporary SQLite file on disk, so that they are read a case at
    a time like nlrb.db and memory never holds a whole file."""
    missing = [f"{table}.csv" for table in TABLES if not (folder / f"{table}.csv").is_file()]
    if missing:
        raise SchemaError(f"{folder} is not labordata's CSV folder: missing {', '.join(missing)}")
    try:
        staged = Path(tempfile.mkdtemp(prefix="nlrb-csv-"))
    except OSError as exc:
        raise SourceError(f"{folder} cannot be copied for reading: {exc.strerror or exc}") from None
    try:
        connection = sqlite3.connect(staged / "staged.db")
    except sqlite3.Error as exc:
        shutil.rmtree(staged, ignore_errors=True)
        raise SourceError(f"{folder} cannot be copied for reading: {exc}") from None
    source = Source(connection, str(folder), staged)
    limit = csv.field_size_limit(MAX_FIELD_CHARS)
    try:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        for table in TABLES:
            _stage_csv_file(connection, folder / f"{table}.csv", table)
        connection.commit()
    except BaseException:
        source.close()
        raise
    finally:
        csv.field_size_limit(limit)
    return source


def _stage_csv_file(connection: sqlite3.Connection, path: Path, table: str) -> None:
    try:
        with path.open(newline="", encoding="utf-8-sig") as handle:
            header = _csv_header(handle, path)
            columns = ", ".join(_quoted(name) for name in header)
            connection.execute(f"CREATE TABLE {table} ({columns})")
            marks = ", ".join("?" for _ in header)
            width = len(header)
            reader = csv.reader(handle)
            try:
                connection.executemany(
                    f"INSERT INTO {table} VALUES ({marks})",
                    ((row + [""] * (width - len(row)))[:width] for row in reader if row),
                )
            except csv.Error as exc:
                raise SourceError(f"{path} line {reader.line_num + 1} cannot be read as CSV: {exc}") from None
            key = "election_id" if table in ("election_result", "tally") else "case_number"
            connection.execute(f"CREATE INDEX {table}_{key} ON {table} ({key})")
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path} is not UTF-8 text: {_undecodable(path, exc)}") from None
    except OSError as exc:
        raise SourceError(f"{path} cannot be read: {exc.strerror or exc}") from None
    except sqlite3.Error as exc:
        raise SourceError(f"{path} cannot be copied for reading: {exc}") from None


def _csv_header(handle: TextIO, path: Path) -> list[str]:
    """The header row, refused when it is empty, too long or too wide, or names a column twice."""
    line = handle.readline(MAX_HEADER_CHARS + 1)
    if len(line) > MAX_HEADER_CHARS:
        raise SourceError(f"{path}: the header row is longer than {MAX_HEADER_CHARS:,} characters")
    try:
        header = next(csv.reader([line]), [])
    except csv.Error as exc:
        raise SourceError(f"{path}: the header row cannot be read as CSV: {exc}") from None
    if not any(name.strip() for name in header):
        raise SchemaError(f"{path} is empty: it needs a header row")
    if len(header) > MAX_COLUMNS:
        raise SourceError(
            f"{path}: the header has {len(header):,} columns; the tracker reads at most {MAX_COLUMNS} "
            "(labordata's widest table has 17: is this the right file?)"
        )
    seen: dict[str, int] = {}
    for position, name in enumerate(header, start=1):
        key = name.strip().casefold()  # SQLite's column names ignore case
        if key in seen:
            raise SourceError(
                f"{path}: the header names column {name.strip()!r} twice (columns {seen[key]} and {position})"
            )
        seen[key] = position
    return header


def _undecodable(path: Path, exc: UnicodeDecodeError) -> str:
    """Where the first byte that is not UTF-8 is: the line, and the byte."""
    with path.open("rb") as handle:
        for number, line in enumerate(handle, start=1):
            try:
                line.decode("utf-8")
            except UnicodeDecodeError as bad:
                return f"line {number} holds byte 0x{line[bad.start]:02x} ({bad.reason})"
    return exc.reason


def _quoted(name: str) -> str:
    return '"' + name.strip().replace('"', '""') + '"'


def check_schema(connection: sqlite3.Connection, label: str) -> None:
    try:
        present = {
            row[0]
            for row in connection.execute("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')")
        }
        columns = {
            table: {row[1] for row in connection.execute(f"PRAGMA table_info({table})")}
            for table in TABLES
            if table in present
        }
    except sqlite3.DatabaseError as exc:
        raise SchemaError(f"{label} cannot be read as SQLite: {exc}") from None
    problems = []
    for table, wanted in TABLES.items():
        if table not in present:
            problems.append(f"no table {table!r}")
            continue
        lacking = [column for column in wanted if column not in columns[table]]
        if lacking:
            problems.append(f"table {table!r} lacks {', '.join(lacking)}")
    if problems:
        raise SchemaError(f"{label} is not labordata's nlrb.db schema: {'; '.join(problems)}")


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


def _read_cases(connection: sqlite3.Connection, numbers: Sequence[str]) -> Iterator[SourceCase]:

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
