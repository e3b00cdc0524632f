"""One current appearance per person per case, held by the database: the appearance keeps its party's case
(copied on every save), and a partial unique constraint on (user, case) replaces the one on (user, party)
(the next migration: PostgreSQL alters no table whose rows this transaction updated).

A person who already appears for two parties of one case (two staff requests that raced before this
constraint) keeps the first appearance; the later ones are ended now, and each is printed."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models
from django.db.models import OuterRef, Subquery
from django.utils import timezone


def copy_the_case_and_end_second_appearances(apps, schema_editor):
    Appearance = apps.get_model("elections", "Appearance")
    Party = apps.get_model("elections", "Party")
    Appearance.objects.update(case=Subquery(Party.objects.filter(pk=OuterRef("party_id")).values("case_id")))
    seen = set()
    current = Appearance.objects.filter(ended_at__isnull=True).order_by("created_at", "pk")
    for pk, user_id, case_id in current.values_list("pk", "user_id", "case_id"):
        if (user_id, case_id) in seen:
            Appearance.objects.filter(pk=pk).update(ended_at=timezone.now())
            print(f"\n  appearance {pk} ended: user {user_id} already appears for a party of case {case_id}")
        seen.add((user_id, case_id))


class Migration(migrations.Migration):
    dependencies = [
        ("elections", "0008_case_transferred_to"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.RemoveConstraint(model_name="appearance", name="unique_current_appearance"),
        migrations.AddField(
            model_name="appearance",
            name="case",
            field=models.ForeignKey(
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="+",
                to="elections.case",
            ),
        ),
        migrations.AddField(
            model_name="historicalappearance",
            name="case",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                editable=False,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="elections.case",
            ),
        ),
        migrations.RunPython(copy_the_case_and_end_second_appearances, migrations.RunPython.noop),
    ]
