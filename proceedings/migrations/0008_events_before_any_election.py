"""An end of a case recorded before it has any election (a withdrawal, a dismissal and its review, a block, a
transfer): proceeding events and the deadlines they open may have no election. SQLite rebuilds both
tables; core.sqlite_backend keeps the case-version triggers through the rebuild."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("elections", "0012_reads_case_version"),
        ("proceedings", "0007_reads_case_version"),
    ]

    operations = [
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
    ]
