"""Django's SQLite backend, with the case-version triggers (``core.case_version``) kept through a migration.

SQLite cannot alter most columns in place, so Django rebuilds the table: it creates a new one, copies the
rows, drops the old one and renames the new one. Dropping the old table drops its own triggers (its case's
version would silently stop moving), and renaming fails while another table's trigger names it ("error in
trigger case_version_objections_ruling_insert: no such table"): adding a required field to objections
broke every test database. This schema editor sets the case-version triggers, and the audience-version ones
(``core.audience_version``) alike, aside for the rebuild and creates them again after it, unchanged.
PostgreSQL alters tables in place and keeps its triggers.
"""

from __future__ import annotations

from typing import Any

from django.db.backends.sqlite3 import base, schema

from core import audience_version, case_version


class DatabaseSchemaEditor(schema.DatabaseSchemaEditor):
    def _remake_table(self, model: Any, *args: Any, **kwargs: Any) -> None:
        with self.connection.cursor() as cursor:
            cursor.execute(
                "SELECT name, sql FROM sqlite_master "
                "WHERE type = 'trigger' AND (name LIKE %s OR name LIKE %s)",
                [f"{case_version.TRIGGER_PREFIX}%", f"{audience_version.TRIGGER_PREFIX}%"],
            )
            triggers = cursor.fetchall()
        for name, _sql in triggers:
            self.execute(f"DROP TRIGGER {self.quote_name(name)}")
        super()._remake_table(model, *args, **kwargs)  # type: ignore[misc]  # private, untyped in the stubs
        for _name, sql in triggers:
            self.execute(sql)


class DatabaseWrapper(base.DatabaseWrapper):
    SchemaEditorClass = DatabaseSchemaEditor
