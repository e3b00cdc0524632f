from django.db import migrations

from core.case_version import CaseVersioned


class Migration(migrations.Migration):
    """Every write under a case moves its version (core/case_version.py): one line per table."""

    dependencies = [
        ('elections', '0012_reads_case_version'),
        ('notes', '0002_note_notices_hold_no_text'),
    ]

    operations = [
        CaseVersioned('Note', 'case'),
    ]
