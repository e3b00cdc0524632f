"""Log a batch of challenges from a CSV file (``challenges_import``): the file checked whole, the rows
written in bulk with their history, one notice for the batch.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from django.db import transaction

from challenges import copy_write, csv_import, history, notices
from challenges.models import Challenge
from challenges.services._shared import _check_room_in_tally, _may_log_for
from core import clock
from core.actors import Actor, acting_user
from core.errors import NotPermitted, RuleViolation
from elections.models import Election

BULK_BATCH = 2_000


@dataclass(frozen=True)
class ImportedChallenge:
    """A challenge an import wrote: its id and the row it came from. The import's answer and its notice
    read no more than this; a model instance per row cost some 0.1 s of a 0.6 s 10,000-row import."""

    pk: int
    election_id: int
    row: csv_import.CsvRow

    @property
    def challenged_by_id(self) -> int | None:
        return self.row.challenger.party_id

    @property
    def challenger_code(self) -> int | str:
        return self.row.challenger.code

    @property
    def challenger_name(self) -> str:
        return self.row.challenger.name

    @property
    def ground(self) -> str:
        return self.row.ground


@dataclass
class ImportResult:
    election: Election
    challenges: list[ImportedChallenge] = field(default_factory=list)

    @property
    def count(self) -> int:
        return len(self.challenges)

    def by_challenger(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for challenge in self.challenges:
            counts[str(challenge.challenger_code)] += 1
        return dict(counts)

    def by_ground(self) -> dict[str, int]:
        counts: dict[str, int] = defaultdict(int)
        for challenge in self.challenges:
            counts[challenge.ground] += 1
        return dict(counts)


class ImportRejected(RuleViolation):
    """The file was refused; ``errors`` name the line and column of each problem (400 on ``file``)."""

    def __init__(self, errors: list[str]) -> None:
        super().__init__("file", "; ".join(errors[:3]))
        self.errors = errors


@transaction.atomic
def challenges_import(
    *,
    election: Election,
    data: bytes,
    actor: Actor,
    progress: csv_import.Progress | None = None,
    synthetic: bool = False,
    notify_parties: bool = True,
) -> ImportResult:
    """Import a CSV file of challenged ballots: every row, or none (``ImportRejected`` lists each error).

    Two queries validate the whole file (the parties of the case, the voters already challenged); the
    rows are written in the same transaction by one COPY on PostgreSQL, one executemany on SQLite
    (``copy_write``), and their history rows by one INSERT … SELECT. One notice per counsel summarises the import."""
    election = Election.objects.select_for_update(of=("self",)).select_related("case").get(pk=election.pk)
    case = election.case
    allowed = _may_log_for(actor, case)
    existing = dict(Challenge.objects.live().filter(election=election).values_list("voter_key", "pk"))
    try:
        rows = csv_import.parse(
            data,
            parties={p.pk: p.name for p in case.parties.all()},
            case_number=case.number,
            existing=existing,
            own_party_ids=allowed,
            progress=progress,
        )
    except csv_import.CsvRejected as exc:
        raise ImportRejected(exc.errors) from None
    except csv_import.CsvForbidden as exc:
        raise NotPermitted(str(exc)) from None
    _check_room_in_tally(election, adding=len(rows), actor=actor)
    ids = _bulk_log(election, rows, actor=actor, synthetic=synthetic, progress=progress)
    created = [
        ImportedChallenge(pk=pk, election_id=election.pk, row=row) for pk, row in zip(ids, rows, strict=True)
    ]
    if notify_parties:
        notices.batch_imported(case, election.sequence, created)
    return ImportResult(election=election, challenges=created)


def _bulk_log(
    election: Election,
    rows: list[csv_import.CsvRow],
    *,
    actor: Actor,
    synthetic: bool,
    progress: csv_import.Progress | None,
) -> list[int]:
    """Write the rows and their history rows; the ids, in the order of the rows."""
    user = acting_user(actor)
    now = clock.now()
    if copy_write.available():
        # One COPY (PostgreSQL) or executemany (SQLite), the columns every row shares prepared once
        # (challenges/copy_write.py).
        template = Challenge(election=election, synthetic=synthetic, logged_by=user)
        ids = copy_write.write(template, rows, progress=progress)
    else:
        ids = _bulk_create(election, rows, user=user, synthetic=synthetic, progress=progress)
    if ids:
        history.record_created(
            election_id=election.pk,
            first_id=min(ids),
            last_id=max(ids),
            user=user,
            when=now,
            reason="imported",
        )
    return ids


def _bulk_create(
    election: Election,
    rows: list[csv_import.CsvRow],
    *,
    user: Any,
    synthetic: bool,
    progress: csv_import.Progress | None,
) -> list[int]:
    objects = [
        Challenge(
            election=election,
            voter_name=row.voter_name,
            voter_identifier=row.voter_identifier,
            voter_key=row.voter_key,  # bulk_create skips save(), which derives it
            job_classification=row.job_classification,
            challenged_by_id=row.challenger.party_id,
            ground=row.ground,
            reason=row.reason,
            synthetic=synthetic,
            logged_by=user,
        )
        for row in rows
    ]
    ids: list[int] = []
    for start in range(0, len(objects), BULK_BATCH):
        ids.extend(c.pk for c in Challenge.objects.bulk_create(objects[start : start + BULK_BATCH]))
        if progress is not None:
            progress("writing", len(ids), len(objects))
    return ids
