"""The notes services called directly (the API's tests are beside): who may write which kind of note on what,
the author's edits, and that a refused call writes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.db import IntegrityError, transaction

from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from core.models import Notification
from elections.models import Appearance
from notes import services
from notes.models import BODY_MAX, Note
from tests.conftest import World
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    log_challenge,
    record_tally,
)
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db


def write(
    world: World, actor: Any, visibility: str = "case", body: str = "The box was in the lot.", **kw: Any
) -> Note:
    return services.note_create(case=world.case, body=body, visibility=visibility, actor=actor, **kw)


# --- writing ----------------------------------------------------------------------------------------------


def test_counsel_writes_a_side_note_for_their_party_and_the_other_counsel_is_told_of_a_case_note(
    world: World, django_capture_on_commit_callbacks: Any
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        side = write(world, world.union_counsel, "side", "  Our theory: surveillance.  ")
        case = write(world, world.union_counsel, "case", "Hearing moved to May 7.")

    assert (side.body, side.visibility, side.party, side.author) == (
        "Our theory: surveillance.",
        "side",
        world.union,
        world.union_counsel,
    )
    assert case.party == world.union  # recorded: the author appears for the union
    told = {(n.recipient.username, n.key.split(":")[0]) for n in Notification.objects.all()}
    # The side note reaches the union's paralegal only; the case note everyone else of record.
    assert ("para", "note") in told and ("ecounsel", "note") in told
    assert not Notification.objects.filter(recipient=world.employer_counsel, key=f"note:{side.pk}:written")


def test_staff_write_a_staff_note_for_no_party_and_nobody_is_told(world: World) -> None:
    note = write(world, world.staff, "staff", "Check the mailbox photos.")

    assert (note.visibility, note.party) == ("staff", None)
    assert Notification.objects.count() == 0


def test_a_note_may_hang_from_a_challenge_or_an_objection_of_the_same_case(world: World) -> None:
    record_tally(world.election, yes=10, votes_against=12, challenged=1)
    challenge = log_challenge(world.election, "J. Doe", by=world.union, actor=world.staff)

    note = write(world, world.union_counsel, "side", challenge=challenge)

    assert note.challenge == challenge


@pytest.mark.parametrize(
    ("who", "visibility", "error", "field_or_text"),
    [
        pytest.param("union_counsel", "staff", NotPermitted, "Only Board staff", id="counsel's staff note"),
        pytest.param("staff", "side", NotPermitted, "work product", id="staff's side note"),
        pytest.param("stranger", "case", NotPermitted, "Only the people appearing", id="a stranger's note"),
        pytest.param("union_counsel", "secret", RuleViolation, "visibility", id="no such visibility"),
    ],
)
def test_who_may_write_which_kind_of_note_is_refused_before_anything_is_written(
    world: World, who: str, visibility: str, error: type[Exception], field_or_text: str
) -> None:
    with nothing_written(), pytest.raises(error) as refused:
        write(world, getattr(world, who), visibility)

    said = refused.value.field if isinstance(refused.value, RuleViolation) else str(refused.value)
    assert field_or_text in said


@pytest.mark.parametrize(
    ("body", "field"),
    [
        pytest.param("   ", "body", id="blank"),
        pytest.param("x" * (BODY_MAX + 1), "body", id="too long"),
    ],
)
def test_a_note_needs_text_within_the_limit(world: World, body: str, field: str) -> None:
    with nothing_written(), pytest.raises(RuleViolation) as refused:
        write(world, world.union_counsel, "case", body)

    assert refused.value.field == field


def test_a_note_on_another_cases_challenge_is_refused(world: World) -> None:
    other = ElectionFactory(case=world.other_case, sequence=1, choices=["Amazon Labor Union"])
    challenge = log_challenge(other, "A. Stranger", actor=world.staff)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        write(world, world.union_counsel, "case", challenge=challenge)

    assert refused.value.field == "challenge"


def test_nobody_appears_for_two_parties_so_a_side_note_is_never_for_the_other_side(world: World) -> None:
    with pytest.raises(IntegrityError), transaction.atomic():
        AppearanceFactory(
            user=world.union_counsel, party=world.employer, capacity=Appearance.Capacity.COUNSEL
        )

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        write(world, world.union_counsel, "side", party=world.employer.pk)
    assert refused.value.field == "party"


def test_a_party_the_author_does_not_appear_for_is_refused(world: World) -> None:
    elsewhere = PartyFactory(case=CaseFactory(), name="Someone Else")

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        write(world, world.union_counsel, "side", party=elsewhere.pk)

    assert refused.value.field == "party"


# --- editing ----------------------------------------------------------------------------------------------


def test_the_author_edits_a_note_and_the_revision_counts_up(world: World) -> None:
    note = write(world, world.employer_counsel, "side", "First thoughts.")

    edited = services.note_edit(note=note, body="Second thoughts.", actor=world.employer_counsel, revision=0)

    assert (edited.body, edited.revision) == ("Second thoughts.", 1)
    assert [h.body for h in edited.history.order_by("history_id")] == ["First thoughts.", "Second thoughts."]


def test_the_same_text_again_is_no_edit(world: World) -> None:
    note = write(world, world.employer_counsel, "side", "Same.")

    with nothing_written():
        again = services.note_edit(note=note, body="  Same. ", actor=world.employer_counsel)

    assert again.revision == 0


def test_only_the_author_edits(world: World) -> None:
    note = write(world, world.union_counsel, "side", "Ours.")

    with nothing_written(), pytest.raises(NotPermitted):
        services.note_edit(note=note, body="Mine now.", actor=world.paralegal)

    note.refresh_from_db()
    assert note.body == "Ours."


def test_an_edit_of_a_stale_revision_is_refused(world: World) -> None:
    note = write(world, world.union_counsel, "side", "One.")
    services.note_edit(note=note, body="Two.", actor=world.union_counsel, revision=0)

    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.note_edit(note=note, body="Also two.", actor=world.union_counsel, revision=0)

    note.refresh_from_db()
    assert (note.body, note.revision) == ("Two.", 1)


def test_an_edit_to_blank_is_refused(world: World) -> None:
    note = write(world, world.union_counsel, "side", "One.")

    with nothing_written(), pytest.raises(RuleViolation):
        services.note_edit(note=note, body="  ", actor=world.union_counsel)
