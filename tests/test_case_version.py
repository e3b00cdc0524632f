"""``Case.version`` moves on every write under a case, in that write's transaction (core/case_version.py).

Held by construction: every table whose rows belong to a case carries the triggers. The first test finds the
tables under a case by their foreign keys (so a table added by a new app is found without anyone listing it)
and fails for one without the triggers; the second writes a row of each such table with plain SQL — no
service, no model — and sees its case's version move, and no other case's."""

from __future__ import annotations

import io
from datetime import UTC, date, datetime
from typing import Any

import pytest
from django.apps import apps
from django.core.management import call_command
from django.db import connection, models, transaction

from core.audience_version import trigger_name as audience_trigger_name
from core.case_version import CASE_TABLE, trigger_name
from elections.models import Case

# Under a case by a foreign key, yet not part of its record: no read of a case shows them.
NOT_THE_RECORD = {
    "core.Notification": "the notification outbox: delivery state, read by the worker, never by a case read",
    "proceedings.Reminder": "one person's reminder sent: delivery state, never shown by a case read",
}
# Part of the record, but not every reader of the case may read them: they reach a read's tag through an
# audience part computed for the caller (core.api.conditional.register_audience_part), not the case version.
BY_AUDIENCE = {
    "notes.Note": "a side's or staff's note must not move the other side's tag (issue 36, item 5)",
}


def _reaches_case(model: Any, seen: frozenset[Any] = frozenset()) -> bool:
    if model is Case:
        return True
    for field in model._meta.get_fields():
        if isinstance(field, models.ForeignKey | models.OneToOneField) and field.concrete:
            target = field.related_model
            if target is Case or (target not in seen and _reaches_case(target, seen | {model})):
                return True
    return False


def tables_under_a_case() -> list[Any]:
    """Every concrete model of ours (history tables aside: written with their record's row) whose foreign keys
    lead to a case, the tables Django makes for a many-to-many field among them (``Filing.served_on``)."""
    found = []
    for model in apps.get_models(include_auto_created=True):
        if model._meta.proxy or not model._meta.managed or model.__module__.startswith("django."):
            continue
        if model.__name__.startswith("Historical") or model._meta.label in NOT_THE_RECORD | BY_AUDIENCE:
            continue
        if model._meta.app_label in {"auth", "contenttypes", "sessions", "admin", "authtoken"}:
            continue
        if model is not Case and _reaches_case(model):
            found.append(model)
    return found


def _triggers() -> set[str]:
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute("SELECT tgname FROM pg_trigger WHERE NOT tgisinternal")
        else:
            cursor.execute("SELECT name FROM sqlite_master WHERE type = 'trigger'")
        return {row[0] for row in cursor.fetchall()}


@pytest.mark.django_db
def test_every_table_under_a_case_moves_its_version_on_insert_update_and_delete() -> None:
    models_found = tables_under_a_case()
    labels = {m._meta.label for m in models_found}
    # The finder itself can fail: it must see the tables we know are under a case.
    assert {
        "challenges.Challenge",
        "objections.Ruling",
        "filings.Filing_served_on",
    } <= labels
    present = _triggers()
    # A table read by audience has none: its triggers would move every reader's tag (issue 36, item 5).
    assert not {trigger_name("notes_note", op) for op in ("insert", "update", "delete")} & present
    # Nor does delivery state (a reminder sent): it would move every reader's tag for what none of them reads.
    assert not {trigger_name("proceedings_reminder", op) for op in ("insert", "update", "delete")} & present
    missing = [
        f"{m._meta.label} ({m._meta.db_table}): no {op} trigger"
        for m in models_found
        for op in ("insert", "update", "delete")
        if trigger_name(m._meta.db_table, op) not in present
    ]
    assert not missing, (
        "a table under a case without its version triggers: add CaseVersioned(<model>, <path to the case>) "
        "to its app's migration (core/case_version.py)\n" + "\n".join(missing)
    )
    assert trigger_name(CASE_TABLE, "own") in present


# What moves the audience versions the lists across cases are tagged with (core/audience_version.py): the case
# row (every write under a case reaches it through the triggers above), who appears where, and each table read
# by audience instead of by case.
AUDIENCE_MOVERS = {"elections.Case", "elections.Appearance", *BY_AUDIENCE}


@pytest.mark.django_db
def test_every_table_that_changes_a_list_across_cases_moves_the_audience_versions() -> None:
    present = _triggers()
    missing = [
        f"{label} ({apps.get_model(label)._meta.db_table}): no {op} audience trigger"
        for label in sorted(AUDIENCE_MOVERS)
        for op in ("insert", "update", "delete")
        if audience_trigger_name(apps.get_model(label)._meta.db_table, op) not in present
    ]
    # PostgreSQL fires one event's triggers by name: the case row is locked before any audience row.
    assert audience_trigger_name("elections_appearance", "insert") > trigger_name(
        "elections_appearance", "insert"
    )
    assert not missing, (
        "add AudienceVersioned(<model>, <who reads it>) to its app's migration (core/audience_version.py)\n"
        + "\n".join(missing)
    )


def _versions() -> dict[int, int]:
    return dict(Case.objects.values_list("pk", "version"))


def _case_of(row: Any) -> int:
    """The row's case, read through the ORM (not the triggers' SQL, which is what is tested)."""
    current: Any = row
    while not isinstance(current, Case):
        current = next(
            getattr(current, f.name)
            for f in current._meta.concrete_fields
            if isinstance(f, models.ForeignKey | models.OneToOneField)
            and getattr(current, f.attname) is not None
            and (f.related_model is Case or _reaches_case(f.related_model))
        )
    return int(current.pk)


def _fill_the_tables_the_demo_leaves_empty(case: Case) -> None:
    from notes.models import Note, Visibility
    from proceedings.models import Deadline, DocketEntry, Reminder
    from public_record.models import ImportedCase
    from tests.factories import StaffFactory

    staff = StaffFactory(username="trigger-writer")
    party = case.parties.first()
    assert party is not None
    if not Note.objects.exists():
        Note.objects.create(case=case, body="n", visibility=Visibility.STAFF, author=staff)
    if not Reminder.objects.exists():
        deadline = Deadline.objects.filter(case=case).first()
        assert deadline is not None
        Reminder.objects.create(deadline=deadline, user=staff, threshold=1, notification_key="k")
    if not DocketEntry.objects.exists():
        DocketEntry.objects.create(case=case, filed_on=date(2021, 4, 9), document="Tally", key="k")
    if not ImportedCase.objects.exists():
        ImportedCase.objects.create(case=case, fingerprint="f")
    if not apps.get_model("elections", "Counsel").objects.exists():
        apps.get_model("elections", "Counsel").objects.create(party=party, name="A. Lawyer")
    if not apps.get_model("elections", "RelatedCase").objects.exists():
        apps.get_model("elections", "RelatedCase").objects.create(case=case, number="10-CA-300001")
    Objection = apps.get_model("objections", "Objection")
    if not Objection.served_on.through.objects.exists():
        objection = Objection.objects.filter(election__case=case).first()
        assert objection is not None
        objection.served_on.add(party)
    Filing = apps.get_model("filings", "Filing")
    if not Filing.objects.exists():
        election = case.elections.first()
        assert election is not None
        at = datetime(2021, 4, 20, 15, tzinfo=UTC)
        filing = Filing.objects.create(
            case=case, election=election, kind="other", party=party, title="t", filed_at=at, received_at=at
        )
        filing.served_on.add(party)
        apps.get_model("filings", "Document").objects.create(
            filing=filing,
            title="d",
            file="documents/x.pdf",
            pages=1,
            bytes=1,
            sha256="0" * 64,
            uploaded_at=at,
        )


@pytest.mark.django_db
def test_a_plain_sql_write_of_any_table_under_a_case_moves_that_case_version_only() -> None:
    call_command("load_demo", stdout=io.StringIO())  # every app's rows, in two cases
    bessemer = Case.objects.get(number="10-RC-269250")
    _fill_the_tables_the_demo_leaves_empty(bessemer)
    empty = [m._meta.label for m in tables_under_a_case() if not m._default_manager.exists()]
    assert not empty, f"no row to write in {empty}: give the test one"
    for model in tables_under_a_case():
        row = model._default_manager.order_by("pk").first()
        case_id = _case_of(row)
        table, pk = model._meta.db_table, model._meta.pk.column
        before = _versions()
        with transaction.atomic(), connection.cursor() as cursor:
            cursor.execute(f"UPDATE {table} SET {pk} = {pk} WHERE {pk} = %s", [row.pk])
        after = _versions()
        moved = {c for c in after if after[c] != before[c]}
        assert moved == {case_id}, f"{model._meta.label}: an update moved {moved}, not case {case_id}"
        assert after[case_id] > before[case_id]


@pytest.mark.django_db
def test_a_save_from_an_older_copy_of_the_case_still_moves_its_version_forward(world: Any) -> None:
    stale = Case.objects.get(pk=world.case.pk)
    from tests.factories import PartyFactory

    PartyFactory(case=world.case, name="Intervenor")  # moves the version past the stale copy's
    moved_to = Case.objects.get(pk=world.case.pk).version
    assert moved_to > stale.version
    stale.name = "Amazon.com Services LLC (renamed)"
    stale.save()
    assert Case.objects.get(pk=world.case.pk).version == moved_to + 1


@pytest.mark.django_db(transaction=True)
def test_a_sqlite_table_rebuild_keeps_every_case_version_trigger() -> None:
    # A migration that adds a required field to objections makes SQLite rebuild the table (drop, rename):
    # without core.sqlite_backend the rename fails on the rulings' trigger, and the table's own are lost.
    if connection.vendor != "sqlite":
        pytest.skip("PostgreSQL alters tables in place")
    from objections.models import Objection

    before = _triggers()
    with connection.schema_editor() as editor:
        editor._remake_table(Objection)
    assert _triggers() == before
    assert trigger_name(Objection._meta.db_table, "update") in before
