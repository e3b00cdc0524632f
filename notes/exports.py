"""``cases/{number}/export/{kind}.csv``: a case's records as CSV, streamed row by row.

Each export's columns are exactly the fields the API shows the caller for that record — the row is the API's
own serializer's answer — plus the named extras of ``EXTRAS`` (labels a spreadsheet reader wants beside a
code or an id). A field added to a model reaches an export only when it is added to the API's serializer,
i.e. chosen to be shown. Date-times are written in the regional office's zone, named in the column header
and in each value; a nested value (an objection's rulings, a timeline item's details) is written as text.
Rows are read with ``iterator()`` in chunks, so 10,000 challenges never sit in memory at once. Every text
cell is guarded against formula injection: a spreadsheet runs a cell that starts with ``=``, ``+``, ``-`` or
``@`` as a formula, so such a cell is written with a leading ``'``."""

from __future__ import annotations

import csv
import json
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from datetime import date, datetime
from typing import Any

from rest_framework import serializers

from challenges import selectors as challenge_selectors
from challenges.api.serializers import ChallengeSerializer
from core.api.renderers import guard
from elections.law.local_time import sortable_local_time as local_time
from elections.models import Case
from notes import selectors as note_selectors
from notes.api.serializers import NoteSerializer
from objections import selectors as objection_selectors
from objections.api.serializers import ObjectionSerializer
from proceedings import selectors as proceeding_selectors
from proceedings.api.serializers import DeadlineSerializer, TimelineItemSerializer
from proceedings.selectors import case_timeline

CHUNK = 2000

Column = tuple[str, Callable[[Any, dict[str, Any]], Any]]  # (header, read(record, the API's answer))


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


def _parties_text(parties: list[dict[str, Any]]) -> str:
    """Each party's own state of a deadline, in one cell: "RWDSU: met; Amazon.com Services LLC: open"."""
    return "; ".join(f"{p['party_name']}: {p['status'].replace('_', ' ')}" for p in parties)


def _rulings_text(rulings: list[dict[str, Any]]) -> str:
    return "; ".join(f"{r['level']}: {r['disposition']} ({r['decided_on']})" for r in rulings)


@dataclass(frozen=True)
class Export:
    """One kind of export: the API's serializer of its records and the records the caller may read."""

    serializer: type[serializers.Serializer[Any]]
    records: Callable[[Case, Any], Iterable[Any]]
    # Named extras: (header, read(record)) — labels beside what the API shows as a code or an id.
    extras: tuple[tuple[str, Callable[[Any], Any]], ...] = ()
    # How an API field whose value is nested is written in one cell (default: JSON).
    as_text: tuple[tuple[str, Callable[[Any], str]], ...] = ()
    # API fields whose text is a date or a date-time with its offset: the date-times go in the office zone.
    zoned_text: tuple[str, ...] = ()

    def columns(self, zone: str) -> list[Column]:
        """A column per field the API shows (its date-times in ``zone``), then the named extras."""
        shown = self.serializer()
        texts = dict(self.as_text)
        columns: list[Column] = []
        for name, field in shown.fields.items():
            if field.write_only:
                continue
            moment = _moment_reader(shown, name, field)
            if name in self.zoned_text:
                columns.append((f"{name} ({zone})", _text_in_zone(name, zone)))
            elif moment is not None:
                columns.append((f"{name} ({zone})", _in_zone(moment, zone)))
            elif name in texts:
                columns.append((name, _nested(name, texts[name])))
            else:
                columns.append((name, _shown(name)))
        columns += [(name, _extra(read)) for name, read in self.extras]
        return columns

    def rows(self, case: Case, user: Any) -> Iterator[list[Any]]:
        columns = self.columns(case.office_zone)
        yield [name for name, _ in columns]
        shown = self.serializer()
        for record in self.records(case, user):
            answer = shown.to_representation(record)
            yield [guard(_cell(read(record, answer))) for _, read in columns]


def _moment_reader(
    shown: serializers.Serializer[Any], name: str, field: serializers.Field[Any, Any, Any, Any]
) -> Callable[[Any], datetime | None] | None:
    """How to read the moment behind a date-time the API shows, or None for any other field."""
    if isinstance(field, serializers.DateTimeField):
        return field.get_attribute
    model = getattr(getattr(shown, "Meta", None), "model", None)
    model_field = next((f for f in model._meta.concrete_fields if f.name == name), None) if model else None
    if model_field is not None and model_field.get_internal_type() == "DateTimeField":
        return lambda record: getattr(record, name)
    return None


def _in_zone(moment: Callable[[Any], datetime | None], zone: str) -> Callable[[Any, dict[str, Any]], Any]:
    def read(record: Any, answer: dict[str, Any]) -> Any:
        value = moment(record)
        return local_time(value, zone) if value is not None else None

    return read


def _text_in_zone(name: str, zone: str) -> Callable[[Any, dict[str, Any]], Any]:
    def read(record: Any, answer: dict[str, Any]) -> Any:
        text = answer[name]
        return local_time(datetime.fromisoformat(text), zone) if "T" in text else text

    return read


def _nested(name: str, text: Callable[[Any], str]) -> Callable[[Any, dict[str, Any]], Any]:
    return lambda record, answer: text(answer[name])


def _shown(name: str) -> Callable[[Any, dict[str, Any]], Any]:
    return lambda record, answer: answer[name]


def _extra(read: Callable[[Any], Any]) -> Callable[[Any, dict[str, Any]], Any]:
    return lambda record, answer: read(record)


def _challenges(case: Case, user: Any) -> Iterable[Any]:
    return (
        challenge_selectors.challenges_for(user)
        .filter(election__case=case)
        .order_by("election__sequence", "id")
        .iterator(chunk_size=CHUNK)
    )


def _objections(case: Case, user: Any) -> Iterable[Any]:
    return (
        objection_selectors.objections_for(user)  # scoped, with the rulings in order
        .filter(election__case=case)
        .order_by("election__sequence", "filed_by_id", "number", "id")
        .iterator(chunk_size=CHUNK)
    )


def _deadlines(case: Case, user: Any) -> Iterable[Any]:
    return proceeding_selectors.deadlines_for(user).filter(case=case).iterator(chunk_size=CHUNK)


def _timeline(case: Case, user: Any) -> Iterable[Any]:
    return case_timeline(case)


def _notes(case: Case, user: Any) -> Iterable[Any]:
    return note_selectors.notes_for(user).filter(case=case).iterator(chunk_size=CHUNK)


EXPORTS: dict[str, Export] = {
    "challenges": Export(
        ChallengeSerializer,
        _challenges,
        extras=(
            ("ground_label", lambda c: c.get_ground_display()),
            ("status_label", lambda c: c.get_status_display()),
        ),
    ),
    "objections": Export(ObjectionSerializer, _objections, as_text=(("rulings", _rulings_text),)),
    "deadlines": Export(
        DeadlineSerializer,
        _deadlines,
        extras=(("party_name", lambda d: d.party.name if d.party_id else None),),
        # The caller's own due moment (their party's, after an extension granted to it alone), as the API.
        zoned_text=("due_at",),
        as_text=(("parties", _parties_text),),
    ),
    "timeline": Export(TimelineItemSerializer, _timeline, zoned_text=("at",)),
    "notes": Export(NoteSerializer, _notes),
}
KINDS = EXPORTS

# The named extras of each export: the only columns that are not a field the API shows.
EXTRAS: dict[str, list[str]] = {kind: [name for name, _ in e.extras] for kind, e in EXPORTS.items()}


class _Line:
    """What ``csv.writer`` writes to: hands back each line instead of keeping it."""

    def write(self, line: str) -> str:
        return line


def stream(kind: str, *, case: Case, user: Any) -> Iterator[str]:
    writer = csv.writer(_Line())
    for row in EXPORTS[kind].rows(case, user):
        yield writer.writerow(row)
