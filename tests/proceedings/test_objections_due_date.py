"""The objections due date is stored once: an objection keeps the tally its filing answered (``answers_tally``)
and reads its ``due_at`` from the objections law (``objections.law.deadlines``) over that tally; the
proceeding's objections deadline record of the same tally is computed by the same function from the same
inputs, and these tests hold the two equal. This
holds for the tally of ballots and for a revised tally, and neither moves when staff extend the offer of
proof by order."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from objections import services as objection_services
from objections.models import Objection
from proceedings.models import Deadline
from tests.conftest import FrozenClock
from tests.factories import record_tally
from tests.proceedings.conftest import EASTERN, file_objection


def _record(tally_revision: int, code: str = "objections") -> Deadline:
    return Deadline.objects.get(code=code, trigger_tally__revision=tally_revision, party__isnull=True)


def test_an_objection_to_the_tally_of_ballots_is_due_when_the_tallys_objections_deadline_is(
    tallied: Any, as_paralegal: Any, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at(datetime(2021, 4, 15, 10, tzinfo=EASTERN))  # received when stated
    objection = file_objection(tallied, tallied.union, datetime(2021, 4, 15, 10, tzinfo=EASTERN))
    record, offer = _record(0), _record(0, "offer_of_proof")
    assert objection.answers_tally == record.trigger_tally
    assert (objection.due_at, objection.verified, objection.due_explanation) == (
        record.due_at,
        record.verified,
        record.explanation,
    )
    assert objection.offer_of_proof_due_at == offer.due_at
    body = as_paralegal.get(f"/api/v1/objections/{objection.pk}/").json()
    assert body["due_at"] == "2021-04-16T23:59:00-04:00"


def test_an_extension_of_the_offer_of_proof_moves_neither_the_objection_nor_its_deadline(
    tallied: Any, as_paralegal: Any, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at(datetime(2021, 4, 15, 10, tzinfo=EASTERN))  # received when stated
    objection = file_objection(tallied, tallied.union, datetime(2021, 4, 15, 10, tzinfo=EASTERN), offer=False)
    extension = {"until": datetime(2021, 4, 23, 23, 59, tzinfo=EASTERN), "reason": "witness abroad"}
    objection_services.offer_of_proof_extend(
        objection=objection, actor=tallied.staff, notify=False, **extension
    )
    objection = Objection.objects.get(pk=objection.pk)
    assert objection.due_at == _record(0).due_at
    body = as_paralegal.get(f"/api/v1/objections/{objection.pk}/").json()
    assert (body["due_at"], body["offer_of_proof_due_at"]) == (
        "2021-04-16T23:59:00-04:00",
        "2021-04-23T23:59:00-04:00",
    )


def test_an_objection_to_a_revised_tally_is_due_when_the_revised_tallys_objections_deadline_is(
    tallied: Any, as_paralegal: Any, frozen_clock: FrozenClock
) -> None:
    record_tally(
        tallied.election, prepared_at=datetime(2021, 4, 20, 12, tzinfo=EASTERN), yes=739, votes_against=1798
    )
    # Late for the tally of ballots (due 2021-04-16), in time for the revised tally's period (102.69(e)): an
    # objection to the revised tally itself.
    frozen_clock.at(datetime(2021, 4, 22, 10, tzinfo=EASTERN))  # received when stated
    objection = file_objection(
        tallied, tallied.employer, datetime(2021, 4, 22, 10, tzinfo=EASTERN), objects_to="revised_tally"
    )
    revised = _record(1)
    assert objection.answers_tally == revised.trigger_tally
    assert (objection.due_at, objection.timely) == (revised.due_at, True)
    assert objection.due_at != _record(0).due_at
    body = as_paralegal.get(f"/api/v1/objections/{objection.pk}/").json()
    assert body["due_at"] == "2021-04-27T23:59:00-04:00"
