"""A note moves the audience versions of those who may read it, and only theirs (core/audience_version.py,
ADR 0008): what the lists across cases are tagged with, as the case version is not moved by notes."""

from django.db import migrations

from core.audience_version import AudienceVersioned


class Migration(migrations.Migration):
    dependencies = [
        ("notes", "0004_notes_move_no_case_version"),
        ("elections", "0013_audience_version"),
    ]

    operations = [
        AudienceVersioned("Note", "NOTE"),
    ]
