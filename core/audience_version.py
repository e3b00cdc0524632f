"""The audience version: one number per audience — Board staff (all alike), and each other user — that moves
whenever anything that audience may read across cases changes, in the write's own transaction. A list across
the caller's cases (``cases/``, ``deadlines/``, ``notes/``…) tags its answer with it: one indexed read of one
row, however many cases there are (ADR 0008).

What moves it, all by triggers (the reasons of ``core/case_version.py`` hold: every writer, no service to
forget):

- the case row (``AudienceVersioned("Case", CASE)``): every update — which every write under a case makes,
  through the case-version triggers — moves staff's version and that of every user appearing on the case
  now; a new case moves staff's;
- an appearance (``APPEARANCE``) begun, ended, moved or removed moves its user's version (who sees which
  case);
- a note (``NOTE``), which moves no case version (a side's note must not move the other side's tag), moves
  the versions of those who may read it, and only theirs (``notes.selectors.readable_filter`` in SQL).

The staff audience is stored as ``0`` (no user has that id); any other audience is the user's id. A row is
made on its first move (an upsert); the migration makes those of staff and of every current appearance.

Each audience's rows are taken in the order of their ids (staff first) in one statement, so two writers that
move the same audiences lock them in the same order; and after the case row (``TRIGGER_PREFIX``).
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

AUDIENCE_TABLE = "elections_audienceversion"
STAFF = 0
# PostgreSQL fires a table's triggers for one event in the order of their names: these sort after the
# case-version ones ("case_version_…"), so that a statement takes its case's row before any audience row, as
# every write under a case does (the case row, then the audiences it moves): one order, no deadlock.
TRIGGER_PREFIX = "list_version_"

# Who may read a row, as SQL over ``{r}`` (a FROM item aliased ``r``: a transition table on PostgreSQL, the
# trigger's row on SQLite), selecting one column ``audience``; and the columns of the row it uses.
CASE = (
    "SELECT 0 AS audience FROM {r} UNION SELECT a.user_id FROM {r} "
    "JOIN elections_appearance a ON a.case_id = r.id AND a.ended_at IS NULL",
    ("id",),
)
APPEARANCE = ("SELECT r.user_id AS audience FROM {r}", ("user_id",))
NOTE = (
    "SELECT 0 AS audience FROM {r} WHERE r.visibility IN ('staff', 'case') "
    "UNION SELECT a.user_id FROM {r} JOIN elections_appearance a "
    "ON a.case_id = r.case_id AND a.ended_at IS NULL WHERE r.visibility = 'case' "
    "UNION SELECT a.user_id FROM {r} JOIN elections_appearance a "
    "ON a.party_id = r.party_id AND a.ended_at IS NULL WHERE r.visibility = 'side'",
    ("case_id", "party_id", "visibility"),
)
READERS = {"CASE": CASE, "APPEARANCE": APPEARANCE, "NOTE": NOTE}


def trigger_name(table: str, op: str) -> str:
    return f"{TRIGGER_PREFIX}{table}_{op}"[:63]


def _bump(audiences: str) -> str:
    """Add one to the version of every audience ``audiences`` selects (making a missing row at 1). Distinct:
    an upsert may not touch a row twice (one statement making two appearances of one user)."""
    return (
        f"INSERT INTO {AUDIENCE_TABLE} (audience, version) "
        f"SELECT DISTINCT moved.audience, 1 FROM ({audiences}) moved "
        f"WHERE moved.audience IS NOT NULL ORDER BY moved.audience "
        f"ON CONFLICT (audience) DO UPDATE SET version = {AUDIENCE_TABLE}.version + 1;"
    )


def _postgresql(table: str, readers: str) -> tuple[list[str], list[str]]:
    function = f"{TRIGGER_PREFIX}{table}"[:63]
    new, old = readers.format(r="new_rows r"), readers.format(r="old_rows r")
    body = (
        "BEGIN "
        f"IF TG_OP = 'INSERT' THEN {_bump(new)} "
        f"ELSIF TG_OP = 'DELETE' THEN {_bump(old)} "
        f"ELSE {_bump(f'{new} UNION {old}')} "
        "END IF; RETURN NULL; END;"
    )
    forwards = [f"CREATE OR REPLACE FUNCTION {function}() RETURNS trigger LANGUAGE plpgsql AS $$ {body} $$;"]
    for op, referencing in (
        ("INSERT", "NEW TABLE AS new_rows"),
        ("UPDATE", "OLD TABLE AS old_rows NEW TABLE AS new_rows"),
        ("DELETE", "OLD TABLE AS old_rows"),
    ):
        forwards.append(
            f"CREATE TRIGGER {trigger_name(table, op.lower())} AFTER {op} ON {table} "
            f"REFERENCING {referencing} FOR EACH STATEMENT EXECUTE FUNCTION {function}();"
        )
    return forwards, [f"DROP FUNCTION IF EXISTS {function}() CASCADE;"]


def _sqlite(table: str, readers: str, columns: tuple[str, ...]) -> tuple[list[str], list[str]]:
    def row(name: str) -> str:
        return "(SELECT " + ", ".join(f"{name}.{c} AS {c}" for c in columns) + ") r"

    forwards: list[str] = []
    backwards: list[str] = []
    for op, rows in (("insert", ("NEW",)), ("update", ("NEW", "OLD")), ("delete", ("OLD",))):
        audiences = " UNION ".join(readers.format(r=row(name)) for name in rows)
        name = trigger_name(table, op)
        forwards.append(
            f"CREATE TRIGGER {name} AFTER {op.upper()} ON {table} FOR EACH ROW BEGIN {_bump(audiences)} END;"
        )
        backwards.append(f"DROP TRIGGER IF EXISTS {name};")
    return forwards, backwards


class AudienceVersioned(migrations.operations.base.Operation):
    """Triggers that move the audience versions of those who may read ``model_name``'s rows, on every insert,
    update and delete; ``readers``: the name of one of ``READERS`` above."""

    reduces_to_sql = True
    reversible = True

    def __init__(self, model_name: str, readers: str) -> None:
        self.model_name = model_name
        self.readers = readers

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def _sql(self, app_label: str, state: Any, vendor: str) -> tuple[list[str], list[str]]:
        table = state.apps.get_model(app_label, self.model_name)._meta.db_table
        readers, columns = READERS[self.readers]
        return _postgresql(table, readers) if vendor == "postgresql" else _sqlite(table, readers, columns)

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        for sql in self._sql(app_label, to_state, schema_editor.connection.vendor)[0]:
            schema_editor.execute(sql)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        for sql in self._sql(app_label, from_state, schema_editor.connection.vendor)[1]:
            schema_editor.execute(sql)

    def describe(self) -> str:
        return f"Audience version triggers on {self.model_name} ({self.readers})"

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return self.__class__.__qualname__, [], {"model_name": self.model_name, "readers": self.readers}
