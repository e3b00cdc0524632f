"""Reminders move no case version (the review of issue 36): a reminder is one person's delivery state, which
no read of a case shows, so its row moved every reader's tag for nothing — and told the other side when
someone of this side was reminded of a deadline. It is left out as the notification outbox is."""

from django.db import migrations

from core.case_version import CaseVersionedNoLonger


class Migration(migrations.Migration):
    dependencies = [
        ("proceedings", "0010_calendar_feed_secret_hashed"),
    ]

    operations = [
        CaseVersionedNoLonger("Reminder", "deadline__case"),
    ]
