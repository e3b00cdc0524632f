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
from notes.exports import EXTRAS, guard
from tests.conftest import World
from tests.factories import record_tally
from tests.notes.conftest import Noted

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
    assert (row["voter_name"], row["challenged_by_name"], row["case"], row["election_sequence"]) == (
        "J. Doe",
        "RWDSU",
        "10-RC-269250",
        "1",
    )
    # As the API shows them: the party's id and the election's id, their names beside them.
    assert (row["challenged_by"], row["election"]) == (str(world.union.pk), str(world.election.pk))
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


# --- the columns are what the API shows the caller (issue 20) ----------------------------------------------

API_OF = {
    "challenges": "/api/v1/challenges/?case=10-RC-269250",
    "objections": "/api/v1/objections/?case=10-RC-269250",
    "deadlines": "/api/v1/deadlines/?case=10-RC-269250",
    "timeline": "/api/v1/cases/10-RC-269250/timeline/",
    "notes": "/api/v1/notes/?case=10-RC-269250",
}
ON_THE_CASE = ["staff", "union_counsel", "employer_counsel", "paralegal"]


def signed_in(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def csv_of(client: APIClient, kind: str) -> list[list[str]]:
    response = client.get(f"{BASE}{kind}.csv")
    assert response.status_code == 200
    return list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))


@pytest.mark.parametrize("role", ON_THE_CASE)
@pytest.mark.parametrize("kind", API_OF)
def test_each_export_has_exactly_the_columns_the_api_shows_that_caller_and_named_extras(
    noted: Noted, kind: str, role: str
) -> None:
    client = signed_in(getattr(noted.world, role))
    answer = client.get(API_OF[kind]).json()
    records = answer["results"] if isinstance(answer, dict) else answer
    assert records, f"the API shows {role} no {kind}: nothing to compare"
    header, *lines = csv_of(client, kind)
    # A date-time column names the office's zone; the field is the API's.
    fields = [name.removesuffix(f" ({EASTERN})") for name in header]
    assert fields == list(records[0]) + EXTRAS[kind]
    assert len(lines) == len(records)


def test_counsel_objections_export_holds_no_field_the_api_does_not_show_them(noted: Noted) -> None:
    for role in ("union_counsel", "paralegal", "employer_counsel"):
        header, *lines = csv_of(signed_in(getattr(noted.world, role)), "objections")
        assert lines
        for hidden in (
            "recorded_by",
            "created_at",
            "updated_at",
            "answers_tally",
            "offer_of_proof_extended_until",
        ):
            assert not [h for h in header if h == hidden or h.startswith(f"{hidden} (")], (role, hidden)
        assert noted.world.union_counsel.username not in {cell for line in lines for cell in line}


def test_the_named_extras_are_labels() -> None:
    assert EXTRAS == {
        "challenges": ["ground_label", "status_label"],
        "objections": [],
        "deadlines": ["party_name"],
        "timeline": [],
        "notes": [],
    }


@pytest.mark.parametrize(
    "accept", ["text/csv", "text/csv; charset=utf-8", "text/csv, application/json;q=0.5"]
)
def test_an_export_asked_for_as_text_csv_is_served(world: World, as_union: APIClient, accept: str) -> None:
    log(world)
    response = as_union.get(f"{BASE}challenges.csv", HTTP_ACCEPT=accept)
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert len(rows(response)) == 1


def test_a_refused_export_asked_for_as_text_csv_says_why_in_csv(
    world: World, as_stranger: APIClient, api: APIClient
) -> None:
    missing = as_stranger.get(f"{BASE}challenges.csv", HTTP_ACCEPT="text/csv")
    assert (missing.status_code, missing["Content-Type"]) == (404, "text/csv; charset=utf-8")
    assert missing.content.decode().splitlines()[0] == "detail"
    assert api.get(f"{BASE}challenges.csv", HTTP_ACCEPT="text/csv").status_code == 401
