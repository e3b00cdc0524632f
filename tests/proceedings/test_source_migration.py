"""Deadlines stored before the source tiers ("computed") get the tier of their figure, or "inferred" where
the figure changed with the 2023 text; order-set dates stop claiming to be verified (migration 0003)."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

# The other branches' elections 0004s stay applied (the merge migration 0005 joins them): name them too, so
# the historical models match the tables.
BEFORE = [
    ("proceedings", "0002_list_order_indexes"),
    ("elections", "0004_law_election_agreement"),
    ("elections", "0004_import_public_record"),
    ("elections", "0004_faults_notification_idempotency"),
]
AFTER = [("proceedings", "0003_law_deadline_source_tier")]


@pytest.mark.django_db(transaction=True)
def test_stored_computed_deadlines_get_the_tier_of_their_figure() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    case = apps.get_model("elections", "Case").objects.create(
        number="10-RC-400900",
        region=10,
        case_type="RC",
        name="X",
        petition_filed_on=date(2024, 2, 1),
        rule_set="2023",
    )
    election = apps.get_model("elections", "Election").objects.create(case=case, sequence=1, choices=["U"])
    Deadline = apps.get_model("proceedings", "Deadline")
    moment = datetime(2025, 6, 1, tzinfo=UTC)

    def row(code: str, source: str, verified: bool) -> int:
        return int(
            Deadline.objects.create(
                case=case,
                election=election,
                code=code,
                label=code,
                due_on=moment.date(),
                due_at=moment,
                zone="America/New_York",
                trigger="tally",
                trigger_on=moment.date(),
                rule_set="2023",
                explanation="x",
                verified=verified,
                source=source,
            ).pk
        )

    ids = {
        "objections": row("objections", "computed", True),  # 5 business days then and now: CFR
        "exceptions": row("exceptions", "computed", False),  # was 14 days: the stored date is not the CFR's
        "hearing": row("hearing", "order", True),
    }
    executor = MigrationExecutor(connection)
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    Deadline = apps.get_model("proceedings", "Deadline")
    got = {code: Deadline.objects.values_list("source", "verified").get(pk=pk) for code, pk in ids.items()}
    assert got == {
        "objections": ("cfr", True),
        "exceptions": ("inferred", False),
        "hearing": ("order", False),
    }
    executor = MigrationExecutor(connection)
    executor.migrate(executor.loader.graph.leaf_nodes())
