"""The import's write: one COPY on PostgreSQL, one executemany on SQLite (challenges/copy_write.py). The rows
and their history rows are those the bulk_create path writes, a refusal from the database is still Django's
(409), and a failure at any point leaves nothing written."""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import IntegrityError, connection
from rest_framework.test import APIClient

from challenges import copy_write, csv_import, history, notices, services
from challenges.models import BOARD_AGENT, Challenge
from core.models import Notification
from tests.challenges.conftest import import_url, new_election
from tests.conftest import FrozenClock, World

pytestmark = pytest.mark.django_db


def only_postgres(test: Callable[..., None]) -> Callable[..., None]:
    skip = pytest.mark.skipif(connection.vendor != "postgresql", reason="a sequence is PostgreSQL's")
    return pytest.mark.postgres(skip(test))


def ledger(world: World, count: int) -> list[dict[str, object]]:
    """``count`` good rows, every kind of challenger in turn."""
    challengers: list[object] = [world.union.pk, "Amazon.com Services LLC", BOARD_AGENT]
    return [
        {
            "voter_name": f"Voter {n:05d}",
            "voter_identifier": f"E{n:05d}",
            "job_classification": "Picker",
            "challenged_by": challengers[n % len(challengers)],
            "ground": "supervisor" if n % 2 else "outside_unit",
        }
        for n in range(1, count + 1)
    ]


def written(election: Any) -> list[dict[str, Any]]:
    """Every column of the election's challenges but the id and the election, in id order."""
    skip = {"id", "election_id"}
    return [
        {f.attname: getattr(c, f.attname) for f in Challenge._meta.concrete_fields if f.attname not in skip}
        for c in Challenge.objects.filter(election=election).order_by("pk")
    ]


def history_of(election: Any) -> list[dict[str, Any]]:
    model: Any = Challenge.history.model
    skip = {"id", "election_id", "history_id"}
    names = [f.attname for f in model._meta.concrete_fields if f.attname not in skip]
    return list(model.objects.filter(election_id=election.pk).order_by("id").values(*names))


def test_the_copy_writes_every_column_and_history_row_that_bulk_create_writes(
    world: World, frozen_clock: FrozenClock, monkeypatch: pytest.MonkeyPatch
) -> None:
    frozen_clock.at("2021-04-12")
    rows = [
        # What COPY's text format must escape: tab, newline, backslash, and a literal \N (not NULL).
        {"voter_name": "Ann O\\Brien", "challenged_by": world.union.pk, "ground": "guard",
         "reason": "Tab\there;\r\nnew line; back\\slash; \\N; «ünïcode» ﬃ"},
        # No identifier: the voter key is the name, folded (what save() derives).
        {"voter_name": "  Bob   ÉLAN  ", "voter_identifier": "", "challenged_by": "board_agent",
         "ground": "not_on_list", "job_classification": "Process   Assistant"},
        *ledger(world, 30),
    ]  # fmt: skip
    data = csv_import.to_csv(rows)
    second = new_election(world.case, 2, ["RWDSU"])

    copied = services.challenges_import(election=world.election, data=data, actor=world.staff, synthetic=True)
    monkeypatch.setattr(copy_write, "available", lambda: False)
    created = services.challenges_import(election=second, data=data, actor=world.staff, synthetic=True)

    assert written(world.election) == written(second)
    assert history_of(world.election) == history_of(second)
    assert len(written(second)) == len(history_of(second)) == 32
    for challenge in Challenge.objects.filter(election=world.election):  # as save() derives it
        assert challenge.voter_key == Challenge.key_for(
            voter_name=challenge.voter_name, voter_identifier=challenge.voter_identifier
        )
    assert Challenge.objects.get(election=world.election, voter_name="Bob ÉLAN").voter_key == "bob élan"
    assert Challenge.objects.get(election=world.election, voter_name="Ann O\\Brien").reason == (
        "Tab\there;\r\nnew line; back\\slash; \\N; «ünïcode» ﬃ"
    )
    assert (copied.count, copied.by_challenger(), copied.by_ground()) == (
        created.count,
        created.by_challenger(),
        created.by_ground(),
    )


def test_sqlite_ids_follow_the_highest_ever_given_not_the_highest_left(world: World) -> None:
    """SQLite's AUTOINCREMENT never gives an id twice, even one whose row is gone; nor does the import."""
    if connection.vendor != "sqlite":
        pytest.skip("sqlite_sequence is SQLite's")
    first = services.challenges_import(
        election=world.election, data=csv_import.to_csv(ledger(world, 3)), actor=world.staff
    )
    last = max(c.pk for c in first.challenges)
    with connection.cursor() as cursor:  # a row gone (never through the tracker): its id stays used
        cursor.execute(f"DELETE FROM {Challenge.history.model._meta.db_table} WHERE id = %s", [last])
        cursor.execute(f"DELETE FROM {Challenge._meta.db_table} WHERE id = %s", [last])
    second = new_election(world.case, 2, ["RWDSU"])
    rows = [{**row, "voter_identifier": f"X{n}"} for n, row in enumerate(ledger(world, 2))]
    again = services.challenges_import(election=second, data=csv_import.to_csv(rows), actor=world.staff)
    assert [c.pk for c in again.challenges] == [last + 1, last + 2]


def test_ids_follow_the_file_and_the_summary_counts_them(world: World) -> None:
    seen: list[tuple[str, int, int]] = []
    data = csv_import.to_csv(ledger(world, 5))

    result = services.challenges_import(
        election=world.election,
        data=data,
        actor=world.staff,
        progress=lambda phase, done, total: seen.append((phase, done, total)),
    )

    stored = list(
        Challenge.objects.filter(election=world.election).order_by("pk").values_list("pk", "voter_name")
    )
    assert [(c.pk, c.row.voter_name) for c in result.challenges] == stored
    assert [name for _, name in stored] == [f"Voter {n:05d}" for n in range(1, 6)]
    assert result.by_challenger() == {str(world.union.pk): 1, str(world.employer.pk): 2, BOARD_AGENT: 2}
    assert result.by_ground() == {"supervisor": 3, "outside_unit": 2}
    assert seen[-1] == ("writing", 5, 5)
    for challenge in Challenge.objects.filter(election=world.election):  # as save() derives it
        assert challenge.voter_key == Challenge.key_for(
            voter_name=challenge.voter_name, voter_identifier=challenge.voter_identifier
        )


@only_postgres
def test_ids_drawn_out_of_step_are_still_each_rows_own(world: World) -> None:
    """Another session drawing from the sequence meanwhile leaves gaps in the ids drawn; a step of 2
    leaves the same gaps, deterministically. Every id still names its row, and its history row."""
    with connection.cursor() as cursor:
        cursor.execute("SELECT pg_get_serial_sequence(%s, 'id')", [Challenge._meta.db_table])
        (sequence,) = cursor.fetchone()
        cursor.execute(f"ALTER SEQUENCE {sequence} INCREMENT BY 2")  # undone with the test's transaction

    result = services.challenges_import(
        election=world.election, data=csv_import.to_csv(ledger(world, 5)), actor=world.staff
    )

    stored = list(
        Challenge.objects.filter(election=world.election).order_by("pk").values_list("pk", "voter_name")
    )
    assert [(c.pk, c.row.voter_name) for c in result.challenges] == stored
    assert {b - a for (a, _), (b, _) in pairwise(stored)} == {2}
    assert sorted(Challenge.history.values_list("id", flat=True)) == [pk for pk, _ in stored]


def test_a_refusal_on_the_last_line_of_a_long_file_writes_nothing(world: World) -> None:
    rows = ledger(world, 2_500)
    rows[-1] = {**rows[-1], "ground": "supervisr"}

    with pytest.raises(services.ImportRejected) as refused:
        services.challenges_import(election=world.election, data=csv_import.to_csv(rows), actor=world.staff)

    assert refused.value.errors == [
        f"line 2501, ground: 'supervisr' is not one of {', '.join(Challenge.Ground.values)}"
    ]
    assert (Challenge.objects.count(), Challenge.history.count(), Notification.objects.count()) == (0, 0, 0)


@pytest.mark.django_db(transaction=True)
def test_a_failure_after_the_rows_and_history_are_written_leaves_nothing(
    world: World, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The import is the outermost transaction here (no test transaction around it): a failure once the
    rows and their history rows are in (here, writing the notices) rolls every one of them back."""
    copied: list[int] = []
    record_created = history.record_created

    def record_and_count(**kwargs: Any) -> int:
        copied.append(Challenge.objects.filter(election=world.election).count())
        return record_created(**kwargs)

    def fail(*args: Any) -> None:
        raise RuntimeError("the outbox is unavailable")

    monkeypatch.setattr(history, "record_created", record_and_count)
    monkeypatch.setattr(notices, "batch_imported", fail)

    with pytest.raises(RuntimeError):
        services.challenges_import(
            election=world.election, data=csv_import.to_csv(ledger(world, 300)), actor=world.staff
        )

    assert copied == [300]  # the rows were written when the history was
    assert (Challenge.objects.count(), Challenge.history.count(), Notification.objects.count()) == (0, 0, 0)


def test_a_refusal_by_the_database_inside_the_copy_is_a_409_and_writes_nothing(
    world: World, as_staff: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Were a duplicate voter to pass the checks, the table's constraint refuses it during the COPY (or the
    executemany); the refusal is Django's IntegrityError (the 409 of core/api/errors.py), not the driver's
    (a 500)."""
    parse = csv_import.parse

    def parse_twice(*args: Any, **kwargs: Any) -> list[csv_import.CsvRow]:
        rows = parse(*args, **kwargs)
        return rows + rows[:1]

    monkeypatch.setattr(csv_import, "parse", parse_twice)
    data = csv_import.to_csv(ledger(world, 3))

    with pytest.raises(IntegrityError):
        services.challenges_import(election=world.election, data=data, actor=world.staff)
    response = as_staff.post(
        import_url(world.election),
        {"file": SimpleUploadedFile("ledger.csv", data, content_type="text/csv")},
        format="multipart",
    )

    assert response.status_code == 409, response.content
    assert (Challenge.objects.count(), Challenge.history.count()) == (0, 0)
