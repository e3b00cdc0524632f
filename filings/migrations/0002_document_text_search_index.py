"""The GIN index behind ``filings/?q=`` on PostgreSQL: the same expression ``filings.selectors.search`` asks
for (``to_tsvector('english', COALESCE(text, ''))``), so the planner uses it. SQLite has no full-text index
of this kind; the search there is a plain match and this migration does nothing."""

from django.db import migrations

INDEX = "filings_document_text_fts"


def create(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(
        f"CREATE INDEX IF NOT EXISTS {INDEX} ON filings_document "
        "USING gin (to_tsvector('english'::regconfig, COALESCE(text, '')))"
    )


def drop(apps, schema_editor):
    if schema_editor.connection.vendor != "postgresql":
        return
    schema_editor.execute(f"DROP INDEX IF EXISTS {INDEX}")


class Migration(migrations.Migration):
    dependencies = [("filings", "0001_initial")]
    operations = [migrations.RunPython(create, drop)]
