"""``cases/{number}/export/{kind}.csv``: what the caller may read, in the office's zone, streamed, safe to open
in a spreadsheet."""

from __future__ import annotations

import csv
import io
from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from challenges import services as challenge_services
from challenges.models import Challenge
from notes.exports import guard
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db

BASE = "/api/v1/cases/10-RC-269250/export/"
EASTERN = "America/New_York"  # Region 10, Atlanta


def rows(response: Any) -> list[dict[str, str]]:
    assert response.streaming
    text = b"".join(response.streaming_content).decode()
    return list(csv.DictReader(io.StringIO(text)))


def log(world: World, **fields: Any) -> Challenge:
    values = {"voter_name": "J. Doe", "challenged_by": world.union.pk, "ground": "supervisor"} | fields
    return challenge_services.challenge_log(election=world.election, actor=world.union_counsel, **values)


def test_the_challenges_export_names_the_file_the_case_the_kind_and_the_office_date(
    world: World, as_paralegal: APIClient
) -> None:
    log(world)
    response = as_paralegal.get(f"{BASE}challenges.csv")
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    today = datetime.now(ZoneInfo(EASTERN)).date().isoformat()
    assert response["Content-Disposition"] == f'attachment; filename="10-RC-269250-challenges-{today}.csv"'
    (row,) = rows(response)
    assert (row["voter_name"], row["challenged_by"], row["case"], row["election"]) == (
        "J. Doe",
        "RWDSU",
        "10-RC-269250",
        "1",
    )
    assert "voter_key" not in row


def test_date_times_are_in_the_office_zone_and_say_so(world: World, as_union: APIClient) -> None:
    challenge = log(world)
    (row,) = rows(as_union.get(f"{BASE}challenges.csv"))
    local = challenge.logged_at.astimezone(ZoneInfo(EASTERN))
    assert row[f"logged_at ({EASTERN})"] == f"{local:%Y-%m-%d %H:%M} {local.tzname()}"
    assert local.tzname() in ("EST", "EDT")


def test_text_a_spreadsheet_would_run_as_a_formula_is_written_as_text(
    world: World, as_union: APIClient
) -> None:
    log(world, voter_name='=HYPERLINK("http://evil","x")', reason="+1+2", job_classification="@SUM(A1)")
    log(world, voter_name="-2+3", voter_identifier="E-2")
    first, second = rows(as_union.get(f"{BASE}challenges.csv"))
    assert first["voter_name"] == '\'=HYPERLINK("http://evil","x")'
    assert (first["reason"], first["job_classification"]) == ("'+1+2", "'@SUM(A1)")
    assert second["voter_name"] == "'-2+3"
    assert guard(-2) == -2 and guard("ok") == "ok"


@pytest.mark.parametrize("kind", ["challenges", "objections", "deadlines", "timeline", "notes"])
def test_every_kind_is_read_by_everyone_on_the_case_and_by_no_one_else(
    world: World,
    kind: str,
    as_staff: APIClient,
    as_union: APIClient,
    as_employer: APIClient,
    as_paralegal: APIClient,
    as_stranger: APIClient,
    api: APIClient,
) -> None:
    record_tally(world.election, yes=10, votes_against=12, challenged=1)
    log(world)
    for client in (as_staff, as_union, as_employer, as_paralegal):
        response = client.get(f"{BASE}{kind}.csv")
        assert response.status_code == 200
        header = next(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))
        assert header
    assert as_stranger.get(f"{BASE}{kind}.csv").status_code == 404
    assert api.get(f"{BASE}{kind}.csv").status_code == 401


def test_the_deadlines_and_timeline_exports_carry_their_records(world: World, as_union: APIClient) -> None:
    record_tally(world.election, yes=10, votes_against=12, challenged=1)
    deadlines = rows(as_union.get(f"{BASE}deadlines.csv"))
    assert "objections" in {d["code"] for d in deadlines}
    assert f"due_at ({EASTERN})" in deadlines[0]
    timeline = rows(as_union.get(f"{BASE}timeline.csv"))
    assert [t["kind"] for t in timeline][:2] == ["petition", "tally"]
    assert timeline[1][f"at ({EASTERN})"].endswith(("EST", "EDT"))


def test_an_unknown_kind_is_a_404(world: World, as_union: APIClient) -> None:
    assert as_union.get(f"{BASE}ballots.csv").status_code == 404


def test_ten_thousand_challenges_stream_from_one_query_read_in_chunks(
    world: World, as_union: APIClient
) -> None:
    Challenge.objects.bulk_create(
        Challenge(
            election=world.election,
            voter_name=f"Voter {i}",
            voter_key=f"v{i}",
            ground="supervisor",
            challenged_by=world.union,
        )
        for i in range(10_000)
    )
    with CaptureQueriesContext(connection) as captured:
        response = as_union.get(f"{BASE}challenges.csv")
        chunks = iter(response.streaming_content)
        header = next(chunks)
        before_rows = len(captured)
        lines = 1 + sum(1 for _ in chunks)
    assert b"voter_name" in header
    assert lines == 10_001
    # the rows are read while the response is sent, not before it: one query, fetched in chunks
    assert len(captured) == before_rows + 1
