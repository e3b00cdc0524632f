"""Who hears of a new note: a case note goes to everyone of record in the case, a side note to the other
people of its own party, a staff note to no one outside the staff (the outbox mails parties only). The
author never gets their own note."""

from __future__ import annotations

from core.links import desk_url
from core.outbox import notify
from elections.models import Appearance
from elections.recipients import people_of_record
from notes.models import Note, Visibility


def note_written(note: Note) -> None:
    if note.visibility == Visibility.STAFF:
        return
    people = people_of_record(note.case)
    if note.visibility == Visibility.SIDE:
        readers = set(Appearance.objects.filter(party=note.party).values_list("user_id", flat=True))
        people = [p for p in people if p.pk in readers]
    recipients = [p for p in people if p.pk != note.author_id]
    if not recipients:
        return
    kind = "Side note (privileged: your party only)" if note.visibility == Visibility.SIDE else "Case note"
    url = desk_url(note.case.number, anchor=f"note-{note.pk}")
    notify(
        recipients=recipients,
        key=f"note:{note.pk}:written",
        subject=f"{note.case.number}: {kind.split(' (')[0].lower()} from {note.author.get_username()}",
        body=f"{kind} on {note.case.number} by {note.author.get_username()}:\n\n{note.body}\n\n{url}\n",
        case=note.case,
    )
