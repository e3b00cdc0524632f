"""``cases/{number}/export/{kind}.csv``: a case's records as CSV, streamed row by row.

Columns follow the models' own fields (a field added to challenges, objections or deadlines appears in the
export without touching this module); a link to a party, a person, an election or a case is written as its
name, username, sequence or number. Date-times are written in the regional office's zone — named in the
column header and in each value. Rows are read with ``iterator()`` in chunks, so 10,000 challenges never
sit in memory at once. Every text cell is guarded against formula injection: a spreadsheet runs a cell that
starts with ``=``, ``+``, ``-`` or ``@`` as a formula, so such a cell is written with a leading ``'``."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator
from datetime import date, datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import models

from challenges.models import Challenge
from elections.law.local_time import sortable_local_time as local_time
from elections.models import Case, Election, Party
from notes import selectors as note_selectors
from objections import selectors as objection_selectors
from objections.models import Objection
from proceedings import selectors as proceeding_selectors
from proceedings.models import Deadline
from proceedings.timeline import case_timeline

CHUNK = 2000
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")

Column = tuple[str, Callable[[Any], Any]]


def guard(value: Any) -> Any:
    """The cell as written: text a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value


def _cell(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, date) and not isinstance(value, datetime):
        return value.isoformat()
    if isinstance(value, dict | list):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return value


def _related_label(field: models.ForeignKey[Any, Any]) -> Callable[[Any], Any] | None:
    """How a link to another record reads in a spreadsheet, for the records people name."""
    target = field.related_model
    name = field.name
    if target is Party:
        return lambda obj: getattr(getattr(obj, name), "name", None)
    if target is Election:
        return lambda obj: getattr(getattr(obj, name), "sequence", None)
    if target is Case:
        return lambda obj: getattr(getattr(obj, name), "number", None)
    if target is get_user_model():
        return lambda obj: getattr(getattr(obj, name), "username", None)
    return None


def _attribute(attname: str) -> Callable[[Any], Any]:
    return lambda obj: getattr(obj, attname)


def _local_attribute(attname: str, zone: str) -> Callable[[Any], Any]:
    return lambda obj: local_time(getattr(obj, attname), zone)


def model_columns(
    model: type[models.Model], zone: str, *, exclude: Iterable[str] = ()
) -> tuple[list[Column], list[str]]:
    """A column per concrete field of ``model``, and the links to read with ``select_related``."""
    columns: list[Column] = []
    joins: list[str] = []
    skip = set(exclude)
    for field in model._meta.concrete_fields:
        if field.name in skip:
            continue
        if isinstance(field, models.ForeignKey):
            label = _related_label(field)
            if label is not None:
                columns.append((field.name, label))
                joins.append(field.name)
            else:
                columns.append((field.name, _attribute(field.attname)))
        elif isinstance(field, models.DateTimeField):
            columns.append((f"{field.name} ({zone})", _local_attribute(field.attname, zone)))
        else:
            columns.append((field.name, _attribute(field.attname)))
    return columns, joins


def _rows(columns: list[Column], records: Iterable[Any]) -> Iterator[list[Any]]:
    yield [name for name, _ in columns]
    for record in records:
        yield [guard(_cell(read(record))) for _, read in columns]


def _challenges(case: Case, user: Any, zone: str) -> Iterator[list[Any]]:
    columns, joins = model_columns(Challenge, zone, exclude=["voter_key"])
    columns.insert(1, ("case", lambda c: case.number))
    records = (
        Challenge.objects.visible_to(user)
        .filter(election__case=case)
        .select_related(*joins)
        .order_by("election__sequence", "id")
        .iterator(chunk_size=CHUNK)
    )
    return _rows(columns, records)


def _rulings(objection: Objection) -> str:
    return "; ".join(f"{r.level}: {r.disposition} ({r.decided_on:%Y-%m-%d})" for r in objection.rulings.all())


def _objections(case: Case, user: Any, zone: str) -> Iterator[list[Any]]:
    columns, joins = model_columns(Objection, zone)
    columns.insert(1, ("case", lambda o: case.number))
    columns.append(("rulings", _rulings))
    records = (
        objection_selectors.objections_for(user)  # scoped, with the rulings in order
        .filter(election__case=case)
        .select_related(*joins)
        .order_by("election__sequence", "filed_by_id", "number", "id")
        .iterator(chunk_size=CHUNK)
    )
    return _rows(columns, records)


def _deadlines(case: Case, user: Any, zone: str) -> Iterator[list[Any]]:
    columns, joins = model_columns(Deadline, zone)
    # What the status is now (an open deadline whose time has passed reads "lapsed"), as the API says it.
    columns = [
        (name, (lambda d: getattr(d, "effective_status", d.status)) if name == "status" else read)
        for name, read in columns
    ]
    records = (
        proceeding_selectors.deadlines_for(user)
        .filter(case=case)
        .select_related(*joins)
        .iterator(chunk_size=CHUNK)
    )
    return _rows(columns, records)


def _timeline(case: Case, user: Any, zone: str) -> Iterator[list[Any]]:
    def at(item: dict[str, Any]) -> str:
        text = item["at"]
        return local_time(datetime.fromisoformat(text), zone) if "T" in text else text

    columns: list[Column] = [
        (f"at ({zone})", at),
        ("kind", lambda i: i["kind"]),
        ("title", lambda i: i["title"]),
        ("details", lambda i: i["details"]),
        ("source_type", lambda i: i["source"].get("type")),
        ("source_id", lambda i: i["source"].get("id")),
    ]
    return _rows(columns, case_timeline(case))


def _notes(case: Case, user: Any, zone: str) -> Iterator[list[Any]]:
    columns: list[Column] = [
        ("id", lambda n: n.pk),
        ("case", lambda n: case.number),
        ("subject_type", lambda n: n.subject_type),
        ("subject_id", lambda n: n.challenge_id or n.objection_id or case.number),
        ("visibility", lambda n: n.visibility),
        ("author", lambda n: n.author.username),
        ("party", lambda n: n.party.name if n.party_id else None),
        ("body", lambda n: n.body),
        ("revision", lambda n: n.revision),
        (f"created_at ({zone})", lambda n: local_time(n.created_at, zone)),
        (f"updated_at ({zone})", lambda n: local_time(n.updated_at, zone)),
    ]
    records = note_selectors.notes_for(user).filter(case=case).iterator(chunk_size=CHUNK)
    return _rows(columns, records)


KINDS: dict[str, Callable[[Case, Any, str], Iterator[list[Any]]]] = {
    "challenges": _challenges,
    "objections": _objections,
    "deadlines": _deadlines,
    "timeline": _timeline,
    "notes": _notes,
}


class _Line:
    """What ``csv.writer`` writes to: hands back each line instead of keeping it."""

    def write(self, line: str) -> str:
        return line


def stream(kind: str, *, case: Case, user: Any) -> Iterator[str]:
    writer = csv.writer(_Line())
    for row in KINDS[kind](case, user, case.office_zone):
        yield writer.writerow(row)
