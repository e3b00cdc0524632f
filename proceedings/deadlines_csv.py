"""The cross-case deadlines CSV a paralegal keeps beside the docket: ``GET deadlines/`` with ``Accept: text/csv``
(or ``?format=csv``), the same filters and the same scoping as the JSON list, every row rather than a page.

A row is read from the API's own answer for the deadline (``DeadlineSerializer``): the status and the due time
are the ones the list shows the caller. The cases of one list sit in different offices, so each row's times are
in its own case's office zone, named in the value (``2021-04-16 23:59 EDT``, sortable as text) and in the
``zone`` column. Text a spreadsheet would run as a formula is written with a leading ``'``
(``core.api.renderers.guard``); rows are read in chunks, never all at once.
"""

from __future__ import annotations

import csv
from collections.abc import Callable, Iterable, Iterator
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.http import StreamingHttpResponse

from core import clock
from core.api.renderers import guard
from core.links import desk_url
from elections.law.local_time import sortable_local_time
from proceedings.models import Deadline

CHUNK = 2000

Row = Callable[[Deadline, dict[str, Any]], Any]  # read(deadline, the API's answer for it)


def _due(deadline: Deadline, answer: dict[str, Any]) -> str:
    return sortable_local_time(datetime.fromisoformat(answer["due_at"]), deadline.zone)


COLUMNS: tuple[tuple[str, Row], ...] = (
    ("case", lambda d, a: a["case"]),
    ("case_name", lambda d, a: d.case.name),
    ("label", lambda d, a: a["label"]),
    ("code", lambda d, a: a["code"]),
    ("party", lambda d, a: d.party.name if d.party_id and d.party else ""),
    ("due_on", lambda d, a: a["due_on"]),
    ("due (office local time)", _due),
    ("zone", lambda d, a: a["zone"]),
    ("status", lambda d, a: a["status"]),
    ("citation", lambda d, a: a["citation"]),
    ("rule_set", lambda d, a: a["rule_set"]),
    ("source", lambda d, a: a["source"]),
    ("verified", lambda d, a: "true" if a["verified"] else "false"),
    ("desk", lambda d, a: desk_url(d.case.number, anchor=f"deadline-{d.pk}")),
)


class _Line:
    """What ``csv.writer`` writes to: hands back each line instead of keeping it."""

    def write(self, line: str) -> str:
        return line


def rows(deadlines: Iterable[Deadline], answer: Callable[[Deadline], dict[str, Any]]) -> Iterator[list[Any]]:
    yield [name for name, _ in COLUMNS]
    for deadline in deadlines:
        shown = answer(deadline)
        yield [guard(read(deadline, shown)) for _, read in COLUMNS]


def response(
    deadlines: QuerySet[Deadline], answer: Callable[[Deadline], dict[str, Any]]
) -> StreamingHttpResponse:
    """The streamed CSV of ``deadlines`` (already scoped and filtered), each row from ``answer``."""
    writer = csv.writer(_Line())
    lines = (writer.writerow(row) for row in rows(deadlines.iterator(chunk_size=CHUNK), answer))
    streamed = StreamingHttpResponse(lines, content_type="text/csv; charset=utf-8")
    filename = f"deadlines-{clock.now().date().isoformat()}.csv"
    streamed["Content-Disposition"] = f'attachment; filename="{filename}"'
    streamed["Cache-Control"] = "private, no-store"
    return streamed
