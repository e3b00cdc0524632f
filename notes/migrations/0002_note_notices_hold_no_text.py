"""Notes' notices written before the outbox rendered them at delivery held the note's text: keep a
reference instead (a notice still unsent is rendered at delivery, after the access check; a sent one keeps
no copy of the text)."""

from django.db import migrations


def forget_note_text(apps, schema_editor):
    Notification = apps.get_model("core", "Notification")
    for notice in Notification.objects.filter(key__startswith="note:", key__endswith=":written").only("key"):
        parts = notice.key.split(":")
        if len(parts) != 3 or not parts[1].isdigit():
            continue
        Notification.objects.filter(pk=notice.pk).update(
            body="", renderer="note_written", reference=int(parts[1])
        )


class Migration(migrations.Migration):
    dependencies = [
        ("core", "0002_notice_rendered_at_delivery"),
        ("notes", "0001_notes_initial"),
    ]

    operations = [migrations.RunPython(forget_note_text, migrations.RunPython.noop)]
