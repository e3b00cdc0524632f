"""The CSV reader on its own: no database, every problem named by line and column."""

from __future__ import annotations

import string
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from challenges import csv_import
from challenges.csv_import import CsvForbidden, CsvRejected, parse, to_csv
from challenges.models import Challenge

PARTIES = {7: "RWDSU", 8: "Amazon.com Services LLC"}


def read(content: str, **extra: Any) -> list[csv_import.CsvRow]:
    return parse(content.encode("utf-8"), parties=PARTIES, case_number="10-RC-269250", existing={}, **extra)


def test_a_quoted_field_spanning_lines_keeps_the_line_numbers_of_later_rows_right() -> None:
    content = 'voter_name,challenged_by,ground,reason\nAnn,7,guard,"two\nlines"\nBob,8,bogus,\n'

    with pytest.raises(CsvRejected) as caught:
        read(content)

    assert caught.value.errors[0].startswith("line 4, ground: 'bogus' is not one of")


def test_blank_lines_and_trailing_empty_cells_are_ignored() -> None:
    rows = read("voter_name,challenged_by,ground\n\nAnn,7,guard,,\n,,\n")

    assert [(r.line, r.voter_name, r.challenger.party_id) for r in rows] == [(3, "Ann", 7)]


def test_ground_codes_and_the_board_agent_are_read_without_regard_to_case_and_spaces() -> None:
    (row,) = read("Voter_Name , CHALLENGED_BY,Ground\nAnn, Board_Agent , Supervisor \n")

    assert (row.ground, row.challenger.party_id, row.challenger.name) == ("supervisor", None, "Board agent")


def test_a_repeated_column_is_named() -> None:
    with pytest.raises(CsvRejected) as caught:
        read("voter_name,ground,ground,challenged_by\nAnn,guard,guard,7\n")

    assert caught.value.errors == ["line 1: column 'ground' appears more than once"]


def test_counsel_rows_in_other_names_are_listed_by_line() -> None:
    content = "voter_name,challenged_by,ground\n" + "".join(
        f"V{i},{8 if i % 2 else 7},guard\n" for i in range(30)
    )

    with pytest.raises(CsvForbidden) as caught:
        read(content, own_party_ids={7})

    assert caught.value.lines == list(range(3, 32, 2))
    assert "15 rows (line 3, 5, 7, 9, 11, 13, 15, 17, 19, 21 …) name another challenger" in str(caught.value)


def test_progress_is_reported_every_thousand_rows_and_at_the_end() -> None:
    calls: list[tuple[str, int, int]] = []
    content = "voter_name,challenged_by,ground\n" + "".join(f"V{i},7,guard\n" for i in range(2500))

    read(content, progress=lambda phase, done, total: calls.append((phase, done, total)))

    assert calls == [("checking", 1000, 2500), ("checking", 2000, 2500), ("checking", 2500, 2500)]


names = st.text(alphabet=string.ascii_letters + " .'-,\"éñ", min_size=1, max_size=40).filter(
    lambda s: s.strip()
)


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.tuples(
            names, st.sampled_from(["board_agent", 7, 8, "RWDSU"]), st.sampled_from(Challenge.Ground.values)
        ),
        min_size=1,
        max_size=20,
    )
)
def test_any_file_written_with_the_import_columns_reads_back_the_same(
    rows: list[tuple[str, object, str]],
) -> None:
    data = [
        {"voter_name": name, "voter_identifier": f"E{i}", "challenged_by": who, "ground": ground}
        for i, (name, who, ground) in enumerate(rows)
    ]

    parsed = parse(to_csv(data), parties=PARTIES, case_number="10-RC-269250", existing={})

    assert [(r.voter_name, r.voter_identifier, r.ground) for r in parsed] == [
        (" ".join(name.split()), f"E{i}", ground) for i, (name, _, ground) in enumerate(rows)
    ]
    assert [r.challenger.party_id for r in parsed] == [
        None if who == "board_agent" else 7 if who in (7, "RWDSU") else 8 for _, who, _ in rows
    ]
