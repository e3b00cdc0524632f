"""The NLRB's tallies as released under FOIA (``nlrb-foia-tallies-fy2017-2018.json``: one object per tally),
read as a second source of the import: staged into a temporary SQLite file in labordata's schema, so the one
reader (``source.Source``), mapping and audit serve both.

Each object of the file's list holds a tally: ``case``, ``category`` (the ballot type: ``Single Labor
Organization``, ``Revised Single Labor Org``, …), ``type`` (``Initial``, ``Rerun``, ``Run-off``), ``unit``
(``A``, ``B``, …), ``mode`` (how the ballots were cast), ``tally_date``, ``filed`` (the petition date),
``eligible``, ``void``, ``unions`` (``[[name, votes], …]`` in ballot order), ``against``, ``challenged``, and
the agency's hand-typed flags ``determinative``, ``runoff`` (``Y``/``N``/null) and ``certify`` (the union to
certify, or null). Those become labordata's rows:

- ``filing``: one per case; the release names no employer, so the case's name says so; the petition date;
  status ``Closed`` (every case of a release of past fiscal years has had its tally), with no closing date
  or reason (the release holds none).
- ``participant``: the unions on the case's first ballot — on an RC petition the first one the petitioner
  and any other an intervenor; on an RD petition the first one the incumbent union; otherwise a union.
- ``voting_unit``, ``election`` (ids numbered in the order of case, unit, tally date, type, category: the
  same file gives the same ids, so a re-run finds every case unchanged), ``election_result`` and ``tally``
  (each union's votes, then ``No union`` with ``against``).

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path
from typing import Any

from public_record.source import TABLES, SchemaError, Source, SourceError

# Far above the 1.1 MB of the FY 2017-2018 release; the whole list is read into memory.
MAX_BYTES = 200_000_000
REQUIRED = ("case", "category", "type", "unit", "tally_date", "filed", "unions", "against")
NO_NAME = "(the FOIA tallies name no employer)"


def stage_foia_json(path: Path) -> Source:
    """The file as labordata's tables in a temporary SQLite file; ``SchemaError`` when it is not the FOIA
    tallies' shape, ``SourceError`` when it cannot be read."""
    tallies = _load(path)
    try:
        staged = Path(tempfile.mkdtemp(prefix="nlrb-foia-"))
        connection = sqlite3.connect(staged / "staged.db")
    except (OSError, sqlite3.Error) as exc:
        raise SourceError(f"{path} cannot be copied for reading: {exc}") from None
    source = Source(connection, str(path), staged)
    try:
        connection.execute("PRAGMA journal_mode = OFF")
        connection.execute("PRAGMA synchronous = OFF")
        for table, columns in _columns().items():
            connection.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
        _write(connection, tallies)
        for table in TABLES:
            key = "election_id" if table in ("election_result", "tally") else "case_number"
            connection.execute(f"CREATE INDEX {table}_{key} ON {table} ({key})")
        connection.commit()
    except sqlite3.Error as exc:
        source.close()
        raise SourceError(f"{path} cannot be copied for reading: {exc}") from None
    except BaseException:
        source.close()
        raise
    return source


def _columns() -> dict[str, tuple[str, ...]]:
    return {table: (*columns, "created_at") for table, columns in TABLES.items()}


def _load(path: Path) -> list[dict[str, Any]]:
    try:
        size = path.stat().st_size
        if size > MAX_BYTES:
            raise SourceError(
                f"{path} is {size:,} bytes; the tracker reads FOIA tallies files of at most {MAX_BYTES:,}"
            )
        data = json.loads(path.read_text(encoding="utf-8"))
    except OSError as exc:
        raise SourceError(f"{path} cannot be read: {exc.strerror or exc}") from None
    except UnicodeDecodeError as exc:
        raise SourceError(f"{path} is not UTF-8 text: {exc.reason}") from None
    except json.JSONDecodeError as exc:
        raise SchemaError(f"{path} is not JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})") from None
    if not isinstance(data, list):
        raise SchemaError(f"{path} is not the FOIA tallies: a list of tallies is expected")
    for position, item in enumerate(data, start=1):
        if not isinstance(item, dict):
            raise SchemaError(f"{path}: tally {position} is not an object")
        lacking = [key for key in REQUIRED if key not in item]
        if lacking:
            raise SchemaError(
                f"{path}: tally {position} ({item.get('case', 'no case')}) lacks {', '.join(lacking)}"
            )
        if not isinstance(item["unions"], list) or not all(
            isinstance(u, list) and len(u) == 2 for u in item["unions"]
        ):
            raise SchemaError(
                f"{path}: tally {position} ({item['case']}): unions is not a list of [name, votes]"
            )
    return data


def _text(value: Any) -> str:
    return "" if value is None else str(value)


def _order(item: dict[str, Any]) -> tuple[str, ...]:
    return tuple(_text(item.get(k)) for k in ("case", "unit", "tally_date", "type", "category"))


def _write(connection: sqlite3.Connection, tallies: list[dict[str, Any]]) -> None:
    cases: dict[str, list[dict[str, Any]]] = {}
    for item in sorted(tallies, key=_order):
        cases.setdefault(_text(item["case"]).strip(), []).append(item)
    units: dict[tuple[str, str], int] = {}
    election_id = 0
    for number, items in cases.items():
        first = items[0]
        case_type = number.split("-")[1] if number.count("-") == 2 else ""
        connection.execute(
            "INSERT INTO filing (case_number, name, case_type, url, date_filed, region_assigned, status, "
            "date_closed, reason_closed, number_of_eligible_voters, updated_at, last_checked_at, created_at) "
            "VALUES (?, ?, ?, '', ?, ?, 'Closed', '', '', ?, '', '', '')",
            (
                number,
                f"{number} {NO_NAME}",
                case_type,
                _text(first["filed"]),
                number.split("-")[0],
                first.get("eligible"),
            ),
        )
        for position, (name, _) in enumerate(first["unions"]):
            role = (
                "Intervenor"
                if position
                else {"RC": "Petitioner", "RD": "Incumbent Union"}.get(case_type, "Union")
            )
            connection.execute(
                "INSERT INTO participant (case_number, participant, type, subtype, address, phone_number, "
                "created_at) VALUES (?, ?, ?, 'Union', '', '', '')",
                (number, _text(name), role),
            )
        for item in items:
            unit = _text(item["unit"]).strip() or "A"
            if (number, unit) not in units:
                units[(number, unit)] = len(units) + 1
                connection.execute(
                    "INSERT INTO voting_unit (voting_unit_id, case_number, unit_id, description, created_at) "
                    "VALUES (?, ?, ?, '', '')",
                    (units[(number, unit)], number, unit),
                )
            election_id += 1
            votes = [(_text(name), votes) for name, votes in item["unions"]]
            connection.execute(
                "INSERT INTO election (election_id, case_number, voting_unit_id, date, tally_type, ballot_type, "
                "unit_size, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, '')",
                (
                    election_id,
                    number,
                    units[(number, unit)],
                    _text(item["tally_date"]),
                    _text(item["type"]),
                    _text(item["category"]),
                    item.get("eligible"),
                ),
            )
            counted = sum(v for _, v in votes if isinstance(v, int)) + (item["against"] or 0)
            connection.execute(
                "INSERT INTO election_result (election_id, total_ballots_counted, void_ballots, challenged_ballots, "
                "challenges_are_determinative, runoff_required, union_to_certify, created_at) "
                "VALUES (?, ?, ?, ?, ?, ?, ?, '')",
                (
                    election_id,
                    counted if isinstance(item["against"], int) else None,
                    item.get("void"),
                    item.get("challenged"),
                    _text(item.get("determinative")),
                    _text(item.get("runoff")),
                    _text(item.get("certify")),
                ),
            )
            connection.executemany(
                "INSERT INTO tally (election_id, option, votes, created_at) VALUES (?, ?, ?, '')",
                [(election_id, name, v) for name, v in votes] + [(election_id, "No union", item["against"])],
            )
