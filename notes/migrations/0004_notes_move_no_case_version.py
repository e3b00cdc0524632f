"""Notes move no case version (issue 36, item 5): a side note written by the employer moved the tag of the
union's reads of the case, a timing channel into the other side's work. A note now reaches the tags of
those who may read it, and only theirs, through the audience part ``notes.selectors.changes_readable``."""

from django.db import migrations

from core.case_version import CaseVersionedNoLonger


class Migration(migrations.Migration):
    dependencies = [
        ("notes", "0003_reads_case_version"),
    ]

    operations = [
        CaseVersionedNoLonger("Note", "case"),
    ]
