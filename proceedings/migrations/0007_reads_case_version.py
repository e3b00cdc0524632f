from django.db import migrations

from core.case_version import CaseVersioned


class Migration(migrations.Migration):
    """Every write under a case moves its version (core/case_version.py): one line per table."""

    dependencies = [
        ('elections', '0012_reads_case_version'),
        ('proceedings', '0006_ends_of_a_dispute'),
    ]

    operations = [
        CaseVersioned('ProceedingEvent', 'case'),
        CaseVersioned('Deadline', 'case'),
        CaseVersioned('Reminder', 'deadline__case'),
        CaseVersioned('DocketEntry', 'case'),
    ]
