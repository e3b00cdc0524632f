"""CSV import of challenged ballots: through the API and the management command; all rows or none."""

from __future__ import annotations

import io
from pathlib import Path
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from challenges import csv_import
from challenges.models import Challenge
from tests.challenges.conftest import import_url, log
from tests.conftest import World

pytestmark = pytest.mark.django_db

HEADER = "voter_name,voter_identifier,job_classification,challenged_by,ground,reason\r\n"


def upload(client: APIClient, world: World, content: bytes | str, name: str = "ledger.csv") -> Any:
    data = content.encode("utf-8") if isinstance(content, str) else content
    return client.post(
        import_url(world.election),
        {"file": SimpleUploadedFile(name, data, content_type="text/csv")},
        format="multipart",
    )


def test_staff_import_every_row_with_ids_names_and_the_board_agent(world: World, as_staff: APIClient) -> None:
    content = (
        HEADER
        + f"Ann Able,E1,Picker,{world.union.pk},supervisor,Leads the line\r\n"
        + "Bob Baker,E2,Stower,Amazon.com Services LLC,outside_unit,\r\n"
        + 'Cy Cole,E3,"Process Assistant, nights",board_agent,not_on_list,"Not on the list;\r\nenvelope unsigned"\r\n'
    )

    response = upload(as_staff, world, content)

    assert response.status_code == 201, response.data
    assert response.json() == {
        "election": world.election.pk,
        "imported": 3,
        "by_challenger": {str(world.union.pk): 1, str(world.employer.pk): 1, "board_agent": 1},
        "by_ground": {"supervisor": 1, "outside_unit": 1, "not_on_list": 1},
    }
    rows = list(
        Challenge.objects.order_by("pk").values_list("voter_name", "challenged_by_id", "job_classification")
    )
    assert rows == [
        ("Ann Able", world.union.pk, "Picker"),
        ("Bob Baker", world.employer.pk, "Stower"),
        ("Cy Cole", None, "Process Assistant, nights"),
    ]
    assert Challenge.objects.get(voter_name="Cy Cole").reason == "Not on the list;\r\nenvelope unsigned"
    # History for the bulk write: one "created" row per challenge, naming the importer.
    history = Challenge.history.order_by("id")
    assert [(h.history_type, h.history_user_id) for h in history] == [("+", world.staff.pk)] * 3


def test_a_file_with_a_byte_order_mark_and_shuffled_optional_columns_imports(
    world: World, as_union: APIClient
) -> None:
    content = "\ufeffground,challenged_by,voter_name\n" + "supervisor,RWDSU,Dee Dunn\n"

    response = upload(as_union, world, content)

    assert response.status_code == 201, response.data
    challenge = Challenge.objects.get()
    assert (challenge.voter_name, challenge.challenged_by_id, challenge.logged_by) == (
        "Dee Dunn",
        world.union.pk,
        world.union_counsel,
    )


def test_every_error_is_named_by_line_and_column_and_nothing_is_written(
    world: World, as_staff: APIClient
) -> None:
    existing = log(world, "Old Voter", voter_identifier="E9")
    content = (
        HEADER
        + f"Ann Able,E1,Picker,{world.union.pk},supervisor,\r\n"  # line 2: fine
        + "Bob Baker,E2,Stower,Amazon,supervisr,\r\n"  # line 3: two errors
        + " ,E3,Stower,board_agent,guard,\r\n"  # line 4: blank name
        + "Ann Able,E1,Picker,board_agent,guard,\r\n"  # line 5: duplicate of line 2
        + "Old Voter,E9,Picker,board_agent,guard,\r\n"  # line 6: already challenged
        + "Too,Few,Fields\r\n"  # line 7
        + f"Other Case,E7,Picker,{world.other_case.parties.get().pk},guard,\r\n"  # line 8
    )

    response = upload(as_staff, world, content)

    assert response.status_code == 400
    grounds = ", ".join(Challenge.Ground.values)
    parties = f"{world.union.pk} 'RWDSU', {world.employer.pk} 'Amazon.com Services LLC'"
    assert response.json() == {
        "file": [
            f"line 3, ground: 'supervisr' is not one of {grounds}",
            f"line 3, challenged_by: 'Amazon' is not a party to 10-RC-269250; give one of {parties} or 'board_agent'",
            "line 4, voter_name: is required and may not be blank",
            "line 5, voter_identifier: 'E1' is already challenged on line 2",
            f"line 6, voter_identifier: 'E9' already has a live challenge in this election (challenge {existing.pk})",
            "line 7: 3 fields where the header has 6 columns",
            f"line 8, challenged_by: party {world.other_case.parties.get().pk} is not a party to 10-RC-269250",
        ]
    }
    assert list(Challenge.objects.all()) == [existing]


def test_a_near_miss_on_a_party_name_suggests_the_exact_name(world: World, as_staff: APIClient) -> None:
    response = upload(as_staff, world, "voter_name,challenged_by,ground\nAnn,R.W.D.S.U.,guard\n")

    assert response.status_code == 400
    assert "(did you mean 'RWDSU'?)" in response.json()["file"][0]


def test_a_party_name_differing_only_in_case_and_spacing_is_that_party(
    world: World, as_staff: APIClient
) -> None:
    response = upload(as_staff, world, "voter_name,challenged_by,ground\nAnn,  rwdsu ,guard\n")

    assert response.status_code == 201, response.content
    assert Challenge.objects.get(voter_name="Ann").challenged_by_id == world.union.pk


@pytest.mark.parametrize(
    ("content", "message"),
    [
        (b"", "The submitted file is empty."),
        (b"voter_name,challenged_by,ground\r\n", "the file has a header row but no challenges"),
        (b"voter_name,challenged_by\nAnn,board_agent\n", "line 1: missing column ground"),
        (
            b"voter_name,challenged_by,ground,colour\nAnn,board_agent,guard,red\n",
            "line 1: unknown column 'colour'; the columns are voter_name, voter_identifier, "
            "job_classification, challenged_by, ground, reason",
        ),
        (
            b"voter_name,challenged_by,ground\nJos\xe9,board_agent,guard\n",
            "line 2: the file is not UTF-8 text",
        ),
        (b'voter_name,challenged_by,ground\n"Ann,board_agent,guard\n', "line 2: the file is not valid CSV"),
        (b"voter_name,challenged_by,ground\nA\x00n,board_agent,guard\n", "line 2: the file is not valid CSV"),
    ],
)
def test_a_malformed_file_is_a_400_on_file(
    world: World, as_staff: APIClient, content: bytes, message: str
) -> None:
    response = upload(as_staff, world, content)

    assert response.status_code == 400
    assert response.json()["file"][0].startswith(message), response.json()


def test_a_request_without_a_file_is_a_400(world: World, as_staff: APIClient) -> None:
    response = as_staff.post(import_url(world.election), {}, format="multipart")

    assert response.status_code == 400
    assert list(response.json()) == ["file"]


def test_a_file_over_the_size_limit_is_refused_before_it_is_read(world: World, as_staff: APIClient) -> None:
    row = "Synthetic Voter,,,board_agent,other," + "x" * 1000 + "\n"
    content = HEADER + row * (csv_import.MAX_FILE_BYTES // len(row) + 1)

    response = upload(as_staff, world, content)

    assert response.status_code == 400
    assert response.json() == {"file": ["the file is 5.0 MB; the limit is 5 MB"]}


def test_a_file_over_the_row_limit_is_refused(
    world: World, as_staff: APIClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(csv_import, "MAX_ROWS", 3)
    content = HEADER + "".join(f"V{i},,,board_agent,other,\r\n" for i in range(4))

    response = upload(as_staff, world, content)

    assert response.status_code == 400
    assert response.json() == {"file": ["the file has more than 3 rows; split it into smaller files"]}


def test_thousands_of_errors_are_capped_in_the_answer(world: World, as_staff: APIClient) -> None:
    content = HEADER + "".join(f"V{i},,,board_agent,bogus,\r\n" for i in range(300))

    response = upload(as_staff, world, content)

    errors = response.json()["file"]
    assert len(errors) == csv_import.MAX_ERRORS_SHOWN + 1
    assert errors[-1] == "… and 100 more errors (300 in all)"


def test_counsel_importing_rows_in_another_partys_name_is_a_403_and_nothing_is_written(
    world: World, as_union: APIClient
) -> None:
    content = HEADER + "Ann,E1,,RWDSU,guard,\r\n" + "Bob,E2,,Amazon.com Services LLC,guard,\r\n"

    response = upload(as_union, world, content)

    assert response.status_code == 403
    assert response.json() == {
        "detail": "Counsel may import challenges only in their own party's name; 1 row (line 3) name "
        "another challenger (Amazon.com Services LLC)."
    }
    assert not Challenge.objects.exists()


def test_paralegals_strangers_and_anonymous_callers_cannot_import(
    world: World, as_paralegal: APIClient, as_stranger: APIClient, api: APIClient
) -> None:
    content = HEADER + "Ann,E1,,RWDSU,guard,\r\n"

    assert upload(as_paralegal, world, content).status_code == 403
    assert upload(as_stranger, world, content).status_code == 404
    assert upload(api, world, content).status_code == 401
    assert not Challenge.objects.exists()


def test_the_command_imports_with_a_progress_bar(world: World, tmp_path: Path) -> None:
    path = tmp_path / "ledger.csv"
    path.write_text(HEADER + "".join(f"V{i},E{i},,board_agent,other,\r\n" for i in range(1500)))
    out = io.StringIO()

    call_command("import_challenges", str(world.election.pk), str(path), "--as", "agent", stdout=out)

    assert Challenge.objects.filter(logged_by=world.staff).count() == 1500
    text = out.getvalue()
    assert "\rchecking [####################..........]   1,000/1,500" in text
    assert "\rwriting  [##############################]   1,500/1,500" in text
    assert f"Imported 1,500 challenges into {world.election}" in text


def test_the_command_prints_every_error_and_imports_nothing(world: World, tmp_path: Path) -> None:
    path = tmp_path / "ledger.csv"
    path.write_text(HEADER + "V1,,,board_agent,bogus,\r\nV2,,,nobody,other,\r\n")
    err = io.StringIO()

    with pytest.raises(CommandError, match="nothing imported \\(2 errors listed above\\)"):
        call_command("import_challenges", str(world.election.pk), str(path), stdout=io.StringIO(), stderr=err)

    assert err.getvalue().splitlines()[0].startswith("line 2, ground: 'bogus' is not one of")
    assert not Challenge.objects.exists()


def test_the_command_applies_the_permissions_of_the_user_it_acts_as(world: World, tmp_path: Path) -> None:
    path = tmp_path / "ledger.csv"
    path.write_text(HEADER + "V1,,,Amazon.com Services LLC,other,\r\n")

    with pytest.raises(CommandError, match="only in their own party's name"):
        call_command(
            "import_challenges", str(world.election.pk), str(path), "--as", "ucounsel", stdout=io.StringIO()
        )
    with pytest.raises(CommandError, match="No election 999"):
        call_command("import_challenges", "999", str(path))


def test_the_history_rows_of_an_import_are_those_simple_history_would_write(
    world: World, as_staff: APIClient
) -> None:
    content = HEADER + f"Ann Able,E1,Picker,{world.union.pk},supervisor,Leads the line\r\n"
    upload(as_staff, world, content)
    challenge = Challenge.objects.get()
    written = challenge.history.get()

    expected = Challenge.history.model(
        history_type="+",
        history_user=world.staff,
        history_change_reason="imported",
        **{f.attname: getattr(challenge, f.attname) for f in Challenge.history.model.tracked_fields},
    )

    for field in Challenge.history.model.tracked_fields:
        assert getattr(written, field.attname) == getattr(expected, field.attname), field.name
    assert (written.history_type, written.history_user, written.history_change_reason) == (
        "+",
        world.staff,
        "imported",
    )
    assert abs((written.history_date - challenge.logged_at).total_seconds()) < 5
    assert written.instance == challenge
