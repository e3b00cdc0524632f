"""The objections due date is read from the tally the filing answers, not stored beside the proceeding's
``objections`` deadline (issue 15: one source for each fact).

Here ``answers_tally`` is added and filled for every objection (and every history row of it); 0006 requires it
and drops the stored ``due_at``, ``due_explanation`` and ``verified`` (apart, because PostgreSQL refuses to
alter a table with the fill's deferred constraint checks pending in the same transaction). Which tally a filing answered: the tally of
ballots, unless the stored due date is a revised tally's objections period (102.69(e)) for a revision made
before the filing — the choice ``objections.law.deadlines.deadline_for_filing`` made when it was filed.
"""

import django.db.models.deletion
from django.db import migrations, models

HELP = "The tally whose objections period this filing answers (102.69(a)(8), (e))"


def answered_tally(objection, tallies, case):
    # The law as it stood when these rows were written; a filing the law cannot place answers the tally of
    # ballots, as every filing did before revised-tally periods were tracked.
    from objections.law.deadlines import objections_deadline

    original = next((t for t in tallies if t.revision == 0), None)
    if objection.due_at is not None:
        for tally in sorted(tallies, key=lambda t: t.prepared_at, reverse=True):
            if tally.revision == 0 or tally.prepared_at > objection.filed_at:
                continue
            revised = objections_deadline(
                rule_set=case.rule_set, region=case.region, tally_prepared_at=tally.prepared_at, revised=True
            )
            if revised.due_at == objection.due_at:
                return tally
    return original or min(tallies, key=lambda t: t.revision)


def fill(apps, schema_editor):
    Objection = apps.get_model("objections", "Objection")
    HistoricalObjection = apps.get_model("objections", "HistoricalObjection")
    Tally = apps.get_model("elections", "Tally")
    tallies_of = {}
    for tally in Tally.objects.order_by("election_id", "revision"):
        tallies_of.setdefault(tally.election_id, []).append(tally)
    answered = {}
    for objection in Objection.objects.select_related("election__case").iterator():
        tally = answered_tally(objection, tallies_of[objection.election_id], objection.election.case)
        answered[objection.pk] = tally.pk
        Objection.objects.filter(pk=objection.pk).update(answers_tally_id=tally.pk)
    for objection_id, tally_id in answered.items():
        HistoricalObjection.objects.filter(id=objection_id).update(answers_tally_id=tally_id)


class Migration(migrations.Migration):
    dependencies = [
        ("elections", "0007_delete_notification"),
        ("objections", "0004_integrity_offer_of_proof_provenance"),
    ]

    operations = [
        migrations.AddField(
            model_name="historicalobjection",
            name="answers_tally",
            field=models.ForeignKey(
                blank=True,
                db_constraint=False,
                help_text=HELP,
                null=True,
                on_delete=django.db.models.deletion.DO_NOTHING,
                related_name="+",
                to="elections.tally",
            ),
        ),
        migrations.AddField(
            model_name="objection",
            name="answers_tally",
            field=models.ForeignKey(
                help_text=HELP,
                null=True,
                on_delete=django.db.models.deletion.PROTECT,
                related_name="objections_answering",
                to="elections.tally",
            ),
        ),
        migrations.RunPython(fill, migrations.RunPython.noop),
    ]
