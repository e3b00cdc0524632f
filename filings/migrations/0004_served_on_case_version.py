from django.db import migrations

from core.case_version import CaseVersioned


class Migration(migrations.Migration):
    """Serving a filing on a party is a write under its case: the many-to-many table moves the version too."""

    dependencies = [
        ("filings", "0003_reads_case_version"),
    ]

    operations = [
        CaseVersioned("Filing_served_on", "filing__case"),
    ]
