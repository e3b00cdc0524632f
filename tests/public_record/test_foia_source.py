"""The NLRB's FOIA tallies (JSON) as a second source of ``import_nlrb``: a hand-built file field by field,
the agency's flags audited, the re-run; and the bundled FY 2017-2018 release against figures counted
independently from the file."""

from __future__ import annotations

import json
import statistics
from datetime import date
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command

from elections.models import Case, Election, Party
from public_record.importer import import_public_record
from stats.models import StageFigure
from stats.refresh import figures_refresh

pytestmark = pytest.mark.django_db
SAMPLE = (
    Path(__file__).resolve().parents[2] / "public_record" / "samples" / "nlrb-foia-tallies-fy2017-2018.json"
)


def _tally(case: str, **fields: Any) -> dict[str, Any]:
    return {
        "case": case,
        "category": "Single Labor Organization",
        "type": "Initial",
        "unit": "A",
        "mode": "Manual",
        "tally_date": "2017-11-07",
        "filed": "2017-10-02",
        "eligible": 50,
        "void": 0,
        "unions": [["Teamsters Local 50", 20]],
        "against": 10,
        "challenged": 0,
        "determinative": None,
        "runoff": None,
        "certify": None,
    } | fields


@pytest.fixture
def foia_file(tmp_path: Path) -> Path:
    tallies = [
        # Two unions on the ballot; 12 challenged ballots against a lead of 2 (14 - 12): determinative, as
        # the agency says; then the revised tally after the challenges were opened.
        _tally(
            "10-RC-400001",
            category="Two Labor Organizations",
            unions=[["UNITE HERE  Local 23", 14], ["Teamsters Local 728", 3]],
            against=12,
            challenged=12,
            determinative="Y",
        ),
        _tally(
            "10-RC-400001",
            category="Revised Two Labor Orgs",
            tally_date="2017-12-01",
            unions=[["UNITE HERE Local 23", 20], ["Teamsters Local 728", 3]],
            against=13,
            certify="UNITE HERE Local 23",
        ),
        # A decertification: 20 for the union, 10 against, no challenged ballots; the agency typed "Y" for
        # determinative challenges (wrong: nothing is unopened).
        _tally("19-RD-400002", determinative="Y", certify="Teamsters Local 50"),
    ]
    path = tmp_path / "foia.json"
    path.write_text(json.dumps(tallies))
    return path


def test_a_foia_file_lands_field_by_field(foia_file: Path) -> None:
    out = StringIO()
    call_command("import_nlrb", str(foia_file), stdout=out, stderr=StringIO())
    case = Case.objects.get(number="10-RC-400001")
    assert case.petition_filed_on == date(2017, 10, 2)
    assert case.status == Case.Status.CLOSED and case.closed_on is None
    assert "FOIA" in case.name
    assert sorted(case.parties.values_list("role", "name")) == [
        (Party.Role.INTERVENOR, "Teamsters Local 728"),
        (Party.Role.PETITIONER, "UNITE HERE Local 23"),
    ]
    (election,) = case.elections.all()
    assert (election.kind, election.voting_unit, election.count_on) == ("initial", "A", date(2017, 11, 7))
    assert election.choices == ["UNITE HERE Local 23", "Teamsters Local 728"]
    tallies = list(
        election.tallies.order_by("revision").values_list("revision", "votes_for", "votes_against")
    )
    assert tallies == [
        (0, {"UNITE HERE Local 23": 14, "Teamsters Local 728": 3}, 12),
        (1, {"UNITE HERE Local 23": 20, "Teamsters Local 728": 3}, 13),
    ]
    rd = Case.objects.get(number="19-RD-400002")
    assert list(rd.parties.values_list("role", flat=True)) == [Party.Role.INCUMBENT_UNION]
    report = out.getvalue()
    assert "2 imported" in report
    # The agency's "Y" on the RD tally is audited against the arithmetic (no challenged ballots).
    assert "challenges_are_determinative" in report and "19-RD-400002" in report


def test_running_a_foia_file_again_adds_nothing(foia_file: Path) -> None:
    call_command("import_nlrb", str(foia_file), stdout=StringIO(), stderr=StringIO())
    out = StringIO()
    call_command("import_nlrb", str(foia_file), stdout=out, stderr=StringIO())
    assert "0 imported, 0 updated, 2 unchanged" in out.getvalue()
    assert Election.objects.count() == 2


def test_a_json_file_that_is_not_the_foia_tallies_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.json"
    path.write_text(json.dumps([{"case": "10-RC-1"}]))
    out = StringIO()
    with pytest.raises(Exception, match="lacks category"):
        call_command("import_nlrb", str(path), stdout=out, stderr=StringIO())
    assert Case.objects.count() == 0


def test_the_bundled_release_gives_the_figures_counted_from_the_file_alone() -> None:
    """Checked from outside: the file read with nothing of the tracker — each case's earliest Initial tally,
    days from its petition — and the quartiles by the standard library's inclusive (linear) method."""
    report = import_public_record(str(SAMPLE))
    figures_refresh()
    failed = {number for number, _ in report.failures}
    first: dict[str, tuple[date, date]] = {}
    for tally in json.loads(SAMPLE.read_text()):
        if tally["type"] != "Initial" or tally["case"] in failed:
            continue
        day, filed = date.fromisoformat(tally["tally_date"]), date.fromisoformat(tally["filed"])
        if tally["case"] not in first or day < first[tally["case"]][0]:
            first[tally["case"]] = (day, filed)
    days = [(day - filed).days for day, filed in first.values()]
    q1, median, q3 = statistics.quantiles(days, n=4, method="inclusive")
    row = StageFigure.objects.get(
        stage="petition_to_tally", region=None, fiscal_year=None, rule_set=None, case_type=None
    )
    assert (row.n, row.q1_days, row.median_days, row.q3_days) == (len(days), q1, median, q3)
    # Region 10 in fiscal year 2018 (tallies from 2017-10-01 to 2018-09-30), counted the same way.
    region_10 = [
        (day - filed).days
        for number, (day, filed) in first.items()
        if number.startswith("10-") and date(2017, 10, 1) <= day <= date(2018, 9, 30)
    ]
    q1, median, q3 = statistics.quantiles(region_10, n=4, method="inclusive")
    row = StageFigure.objects.get(
        stage="petition_to_tally", region=10, fiscal_year=2018, rule_set=None, case_type=None
    )
    assert (row.n, row.q1_days, row.median_days, row.q3_days) == (len(region_10), q1, median, q3)
