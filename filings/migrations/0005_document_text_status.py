"""A document's text is read after the paper is stored, within a budget and a quota (issue 36, item 3):
``text_status`` and ``text_note`` say whether it is read yet, and how much of it is searchable. Documents
stored before were read whole, in the upload: they are ``complete``."""

from django.db import migrations, models


CHOICES = [
    ('pending', 'Not read yet'),
    ('complete', 'All of its text is searchable'),
    ('partial', 'Part of its text is searchable'),
]


class Migration(migrations.Migration):

    dependencies = [
        ('filings', '0004_served_on_case_version'),
    ]

    operations = [
        migrations.AddField(
            model_name='document',
            name='text_note',
            field=models.CharField(blank=True, max_length=300),
        ),
        migrations.AddField(
            model_name='document',
            name='text_status',
            field=models.CharField(choices=CHOICES, default='complete', max_length=10),
        ),
        migrations.AlterField(
            model_name='document',
            name='text_status',
            field=models.CharField(choices=CHOICES, default='pending', max_length=10),
        ),
    ]
