"""``Case.version``: a number every write under a case moves, in the write's own transaction — held by the
database, not by care. Each table under a case carries triggers (created by the migration operations below)
that add one to its case's version whenever a row is inserted, updated or deleted; the case row itself moves
its version on every update. A read can then tell "nothing changed" by one indexed read of the case row
(``core.api.conditional``).

Why triggers and not the service path: the record is written by services, but also in bulk (the challenge
import's COPY, the public-record import's COPY and ``INSERT … SELECT``, ``bulk_update_with_history`` when a
deadline's status is re-derived) and by apps being built beside this one. A trigger sees every one of those
writes; a rule "every service bumps the version" holds only as long as nobody forgets.

Putting a new table under the scheme is one line in that app's migration:
``CaseVersioned("Filing", "case")`` (the model, and the path of foreign keys from it to its case).
``tests/test_case_version.py`` fails for any table under a case without the triggers.

On PostgreSQL the triggers run once per statement over its transition table (a COPY of 50,000 challenges
moves the version once, not 50,000 times); SQLite has row triggers only.

The case row: an update that does not raise the version itself (a ``save()`` from a copy read earlier, which
would otherwise write back an older version) gets ``old + 1``.
"""

from __future__ import annotations

from typing import Any

from django.db import migrations

CASE_TABLE = "elections_case"


TRIGGER_PREFIX = "case_version_"


def trigger_name(table: str, op: str) -> str:
    return f"{TRIGGER_PREFIX}{table}_{op}"[:63]


def _joins(model: Any, path: str) -> tuple[str, str]:
    """For rows aliased ``r`` of ``model``'s table: the FROM-clause joins and the expression of their case id,
    following ``path`` (``"election__case"``: the row's election, then that election's case)."""
    hops = path.split("__")
    joins: list[str] = []
    alias, current = "r", model
    for index, name in enumerate(hops):
        field = current._meta.get_field(name)
        if index == len(hops) - 1:
            return " ".join(joins), f"{alias}.{field.column}"
        target = field.related_model
        nxt = f"j{index}"
        joins.append(f"JOIN {target._meta.db_table} {nxt} ON {nxt}.id = {alias}.{field.column}")
        alias, current = nxt, target
    raise ValueError(f"empty path for {model._meta.label}")


def _case_ids_sql(model: Any, path: str, rows: str) -> str:
    joins, case_id = _joins(model, path)
    return f"SELECT {case_id} FROM {rows} r {joins}"


def _postgresql(model: Any, path: str) -> tuple[list[str], list[str]]:
    table = model._meta.db_table
    function = f"case_version_{table}"[:63]
    bump = "UPDATE {case} SET version = version + 1 WHERE id IN ({ids});"
    new_ids = _case_ids_sql(model, path, "new_rows")
    old_ids = _case_ids_sql(model, path, "old_rows")
    body = (
        "BEGIN "
        "IF TG_OP = 'INSERT' THEN " + bump.format(case=CASE_TABLE, ids=new_ids) + " "
        "ELSIF TG_OP = 'DELETE' THEN " + bump.format(case=CASE_TABLE, ids=old_ids) + " "
        "ELSE " + bump.format(case=CASE_TABLE, ids=f"{new_ids} UNION {old_ids}") + " "
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
    backwards = [f"DROP FUNCTION IF EXISTS {function}() CASCADE;"]
    return forwards, backwards


def _sqlite(model: Any, path: str) -> tuple[list[str], list[str]]:
    table = model._meta.db_table
    forwards: list[str] = []
    backwards: list[str] = []
    for op, rows in (("insert", ("NEW",)), ("update", ("NEW", "OLD")), ("delete", ("OLD",))):
        ids = " UNION ".join(_row_case_id(model, path, row) for row in rows)
        name = trigger_name(table, op)
        forwards.append(
            f"CREATE TRIGGER {name} AFTER {op.upper()} ON {table} FOR EACH ROW BEGIN "
            f"UPDATE {CASE_TABLE} SET version = version + 1 WHERE id IN ({ids}); END;"
        )
        backwards.append(f"DROP TRIGGER IF EXISTS {name};")
    return forwards, backwards


def _row_case_id(model: Any, path: str, row: str) -> str:
    """The case id of the trigger's ``NEW`` or ``OLD`` row, as a scalar query."""
    hops = path.split("__")
    field = model._meta.get_field(hops[0])
    if len(hops) == 1:
        return f"SELECT {row}.{field.column}"
    rest = "__".join(hops[1:])
    target = field.related_model
    joins, case_id = _joins(target, rest)
    return f"SELECT {case_id} FROM {target._meta.db_table} r {joins} WHERE r.id = {row}.{field.column}"


class CaseVersioned(migrations.operations.base.Operation):
    """Triggers that move the case's version on every insert, update and delete of ``model_name``'s rows;
    ``path``: the foreign keys from it to its case (``"case"``, ``"election__case"``, ``"party__case"``)."""

    reduces_to_sql = True
    reversible = True

    def __init__(self, model_name: str, path: str) -> None:
        self.model_name = model_name
        self.path = path

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def _sql(self, app_label: str, state: Any, vendor: str) -> tuple[list[str], list[str]]:
        model = state.apps.get_model(app_label, self.model_name)
        return (_postgresql if vendor == "postgresql" else _sqlite)(model, self.path)

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        for sql in self._sql(app_label, to_state, schema_editor.connection.vendor)[0]:
            schema_editor.execute(sql)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        for sql in self._sql(app_label, from_state, schema_editor.connection.vendor)[1]:
            schema_editor.execute(sql)

    def describe(self) -> str:
        return f"Case version triggers on {self.model_name} (via {self.path})"

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return self.__class__.__qualname__, [], {"model_name": self.model_name, "path": self.path}


class CaseVersionedNoLonger(CaseVersioned):
    """Drop the triggers ``CaseVersioned`` made (reversed, makes them again): for a table whose rows not
    every reader of the case may read (a side's notes), whose changes reach a read's tag through an audience
    part instead (``core.api.conditional.register_audience_part``)."""

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        super().database_backwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        super().database_forwards(app_label, schema_editor, from_state, to_state)

    def describe(self) -> str:
        return f"No case version triggers on {self.model_name}"


class CaseVersionOwn(migrations.operations.base.Operation):
    """The case row: an update that does not raise ``version`` itself gets ``old + 1``."""

    reduces_to_sql = True
    reversible = True
    NAME = trigger_name(CASE_TABLE, "own")

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(
                f"CREATE OR REPLACE FUNCTION {self.NAME}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                "IF NEW.version <= OLD.version THEN NEW.version := OLD.version + 1; END IF; RETURN NEW; END; $$;"
            )
            schema_editor.execute(
                f"CREATE TRIGGER {self.NAME} BEFORE UPDATE ON {CASE_TABLE} FOR EACH ROW "
                f"EXECUTE FUNCTION {self.NAME}();"
            )
        else:
            schema_editor.execute(
                f"CREATE TRIGGER {self.NAME} AFTER UPDATE ON {CASE_TABLE} FOR EACH ROW "
                f"WHEN NEW.version <= OLD.version BEGIN "
                f"UPDATE {CASE_TABLE} SET version = OLD.version + 1 WHERE id = NEW.id; END;"
            )

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {self.NAME}() CASCADE;")
        else:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {self.NAME};")

    def describe(self) -> str:
        return "The case row moves its own version on every update"

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return self.__class__.__qualname__, [], {}


class CaseRebuildQueued(migrations.operations.base.Operation):
    """Every case whose version moves is queued in ``queue`` (a table of ``case_id`` and ``writer``), for its
    answers to be built again (elections/bodies.py). One trigger on the case row sees every move — a write
    under the case moves it through the triggers above, an update of the case moves it itself. On PostgreSQL
    once per statement over its transition tables (an import that moves 20,000 versions queues them in one
    INSERT), with the writing connection's ``pg_backend_pid()``, so that a request drains what it wrote
    and nothing else; SQLite has row triggers only and no such id (``writer`` 0)."""

    reduces_to_sql = True
    reversible = True
    NAME = trigger_name(CASE_TABLE, "rebuild")  # the prefix keeps it through SQLite's table rebuilds

    def __init__(self, queue: str) -> None:
        self.queue = queue

    def state_forwards(self, app_label: str, state: Any) -> None:
        pass

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(
                f"CREATE OR REPLACE FUNCTION {self.NAME}() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN "
                f"INSERT INTO {self.queue} (case_id, writer) SELECT n.id, pg_backend_pid() FROM new_rows n "
                "JOIN old_rows o ON o.id = n.id WHERE n.version <> o.version; RETURN NULL; END; $$;"
            )
            schema_editor.execute(
                f"CREATE TRIGGER {self.NAME} AFTER UPDATE ON {CASE_TABLE} "
                "REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows "
                f"FOR EACH STATEMENT EXECUTE FUNCTION {self.NAME}();"
            )
        else:
            schema_editor.execute(
                f"CREATE TRIGGER {self.NAME} AFTER UPDATE ON {CASE_TABLE} FOR EACH ROW "
                f"WHEN NEW.version <> OLD.version BEGIN "
                f"INSERT INTO {self.queue} (case_id, writer) VALUES (NEW.id, 0); END;"
            )

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        if schema_editor.connection.vendor == "postgresql":
            schema_editor.execute(f"DROP FUNCTION IF EXISTS {self.NAME}() CASCADE;")
        else:
            schema_editor.execute(f"DROP TRIGGER IF EXISTS {self.NAME};")

    def describe(self) -> str:
        return f"Queue every case whose version moves in {self.queue}"

    def deconstruct(self) -> tuple[str, list[Any], dict[str, Any]]:
        return self.__class__.__qualname__, [], {"queue": self.queue}
