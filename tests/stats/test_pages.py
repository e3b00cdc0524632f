"""The pictures (/expect/), the outlook on the desk's case page, and the refresh after an import."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from public_record.services import import_file
from stats import charts
from stats.models import Refresh, StageFigure
from stats.refresh import figures_refresh
from stats.selectors import running_long
from tests.stats import record

pytestmark = pytest.mark.django_db


def signed_in(user: Any) -> Client:
    user.save()
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def figures(world: Any) -> None:
    record.build()
    figures_refresh()


def test_a_box_is_drawn_from_its_quartiles() -> None:
    # Axis to 60 days over 360 - 44 - 12 = 304 units from x = 44: q1 15 -> 120, q3 45 -> 272, median 30 -> 196.
    svg = charts.boxes("Petition to tally", [charts.Box("R10", 15, 30, 45, 8)])
    assert '<rect x="120.0" y="23" width="152.0"' in svg
    assert '<rect x="195.0" y="21" width="2"' in svg
    assert "<script" not in svg and 'viewBox="0 0 360 ' in svg


def test_the_pictures_stand_beside_their_tables(figures: None, world: Any) -> None:
    assert Client().get("/expect/").status_code == 302  # sign in first
    page = signed_in(world.union_counsel).get("/expect/").content.decode()
    assert "<script" not in page
    section = page.split('id="stage-petition_to_tally"')[1].split("</section>")[0]
    assert section.count("<svg") == 2  # by Region, by fiscal year
    # Region 10's row of the table: 6 cases, q1 22.5, median 35, q3 47.5 (tests/stats/test_refresh.py).
    assert re.search(r"<th scope=\"row\">10</th><td>6</td><td>22.5</td><td>35</td><td>47.5</td>", section)
    assert "region=each&amp;format=csv" in section


def test_the_csv_link_answers_csv(figures: None, world: Any) -> None:
    response = signed_in(world.union_counsel).get(
        "/api/v1/stats/stages/?stage=petition_to_tally&region=each&format=csv"
    )
    assert response.status_code == 200
    assert response.content.decode().splitlines()[1:] == [
        "petition_to_tally,1,,,,5,7.0,6.0,8.0",
        "petition_to_tally,10,,,,6,35.0,22.5,47.5",
    ]


def test_the_desk_case_page_shows_the_outlook(figures: None, world: Any, frozen_clock: Any) -> None:
    # Bessemer: petition 2020-11-20; on 2021-01-04 it is day 45 (10 + 31 + 4).
    frozen_clock.at("2021-01-04")
    page = signed_in(world.union_counsel).get("/desk/cases/10-RC-269250/").content.decode()
    assert "What to expect" in page
    assert "Day 45 since the petition filed" in page
    assert (
        "half the cases like this one went from there to the next step (petition_to_election) by day 35"
        in page
    )


def test_an_import_that_wrote_cases_refreshes_the_figures(
    tmp_path: Path, django_capture_on_commit_callbacks: Any
) -> None:
    sample = (
        Path(__file__).resolve().parents[2]
        / "public_record"
        / "samples"
        / "nlrb-foia-tallies-fy2017-2018.json"
    )
    with django_capture_on_commit_callbacks(execute=True):
        import_file(path=str(sample), numbers=["10-RC-187957", "10-RC-190253"])
    assert Refresh.objects.count() == 1
    with django_capture_on_commit_callbacks(execute=True):
        import_file(path=str(sample), numbers=["10-RC-187957", "10-RC-190253"])
    assert Refresh.objects.count() == 1  # nothing changed: no refresh
    assert StageFigure.objects.count() == 0  # two cases: fewer than five, no figure


def test_staff_see_their_regions_open_cases_running_long(
    figures: None, world: Any, frozen_clock: Any
) -> None:
    # Bessemer (Region 10) stands at its petition of 2020-11-20; Region 10's third quartile from the petition
    # is 47.5 days (both next stages). 2021-01-04 is day 45: not yet; 2021-01-07 is day 48: running long.
    frozen_clock.at("2021-01-04")
    assert [r.case.number for r in running_long(10)] == []
    frozen_clock.at("2021-01-07")
    assert [(r.case.number, r.days_in_stage) for r in running_long(10)] == [("10-RC-269250", 48)]
    # Region 1's open cases stand at their tallies of 2018-03-01, far past the national third quartile from
    # the tally to a closing (11.75 days: Region 1 has no closed case), the one next stage with a figure.
    assert sorted(r.case.number for r in running_long(1)) == [
        "01-RC-200011",
        "01-RC-200012",
        "01-RC-200013",
        "01-RC-200014",
        "34-RC-200015",
    ]
    page = signed_in(world.staff).get("/expect/running-long/?region=10").content.decode()
    assert "10-RC-269250" in page and "<script" not in page
    assert signed_in(world.union_counsel).get("/expect/running-long/").status_code == 302
