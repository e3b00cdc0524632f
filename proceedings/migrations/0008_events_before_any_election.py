"""An end of a case recorded before it has any election (a withdrawal, a dismissal and its review, a block, a
transfer): proceeding events and the deadlines they open may have no election."""

from typing import Any

import django.db.models.deletion
from django.db import migrations, models

from core.case_version import CaseVersioned


class CaseVersionDropped(CaseVersioned):
    """The case-version triggers taken off while their tables are altered: SQLite alters a column by copying
    the table and renaming the copy, which drops the table's own triggers and fails on a trigger of another
    table that names it (the reminders'). ``CaseVersioned`` puts them back after."""

    def database_forwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        super().database_backwards(app_label, schema_editor, from_state, to_state)

    def database_backwards(self, app_label: str, schema_editor: Any, from_state: Any, to_state: Any) -> None:
        super().database_forwards(app_label, schema_editor, from_state, to_state)


VERSIONED = (("Reminder", "deadline__case"), ("ProceedingEvent", "case"), ("Deadline", "case"))


class Migration(migrations.Migration):
    dependencies = [
        ("elections", "0012_reads_case_version"),
        ("proceedings", "0007_reads_case_version"),
    ]

    operations = [
        *(CaseVersionDropped(model, path) for model, path in VERSIONED),
        migrations.AlterField(
            model_name="deadline",
            name="election",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="deadlines",
                to="elections.election",
            ),
        ),
        migrations.AlterField(
            model_name="proceedingevent",
            name="election",
            field=models.ForeignKey(
                blank=True,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="proceeding_events",
                to="elections.election",
            ),
        ),
        *(CaseVersioned(model, path) for model, path in VERSIONED),
    ]
