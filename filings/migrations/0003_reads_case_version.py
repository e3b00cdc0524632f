from django.db import migrations

from core.case_version import CaseVersioned


class Migration(migrations.Migration):
    """Every write under a case moves its version (core/case_version.py): one line per table."""

    dependencies = [
        ("elections", "0012_reads_case_version"),
        ("filings", "0002_document_text_search_index"),
    ]

    operations = [
        CaseVersioned("Filing", "case"),
        CaseVersioned("Document", "filing__case"),
    ]
