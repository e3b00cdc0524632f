"""Who hears of a new note: a case note goes to everyone of record in the case, a side note to the other
people of its own party, a staff note to no one outside the staff (the outbox mails parties only). The
author never gets their own note.

The outbox row holds no note text, only the note's id: staff read the outbox (its admin pages, its
search, its backups), and a side note is not theirs to read. The text is rendered for each recipient when
the notice is delivered, after checking that they may still read the note (``render``): an appearance
that ended while the notice waited gets nothing, and the row records why."""

from __future__ import annotations

from typing import Any

from core import renderers
from core.links import desk_url
from core.outbox import notify
from elections.models import Appearance
from elections.recipients import people_of_record
from notes.models import Note, Visibility
from notes.selectors import notes_for

RENDERER = "note_written"


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
    notify(
        recipients=recipients,
        key=f"note:{note.pk}:written",
        subject=f"{note.case.number}: {_kind(note).split(' (')[0].lower()} from {note.author.get_username()}",
        renderer=RENDERER,
        reference=note.pk,
        case=note.case,
    )


def _kind(note: Note) -> str:
    return "Side note (privileged: your party only)" if note.visibility == Visibility.SIDE else "Case note"


def render(reference: Any, recipient: Any) -> str:
    """The e-mail of note ``reference`` for ``recipient``, if they may read it now (its current text)."""
    note = notes_for(recipient).filter(pk=reference).first()
    if note is None:
        raise renderers.Withheld(f"{recipient.get_username()} may no longer read note {reference}")
    url = desk_url(note.case.number, anchor=f"note-{note.pk}")
    return f"{_kind(note)} on {note.case.number} by {note.author.get_username()}:\n\n{note.body}\n\n{url}\n"
