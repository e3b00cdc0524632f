"""The objections due date is read from the tally the filing answers (0005 filled ``answers_tally``): the
tally is required and the stored copy of the due date goes."""

import django.db.models.deletion
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("objections", "0005_objection_due_date_read_from_its_tally")]

    operations = [
        migrations.AlterField(
            model_name="objection",
            name="answers_tally",
            field=models.ForeignKey(
                help_text="The tally whose objections period this filing answers (102.69(a)(8), (e))",
                on_delete=django.db.models.deletion.PROTECT,
                related_name="objections_answering",
                to="elections.tally",
            ),
        ),
        migrations.RemoveField(model_name="historicalobjection", name="due_at"),
        migrations.RemoveField(model_name="historicalobjection", name="due_explanation"),
        migrations.RemoveField(model_name="historicalobjection", name="verified"),
        migrations.RemoveField(model_name="objection", name="due_at"),
        migrations.RemoveField(model_name="objection", name="due_explanation"),
        migrations.RemoveField(model_name="objection", name="verified"),
    ]
