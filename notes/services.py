"""Writing notes. Who may write which kind is decided here, so the API and the admin cannot differ:
side notes by people appearing for a party (for that party), staff notes by Board staff, case notes by
anyone who sees the case. Each note is one transaction with its history row and its notices."""

from __future__ import annotations

from typing import Any, cast

from django.db import transaction

from challenges.models import Challenge
from core.actors import Actor, is_staff, stamp
from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from elections.models import Case, Party
from elections.selectors import user_party_ids
from notes import notices
from notes.models import BODY_MAX, Note, Visibility
from objections.models import Objection


def note_authorize_create(*, actor: Actor, visibility: Any) -> None:
    """Whether ``actor``'s role may write a note of this visibility at all — decided before the rest of
    the input is read (a staff note by counsel is a 403, whatever else the body holds)."""
    staff = is_staff(actor)
    if visibility == Visibility.STAFF and not staff:
        raise NotPermitted("Only Board staff may write a staff note.")
    if visibility == Visibility.SIDE and staff:
        raise NotPermitted("A side note is a party's work product; Board staff appear for no party.")


def note_authorize_edit(*, note: Note, actor: Actor) -> None:
    if getattr(actor, "pk", None) != note.author_id:
        raise NotPermitted("Only the author may edit a note.")


def _clean_body(body: str) -> str:
    text = body.strip()
    if not text:
        raise RuleViolation("body", "A note needs some text.")
    if len(text) > BODY_MAX:
        raise RuleViolation("body", f"A note holds at most {BODY_MAX:,} characters.")
    return text


def _author_party(*, case: Case, actor: Any, visibility: str, party_id: int | None) -> Party | None:
    """The party a note is written for: required for a side note, recorded for a case note when the author
    appears for a party. Someone appearing for two parties names the one whose work product it is."""
    parties = user_party_ids(actor, case.pk)
    if party_id is not None:
        if party_id not in parties:
            raise RuleViolation("party", f"You do not appear for party {party_id} in {case.number}.")
        return Party.objects.get(pk=party_id)
    if len(parties) == 1:
        return Party.objects.get(pk=next(iter(parties)))
    if len(parties) > 1 and visibility == Visibility.SIDE:
        raise RuleViolation(
            "party",
            f"You appear for {len(parties)} parties in {case.number}: name the party whose work product "
            "this note is.",
        )
    return None


@transaction.atomic
def note_create(
    *,
    case: Case,
    body: str,
    visibility: str,
    actor: Actor,
    challenge: Challenge | None = None,
    objection: Objection | None = None,
    party: int | None = None,
) -> Note:
    if challenge is not None and challenge.election.case_id != case.pk:
        raise RuleViolation("challenge", f"Challenge {challenge.pk} is not in {case.number}.")
    if objection is not None and objection.election.case_id != case.pk:
        raise RuleViolation("objection", f"Objection {objection.pk} is not in {case.number}.")
    if visibility not in Visibility.values:
        raise RuleViolation("visibility", f"Choose one of {', '.join(Visibility.values)}.")
    note_authorize_create(actor=actor, visibility=visibility)
    staff = is_staff(actor)
    if not staff and not user_party_ids(actor, case.pk):
        raise NotPermitted(f"Only the people appearing in {case.number}, and Board staff, write notes on it.")
    author_party = (
        None if staff else _author_party(case=case, actor=actor, visibility=visibility, party_id=party)
    )
    if visibility == Visibility.SIDE and author_party is None:
        raise NotPermitted(f"Only people appearing for a party in {case.number} may write a side note.")
    note = Note(
        case=case,
        challenge=challenge,
        objection=objection,
        body=_clean_body(body),
        visibility=visibility,
        party=author_party,
        author=cast(Any, actor),
    )
    stamp(note, actor)
    note.save()
    notices.note_written(note)
    return note


@transaction.atomic
def note_edit(*, note: Note, body: str, actor: Actor, revision: int | None = None) -> Note:
    """Replace the text of a note (its author only). The earlier text stays in the note's history.
    ``revision``: the revision the author edited; another edit since then is a 409."""
    note = Note.objects.select_for_update(of=("self",)).get(pk=note.pk)
    note_authorize_edit(note=note, actor=actor)
    if revision is not None and revision != note.revision:
        raise TransitionNotAllowed(
            f"The note was edited since revision {revision} (it is at revision {note.revision}); reload it."
        )
    text = _clean_body(body)
    if text == note.body:
        return note
    note.body = text
    note.revision += 1
    stamp(note, actor)
    note.save()
    return note
