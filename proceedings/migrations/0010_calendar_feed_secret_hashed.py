"""Calendar-feed secrets stored as their SHA-256 digest, as API tokens are (issue 36, item 10).

A feed issued before keeps working: its stored clear secret is hashed into ``token_digest``, and its salt
is left empty, so the URL in a subscriber's calendar still answers; it cannot be shown again, so the next
``GET calendar/`` issues a new one (``calendar_feed_ensure``)."""

import hashlib

from django.db import migrations, models

import proceedings.models


def hash_the_clear_secrets(apps, schema_editor):
    CalendarFeed = apps.get_model("proceedings", "CalendarFeed")
    for feed in CalendarFeed.objects.only("pk", "token").iterator():
        CalendarFeed.objects.filter(pk=feed.pk).update(
            token_digest=hashlib.sha256(feed.token.encode("utf-8", "surrogatepass")).hexdigest()
        )


class Migration(migrations.Migration):
    dependencies = [
        ("proceedings", "0009_deadline_met_by_filing"),
    ]

    operations = [
        migrations.AddField(
            model_name="calendarfeed",
            name="salt",
            field=models.CharField(blank=True, default="", max_length=32),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="calendarfeed",
            name="token_digest",
            field=models.CharField(max_length=64, null=True),
        ),
        migrations.RunPython(hash_the_clear_secrets, migrations.RunPython.noop, elidable=False),
        migrations.RemoveField(model_name="calendarfeed", name="token"),
        migrations.AlterField(
            model_name="calendarfeed",
            name="token_digest",
            field=models.CharField(max_length=64, unique=True),
        ),
        migrations.AlterField(
            model_name="calendarfeed",
            name="salt",
            field=models.CharField(blank=True, default=proceedings.models.new_salt, max_length=32),
        ),
    ]
