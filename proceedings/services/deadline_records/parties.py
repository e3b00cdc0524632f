"""Each party's state of a deadline (``DeadlineParty``): the parties it concerns (``concerned_parties``), and
their rows written from the record (``party_rows``, called by ``status.refresh``).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from copy import copy
from datetime import datetime
from typing import Any

from elections.law.local_time import local_date
from elections.models import Party
from objections.models import Objection
from proceedings.law import deadlines as law
from proceedings.law import owed_by
from proceedings.law.owed_by import OwedBy, PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent
from proceedings.services.deadline_records.answers import (
    _answer,
    _answers,
    _general_excludes,
    _meeting_objection,
)


def concerned_parties(d: Deadline, parties: Sequence[Party]) -> list[Party]:
    """The parties a deadline has a row for: none for the agency's, the named party for one set for a party,
    the respondent for its answer, every party of the case (not an "involved party" of the public record)
    otherwise."""
    whose = owed_by.whose(d.code, party_named=d.party_id is not None)
    if whose.owed_by is OwedBy.AGENCY:
        return []
    if d.party_id is not None:
        return [p for p in parties if p.pk == d.party_id]
    if whose.role is not None:
        return [p for p in parties if p.role == whose.role]
    return [p for p in parties if p.role != Party.Role.INVOLVED_PARTY]


def party_rows(
    live: Sequence[Deadline],
    events: Sequence[ProceedingEvent],
    objections: Sequence[Mapping[str, Any]],
    moot_reasons: Mapping[int, str | None],
    *,
    now: datetime,
) -> None:
    """Write each party's state of the ``live`` deadlines (one election's, or a case's before any election):
    met by its own filing or objection only, missed only where that party had to file, not applicable where
    the deadline is another party's (``proceedings.law.owed_by``)."""
    case_id = live[0].case_id
    parties = list(Party.objects.filter(case_id=case_id).order_by("id"))
    stored = {
        (row.deadline_id, row.party_id): row
        for row in DeadlineParty.objects.filter(deadline__in=[d.pk for d in live])
    }
    own = _general_excludes(live)
    filers: dict[int, set[int]] = {}  # deadline → the parties whose rows are met (for "all but the filer")
    to_create: list[DeadlineParty] = []
    to_update: list[DeadlineParty] = []
    for d in sorted(live, key=lambda x: (x.responds_to_id is not None, x.due_at, x.pk)):
        filers[d.pk] = set()
        whose = owed_by.whose(d.code, party_named=d.party_id is not None)
        for party in concerned_parties(d, parties):
            row = stored.get((d.pk, party.pk))
            if row is None:
                row = DeadlineParty(deadline=d, party=party, due_at=d.due_at)
                to_create.append(row)
            else:
                to_update.append(row)
            if row.extended_by_filing_id is None:
                row.due_at = d.due_at
            before = (row.status, row.note, row.obliged, row.met_by_objection_id)
            status, note, obliged, objection_id = _party_state(
                d, row, whose, party, events, objections, moot_reasons.get(d.pk), own, filers, now
            )
            row.status, row.note, row.obliged, row.met_by_objection_id = status, note, obliged, objection_id
            if status == PartyStatus.MET:
                filers[d.pk].add(party.pk)
            if before == (row.status, row.note, row.obliged, row.met_by_objection_id) and row.pk:
                to_update.remove(row)
            else:
                row.updated_at = now
    if to_create:
        DeadlineParty.objects.bulk_create(to_create)
    if to_update:
        DeadlineParty.objects.bulk_update(
            to_update, ["status", "note", "obliged", "met_by_objection", "due_at", "updated_at"]
        )


def _party_state(
    d: Deadline,
    row: DeadlineParty,
    whose: owed_by.Whose,
    party: Party,
    events: Sequence[ProceedingEvent],
    objections: Sequence[Mapping[str, Any]],
    moot: str | None,
    own: Mapping[str, set[int]],
    filers: Mapping[int, set[int]],
    now: datetime,
) -> tuple[PartyStatus, str, bool, int | None]:
    """(status, note, obliged, the objection that met it) of ``party``'s row of ``d``."""
    if d.party_id is None and party.pk in own.get(d.code, set()):
        return PartyStatus.NOT_APPLICABLE, f"{party.name} has a deadline of its own for this.", False, None
    mine = [o for o in objections if o["filed_by_id"] == party.pk and _answers(d, o)]
    objected = any(o["status"] != Objection.Status.WITHDRAWN for o in mine)
    if whose.objecting and not objected:
        if now <= row.due_at and not moot:
            # Owed with objections: a party that files any by this moment files its offer of proof with them.
            note = (
                f"Owed only with objections: due with them if {party.name} files any (29 CFR 102.69(a)(8))."
            )
            return PartyStatus.OPEN, note, False, None
        return (
            PartyStatus.NOT_APPLICABLE,
            f"{party.name} filed no objections: nothing to support.",
            False,
            None,
        )
    if whose.but_filer and d.responds_to_id is not None and filers.get(d.responds_to_id) == {party.pk}:
        return PartyStatus.NOT_APPLICABLE, f"{party.name} filed what it answers.", False, None
    obliged = law.is_obliged(d.code, source=d.source, objections_filed=objected)
    if row.met_by_filing_id is not None and row.met_on is not None:
        return PartyStatus.MET, f"Met by {party.name}'s filing ({row.met_on.isoformat()}).", obliged, None
    if d.marked_met_on is not None and not d.met_by_filing:
        return PartyStatus.MET, f"Marked met by staff ({d.marked_met_on.isoformat()}).", obliged, None
    if row.due_at != d.due_at:  # extended for this party alone: its filing is timely until its own date
        d = copy(d)
        d.due_at, d.due_on = row.due_at, local_date(row.due_at, d.zone)
    answer, _ = _answer(d, events, objections, {party.pk}, set())
    objection_id = _meeting_objection(d, mine)
    if answer is not None and answer.in_time:
        return PartyStatus.MET, f"Filed on {answer.on.isoformat()}.", obliged, objection_id
    if moot:
        return PartyStatus.NOT_APPLICABLE, moot, obliged, None
    if answer is not None:
        return PartyStatus.MISSED, f"Filed late, on {answer.on.isoformat()}.", obliged, objection_id
    if now <= row.due_at:
        return PartyStatus.OPEN, "", obliged, None
    return (
        owed_by.lapsed(obliged=obliged),
        law.lapsed(code=d.code, target_only=False, obliged=obliged).note,
        obliged,
        None,
    )
