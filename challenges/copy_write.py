"""The rows of an import written by one COPY (PostgreSQL), or one ``executemany`` (SQLite).

``bulk_create`` prepares every field of every row through the ORM (a model instance, then ``pre_save`` and
``get_db_prep_save`` on each of 24 fields) and sends the values as query parameters: for a 10,000-row file
that was some 0.85 s of a 1.2 s import (``bench/challenge_import.py``). Yet imported challenges differ only
in the columns the file gives and their ids; every other column (the election, who logged them, when, the
pending status and its empty resolution, ``synthetic``) is the same for the whole file. So those are
prepared once, by the same ``pre_save`` and ``get_db_prep_save`` bulk_create calls, from one template
challenge; the ids are drawn from the table's sequence in one query (the history rows and the notices need
them); and the rows go to the server by ``COPY``. A field added to ``Challenge`` is written with the value
bulk_create would give it, without touching this module (a test compares the two paths column by column).

The caller holds the election's lock and its transaction: the rows are written with everything else or
not at all.

SQLite has no COPY, and there ``bulk_create`` was worse still: a few dozen rows a statement (999 query
parameters) after the same per-field preparation, 50,000 rows in 8.8 s. The same prepared records go in
by one ``executemany`` of a prepared INSERT. The ids follow the table's highest id or ``AUTOINCREMENT``
counter, read in the import's transaction: SQLite has one writer at a time, and a transaction that read
before another one wrote cannot write (it fails as busy, and the import with it) — never two rows one id.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from operator import itemgetter
from typing import Any

from django.db import connection
from django.db.models import Field
from django.db.transaction import TransactionManagementError

from challenges.csv_import import CsvRow, Progress
from challenges.models import Challenge

PROGRESS_EVERY = 2_000

FROM_THE_FILE = (
    "voter_name",
    "voter_identifier",
    "voter_key",
    "job_classification",
    "challenged_by_id",
    "ground",
    "reason",
)
"""The columns that differ from row to row (with the id); ``voter_key`` is derived as ``save()`` would."""


def available() -> bool:
    """SQLite, or PostgreSQL through psycopg 3 (whose cursor has ``copy``); Django would also run on
    psycopg2."""
    if connection.vendor == "sqlite":
        return True
    if connection.vendor != "postgresql":
        return False
    from django.db.backends.postgresql.psycopg_any import is_psycopg3  # imports psycopg: PostgreSQL only

    return is_psycopg3


def _fields() -> list[Field[Any, Any]]:
    return list(Challenge._meta.concrete_fields)


def _column(field: Field[Any, Any]) -> str:
    assert field.column
    return connection.ops.quote_name(field.column)


def _shared_values(template: Challenge) -> list[Any]:
    """Every column's value for the template, as bulk_create would send it.

    ``pre_save(add=True)`` is what stamps ``logged_at`` and ``updated_at`` (``auto_now``), once for the
    whole file here (bulk_create stamps each row a few microseconds apart)."""
    return [field.get_db_prep_save(field.pre_save(template, add=True), connection) for field in _fields()]


def _draw_ids(count: int) -> list[int]:
    """``count`` ids from the table's own sequence, in one round trip (what ``bulk_create`` would get).

    The sequence is looked up once, in a subquery: ``nextval(pg_get_serial_sequence(…))`` would look it
    up for every id (25 ms for 10,000; nextval itself takes 3). SQLite: the ids after the highest ever given
    (``sqlite_sequence`` keeps it for ``AUTOINCREMENT``), as it would give them."""
    if connection.vendor == "sqlite":
        table = Challenge._meta.db_table
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = %s), 0), "
                f"coalesce((SELECT max({_column(Challenge._meta.pk)}) FROM {connection.ops.quote_name(table)}), 0))",
                [table],
            )
            (last,) = cursor.fetchone()
        return list(range(last + 1, last + 1 + count))
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT nextval((SELECT pg_get_serial_sequence(%s, %s)::regclass)) FROM generate_series(1, %s)",
            [Challenge._meta.db_table, Challenge._meta.pk.column, count],
        )
        # Sorted: ids follow the file's order, as they do with bulk_create.
        return sorted(int(value) for (value,) in cursor.fetchall())


def _from_the_file(row: CsvRow) -> tuple[Any, ...]:
    """The values of ``FROM_THE_FILE`` for one row, already what the database stores (plain text, an id)."""
    return (
        row.voter_name,
        row.voter_identifier,
        row.voter_key,
        row.job_classification,
        row.challenger.party_id,
        row.ground,
        row.reason,
    )


def _records(template: Challenge, ids: Sequence[int], rows: Sequence[CsvRow]) -> Iterator[tuple[Any, ...]]:
    """Each row's values in the order of ``_fields()``: the template's, with the id and the file's columns.

    Each row is picked (``itemgetter``, in C) from its id, its file values and the shared values laid end
    to end: a quarter of the Python time of copying the shared list and setting eight items in it."""
    attnames = [f.attname for f in _fields()]
    shared = tuple(_shared_values(template))
    pk = Challenge._meta.pk.attname
    after_file = 1 + len(FROM_THE_FILE)
    pick = itemgetter(
        *(
            0 if name == pk else 1 + FROM_THE_FILE.index(name) if name in FROM_THE_FILE else after_file + at
            for at, name in enumerate(attnames)
        )
    )
    for row_id, row in zip(ids, rows, strict=True):
        yield pick((row_id, *_from_the_file(row), *shared))


def write(template: Challenge, rows: Sequence[CsvRow], *, progress: Progress | None = None) -> list[int]:
    """Insert one challenge per row, like ``template`` but for the file's columns; return their ids, in
    the order of the rows."""
    if not connection.in_atomic_block:
        # Outside a transaction the rows would be committed before their history rows and notices.
        raise TransactionManagementError("copy_write.write runs inside the import's transaction.")
    if not rows:
        return []
    ids = _draw_ids(len(rows))
    table = connection.ops.quote_name(Challenge._meta.db_table)
    if connection.vendor == "sqlite":
        _insert_many(table, _records(template, ids, rows), len(rows), progress)
        return ids
    sql = f"COPY {table} ({', '.join(_column(f) for f in _fields())}) FROM STDIN"
    # Django's cursor wrapper does not cover psycopg's COPY: wrap it so that a refusal is still a Django
    # IntegrityError (409) and a lost server a DatabaseError (503), as with bulk_create.
    with connection.wrap_database_errors, connection.cursor() as cursor, cursor.cursor.copy(sql) as copy:
        for done, values in enumerate(_records(template, ids, rows), start=1):
            copy.write_row(values)
            if progress is not None and done % PROGRESS_EVERY == 0:
                progress("writing", done, len(rows))
    if progress is not None:
        progress("writing", len(rows), len(rows))
    return ids


def _insert_many(
    table: str, records: Iterator[tuple[Any, ...]], count: int, progress: Progress | None
) -> None:
    """SQLite: the records by a prepared INSERT, ``PROGRESS_EVERY`` rows a call."""
    fields = _fields()
    sql = f"INSERT INTO {table} ({', '.join(_column(f) for f in fields)}) VALUES ({', '.join(['%s'] * len(fields))})"
    done = 0
    with connection.cursor() as cursor:
        while batch := list(islice(records, PROGRESS_EVERY)):
            cursor.executemany(sql, batch)
            done += len(batch)
            if progress is not None:
                progress("writing", done, count)
