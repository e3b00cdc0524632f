"""A tally of ballots recorded (``tally_record``), its domain event sent to the apps above."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime
from typing import Any

from django.db import transaction

from core.actors import Actor, acting_user, require_staff, stamp
from elections import events
from elections.models import Election, Tally
from elections.services.checks import _tally_check


@transaction.atomic
def tally_record(
    *,
    election: Election,
    prepared_at: datetime,
    votes_for: Mapping[str, Any],
    votes_against: int,
    void: int = 0,
    challenged: int = 0,
    actor: Actor = None,
) -> Tally:
    """Record the tally of ballots (revision 0) or, later, a revised tally (revision 1, 2, …).

    Before it is written, ``events.tally_to_record`` asks the apps above whether the ladder allows it: the
    proceedings app refuses (409) a revised tally once the election is certified (29 CFR 102.69(b)-(c)) and
    any tally while a blocking charge holds the election (103.20), ``proceedings.receivers.refuse_tally``.
    After it, ``events.tally_recorded`` opens the objections period and sets the deadlines."""
    require_staff(actor, "record a tally")
    election = Election.objects.select_for_update().select_related("case").get(pk=election.pk)
    latest = election.tallies.order_by("-revision").first()
    counts = _tally_check(
        election=election,
        latest=latest,
        prepared_at=prepared_at,
        votes_for=votes_for,
        votes_against=votes_against,
        void=void,
        challenged=challenged,
    )
    tally = Tally(
        election=election,
        revision=0 if latest is None else latest.revision + 1,
        prepared_at=prepared_at,
        votes_for=counts,
        votes_against=votes_against,
        void=void,
        challenged=challenged,
        recorded_by=acting_user(actor),
    )
    events.tally_to_record.send(sender=Tally, tally=tally)
    stamp(tally, actor)
    tally.save()
    events.tally_recorded.send(sender=Tally, tally=tally, actor=actor)
    return tally
