"""New rows of one model, and their "created" history rows, written in bulk: ``COPY`` on PostgreSQL, one
``executemany`` of a prepared INSERT on SQLite; the history rows by one ``INSERT … SELECT``.

What ``bulk_create_with_history`` does, at a fraction of the cost: it builds every row's parameters through
each field's ``get_db_prep_save`` (a text or an integer comes out as it went in), sends them as query
parameters a few thousand at a time, then builds a Python history object per row and does it all again.
Here the values the driver takes as they are (text, numbers, dates, foreign key ids) are read straight off
the instances; only the fields that need it (JSON, and every non-text value on SQLite) go through
``get_db_prep_save``; ``auto_now``/``auto_now_add`` stamps are taken once for the batch, as ``pre_save``
would set them. The history rows are the new rows themselves plus who, when and ``+``, so the database
copies them (simple-history's own ``tracked_fields`` name the columns). A test compares the rows and the
history rows with ``bulk_create_with_history``'s, column by column, for every model the services write so.

Only services call this: it writes what they have checked (``core`` stays below every app; the service
module that calls it owns the rules, this module only the row-writing). The caller holds the transaction.

Ids come first, from the table's sequence (PostgreSQL, one query) or after the highest ever given (SQLite,
whose single writer holds the database for the transaction), so the instances leave with their primary
keys as ``bulk_create`` leaves them. The case-version triggers fire on COPY and ``INSERT … SELECT`` like on
any INSERT (once per statement on PostgreSQL).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from itertools import islice
from operator import attrgetter
from typing import Any

from django.db import connection, models
from django.db.transaction import TransactionManagementError
from django.utils import timezone

BATCH = 5_000
"""Rows per ``executemany`` call (COPY streams them all)."""

# Fields whose Python value the driver stores as the ORM would (``get_db_prep_save`` returns it unchanged).
_AS_THEY_ARE = {
    "AutoField",
    "BigAutoField",
    "SmallAutoField",
    "CharField",
    "TextField",
    "SlugField",
    "EmailField",
    "URLField",
    "IntegerField",
    "BigIntegerField",
    "SmallIntegerField",
    "PositiveIntegerField",
    "PositiveBigIntegerField",
    "PositiveSmallIntegerField",
    "BooleanField",
    "ForeignKey",
    "OneToOneField",
}
# PostgreSQL's driver also takes dates and aware datetimes as they are.
_AS_THEY_ARE_POSTGRESQL = _AS_THEY_ARE | {"DateField", "DateTimeField"}


def _can_copy() -> bool:
    """PostgreSQL through psycopg 3, whose cursor has ``copy`` (Django would also run on psycopg2, and
    there the rows go by ``executemany``, as on SQLite)."""
    if connection.vendor != "postgresql":
        return False
    from django.db.backends.postgresql.psycopg_any import is_psycopg3  # imports psycopg: PostgreSQL only

    return is_psycopg3


def _quote(name: str | None) -> str:
    assert name
    return connection.ops.quote_name(name)


def _draw_ids(model: type[models.Model], count: int) -> list[int]:
    table, pk = model._meta.db_table, model._meta.pk
    assert pk is not None
    with connection.cursor() as cursor:
        if connection.vendor == "sqlite":
            cursor.execute(
                "SELECT max(coalesce((SELECT seq FROM sqlite_sequence WHERE name = %s), 0), "
                f"coalesce((SELECT max({_quote(pk.column)}) FROM {_quote(table)}), 0))",
                [table],
            )
            (last,) = cursor.fetchone()
            return list(range(last + 1, last + 1 + count))
        # The sequence looked up once, in a subquery, not once per id.
        cursor.execute(
            "SELECT nextval((SELECT pg_get_serial_sequence(%s, %s)::regclass)) FROM generate_series(1, %s)",
            [table, pk.column, count],
        )
        return sorted(int(value) for (value,) in cursor.fetchall())


def _stamp(objs: Sequence[models.Model], fields: list[Any], now: datetime) -> None:
    """What ``pre_save(add=True)`` sets: ``auto_now`` and ``auto_now_add`` stamps (one for the batch)."""
    for field in fields:
        if getattr(field, "auto_now", False) or getattr(field, "auto_now_add", False):
            value = now.date() if field.get_internal_type() == "DateField" else now
            for obj in objs:
                setattr(obj, field.attname, value)


def _rows(fields: list[Any]) -> Callable[[models.Model], tuple[Any, ...]]:
    """The function giving one instance's column values, in the order of ``fields``."""
    plain = _AS_THEY_ARE_POSTGRESQL if connection.vendor == "postgresql" else _AS_THEY_ARE
    read = attrgetter(*(f.attname for f in fields))
    prepared = [(at, field) for at, field in enumerate(fields) if field.get_internal_type() not in plain]
    if not prepared:
        return read

    def row(obj: models.Model) -> tuple[Any, ...]:
        values = list(read(obj))
        for at, field in prepared:
            values[at] = field.get_db_prep_save(values[at], connection)
        return tuple(values)

    return row


def insert(
    objs: Sequence[models.Model], *, history_user: Any = None, history_reason: str = ""
) -> Sequence[models.Model]:
    """Insert the new instances (all of one model) and, if the model keeps history, a "created" history
    row for each; the instances get their ids. Returns them."""
    if not objs:
        return objs
    if not connection.in_atomic_block:
        # Outside a transaction the rows would be committed before their history rows.
        raise TransactionManagementError("bulk_insert.insert runs inside the service's transaction.")
    model = type(objs[0])
    fields = list(model._meta.concrete_fields)
    now = timezone.now()
    _stamp(objs, fields, now)
    ids = _draw_ids(model, len(objs))
    pk = model._meta.pk
    assert pk is not None
    for obj, new_id in zip(objs, ids, strict=True):
        setattr(obj, pk.attname, new_id)
        obj._state.adding = False
        obj._state.db = connection.alias
    table = _quote(model._meta.db_table)
    columns = ", ".join(_quote(f.column) for f in fields)
    row = _rows(fields)
    with connection.cursor() as cursor:
        if not _can_copy():
            sql = f"INSERT INTO {table} ({columns}) VALUES ({', '.join(['%s'] * len(fields))})"
            rows = map(row, objs)
            while batch := list(islice(rows, BATCH)):
                cursor.executemany(sql, batch)
        else:
            # Django's cursor wrapper does not cover psycopg's COPY: wrap it so that a refusal is still a
            # Django IntegrityError and a lost server a DatabaseError, as with bulk_create.
            with (
                connection.wrap_database_errors,
                cursor.cursor.copy(f"COPY {table} ({columns}) FROM STDIN") as copy,
            ):
                for obj in objs:
                    copy.write_row(row(obj))
    history = getattr(model, "history", None)
    if history is not None:
        _record_created(model, history.model, ids, history_user, history_reason, now)
    return objs


def _record_created(
    model: type[models.Model], history: Any, ids: list[int], user: Any, reason: str, when: datetime
) -> None:
    """One "created" history row per new row, copied by the database from the rows just written."""
    tracked = list(history.tracked_fields)
    targets = [_quote(f.column) for f in tracked]
    targets += [
        _quote(name) for name in ("history_date", "history_change_reason", "history_type", "history_user_id")
    ]
    sources = [_quote(model._meta.get_field(f.name).column) for f in tracked]  # type: ignore[union-attr]
    pk = model._meta.pk
    assert pk is not None and not hasattr(history, "history_relation")
    key: list[Any]
    if connection.vendor == "sqlite":
        # The ids were drawn as one run after the highest: the range holds exactly them.
        where, key = f"{_quote(pk.column)} BETWEEN %s AND %s", [ids[0], ids[-1]]
    else:
        where, key = f"{_quote(pk.column)} = ANY(%s)", [ids]  # one array parameter
    sql = (
        f"INSERT INTO {_quote(history._meta.db_table)} ({', '.join(targets)}) "
        f"SELECT {', '.join(sources)}, %s, %s, %s, %s FROM {_quote(model._meta.db_table)} WHERE {where} "
        # In the rows' order: a table's physical order after deletes is not its ids' (PostgreSQL reuses the
        # space), and the history ids would otherwise follow it.
        f"ORDER BY {_quote(pk.column)}"
    )
    params = [connection.ops.adapt_datetimefield_value(when), reason, "+", getattr(user, "pk", user), *key]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
