"""Objections say what they object to (``objects_to``). An objection recorded before this answered a revised
tally only when it was filed in that tally's 102.69(e) window after the first period closed: it is taken as an
objection to the revised tally, so its due date and timeliness stay what they were."""

from django.db import migrations, models


def _revised(apps, schema_editor):
    Objection = apps.get_model("objections", "Objection")
    Objection.objects.filter(answers_tally__revision__gt=0).update(objects_to="revised_tally")


class Migration(migrations.Migration):

    dependencies = [
        ('objections', '0006_objection_due_date_stored_once'),
    ]

    operations = [
        migrations.AddField(
            model_name='historicalobjection',
            name='objects_to',
            field=models.CharField(choices=[('conduct', 'The conduct of the election'), ('revised_tally', 'The revised tally')], default='conduct', help_text="Conduct (102.69(a)(8), the tally of ballots' period) or a revised tally itself (102.69(e))", max_length=16),
        ),
        migrations.AddField(
            model_name='objection',
            name='objects_to',
            field=models.CharField(choices=[('conduct', 'The conduct of the election'), ('revised_tally', 'The revised tally')], default='conduct', help_text="Conduct (102.69(a)(8), the tally of ballots' period) or a revised tally itself (102.69(e))", max_length=16),
        ),
        migrations.RunPython(_revised, migrations.RunPython.noop),
    ]
