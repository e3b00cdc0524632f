"""The appearance's case is required, and one current appearance per person per case (see 0008)."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("elections", "0009_one_current_appearance_per_case")]

    operations = [
        migrations.AlterField(
            model_name="appearance",
            name="case",
            field=models.ForeignKey(
                editable=False, on_delete=django.db.models.deletion.PROTECT, related_name="+", to="elections.case"
            ),
        ),
        migrations.AddConstraint(
            model_name="appearance",
            constraint=models.UniqueConstraint(
                condition=models.Q(("ended_at__isnull", True)),
                fields=("user", "case"),
                name="one_current_appearance_per_case",
            ),
        ),
    ]
