"""A small public record in labordata's schema: the cases the importer's tests read."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.public_record.nlrb_files import NlrbFile

MULTI = "10-RC-300001"  # two voting units, two unions, a runoff, a revised tally, a rerun
THREE = "05-RC-300002"  # three unions, a runoff the agency did not flag
BROKEN = "07-RC-300003"  # a rerun with no election before it in the record: imported, the gap flagged
UNFAIR = "10-CA-300004"  # not a representation case


def sample() -> NlrbFile:
    f = NlrbFile()
    f.case(
        MULTI,
        "Acme  Widgets, Inc.",
        "11/20/2020",
        status="Closed",
        date_closed="2021-06-01",
        reason_closed="Certific. of Representative",
        last_checked_at="2024-06-01 03:00:00",
    )
    f.unit_sought(MULTI, "All  full-time and regular   part-time production employees")
    f.participant(
        MULTI, "Acme Widgets, Inc.", "Employer", "Employer", "1 Main St, Atlanta, GA", "404-555-0100"
    )
    f.participant(
        MULTI,
        "Jane Roe\nRoe & Partners LLP",
        "Employer",
        "Legal Representative",
        "200 Peachtree St, Atlanta, GA",
        "404-555-0111",
    )
    f.participant(MULTI, "Teamsters  Local  50", "Petitioner", "Union", "5 Union Sq", "")
    f.participant(MULTI, "John Doe\nUnion Law Group", "Petitioner", "Legal Representative", "9 Elm St", "")
    f.participant(MULTI, "TEAMSTERS LOCAL 50", "Union", "Union")
    f.participant(MULTI, "UAW  Local 1", "Intervenor", "Union")
    f.participant(MULTI, "Pat Smith", "Involved Party", "Additional Service")
    f.participant(MULTI, "Acme Staffing LLC", "Involved Party", "Employer")
    unit_a = f.voting_unit(MULTI, "A", "Production")
    unit_b = f.voting_unit(MULTI, "B", "Maintenance")
    f.tally(
        MULTI,
        unit_a,
        "2021-01-10",
        {"Teamsters  Local 50": 40, "UAW Local 1": 35, "No union": 30},
        ballot_type="Two Labor Organizations",
        unit_size=110,
        runoff="Y",
        determinative="N",
    )
    f.tally(
        MULTI,
        unit_a,
        "02/15/2021",
        {"TEAMSTERS LOCAL 50": 60, "uaw local 1": 45},
        tally_type="Run-off",
        ballot_type="Two Labor Organizations",
        unit_size=110,
        certify="Teamsters Local 50",
        runoff="N",
    )
    f.tally(
        MULTI,
        unit_b,
        "01/10/2021",
        {"Teamsters Local 50": 10, "No union": 12},
        unit_size=30,
        void=1,
        challenged=5,
        determinative="N",
        runoff="N",
    )
    f.tally(
        MULTI,
        unit_b,
        "2021-03-01",
        {"Teamsters  Local 50": 13, "No Union": 14},
        ballot_type="Revised Single Labor Org",
        unit_size=30,
        void=1,
        determinative="N",
        runoff="N",
    )
    f.tally(
        MULTI,
        unit_b,
        "05/01/2021",
        {"Teamsters Local 50": 20, "No union": 10},
        tally_type="Rerun",
        unit_size=30,
        certify="Teamsters Local 50",
        determinative="N",
        runoff="N",
    )
    f.docket(
        MULTI, "11/20/2020", "RC Petition", "Teamsters Local 50", "https://apps.nlrb.gov/link/document.aspx/1"
    )
    f.docket(MULTI, "2021-01-10", "Tally of Ballots", "NLRB - Region 10")
    f.docket(MULTI, "2021-06-01", "Certification of Representative", "Regional Director")

    f.case(THREE, "Three  Unions Hospital", "2022-03-01")
    f.participant(THREE, "Three Unions Hospital", "Employer", "Employer")
    for name in ("SEIU 1199", "Nurses United", "AFSCME Council 5"):
        f.participant(THREE, name, "Union", "Union")
    unit = f.voting_unit(THREE, "A")
    f.tally(
        THREE,
        unit,
        "2022-05-02",
        {"SEIU 1199": 30, "Nurses United": 30, "AFSCME  Council 5": 20, "No union": 25},
        ballot_type="Three Labor Organizations",
        unit_size=120,
        runoff="N",
        determinative="N",
    )
    f.docket(THREE, "2022-05-02", "Objections", "SEIU 1199")
    f.docket(THREE, "2022-05-02", "Objections", "SEIU 1199")

    f.case(BROKEN, "Broken Records Co.", "2021-02-01")
    f.participant(BROKEN, "Broken Records Co.", "Employer", "Employer")
    unit = f.voting_unit(BROKEN, "A")
    f.tally(BROKEN, unit, "2021-04-01", {"Steelworkers": 5, "No union": 9}, tally_type="Rerun")

    f.case(UNFAIR, "Acme Widgets, Inc.", "2021-07-01")
    return f


@pytest.fixture
def nlrb_db(tmp_path: Path) -> Path:
    return sample().write_db(tmp_path / "nlrb.db")


@pytest.fixture
def nlrb_csv(tmp_path: Path) -> Path:
    return sample().write_csv(tmp_path / "nlrb-csv")
