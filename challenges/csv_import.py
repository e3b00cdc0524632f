"""Reading a CSV file of challenged ballots: every row checked in memory, every error named by line and column.

The file has a header row naming the columns of the API (``voter_name``, ``voter_identifier``,
``job_classification``, ``challenged_by``, ``ground``, ``reason``); ``challenged_by`` may be a party id, the
party's exact name or ``board_agent``. UTF-8 with or without a byte-order mark (what Excel writes as
"CSV UTF-8").

Nothing here touches the database: the caller passes the parties of the case and the voters already
challenged in the election, so a 10,000-row file costs two queries however long it is. The caller writes
the rows only if ``parse`` returns — all rows or none.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Collection, Mapping, Sequence
from dataclasses import dataclass

from challenges.models import Challenge
from challenges.validation import (
    JOB_CLASSIFICATION_MAX,
    REASON_MAX,
    VOTER_IDENTIFIER_MAX,
    VOTER_NAME_MAX,
    Challenger,
    FieldProblem,
    clean_ground,
    clean_text,
    duplicate_column,
    resolve_challenger,
)

MAX_FILE_BYTES = 5 * 1024 * 1024
"""5 MB: some 30,000 rows of typical width; a larger ledger is split into several files."""
MAX_ROWS = 50_000
MAX_ERRORS_SHOWN = 200
"""A file with thousands of bad rows is usually one mistake repeated: show enough to see the pattern."""

REQUIRED_COLUMNS = ("voter_name", "challenged_by", "ground")
COLUMNS = ("voter_name", "voter_identifier", "job_classification", "challenged_by", "ground", "reason")

Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)``: a management command draws its progress bar from it."""


class CsvRejected(Exception):
    """The file cannot be imported; ``errors`` name the line and the column of every problem."""

    def __init__(self, errors: list[str]) -> None:
        shown = errors[:MAX_ERRORS_SHOWN]
        if len(errors) > MAX_ERRORS_SHOWN:
            shown.append(f"… and {len(errors) - MAX_ERRORS_SHOWN} more errors ({len(errors)} in all)")
        self.errors = shown
        super().__init__("; ".join(shown[:3]))


class CsvForbidden(Exception):
    """Counsel's file has rows in another challenger's name."""

    def __init__(self, lines: list[int], names: list[str]) -> None:
        self.lines = lines
        first = ", ".join(str(n) for n in lines[:10]) + (" …" if len(lines) > 10 else "")
        who = ", ".join(sorted(set(names)))
        super().__init__(
            f"Counsel may import challenges only in their own party's name; {len(lines)} "
            f"row{'s' if len(lines) != 1 else ''} (line {first}) name another challenger ({who})."
        )


@dataclass(frozen=True)
class CsvRow:
    line: int
    voter_name: str
    voter_identifier: str
    job_classification: str
    challenger: Challenger
    ground: str
    reason: str
    voter_key: str
    """``Challenge.key_for`` the name and identifier, as ``save()`` derives it: computed once, by the
    duplicate check, and written as it is (bulk writes skip ``save()``)."""


def check_size(size: int) -> None:
    if size > MAX_FILE_BYTES:
        raise CsvRejected(
            [f"the file is {size / 1_048_576:.1f} MB; the limit is {MAX_FILE_BYTES // 1_048_576} MB"]
        )
    if size == 0:
        raise CsvRejected(["the file is empty"])


def decode(data: bytes) -> str:
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        line = data[: exc.start].count(b"\n") + 1
        raise CsvRejected(
            [
                f"line {line}: the file is not UTF-8 text (byte 0x{data[exc.start]:02x}); "
                "save it as 'CSV UTF-8'"
            ]
        ) from None
    nul = text.find("\x00")
    if nul >= 0:  # a spreadsheet saved in a binary format; PostgreSQL cannot store NUL in text either
        line = text.count("\n", 0, nul) + 1
        raise CsvRejected([f"line {line}: the file is not valid CSV (it contains a NUL character)"])
    return text


def _records(text: str) -> list[tuple[int, list[str]]]:
    """(first line, fields) of each non-blank record; a quoted field may span lines."""
    reader = csv.reader(io.StringIO(text, newline=""), strict=True)
    records: list[tuple[int, list[str]]] = []
    last_line = 0
    try:
        for fields in reader:
            start, last_line = last_line + 1, reader.line_num
            if not "".join(fields).strip():  # blank: no field holds anything but white space
                continue
            records.append((start, fields))
            if len(records) > MAX_ROWS + 1:  # the header, then MAX_ROWS rows
                raise CsvRejected([f"the file has more than {MAX_ROWS:,} rows; split it into smaller files"])
    except csv.Error as exc:
        raise CsvRejected([f"line {reader.line_num}: the file is not valid CSV ({exc})"]) from None
    return records


MAX_COLUMNS = 2 * len(COLUMNS)
"""A header wider than this is not a ledger (a 20,000-column header took seconds to check column by column)."""


def _header(fields: list[str]) -> list[str]:
    if len(fields) > MAX_COLUMNS:
        raise CsvRejected(
            [f"line 1: the header has {len(fields):,} columns; the columns are {', '.join(COLUMNS)}"]
        )
    columns = [f.strip().lower() for f in fields]
    errors = []
    unknown = [c for c in columns if c not in COLUMNS]
    if unknown:
        errors.append(
            "line 1: unknown column"
            + ("s " if len(unknown) > 1 else " ")
            + ", ".join(repr(c) for c in unknown)
            + f"; the columns are {', '.join(COLUMNS)}"
        )
    repeated = sorted({c for c in columns if columns.count(c) > 1})
    if repeated:
        errors.append(f"line 1: column {', '.join(repr(c) for c in repeated)} appears more than once")
    missing = [c for c in REQUIRED_COLUMNS if c not in columns]
    if missing:
        errors.append(f"line 1: missing column{'s' if len(missing) > 1 else ''} {', '.join(missing)}")
    if errors:
        raise CsvRejected(errors)
    return columns


def _ground(field: str, value: str) -> str:
    return clean_ground(value)


def _checked(
    problems: list[FieldProblem],
    clean: Callable[..., str],
    field: str,
    value: str,
    max_length: int | None = None,
    required: bool = False,
) -> str:
    """The cleaned value, or "" with the problem noted: every column of a row is checked."""
    try:
        if max_length is None:
            return clean(field, value)
        return clean(field, value, max_length=max_length, required=required)
    except FieldProblem as problem:
        problems.append(problem)
        return ""


def _resolver(parties: Mapping[int, str], case_number: str) -> Callable[[str], Challenger]:
    """``resolve_challenger`` once per distinct value: a ledger names the same few challengers on every row,
    and matching a name compares it with every party's."""
    known: dict[str, Challenger | FieldProblem] = {}

    def resolve(value: str) -> Challenger:
        answer = known.get(value)
        if answer is None:
            try:
                answer = resolve_challenger(value, parties, case_number=case_number)
            except FieldProblem as problem:
                answer = problem
            known[value] = answer
        if isinstance(answer, FieldProblem):
            raise FieldProblem(answer.field, answer.message)
        return answer

    return resolve


def parse(
    data: bytes,
    *,
    parties: Mapping[int, str],
    case_number: str,
    existing: Mapping[str, int],
    own_party_ids: Collection[int] | None = None,
    progress: Progress | None = None,
) -> list[CsvRow]:
    """Check every row; return them all, or raise ``CsvRejected`` listing every problem.

    ``existing`` maps the voter key of each live challenge of the election to its id. With
    ``own_party_ids`` (counsel importing), a row in any other challenger's name raises ``CsvForbidden``.
    """
    check_size(len(data))
    records = _records(decode(data))
    if not records:
        raise CsvRejected(["the file has no header row"])
    (_, header_fields), body = records[0], records[1:]
    columns = _header(header_fields)
    if not body:
        raise CsvRejected(["the file has a header row but no challenges"])

    width = len(columns)
    resolve = _resolver(parties, case_number)
    errors: list[str] = []
    rows: list[CsvRow] = []
    seen: dict[str, int] = {}
    foreign_lines: list[int] = []
    foreign_names: list[str] = []
    total = len(body)
    for done, (line, fields) in enumerate(body, start=1):
        if progress is not None and done % 1000 == 0:
            progress("checking", done, total)
        if len(fields) != width and not (len(fields) > width and not any(f.strip() for f in fields[width:])):
            errors.append(f"line {line}: {len(fields)} fields where the header has {width} columns")
            continue
        values = dict(zip(columns, fields, strict=False))
        row_errors: list[str] = []
        problems: list[FieldProblem] = []
        name = _checked(problems, clean_text, "voter_name", values["voter_name"], VOTER_NAME_MAX, True)
        identifier = _checked(
            problems, clean_text, "voter_identifier", values.get("voter_identifier", ""), VOTER_IDENTIFIER_MAX
        )
        job = _checked(
            problems,
            clean_text,
            "job_classification",
            values.get("job_classification", ""),
            JOB_CLASSIFICATION_MAX,
        )
        ground = _checked(problems, _ground, "ground", values["ground"])
        reason = _checked(problems, clean_text, "reason", values.get("reason", ""), REASON_MAX)
        if problems:
            row_errors.extend(f"line {line}, {p.field}: {p.message}" for p in problems)
        challenger: Challenger | None = None
        try:
            challenger = resolve(values["challenged_by"])
        except FieldProblem as problem:
            row_errors.append(f"line {line}, {problem.field}: {problem.message}")
        if challenger is not None and own_party_ids is not None and challenger.party_id not in own_party_ids:
            foreign_lines.append(line)
            foreign_names.append(challenger.name)

        key = ""
        if name:
            key = Challenge.key_for(voter_name=name, voter_identifier=identifier)
            column = duplicate_column(identifier)
            shown = identifier or name
            if key in seen:
                row_errors.append(
                    f"line {line}, {column}: {shown!r} is already challenged on line {seen[key]}"
                )
            elif key in existing:
                row_errors.append(
                    f"line {line}, {column}: {shown!r} already has a live challenge in this election "
                    f"(challenge {existing[key]})"
                )
            else:
                seen[key] = line
        if row_errors:
            errors.extend(row_errors)
        elif challenger is not None:
            rows.append(
                CsvRow(
                    line=line,
                    voter_name=name,
                    voter_identifier=identifier,
                    job_classification=job,
                    challenger=challenger,
                    ground=ground,
                    reason=reason,
                    voter_key=key,
                )
            )
    if progress is not None:
        progress("checking", total, total)
    if foreign_lines:
        raise CsvForbidden(foreign_lines, foreign_names)
    if errors:
        raise CsvRejected(errors)
    return rows


def to_csv(rows: Sequence[Mapping[str, object]]) -> bytes:
    """Write rows with the import's columns (for the demo, the benchmark and tests)."""
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=COLUMNS, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: row.get(c, "") for c in COLUMNS})
    return out.getvalue().encode("utf-8")
