"""Fixtures of the notes tests: the shared two-party case with a tally, a challenged ballot and an objection,
and a note of every visibility on each of them — each note's text unique, so a test can search any response
for it."""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from django.utils import timezone

from notes import services
from notes.models import Note
from tests.conftest import World
from tests.factories import file_objection, log_challenge, record_tally

ROLES = ["staff", "union_counsel", "employer_counsel", "paralegal", "stranger", "anonymous"]


@dataclass
class Noted:
    world: World
    challenge: Any
    objection: Any
    notes: dict[str, Note] = field(default_factory=dict)  # text → note
    readers: dict[str, set[str]] = field(default_factory=dict)  # text → roles that may read it

    def user(self, role: str) -> Any:
        return None if role == "anonymous" else getattr(self.world, role)

    def readable_by(self, role: str) -> set[str]:
        return {text for text, roles in self.readers.items() if role in roles}

    def hidden_from(self, role: str) -> set[str]:
        return {text for text, roles in self.readers.items() if role not in roles}


def write(noted: Noted, role: str, visibility: str, subject: str, readers: set[str], **extra: Any) -> Note:
    world = noted.world
    text = f"NOTE-{visibility}-{role}-{subject}-{len(noted.notes)}-zq"
    target: dict[str, Any] = {}
    if subject == "challenge":
        target["challenge"] = noted.challenge
    elif subject == "objection":
        target["objection"] = noted.objection
    note = services.note_create(
        case=world.case, body=text, visibility=visibility, actor=noted.user(role), **target, **extra
    )
    noted.notes[text] = note
    noted.readers[text] = readers
    return note


UNION_SIDE = {"union_counsel", "paralegal"}
EMPLOYER_SIDE = {"employer_counsel"}
STAFF = {"staff"}
EVERYONE_ON_THE_CASE = {"staff", "union_counsel", "employer_counsel", "paralegal"}


@pytest.fixture
def noted(world: World, django_capture_on_commit_callbacks: Any) -> Noted:
    record_tally(
        world.election,
        prepared_at=timezone.now() - timedelta(hours=2),
        yes=10,
        votes_against=12,
        challenged=3,
    )
    challenge = log_challenge(
        world.election,
        "J. Doe",
        voter_identifier="E-1",
        by=world.union,
        ground="supervisor",
        reason="Schedules the shift",
        actor=world.union_counsel,
    )
    objection = file_objection(
        world.election,
        world.union,
        statement="Supervisors predicted closure",
        filed_at=datetime.now(UTC),
        actor=world.union_counsel,
    )
    noted = Noted(world=world, challenge=challenge, objection=objection)
    with django_capture_on_commit_callbacks(execute=True):
        for subject in ("case", "challenge", "objection"):
            write(noted, "union_counsel", "side", subject, UNION_SIDE)
            write(noted, "paralegal", "side", subject, UNION_SIDE)
            write(noted, "employer_counsel", "side", subject, EMPLOYER_SIDE)
            write(noted, "staff", "staff", subject, STAFF)
            write(noted, "employer_counsel", "case", subject, EVERYONE_ON_THE_CASE)
        # An edited side note: its earlier text is as privileged as the current one.
        edited = write(noted, "employer_counsel", "side", "case", EMPLOYER_SIDE)
        old = edited.body
        services.note_edit(note=edited, body=f"NOTE-side-edited-{edited.pk}-zq", actor=world.employer_counsel)
        noted.notes[f"NOTE-side-edited-{edited.pk}-zq"] = edited
        noted.readers[f"NOTE-side-edited-{edited.pk}-zq"] = EMPLOYER_SIDE
        assert old in noted.readers
        staff_edited = write(noted, "staff", "staff", "case", STAFF)
        services.note_edit(
            note=staff_edited, body=f"NOTE-staff-edited-{staff_edited.pk}-zq", actor=world.staff
        )
        noted.notes[f"NOTE-staff-edited-{staff_edited.pk}-zq"] = staff_edited
        noted.readers[f"NOTE-staff-edited-{staff_edited.pk}-zq"] = STAFF
    for note in noted.notes.values():
        note.refresh_from_db()  # the edited ones hold their current text
    return noted
