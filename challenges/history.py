"""History rows for a bulk import, written by the database in one statement.

django-simple-history's ``bulk_create_with_history`` builds a Python object per history row and inserts
them through the ORM: for a 10,000-row import that doubles the cost of the import (measured by
``bench/challenge_import.py``). The history row of a newly created challenge is, column for column, the
challenge itself plus who, when, why and ``+``; so one ``INSERT … SELECT`` copies the rows just inserted,
the way a database-trigger history (pghistory) would. The column lists come from simple-history's own
``tracked_fields``, so a field added to ``Challenge`` is copied without touching this module, and the
rows are the ones simple-history itself would write (a test compares them field by field).
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Field

from challenges.models import Challenge


def _column(name: str) -> str:
    field = Challenge._meta.get_field(name)
    assert isinstance(field, Field) and field.column
    return field.column


def record_created(
    *, election_id: int, first_id: int, last_id: int, user: Any, when: datetime, reason: str
) -> int:
    """Write a "created" history row for each challenge of the election with an id in the range.

    The caller holds the election's lock, so the range holds only the rows it has just inserted."""
    history: Any = Challenge.history.model
    quote = connection.ops.quote_name
    fields = list(history.tracked_fields)
    targets = [quote(f.column) for f in fields]
    sources = [quote(_column(f.name)) for f in fields]
    sql = (
        f"INSERT INTO {quote(history._meta.db_table)} "
        f"({', '.join(targets)}, {quote('history_date')}, {quote('history_change_reason')}, "
        f"{quote('history_type')}, {quote('history_user_id')}) "
        f"SELECT {', '.join(sources)}, %s, %s, %s, %s FROM {quote(Challenge._meta.db_table)} "
        f"WHERE {quote('election_id')} = %s AND {quote('id')} BETWEEN %s AND %s"
    )
    params = [
        connection.ops.adapt_datetimefield_value(when),
        reason,
        "+",
        getattr(user, "pk", None),
        election_id,
        first_id,
        last_id,
    ]
    with connection.cursor() as cursor:
        cursor.execute(sql, params)
        return int(cursor.rowcount)
