"""The docket of a case: every filed paper and every event, in order and numbered, as a court's docket sheet
reads — for the API (``cases/{number}/docket/``, JSON, CSV and a PDF report) and the desk's docket page.

It lives in ``filings`` because that is the lowest app that sees everything a docket holds: the filings
and their documents and rulings (here), the objections and their rulings, offers of proof and withdrawals
(``objections``), the tallies and revised tallies (``elections``) and the proceeding's events and orders
(``proceedings``), and the lines of the case's public docket on nlrb.gov the importer copied. A read only: never a write, never an HTTP error.

Entries are numbered over the whole docket, in order, before any filter: entry 14 is entry 14 whether
the reader filters by party, kind or date, as a docket number is. A draft is no paper of the case: it is
on no docket (its own side reads it in the filings list). An event a filing recorded (exceptions filed)
is the filing's entry, not a second one.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from django.urls import reverse

from elections.law import levels
from elections.law.local_time import in_zone, local_date
from elections.law.service import METHOD_LABELS, NOT_SERVED
from elections.models import Case, Tally
from filings.law.kinds import KIND_LABELS, State
from filings.models import Filing
from objections.models import Objection
from objections.models import Ruling as ObjectionRuling
from proceedings.models import DocketEntry as PublicDocketEntry
from proceedings.models import ProceedingEvent

# Kinds of entry that are not a filing kind (those are ``filings.law.kinds.KIND_LABELS``) nor an event of
# the ladder (those are labelled by the ladder).
OBJECTIONS = "objections"
OFFER_OF_PROOF = "offer_of_proof"
OBJECTION_WITHDRAWN = "objection_withdrawn"
OBJECTION_RULING = "objection_ruling"
FILING_RULING = "ruling"
TALLY = "tally"
REVISED_TALLY = "revised_tally"
PUBLIC_RECORD = "public_record"
OWN_LABELS = {
    OBJECTIONS: "Objections",
    OFFER_OF_PROOF: "Offer of proof",
    OBJECTION_WITHDRAWN: "Objection withdrawn",
    OBJECTION_RULING: "Ruling on objections",
    FILING_RULING: "Ruling on a motion or request",
    TALLY: "Tally of ballots",
    REVISED_TALLY: "Revised tally of ballots",
    PUBLIC_RECORD: "Public docket (nlrb.gov)",
}


@dataclass
class Document:
    title: str
    pages: int
    download: str


@dataclass
class Entry:
    """One line of the docket sheet."""

    date: date
    moment: datetime | None  # None for an event known by its date alone
    kind: str
    kind_label: str
    title: str
    party: int | None = None
    party_name: str = ""
    filed_at: datetime | None = None
    received_at: datetime | None = None
    confirmation_number: str = ""
    served_on: list[str] = field(default_factory=list)
    service_method: str = ""
    service_flag: str = ""
    documents: list[Document] = field(default_factory=list)
    answers: str = ""
    api: str = ""
    anchor: str = ""
    order: tuple[Any, ...] = ()
    entry: int = 0

    @property
    def service(self) -> str:
        """ "RWDSU (E-filed)", or "not served" — what the sheet's service column says."""
        if not self.served_on:
            return NOT_SERVED if self.party is not None and self.kind != FILING_RULING else ""
        method = f" ({METHOD_LABELS[self.service_method]})" if self.service_method in METHOD_LABELS else ""
        return ", ".join(self.served_on) + method

    def matches(self, q: str) -> bool:
        words = (self.title, self.kind_label, self.party_name, self.confirmation_number, self.answers)
        haystack = " ".join(words).casefold()
        return all(word in haystack for word in q.casefold().split())


@dataclass
class Docket:
    case: Case
    entries: list[Entry]

    @property
    def zone(self) -> str:
        return self.case.office_zone

    def kinds(self) -> list[tuple[str, str]]:
        """The kinds present, for the filter's choices, in the order they first appear."""
        seen: dict[str, str] = {}
        for entry in self.entries:
            seen.setdefault(entry.kind, entry.kind_label)
        return sorted(seen.items(), key=lambda kv: kv[1])

    def filtered(
        self,
        *,
        party: int | None = None,
        kind: str = "",
        since: date | None = None,
        until: date | None = None,
        q: str = "",
    ) -> list[Entry]:
        out = []
        for entry in self.entries:
            if party is not None and entry.party != party:
                continue
            if kind and entry.kind != kind:
                continue
            if since is not None and entry.date < since:
                continue
            if until is not None and entry.date > until:
                continue
            if q and not entry.matches(q):
                continue
            out.append(entry)
        return out


def _names(parties: Iterable[Any], filer: int | None) -> list[str]:
    return sorted(p.name for p in parties if p.pk != filer)


def _objection_entries(objection: Objection, zone: str) -> list[Entry]:
    filer = objection.filed_by
    served = _names(objection.served_on.all(), filer.pk)
    api = reverse("objection-detail", kwargs={"objection_id": objection.pk})
    anchor = f"objection-{objection.pk}"
    tally = objection.answers_tally
    due = objection.due_at
    answers = f"Objections period of the {'revised tally' if tally.revision else 'tally'} of " + (
        f"{local_date(tally.prepared_at, zone).isoformat()}"
    )
    if due is not None:
        answers += f" (due {local_date(due, zone).isoformat()})"
    common: dict[str, Any] = {
        "party": filer.pk,
        "party_name": filer.name,
        "api": api,
        "anchor": anchor,
    }
    entries = [
        Entry(
            date=local_date(objection.filed_at, zone),
            moment=objection.filed_at,
            kind=OBJECTIONS,
            kind_label=OWN_LABELS[OBJECTIONS],
            title=f"Objection {objection.number} of {filer.name}: {objection.get_category_display()}"
            + (" — untimely" if objection.timely is False else ""),
            filed_at=objection.filed_at,
            received_at=objection.received_at,
            confirmation_number=objection.confirmation_number,
            served_on=served,
            service_method=objection.service_method,
            service_flag=objection.service_flag,
            answers=answers,
            order=(1, objection.pk),
            **common,
        )
    ]
    offer = objection.offer_of_proof_filed_at
    if offer is not None and offer != objection.filed_at:
        entries.append(
            Entry(
                date=local_date(offer, zone),
                moment=offer,
                kind=OFFER_OF_PROOF,
                kind_label=OWN_LABELS[OFFER_OF_PROOF],
                title=f"Offer of proof in support of objection {objection.number} of {filer.name}",
                filed_at=offer,
                received_at=objection.offer_of_proof_received_at,
                answers=f"Objection {objection.number} of {filer.name} (29 CFR 102.69(a)(8); not served)",
                order=(2, objection.pk),
                **{**common, "anchor": f"{anchor}-offer"},
            )
        )
    elif offer is not None:
        entries[0].title += ", with its offer of proof"
    if objection.withdrawn_at is not None:
        entries.append(
            Entry(
                date=local_date(objection.withdrawn_at, zone),
                moment=objection.withdrawn_at,
                kind=OBJECTION_WITHDRAWN,
                kind_label=OWN_LABELS[OBJECTION_WITHDRAWN],
                title=f"Objection {objection.number} of {filer.name} withdrawn",
                filed_at=objection.withdrawn_at,
                answers=f"Objection {objection.number} of {filer.name}",
                order=(3, objection.pk),
                **{**common, "anchor": f"{anchor}-withdrawn"},
            )
        )
    return entries


def _objection_ruling_entries(objections: Sequence[Objection]) -> list[Entry]:
    """The rulings of one level on one day in one election are one order (a report rules on many)."""
    grouped: dict[tuple[Any, ...], list[tuple[Objection, ObjectionRuling]]] = {}
    for objection in objections:
        for ruling in objection.rulings.all():
            key = (objection.election_id, ruling.level, ruling.decided_on)
            grouped.setdefault(key, []).append((objection, ruling))
    entries = []
    for (_election, level, decided_on), pairs in grouped.items():
        title = levels.TITLES.get(level, level)
        said = "; ".join(
            f"objection {o.number} of {o.filed_by.name} {r.get_disposition_display().lower()}"
            for o, r in pairs
        )
        first = pairs[0][0]
        entries.append(
            Entry(
                date=decided_on,
                moment=None,
                kind=OBJECTION_RULING,
                kind_label=OWN_LABELS[OBJECTION_RULING],
                title=f"{title}: {said}",
                answers=", ".join(f"objection {o.number} of {o.filed_by.name}" for o, _ in pairs),
                api=reverse("objection-detail", kwargs={"objection_id": first.pk}),
                anchor=f"ruling-{min(r.pk for _, r in pairs)}",
                order=(6, min(r.pk for _, r in pairs)),
            )
        )
    return entries


def _filing_entries(filing: Filing, zone: str) -> list[Entry]:
    answers = ""
    if filing.answers is not None:
        answers = f"{filing.answers.label}, due {local_date(filing.answers.due_at, zone).isoformat()}"
    elif filing.relates_to is not None:
        answers = f"{filing.relates_to.get_kind_display()} of {filing.relates_to.party.name}"
    title = filing.title
    if filing.timely is False:
        title += " — untimely"
    elif not filing.filing_confirmed:
        title += " — stated time awaits staff confirmation"
    api = reverse("filing-detail", kwargs={"filing_id": filing.pk})
    entries = [
        Entry(
            date=local_date(filing.filed_at, zone),
            moment=filing.filed_at,
            kind=filing.kind,
            kind_label=KIND_LABELS.get(filing.kind, filing.kind),
            title=title,
            party=filing.party_id,
            party_name=filing.party.name,
            filed_at=filing.filed_at,
            received_at=filing.received_at,
            confirmation_number=filing.confirmation_number,
            served_on=_names(filing.served_on.all(), filing.party_id),
            service_method=filing.service_method,
            service_flag=filing.service_flag,
            documents=[
                Document(
                    d.title,
                    d.pages,
                    reverse("document-download", kwargs={"document_id": d.pk}),
                )
                for d in filing.documents.all()
            ],
            answers=answers,
            api=api,
            anchor=f"filing-{filing.pk}",
            order=(4, filing.pk),
        )
    ]
    if filing.ruling and filing.decided_on is not None:
        by = levels.TITLES.get(filing.ruled_by_level, filing.ruled_by_level)
        ruled = f"{by}: {filing.get_kind_display().lower()} of {filing.party.name} {filing.get_ruling_display().lower()}"
        if filing.until is not None:
            ruled += f"; due {filing.until.isoformat()}"
        entries.append(
            Entry(
                date=filing.decided_on,
                moment=None,
                kind=FILING_RULING,
                kind_label=OWN_LABELS[FILING_RULING],
                title=ruled,
                answers=f"{filing.get_kind_display()} of {filing.party.name}: {filing.title}",
                api=api,
                anchor=f"filing-{filing.pk}-ruling",
                order=(5, filing.pk),
            )
        )
    return entries


def _tally_entry(tally: Tally, zone: str) -> Entry:
    votes = ", ".join(f"{name} {int(n):,}" for name, n in tally.votes_for.items())
    kind = REVISED_TALLY if tally.revision else TALLY
    return Entry(
        date=local_date(tally.prepared_at, zone),
        moment=tally.prepared_at,
        kind=kind,
        kind_label=OWN_LABELS[kind],
        title=f"Election {tally.election.sequence}: {OWN_LABELS[kind].lower()}"
        + (f" (revision {tally.revision})" if tally.revision else "")
        + f" — for {votes}; against {tally.votes_against:,}; void {tally.void:,}; challenged {tally.challenged:,}",
        api=reverse("election-tallies", kwargs={"election_id": tally.election_id}),
        anchor=f"tally-{tally.pk}",
        order=(0, tally.pk),
    )


def _event_entry(event: ProceedingEvent) -> Entry:
    party = event.party
    return Entry(
        date=event.occurred_on,
        moment=None,
        kind=event.event,
        kind_label=event.get_event_display(),
        title=event.get_event_display()
        + (f" (election {event.election.sequence})" if event.election is not None else ""),
        party=party.pk if party is not None else None,
        party_name=party.name if party is not None else "",
        anchor=f"event-{event.pk}",
        order=(7, event.pk),
    )


def _public_entry(line: PublicDocketEntry) -> Entry:
    """A line of the case's public docket on nlrb.gov, as imported: the document, who issued or filed it."""
    return Entry(
        date=line.filed_on,
        moment=None,
        kind=PUBLIC_RECORD,
        kind_label=OWN_LABELS[PUBLIC_RECORD],
        title=line.document,
        party_name=line.actor,
        documents=[Document(line.document, 0, line.url)] if line.url else [],
        anchor=f"public-{line.pk}",
        order=(8, line.pk),
    )


def _sort_key(entry: Entry, zone: str) -> tuple[Any, ...]:
    # Within a day: moments in their order; an event known by its date alone after the papers of that day.
    moment = in_zone(entry.moment, zone).time() if entry.moment is not None else None
    return (entry.date, moment is None, moment or datetime.min.time(), entry.order)


def docket_of(case: Case) -> Docket:
    """The whole docket of ``case``, numbered. A fixed number of queries, whatever the size of the case."""
    zone = case.office_zone
    entries: list[Entry] = []
    objections = list(
        Objection.objects.filter(election__case=case)
        .select_related("election__case", "filed_by", "answers_tally")
        .prefetch_related("served_on", "election__case__parties", "rulings")
        .order_by("filed_at", "id")
    )
    for objection in objections:
        entries.extend(_objection_entries(objection, zone))
    entries.extend(_objection_ruling_entries(objections))
    filings = (
        Filing.objects.filter(case=case, state=State.FILED)
        .select_related("party", "answers", "relates_to__party", "case")
        .prefetch_related("served_on", "case__parties", "documents")
        .order_by("filed_at", "id")
    )
    for filing in filings:
        entries.extend(_filing_entries(filing, zone))
    for tally in Tally.objects.filter(election__case=case).select_related("election").order_by("prepared_at"):
        entries.append(_tally_entry(tally, zone))
    events = (
        ProceedingEvent.objects.filter(case=case, voided=False, filings__isnull=True)
        .select_related("party", "election")
        .order_by("occurred_on", "id")
    )
    for event in events:
        entries.append(_event_entry(event))
    for line in PublicDocketEntry.objects.filter(case=case).order_by("filed_on", "id"):
        entries.append(_public_entry(line))
    entries.sort(key=lambda e: _sort_key(e, zone))
    for number, entry in enumerate(entries, start=1):
        entry.entry = number
    return Docket(case=case, entries=entries)


# --- the shapes a reader gets: JSON, CSV rows and the printed report ------------------------------------


def _at(moment: datetime | None, zone: str) -> str | None:
    return in_zone(moment, zone).isoformat() if moment is not None else None


def as_data(entry: Entry, zone: str, *, desk: str) -> dict[str, Any]:
    """The entry as the API gives it (product.md, contract v1.4: the docket); ``desk``: the docket page."""
    return {
        "entry": entry.entry,
        "date": entry.date.isoformat(),
        "kind": entry.kind,
        "kind_label": entry.kind_label,
        "title": entry.title,
        "party": entry.party,
        "party_name": entry.party_name,
        "filed_at": _at(entry.filed_at, zone),
        "received_at": _at(entry.received_at, zone),
        "confirmation_number": entry.confirmation_number,
        "served_on": entry.served_on,
        "service": entry.service,
        "service_flag": entry.service_flag,
        "documents": [{"title": d.title, "pages": d.pages, "download": d.download} for d in entry.documents],
        "answers": entry.answers,
        "links": {"api": entry.api, "desk": f"{desk}#entry-{entry.entry}"},
    }


CSV_HEADER = [
    "entry",
    "date",
    "kind",
    "kind_label",
    "title",
    "party",
    "filed_at",
    "received_at",
    "confirmation_number",
    "served_on",
    "service_flag",
    "answers",
    "documents",
]


def csv_row(entry: Entry, zone: str) -> list[Any]:
    return [
        entry.entry,
        entry.date.isoformat(),
        entry.kind,
        entry.kind_label,
        entry.title,
        entry.party_name,
        _at(entry.filed_at, zone) or "",
        _at(entry.received_at, zone) or "",
        entry.confirmation_number,
        entry.service,
        entry.service_flag,
        entry.answers,
        "; ".join(f"{d.title} ({d.pages} p.) {d.download}" for d in entry.documents),
    ]
