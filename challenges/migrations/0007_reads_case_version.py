from django.db import migrations

from core.case_version import CaseVersioned


class Migration(migrations.Migration):
    """Every write under a case moves its version (core/case_version.py): one line per table."""

    dependencies = [
        ('elections', '0012_reads_case_version'),
        ('challenges', '0006_access_merge_admin'),
    ]

    operations = [
        CaseVersioned('Challenge', 'election__case'),
    ]
