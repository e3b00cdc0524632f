"""``manage.py import_nlrb``: hand-built nlrb.db files and CSV folders in labordata's schema, every field that
lands, the re-run, the all-or-nothing case, the refused file, and the report."""

from __future__ import annotations

import csv
import sqlite3
from datetime import date
from io import StringIO
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from elections import services
from elections.models import Appearance, Case, Counsel, Election, Party, Tally
from proceedings.models import Deadline, DeadlineParty, DocketEntry
from proceedings.selectors import case_timeline
from public_record.models import ImportedCase
from tests.factories import CaseFactory, StaffFactory
from tests.public_record.conftest import BROKEN, MULTI, THREE, UNFAIR, sample
from tests.public_record.nlrb_files import NlrbFile

pytestmark = pytest.mark.django_db
EASTERN = ZoneInfo("America/New_York")


def run(path: Path, *args: str) -> str:
    out = StringIO()
    call_command("import_nlrb", str(path), *args, stdout=out, stderr=StringIO())
    return out.getvalue()


def snapshot() -> dict[str, Any]:
    """Everything the importer writes, in a comparable form."""
    return {
        "cases": sorted(
            (
                c.number,
                c.name,
                c.petition_filed_on,
                c.status,
                c.closed_on,
                c.closing_reason,
                c.unit_description,
            )
            for c in Case.objects.all()
        ),
        "parties": sorted((p.case.number, p.role, p.name) for p in Party.objects.select_related("case")),
        "counsel": sorted(
            (c.party.name, c.name, c.firm, c.address, c.phone)
            for c in Counsel.objects.select_related("party")
        ),
        "elections": sorted(
            (
                e.case.number,
                e.sequence,
                e.kind,
                e.voting_unit,
                tuple(e.choices),
                e.count_on,
                e.approx_eligible_voters,
            )
            for e in Election.objects.select_related("case")
        ),
        "tallies": sorted(
            (
                t.election.case.number,
                t.election.sequence,
                t.revision,
                t.prepared_at,
                tuple(t.votes_for.items()),
                t.votes_against,
                t.void,
                t.challenged,
            )
            for t in Tally.objects.select_related("election__case")
        ),
        "docket": sorted(
            (d.case.number, d.filed_on, d.document, d.actor, d.url, d.key)
            for d in DocketEntry.objects.select_related("case")
        ),
    }


def test_a_multi_unit_case_lands_field_by_field(nlrb_db: Path) -> None:
    users_before = get_user_model().objects.count()
    run(nlrb_db)

    case = Case.objects.get(number=MULTI)
    assert (case.name, case.petition_filed_on, case.region, case.case_type) == (
        "Acme Widgets, Inc.",
        date(2020, 11, 20),
        10,
        "RC",
    )
    assert (case.status, case.closed_on, case.closing_reason) == (
        "certified",
        date(2021, 6, 1),
        "Certific. of Representative",
    )
    assert case.unit_description == "All full-time and regular part-time production employees"
    assert ImportedCase.objects.get(case=case).snapshot == "2024-06-01 03:00:00"

    # Each party once (the union typed twice is one party), other types kept, service rows and counsel are not
    # parties.
    assert [(p.role, p.name) for p in case.parties.order_by("id")] == [
        ("employer", "Acme Widgets, Inc."),
        ("petitioner", "Teamsters Local 50"),
        ("intervenor", "UAW Local 1"),
        ("involved_party", "Acme Staffing LLC"),
    ]
    counsel = {c.party.name: c for c in Counsel.objects.filter(party__case=case).select_related("party")}
    assert set(counsel) == {"Acme Widgets, Inc.", "Teamsters Local 50"}
    roe = counsel["Acme Widgets, Inc."]
    assert (roe.name, roe.firm, roe.address, roe.phone, roe.source) == (
        "Jane Roe",
        "Roe & Partners LLP",
        "200 Peachtree St, Atlanta, GA",
        "404-555-0111",
        "public_record",
    )
    doe = counsel["Teamsters Local 50"]
    assert (doe.name, doe.firm, doe.address, doe.phone) == ("John Doe", "Union Law Group", "9 Elm St", "")
    # Counsel of record are never users, and nobody gains an appearance.
    assert get_user_model().objects.count() == users_before
    assert not Appearance.objects.filter(party__case=case).exists()

    elections = list(case.elections.order_by("sequence"))
    assert [
        (e.sequence, e.voting_unit, e.kind, e.choices, e.count_on, e.approx_eligible_voters)
        for e in elections
    ] == [
        (1, "A", "initial", ["Teamsters Local 50", "UAW Local 1"], date(2021, 1, 10), 110),
        (2, "B", "initial", ["Teamsters Local 50"], date(2021, 1, 10), 30),
        (3, "A", "runoff", ["Teamsters Local 50", "UAW Local 1"], date(2021, 2, 15), 110),
        (4, "B", "rerun", ["Teamsters Local 50"], date(2021, 5, 1), 30),
    ]
    figures = [
        (
            t.election.sequence,
            t.revision,
            t.prepared_at.astimezone(EASTERN).date(),
            t.votes_for,
            t.votes_against,
            t.void,
            t.challenged,
        )
        for t in Tally.objects.filter(election__case=case)
        .select_related("election")
        .order_by("election__sequence", "revision")
    ]
    assert figures == [
        (1, 0, date(2021, 1, 10), {"Teamsters Local 50": 40, "UAW Local 1": 35}, 30, 0, 0),
        (2, 0, date(2021, 1, 10), {"Teamsters Local 50": 10}, 12, 1, 5),
        (2, 1, date(2021, 3, 1), {"Teamsters Local 50": 13}, 14, 1, 0),
        (3, 0, date(2021, 2, 15), {"Teamsters Local 50": 60, "UAW Local 1": 45}, 0, 0, 0),
        (4, 0, date(2021, 5, 1), {"Teamsters Local 50": 20}, 10, 0, 0),
    ]
    # The tracker's own arithmetic, not the agency's flags.
    results = [
        (t.assessment.result, t.assessment.winner, t.assessment.challenges_determinative)
        for t in Tally.objects.filter(election__case=case).order_by("election__sequence", "revision")
    ]
    assert results == [
        ("runoff_required", None, False),
        ("undetermined", None, True),
        ("no_representative", None, False),
        ("representative", "Teamsters Local 50", False),
        ("representative", "Teamsters Local 50", False),
    ]
    # A closed case's periods have all run: its tallies set no deadlines.
    assert not Deadline.objects.filter(case=case).exists()


def test_three_unions_and_an_open_case_get_their_runoff_and_objections_period(nlrb_db: Path) -> None:
    run(nlrb_db)
    case = Case.objects.get(number=THREE)
    assert case.name == "Three Unions Hospital" and case.status == "open" and case.closed_on is None
    election = case.elections.get()
    assert election.choices == ["SEIU 1199", "Nurses United", "AFSCME Council 5"]
    tally = election.tallies.get()
    assert tally.votes_for == {"SEIU 1199": 30, "Nurses United": 30, "AFSCME Council 5": 20}
    assert tally.votes_against == 25
    assert tally.assessment.result == "runoff_required"
    assert tally.assessment.runoff_choices == ("SEIU 1199", "Nurses United")
    # The tally went through the same service as the API's: it opened the objections period.
    assert Deadline.objects.filter(case=case, code="objections", trigger_tally=tally).exists()


def test_the_public_docket_lands_on_the_timeline_marked_as_the_public_record(nlrb_db: Path) -> None:
    run(nlrb_db)
    case = Case.objects.get(number=MULTI)
    docket = [item for item in case_timeline(case) if item["kind"] == "docket"]
    assert [
        (i["at"], i["details"]["document"], i["details"]["actor"], i["details"]["url"]) for i in docket
    ] == [
        ("2020-11-20", "RC Petition", "Teamsters Local 50", "https://apps.nlrb.gov/link/document.aspx/1"),
        ("2021-01-10", "Tally of Ballots", "NLRB - Region 10", None),
        ("2021-06-01", "Certification of Representative", "Regional Director", None),
    ]
    assert all(
        i["details"]["public_record"] is True and i["source"]["type"] == "public_record" for i in docket
    )
    assert docket[0]["title"] == "RC Petition — Teamsters Local 50"
    # Two identical lines of one day are two lines.
    assert DocketEntry.objects.filter(case__number=THREE, document="Objections").count() == 2


def test_a_csv_folder_imports_exactly_what_the_db_file_does(nlrb_db: Path, nlrb_csv: Path) -> None:
    run(nlrb_db)
    from_db = snapshot()
    for model in (DeadlineParty, Deadline, DocketEntry, Tally, Election, Counsel, Party, ImportedCase):
        model.objects.all().delete()
    Case.objects.all().delete()
    run(nlrb_csv)
    assert snapshot() == from_db
    assert from_db["cases"]  # a comparison of two empty imports would prove nothing


def test_running_again_adds_nothing_and_says_so(nlrb_db: Path) -> None:
    run(nlrb_db)
    first = snapshot()
    histories = Tally.history.count(), Party.history.count(), Case.history.count()
    out = run(nlrb_db)
    assert snapshot() == first
    assert (Tally.history.count(), Party.history.count(), Case.history.count()) == histories
    assert "cases:          0 imported, 0 updated, 3 unchanged, 1 skipped, 0 failed" in out
    assert "tallies:        0 imported, 0 updated, 7 unchanged, 0 skipped, 0 failed" in out


def test_a_changed_source_updates_what_changed_and_keeps_what_staff_edited(tmp_path: Path) -> None:
    f = sample()
    path = f.write_db(tmp_path / "nlrb.db")
    run(path)
    staff = StaffFactory(username="board-agent")
    case = Case.objects.get(number=MULTI)
    services.case_update(case=case, actor=staff, unit_description="Production employees (as stipulated)")

    # The next night's file: a new name, a new unit text, a new docket line, a revised tally, a new phone.
    f.tables["filing"][0]["name"] = "Acme Widgets Holdings, Inc."
    f.tables["filing"][0]["last_checked_at"] = "2024-06-02 03:00:00"
    f.tables["sought_unit"][0]["unit_sought"] = "All production employees"
    f.tables["tally"][0]["votes"] = 41  # the agency retyped a recorded tally
    f.docket(MULTI, "2021-06-05", "Letter", "Regional Director")
    f.participant(
        MULTI,
        "Jane Roe\nRoe & Partners LLP",
        "Employer",
        "Legal Representative",
        "200 Peachtree St, Atlanta, GA",
        "404-555-0199",
    )
    unit = f.tables["voting_unit"][-1]["voting_unit_id"]
    f.tally(
        THREE,
        unit,
        "06/01/2022",
        {"SEIU 1199": 31, "Nurses United": 30, "AFSCME Council 5": 20, "No union": 25},
        ballot_type="Revised Three Labor Orgs",
        unit_size=120,
    )
    out = run(f.write_db(path))

    case.refresh_from_db()
    assert case.name == "Acme Widgets Holdings, Inc."  # nobody had touched it: updated
    assert case.unit_description == "Production employees (as stipulated)"  # staff's edit stands
    assert (
        "kept     10-RC-300001 unit_description: tracker 'Production employees (as stipulated)', public "
        "record 'All production employees' (edited by staff)" in out
    )
    assert ImportedCase.objects.get(case=case).snapshot == "2024-06-02 03:00:00"
    assert DocketEntry.objects.filter(case=case).count() == 4
    assert Counsel.objects.get(party__case=case, name="Jane Roe").phone == "404-555-0199"
    revised = Tally.objects.get(election__case__number=THREE, revision=1)
    assert revised.votes_for == {"SEIU 1199": 31, "Nurses United": 30, "AFSCME Council 5": 20}
    first = Tally.objects.get(election__case=case, election__sequence=1, revision=0)
    assert first.votes_for == {"Teamsters Local 50": 40, "UAW Local 1": 35}
    assert "(a recorded tally is not rewritten: staff record a revised tally)" in out
    assert "cases:          0 imported, 2 updated, 1 unchanged" in out
    assert "tallies:        1 imported, 0 updated, 7 unchanged" in out
    assert "docket entries: 1 imported, 0 updated, 5 unchanged" in out


def test_a_case_staff_entered_is_not_overwritten_and_the_differences_are_reported(nlrb_db: Path) -> None:
    CaseFactory(number=MULTI, name="Acme Widgets", petition_filed_on=date(2020, 11, 20), unit_description="")
    out = run(nlrb_db, "--case", MULTI)
    case = Case.objects.get(number=MULTI)
    assert case.name == "Acme Widgets" and not case.elections.exists() and not case.parties.exists()
    assert "skipped  10-RC-300001: already on the tracker, entered by staff: not overwritten" in out
    assert "kept     10-RC-300001 name: tracker 'Acme Widgets', public record 'Acme Widgets, Inc.'" in out


def test_a_case_the_tracker_refuses_leaves_nothing_behind_and_the_others_land(
    nlrb_db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    tallies_add = services.tallies_add

    def refusing_broken_records(*, tallies: Any, **kwargs: Any) -> Any:
        batch = list(tallies)
        if any(election.case.number == BROKEN for election, _ in batch):
            raise services.RuleViolation("votes_for", "refused by the tally service")
        return tallies_add(tallies=batch, **kwargs)

    monkeypatch.setattr(services, "tallies_add", refusing_broken_records)
    out = run(nlrb_db)
    # The case row, its party and its election were written before its tally was refused: all rolled back.
    assert not Case.objects.filter(number=BROKEN).exists()
    assert not Party.objects.filter(name="Broken Records Co.").exists()
    assert not Case.history.filter(number=BROKEN).exists()
    assert "failed   07-RC-300003: votes_for: refused by the tally service" in out
    assert "skipped  10-CA-300004: not a representation case" in out
    assert set(Case.objects.values_list("number", flat=True)) == {MULTI, THREE}


def test_a_rerun_whose_earlier_election_the_record_lacks_is_imported_with_the_gap_flagged(
    nlrb_db: Path, tmp_path: Path
) -> None:
    """Issue 25: the record is what it is (04-RC-188396 holds a rerun and no earlier election)."""
    report = tmp_path / "report.csv"
    out = run(nlrb_db, "--case", BROKEN, "--report", str(report))
    (election,) = Election.objects.filter(case__number=BROKEN)
    assert (election.sequence, election.kind, election.choices) == (1, "rerun", ["Steelworkers"])
    assert list(election.tallies.values_list("revision", "votes_against")) == [(0, 9)]
    gap = (
        "unit A, rerun of 2021-04-01: the record holds no earlier election of the unit before this rerun: "
        "imported without it"
    )
    assert f"gap      {BROKEN}: {gap}" in out
    rows = list(csv.DictReader(report.open()))
    assert [(r["case"], r["reason"]) for r in rows if r["section"] == "gap"] == [(BROKEN, gap)]


def test_a_revised_tally_whose_original_the_record_lacks_is_imported_as_the_only_known_tally(
    tmp_path: Path,
) -> None:
    f = NlrbFile()
    number = f.case("13-RC-300010", "Lakeside Bakery", "2022-01-10")
    unit = f.voting_unit(number, "A")
    f.tally(
        number,
        unit,
        "2022-03-01",
        {"Bakers Local 1": 12, "No union": 9},
        ballot_type="Revised Single Labor Org",
    )
    out = run(f.write_db(tmp_path / "nlrb.db"))
    (election,) = Election.objects.filter(case__number=number)
    assert (election.kind, election.choices) == ("initial", ["Bakers Local 1"])
    (tally,) = election.tallies.all()
    assert (tally.revision, tally.votes_for, tally.votes_against) == (0, {"Bakers Local 1": 12}, 9)
    assert "cases:          1 imported, 0 updated, 0 unchanged, 0 skipped, 0 failed" in out
    assert (
        f"gap      {number}: unit A, initial, election_id 102 of 2022-03-01: a revised tally (Revised Single "
        "Labor Org) with no original tally before it in the record: imported as the only known tally of its "
        "election" in out
    )


def test_a_tally_the_tally_service_refuses_fails_its_whole_case(tmp_path: Path) -> None:
    f = sample()
    # A revised tally dated before the original: the same rule the API applies ("cannot be prepared before").
    unit = f.voting_unit(MULTI, "C")
    f.tally(MULTI, unit, "2021-04-01", {"Teamsters Local 50": 3, "No union": 1})
    f.tally(
        MULTI,
        unit,
        "2021-04-01",
        {"Teamsters Local 50": 3, "No union": 1, "Local 99": 2},
        ballot_type="Revised Two Labor Orgs",
    )
    out = run(f.write_db(tmp_path / "nlrb.db"))
    assert not Case.objects.filter(number=MULTI).exists()
    assert "failed   10-RC-300001: unit C, initial, election_id" in out
    assert "'Local 99' is not on the ballot of the original tally" in out
    assert Case.objects.filter(number=THREE).exists()


def test_the_report_lists_every_flag_the_arithmetic_contradicts_also_as_csv(
    nlrb_db: Path, tmp_path: Path
) -> None:
    report = tmp_path / "report.csv"
    out = run(nlrb_db, "--report", str(report))
    assert out.splitlines()[1:6] == [
        "  cases:          3 imported, 0 updated, 0 unchanged, 1 skipped, 0 failed",
        "  elections:      6 imported, 0 updated, 0 unchanged, 0 skipped, 0 failed",
        "  tallies:        7 imported, 0 updated, 0 unchanged, 0 skipped, 0 failed",
        "  docket entries: 5 imported, 0 updated, 0 unchanged, 0 skipped, 0 failed",
        "  agency flags that disagree with the arithmetic: 2 (challenges_are_determinative, runoff_required, "
        "union_to_certify)",
    ]
    rows = list(csv.DictReader(report.open()))
    flags = [
        (r["case"], r["field"], r["theirs"], r["ours"]) for r in rows if r["section"] == "flag_disagrees"
    ]
    assert sorted(flags) == [
        (THREE, "runoff_required", "N", "Y"),
        (MULTI, "challenges_are_determinative", "N", "Y"),
    ]
    tally_of = {r["case"]: r["tally"] for r in rows if r["section"] == "flag_disagrees"}
    assert tally_of[MULTI].startswith("unit B, initial, election_id ") and tally_of[MULTI].endswith(
        "revision 0"
    )
    assert [(r["case"], r["reason"]) for r in rows if r["section"] == "failed"] == []
    assert [r["case"] for r in rows if r["section"] == "gap"] == [BROKEN]
    assert [(r["case"], r["reason"]) for r in rows if r["section"] == "skipped"] == [
        (UNFAIR, "not a representation case")
    ]


def test_a_union_to_certify_the_arithmetic_does_not_elect_is_reported(tmp_path: Path) -> None:
    f = sample()
    number = f.case("12-RC-300009", "Sunshine Foods", "2023-01-05")
    unit = f.voting_unit(number, "A")
    f.tally(
        number,
        unit,
        "2023-02-01",
        {"UFCW  Local 1625": 20, "No union": 20},
        certify="UFCW Local 1625",
        runoff="N",
        determinative="N",
    )
    path = f.write_db(tmp_path / "nlrb.db")
    out = run(path, "--case", number)
    assert "union_to_certify theirs UFCW Local 1625, ours none (no_representative)" in out


def test_case_chooses_the_cases_and_dry_run_writes_nothing(nlrb_db: Path) -> None:
    out = run(nlrb_db, "--dry-run")
    assert out.startswith("DRY RUN — nothing written.")
    assert "cases:          3 imported" in out
    assert not Case.objects.exists() and not DocketEntry.objects.exists()

    run(nlrb_db, "--case", "05-rc-300002")
    assert list(Case.objects.values_list("number", flat=True)) == [THREE]


def test_since_takes_the_cases_the_source_changed_since_that_day(tmp_path: Path) -> None:
    """The nightly update: a case counts as changed when its filing row was updated or a row of it was
    added on or after the day (a new docket line leaves the filing row as it was); the filing date does
    not matter."""
    f = sample()
    for table in f.tables.values():
        for row in table:
            row["created_at"] = "2024-01-01 00:00:00"
    f.tables["filing"][1]["updated_at"] = "06/02/2024"  # THREE: the filing row itself changed
    f.docket(BROKEN, "2024-06-01", "Letter", "Regional Director")
    f.tables["docket"][-1]["created_at"] = "2024-06-02 03:00:00"  # BROKEN: a line added that night
    path = f.write_db(tmp_path / "nlrb.db")

    out = run(path, "--since", "2024-06-02")
    assert set(Case.objects.values_list("number", flat=True)) == {THREE, BROKEN}
    assert "2 cases read" in out.splitlines()[0]
    run(path, "--since", "2024-01-01")
    assert set(Case.objects.values_list("number", flat=True)) == {THREE, BROKEN, MULTI}


def test_a_case_not_in_the_file_is_an_error(nlrb_db: Path) -> None:
    with pytest.raises(CommandError, match="No case 10-RC-999999"):
        run(nlrb_db, "--case", "10-RC-999999")


@pytest.mark.parametrize("make", ["text", "other_db", "partial_db", "csv_missing", "nothing"])
def test_a_file_not_in_this_schema_is_refused_and_nothing_is_written(tmp_path: Path, make: str) -> None:
    path = tmp_path / "nlrb.db"
    expected = {
        "text": "is not an SQLite database",
        "other_db": "no table 'filing'",
        "partial_db": "table 'election' lacks tally_type",
        "csv_missing": "missing docket.csv",
        "nothing": "no such file or folder",
    }[make]
    if make == "text":
        path.write_text("case_number,name\n10-RC-1,Acme\n")
    elif make == "other_db":
        sqlite3.connect(path).execute("CREATE TABLE cases (number TEXT)")
    elif make == "partial_db":
        sample().write_db(path)
        db = sqlite3.connect(path)
        db.execute("ALTER TABLE election RENAME COLUMN tally_type TO kind")
        db.commit()
        db.close()
    elif make == "csv_missing":
        path = sample().write_csv(tmp_path / "csv")
        (path / "docket.csv").unlink()
    elif make == "nothing":
        path = tmp_path / "absent.db"
    with pytest.raises(CommandError, match=expected) as refused:
        run(path)
    assert refused.value.returncode == 1
    assert "Nothing was written" in str(refused.value)
    assert not Case.objects.exists()


def test_new_cases_written_together_land_exactly_as_case_by_case(nlrb_db: Path) -> None:
    # Both new and both sound: one transaction for the chunk.
    run(nlrb_db, "--case", MULTI, "--case", THREE)
    together = snapshot()
    for model in (DeadlineParty, Deadline, DocketEntry, Tally, Election, Counsel, Party, ImportedCase):
        model.objects.all().delete()
    Case.objects.all().delete()
    run(nlrb_db, "--case", MULTI)
    run(nlrb_db, "--case", THREE)
    assert snapshot() == together
    assert len(together["tallies"]) == 6


def test_the_batch_compares_party_names_as_party_create_does() -> None:
    """A name the public record spells with a full-width letter is the party staff typed plainly
    (``union_key``, NFKC): ``parties_add`` does not add it twice, as ``party_create`` would refuse it."""
    case = CaseFactory()
    staff_typed = services.party_create(case=case, role="union", name="Office Workers Union")
    parties = services.parties_add(parties=[(case, "union", "ＯＦＦＩＣＥ  Workers Union")])
    assert list(case.parties.values_list("name", flat=True)) == ["Office Workers Union"]
    assert parties[(case.pk, "office workers union")].pk == staff_typed.pk


def test_a_case_of_a_region_since_merged_keeps_its_number_and_its_office_clock(tmp_path: Path) -> None:
    """Issue 25: "Region 33 does not exist" refused a real Peoria case; it keeps 33-RC-… and Central time."""
    f = NlrbFile()
    number = f.case("33-RC-004567", "Caterpillar Parts Depot", "2011-03-01", status="Closed")
    unit = f.voting_unit(number, "A")
    f.tally(number, unit, "2011-04-20", {"Machinists Lodge 851": 40, "No union": 31})
    out = run(f.write_db(tmp_path / "nlrb.db"))
    assert "cases:          1 imported, 0 updated, 0 unchanged, 0 skipped, 0 failed" in out
    case = Case.objects.get(number=number)
    assert (case.region, case.office_zone, case.regional_office) == (33, "America/Chicago", "Peoria")
    (tally,) = Tally.objects.filter(election__case=case)
    assert (
        tally.prepared_at.astimezone(ZoneInfo("America/Chicago")).isoformat() == "2011-04-20T12:00:00-05:00"
    )
