"""Objections stored with their own copy of the due date (before migrations 0005–0006) get the tally they
answered: the tally of ballots, or the revised tally whose period the stored date is (102.69(e)). After the
migration the due date reads the same from that tally, and the history rows point at it too."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor
from django.db.migrations.loader import MigrationLoader

from objections.law.deadlines import objections_deadline
from objections.models import Objection

EASTERN = ZoneInfo("America/New_York")
STORED = ("objections", "0004_integrity_offer_of_proof_provenance")


def _others() -> list[tuple[str, str]]:
    """Every other app's latest migration: only the objections are taken back."""
    leaves = MigrationLoader(connection).graph.leaf_nodes()
    return [leaf for leaf in leaves if leaf[0] != "objections"]


@pytest.mark.django_db(transaction=True)
def test_stored_due_dates_become_the_tally_each_objection_answered() -> None:
    before = [*_others(), STORED]
    executor = MigrationExecutor(connection)
    executor.migrate(before)
    apps = executor.loader.project_state(before).apps
    case = apps.get_model("elections", "Case").objects.create(
        number="10-RC-400901",
        region=10,
        case_type="RC",
        name="X",
        petition_filed_on=date(2024, 2, 1),
        rule_set="2023",
    )
    election = apps.get_model("elections", "Election").objects.create(case=case, sequence=1, choices=["U"])
    party = apps.get_model("elections", "Party").objects.create(case=case, role="union", name="U")
    Tally = apps.get_model("elections", "Tally")
    ballots = Tally.objects.create(
        election=election,
        revision=0,
        prepared_at=datetime(2024, 3, 4, 12, tzinfo=EASTERN),
        votes_for={"U": 10},
        votes_against=12,
        challenged=5,
    )
    revised = Tally.objects.create(
        election=election,
        revision=1,
        prepared_at=datetime(2024, 3, 20, 12, tzinfo=EASTERN),
        votes_for={"U": 13},
        votes_against=14,
    )
    original_due = objections_deadline(
        rule_set="2023", region=10, tally_prepared_at=ballots.prepared_at
    ).due_at
    revised_due = objections_deadline(
        rule_set="2023", region=10, tally_prepared_at=revised.prepared_at, revised=True
    ).due_at
    assert original_due is not None and revised_due is not None and original_due != revised_due
    StoredObjection = apps.get_model("objections", "Objection")
    History = apps.get_model("objections", "HistoricalObjection")

    def stored(number: int, filed_at: datetime, due_at: datetime | None) -> int:
        row = StoredObjection.objects.create(
            election=election,
            filed_by=party,
            number=number,
            category="other",
            statement="x",
            filed_at=filed_at,
            due_at=due_at,
            due_explanation="stored",
            timely=True,
        )
        fields: dict[str, Any] = {
            f.attname: getattr(row, f.attname) for f in StoredObjection._meta.concrete_fields
        }
        History.objects.create(**fields, history_date=filed_at, history_type="+")
        return int(row.pk)

    # A filing in the tally's period, with a revised tally made *before* it: still the tally of ballots'.
    in_ballots_period = stored(1, datetime(2024, 3, 6, 10, tzinfo=EASTERN), original_due)
    in_revised_period = stored(2, datetime(2024, 3, 22, 10, tzinfo=EASTERN), revised_due)
    no_deadline = stored(3, datetime(2024, 3, 8, 10, tzinfo=EASTERN), None)

    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())

    answered = dict(Objection.objects.values_list("pk", "answers_tally_id"))
    assert answered == {in_ballots_period: ballots.pk, in_revised_period: revised.pk, no_deadline: ballots.pk}
    history = dict(Objection.history.values_list("id", "answers_tally_id"))
    assert history == answered
    read = {o.pk: o.due_at for o in Objection.objects.select_related("election__case", "answers_tally")}
    assert read[in_ballots_period] == original_due
    assert read[in_revised_period] == revised_due
