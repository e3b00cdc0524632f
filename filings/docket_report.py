"""The printable docket report of a case (a PDF, as a court's docket report reads): the heading, then each
entry with its number, date, kind and title, and under it who filed, when (stated and received), the
confirmation number, service (or "not served") and what it answers."""

from __future__ import annotations

from collections.abc import Sequence

from core import clock
from core.pdf_writer import Line, wrap, write
from elections.law.local_time import local_time
from filings.docket import Docket, Entry


def _entry_lines(entry: Entry, zone: str) -> list[Line]:
    lines = wrap(f"{entry.entry}.  {entry.date.isoformat()}  {entry.kind_label} — {entry.title}", bold=True)
    facts = []
    if entry.party_name:
        facts.append(f"Filed by {entry.party_name}")
    if entry.filed_at is not None:
        facts.append(f"stated {local_time(entry.filed_at, zone)}")
    if entry.received_at is not None:
        facts.append(f"received {local_time(entry.received_at, zone)}")
    if entry.confirmation_number:
        facts.append(f"confirmation {entry.confirmation_number}")
    if entry.service:
        facts.append(f"served: {entry.service}")
    if facts:
        lines += wrap("; ".join(facts) + ".", indent=6)
    if entry.service_flag:
        lines += wrap(entry.service_flag, indent=6)
    if entry.answers:
        lines += wrap(f"Answers: {entry.answers}.", indent=6)
    for document in entry.documents:
        size = f"{document.pages} p." if document.pages else document.download
        lines += wrap(f"Document: {document.title} ({size})", indent=6)
    return lines


def report(docket: Docket, entries: Sequence[Entry], *, filters: str = "") -> bytes:
    case, zone = docket.case, docket.zone
    lines = wrap(f"Docket report — {case.number}, {case.name}", bold=True)
    lines += wrap(
        f"National Labor Relations Board, Region {case.region}; times in {zone}. "
        f"Printed {local_time(clock.now(), zone)}."
    )
    lines += wrap(
        f"{len(entries)} of {len(docket.entries)} entries" + (f" ({filters})" if filters else "") + "."
    )
    lines.append(Line(""))
    for entry in entries:
        lines += _entry_lines(entry, zone)
        lines.append(Line(""))
    return write(lines, title=f"Docket report {case.number}", footer=f"Docket report {case.number}")
