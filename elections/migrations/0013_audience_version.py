"""The audience version (core/audience_version.py, ADR 0008): what a list across cases is tagged with, moved
by triggers on the case row and on appearances (notes move it from their own app's migration). Staff's row
and one per user appearing now are made here, so that a list read before any write has a row to read."""

from django.db import migrations, models

from core.audience_version import AudienceVersioned

SEED = (
    "INSERT INTO elections_audienceversion (audience, version) SELECT 0, 0 "
    "UNION SELECT DISTINCT user_id, 0 FROM elections_appearance WHERE ended_at IS NULL"
)


class Migration(migrations.Migration):

    dependencies = [
        ('elections', '0012_reads_case_version'),
    ]

    operations = [
        migrations.CreateModel(
            name='AudienceVersion',
            fields=[
                ('audience', models.BigIntegerField(help_text="0: Board staff; else the user's id", primary_key=True, serialize=False)),
                ('version', models.PositiveBigIntegerField(default=0)),
            ],
        ),
        migrations.RunSQL(SEED, migrations.RunSQL.noop),
        AudienceVersioned('Case', 'CASE'),
        AudienceVersioned('Appearance', 'APPEARANCE'),
    ]
