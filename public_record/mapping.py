"""From one case's source rows to what the tracker records: the case, its parties and their counsel of
record, its elections and their tallies, its public docket — and where the agency's own flags disagree with
the arithmetic.

Rules the public record needs (``../shared/data/labordata-nlrb-format.md``):

- Dates come as ``YYYY-MM-DD`` or ``MM/DD/YYYY``, depending on when the row was scraped.
- A ``participant`` row whose ``subtype`` is ``Legal Representative`` is counsel *for* the party of that
  ``type`` (the nearest such party above it), never a party; ``Additional Service`` rows are addresses to
  serve, not parties. ``participant`` may hold the person and the firm on separate lines.
- One election per voting unit and tally type (``Initial``, ``Rerun``, ``Run-off``/``Runoff``). Each
  ``election`` row is a tally: an original row opens an election, ``Revised …`` rows are its revised tallies,
  in date order.
- The record is imported as it is (issue 25): a revised tally whose original the record lacks is the only
  known tally of its election, and a rerun or runoff whose earlier election it lacks comes without it; each
  such gap is flagged (``CasePlan.gaps``), never a reason to refuse the case.
- Union names are as the Regions typed them; ``elections.law.names`` stores the tidy form and matches on the
  key, as the tally API does.
- The agency's ``challenges_are_determinative``, ``runoff_required`` and ``union_to_certify`` flags are
  hand-typed: the tracker computes its own (``elections.law.tally``) and reports where they differ.

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from datetime import date, datetime, time
from typing import Any
from zoneinfo import ZoneInfo

from elections.law import case_numbers
from elections.law import tally as tally_law
from elections.law.names import tidy_union_name, union_key
from elections.law.regions import office as region_office
from public_record.source import Row, SourceCase, SourceElection

# Scrape times change every night without the case changing: they stay out of the fingerprint.
_VOLATILE = {"created_at", "updated_at", "last_checked_at"}
_AGAINST = {"no union", "none", "neither", "no", "against"}
_KINDS = {"initial": "initial", "rerun": "rerun", "runoff": "runoff"}
_KIND_ORDER = {"initial": 0, "rerun": 1, "runoff": 2}
_ROLES = {
    "employer": "employer",
    "petitioner": "petitioner",
    "union": "union",
    "intervenor": "intervenor",
    "incumbent union": "incumbent_union",
}
MAX_NAME = 300


class BadCase(ValueError):
    """The case's rows cannot become a case on the tracker; the message says why."""


@dataclass(frozen=True)
class PartyPlan:
    role: str
    name: str


@dataclass(frozen=True)
class CounselPlan:
    party: str  # the party's name, as in ``PartyPlan.name``
    name: str
    firm: str
    address: str
    phone: str


@dataclass
class TallyPlan:
    source_id: str
    prepared_at: datetime
    votes_for: dict[str, int]
    votes_against: int
    void: int
    challenged: int
    ballot_type: str
    label: str


@dataclass
class ElectionPlan:
    key: str  # unit|kind|ordinal, stable between runs
    voting_unit: str
    kind: str
    choices: list[str]
    count_on: date
    approx_eligible_voters: int | None
    tallies: list[TallyPlan] = field(default_factory=list)


@dataclass(frozen=True)
class DocketPlan:
    filed_on: date
    document: str
    actor: str
    url: str
    key: str


@dataclass(frozen=True)
class Disagreement:
    """A tally where the agency's flag and the tracker's computation differ."""

    case: str
    tally: str
    flag: str
    theirs: str
    ours: str


@dataclass
class CasePlan:
    number: str
    name: str
    petition_filed_on: date
    status: str
    closed_on: date | None
    closing_reason: str
    unit_description: str
    snapshot: str
    fingerprint: str
    parties: list[PartyPlan] = field(default_factory=list)
    counsel: list[CounselPlan] = field(default_factory=list)
    elections: list[ElectionPlan] = field(default_factory=list)
    docket: list[DocketPlan] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)  # what was left out, and why
    # What the record lacks that was imported without it: a revised tally with no original, a rerun or runoff
    # with no earlier election. The case is imported as the record holds it; the report flags each gap.
    gaps: list[str] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)

    @property
    def tally_count(self) -> int:
        return sum(len(e.tallies) for e in self.elections)

    def case_fields(self) -> dict[str, Any]:
        """The case's own fields, as the importer writes them (JSON-ready)."""
        return {
            "name": self.name,
            "petition_filed_on": self.petition_filed_on.isoformat(),
            "status": self.status,
            "closed_on": self.closed_on.isoformat() if self.closed_on else None,
            "closing_reason": self.closing_reason,
            "unit_description": self.unit_description,
        }


# --- small readers ----------------------------------------------------------------------------------------


def parse_date(value: Any) -> date | None:
    """``YYYY-MM-DD`` (optionally followed by a time) or ``MM/DD/YYYY``; empty is None."""
    text = str(value or "").strip()
    if not text:
        return None
    try:
        if "/" in text:
            month, day, year = text.split()[0].split("/")
            return date(int(year), int(month), int(day))
        return date.fromisoformat(text[:10])
    except ValueError:
        raise BadCase(f"{text!r} is not a date (expected YYYY-MM-DD or MM/DD/YYYY)") from None


def tidy(value: Any) -> str:
    return " ".join(str(value or "").split())


def count(value: Any, what: str) -> int:
    """A whole number of ballots; empty counts as 0."""
    text = str(value if value is not None else "").strip()
    if not text:
        return 0
    try:
        number = int(float(text))
    except ValueError:
        raise BadCase(f"{what} is {text!r}, not a number") from None
    if number < 0:
        raise BadCase(f"{what} is negative ({number})")
    return number


def fingerprint(source: SourceCase) -> str:
    def clean(row: Row) -> Row:
        return {k: row[k] for k in sorted(row) if k not in _VOLATILE}

    payload = [
        clean(source.filing),
        [clean(r) for r in source.sought_units],
        [clean(r) for r in source.participants],
        [clean(r) for r in source.docket],
        [clean(r) for r in source.voting_units],
        [[clean(e.row), clean(e.result or {}), [clean(o) for o in e.options]] for e in source.elections],
    ]
    text = json.dumps(payload, sort_keys=True, default=str, ensure_ascii=False)
    return hashlib.sha256(text.encode()).hexdigest()


def changed_on(source: SourceCase) -> date | None:
    """The last day the source changed the case: its filing row's ``updated_at``, or the ``created_at`` of
    its newest row (a docket line, a tally, a participant added later leaves the filing row as it was).
    None if no row says."""
    rows = [
        source.filing,
        *source.sought_units,
        *source.participants,
        *source.docket,
        *source.voting_units,
        *(e.row for e in source.elections),
        *(e.result for e in source.elections if e.result),
        *(o for e in source.elections for o in e.options),
    ]
    days = []
    for row in rows:
        for column in ("updated_at", "created_at"):
            try:
                day = parse_date(row.get(column))
            except BadCase:
                continue  # an unreadable stamp says nothing; the other rows may
            if day is not None:
                days.append(day)
    return max(days, default=None)


def docket_count(source: SourceCase) -> int:
    """How many docket lines ``plan_case`` makes of the case's rows (those with a date and a document)."""
    return sum(1 for row in source.docket if tidy(row.get("date")) and tidy(row.get("document")))


# --- the case ---------------------------------------------------------------------------------------------


def plan_case(source: SourceCase, *, digest: str | None = None) -> CasePlan:
    """The whole case, or ``BadCase`` saying why it cannot be imported. ``digest``: its ``fingerprint``, if the caller
    has computed it already."""
    try:
        number = str(case_numbers.parse(source.number))
    except case_numbers.InvalidCaseNumber as exc:
        raise BadCase(str(exc)) from None
    filing = source.filing
    name = tidy(filing.get("name"))[:MAX_NAME]
    if not name:
        raise BadCase("the filing has no case name")
    petition = parse_date(filing.get("date_filed"))
    if petition is None:
        raise BadCase("the filing has no date_filed (petition date)")
    closed_on = parse_date(filing.get("date_closed"))
    if closed_on is not None and closed_on < petition:
        raise BadCase(f"date_closed {closed_on} is before date_filed {petition}")
    reason = tidy(filing.get("reason_closed"))[:120]
    plan = CasePlan(
        number=number,
        name=name,
        petition_filed_on=petition,
        status=_status(tidy(filing.get("status")), reason),
        closed_on=closed_on,
        closing_reason=reason,
        unit_description="\n\n".join(
            tidy(r.get("unit_sought")) for r in source.sought_units if tidy(r.get("unit_sought"))
        ),
        snapshot=tidy(filing.get("last_checked_at") or filing.get("updated_at"))[:40],
        fingerprint=digest or fingerprint(source),
    )
    _plan_parties(plan, source.participants)
    zone = ZoneInfo(region_office(case_numbers.parse(number).region).zone)
    _plan_elections(plan, source, zone)
    _plan_docket(plan, source.docket)
    return plan


def _status(status: str, reason: str) -> str:
    if status.casefold().startswith("closed"):
        return "certified" if "representative" in reason.casefold() else "closed"
    return "open"


def _plan_parties(plan: CasePlan, rows: list[Row]) -> None:
    seen: dict[str, PartyPlan] = {}
    latest_of_type: dict[str, PartyPlan] = {}
    for row in rows:
        lines = [tidy(line) for line in str(row.get("participant") or "").splitlines() if tidy(line)]
        kind, subtype = tidy(row.get("type")).casefold(), tidy(row.get("subtype")).casefold()
        if not lines:
            continue
        if subtype == "legal representative":
            party = latest_of_type.get(kind) or next(
                (p for p in seen.values() if _role(kind) == p.role), None
            )
            if party is None:
                plan.notes.append(
                    f"counsel {lines[0]} for the {row.get('type')}, who is not on the case: left out"
                )
                continue
            plan.counsel.append(
                CounselPlan(
                    party=party.name,
                    name=lines[0][:MAX_NAME],
                    firm=", ".join(lines[1:])[:MAX_NAME],
                    address=str(row.get("address") or "").strip(),
                    phone=tidy(row.get("phone_number"))[:60],
                )
            )
            continue
        if subtype == "additional service":
            continue  # someone to serve for a party, not a party
        name = tidy_union_name(lines[0])[:MAX_NAME]
        party = seen.get(union_key(name))
        if party is None:
            party = seen[union_key(name)] = PartyPlan(role=_role(kind), name=name)
            plan.parties.append(party)
        latest_of_type[kind] = party


def _role(kind: str) -> str:
    """The role is the row's ``type`` (its role on the case page); ``subtype`` only says what kind of body it
    is, so an "Involved Party" that is an employer (a staffing agency, say) stays an involved party."""
    return _ROLES.get(kind, "involved_party")


# --- elections and tallies --------------------------------------------------------------------------------


def _kind(tally_type: str) -> str:
    compact = tally_type.casefold().replace("-", "").replace(" ", "")
    if compact not in _KINDS:
        raise BadCase(f"tally_type {tally_type!r} is not Initial, Rerun or Run-off")
    return _KINDS[compact]


def _plan_elections(plan: CasePlan, source: SourceCase, zone: ZoneInfo) -> None:
    units = {str(u["voting_unit_id"]): tidy(u.get("unit_id")) or "A" for u in source.voting_units}
    dated = []
    for row in source.elections:
        day = parse_date(row.row.get("date"))
        if day is None:
            raise BadCase(f"election {row.row.get('election_id')} has no tally date")
        dated.append((day, _id_order(row.row.get("election_id")), row))
    dated.sort(key=lambda item: (item[0], item[1]))
    # One spelling per union in the whole case: the party's, else the first ballot's (the Regions retype them).
    spelling = {union_key(p.name): p.name for p in plan.parties}
    groups: dict[tuple[str, str], list[ElectionPlan]] = {}
    for day, _, row in dated:
        unit = units.get(str(row.row.get("voting_unit_id")), "A")[:8]
        kind = _kind(tidy(row.row.get("tally_type")))
        ballot_type = tidy(row.row.get("ballot_type"))
        revised = ballot_type.casefold().startswith("revised")
        label = f"unit {unit}, {kind}, election_id {row.row.get('election_id')} of {day}"
        elections = groups.setdefault((unit, kind), [])
        if revised and not elections:
            plan.gaps.append(
                f"{label}: a revised tally ({ballot_type}) with no original tally before it in the record: "
                "imported as the only known tally of its election"
            )
            revised = False
        against, votes = _options(row, label, spelling)
        if not votes:
            plan.notes.append(
                f"{label}: no union on the ballot ({ballot_type or 'no ballot type'}): left out"
            )
            continue
        if not revised:
            elections.append(
                ElectionPlan(
                    key=f"{unit}|{kind}|{len(elections) + 1}",
                    voting_unit=unit,
                    kind=kind,
                    choices=list(votes),
                    count_on=day,
                    approx_eligible_voters=count(row.row.get("unit_size"), "unit_size") or None,
                )
            )
        election = elections[-1]
        votes = _on_ballot(election, votes, label)
        result = row.result or {}
        tally = TallyPlan(
            source_id=str(row.row.get("election_id")),
            prepared_at=datetime.combine(day, time(12), tzinfo=zone),
            votes_for=votes,
            votes_against=against,
            void=count(result.get("void_ballots"), f"{label}: void_ballots"),
            challenged=count(result.get("challenged_ballots"), f"{label}: challenged_ballots"),
            ballot_type=ballot_type,
            label=f"{label}, revision {len(election.tallies)}",
        )
        election.tallies.append(tally)
        plan.disagreements += _disagreements(plan.number, election, tally, result)
    plan.elections = sorted(
        (e for group in groups.values() for e in group),
        key=lambda e: (e.count_on, _KIND_ORDER[e.kind], e.voting_unit),
    )
    first_of_unit: dict[str, ElectionPlan] = {}
    for election in plan.elections:
        first = first_of_unit.setdefault(election.voting_unit, election)
        if first is election and election.kind != "initial":
            plan.gaps.append(
                f"unit {election.voting_unit}, {election.kind} of {election.count_on}: the record holds no "
                f"earlier election of the unit before this {election.kind}: imported without it"
            )


def _id_order(value: Any) -> tuple[int, str]:
    text = str(value)
    return (int(text), "") if text.isdigit() else (0, text)


def _options(row: SourceElection, label: str, spelling: dict[str, str]) -> tuple[int, dict[str, int]]:
    against = 0
    votes: dict[str, int] = {}
    names: dict[str, str] = {}
    for option in row.options:
        name = tidy_union_name(str(option.get("option") or ""))
        number = count(option.get("votes"), f"{label}: votes for {name!r}")
        if not name or union_key(name) in _AGAINST:
            against += number
            continue
        key = union_key(name)
        if key in names:
            raise BadCase(f"{label}: {name!r} is on the ballot twice")
        names[key] = spelling.setdefault(key, name[:MAX_NAME])
        votes[names[key]] = number
    if len(votes) > tally_law.MAX_UNIONS:
        raise BadCase(f"{label}: {len(votes)} unions on one ballot (the tally has room for three)")
    return against, votes


def _on_ballot(election: ElectionPlan, votes: dict[str, int], label: str) -> dict[str, int]:
    """A revised tally's unions named as on the original ballot (the Regions retype them)."""
    ballot = {union_key(name): name for name in election.choices}
    matched = {}
    for name, number in votes.items():
        if union_key(name) not in ballot:
            raise BadCase(
                f"{label}: {name!r} is not on the ballot of the original tally ({election.choices})"
            )
        matched[ballot[union_key(name)]] = number
    return {name: matched.get(name, 0) for name in election.choices}


def assessment(election: ElectionPlan, tally: TallyPlan) -> tally_law.TallyAssessment:
    try:
        return tally_law.assess(
            tally_law.TallyFigures(
                votes_for=tally.votes_for,
                votes_against=tally.votes_against,
                void=tally.void,
                challenged=tally.challenged,
                eligible=election.approx_eligible_voters,
            )
        )
    except tally_law.InvalidTally as exc:
        raise BadCase(f"{tally.label}: {exc}") from None


def _flag(value: Any) -> bool | None:
    text = tidy(value).casefold()
    if text in ("y", "yes", "true", "1"):
        return True
    if text in ("n", "no", "false", "0"):
        return False
    return None


def _disagreements(number: str, election: ElectionPlan, tally: TallyPlan, result: Row) -> list[Disagreement]:
    ours = assessment(election, tally)
    found = []

    def differ(flag: str, theirs: str, mine: str) -> None:
        found.append(Disagreement(case=number, tally=tally.label, flag=flag, theirs=theirs, ours=mine))

    determinative = _flag(result.get("challenges_are_determinative"))
    if determinative is not None and determinative != ours.challenges_determinative:
        differ("challenges_are_determinative", _yn(determinative), _yn(ours.challenges_determinative))
    runoff = _flag(result.get("runoff_required"))
    ours_runoff = ours.result is tally_law.Result.RUNOFF_REQUIRED
    if runoff is not None and runoff != ours_runoff:
        differ("runoff_required", _yn(runoff), _yn(ours_runoff))
    certify = tidy_union_name(str(result.get("union_to_certify") or ""))
    if certify:
        theirs_none = union_key(certify) in _AGAINST or certify.casefold() in ("n",)
        winner = ours.winner if ours.winner != tally_law.NO_UNION else None
        if theirs_none and winner is not None:
            differ("union_to_certify", certify, winner)
        elif not theirs_none and (winner is None or union_key(winner) != union_key(certify)):
            differ("union_to_certify", certify, winner or f"none ({ours.result})")
    return found


def _yn(value: bool) -> str:
    return "Y" if value else "N"


# --- the docket -------------------------------------------------------------------------------------------


def _plan_docket(plan: CasePlan, rows: list[Row]) -> None:
    repeats: dict[str, int] = {}
    for row in rows:
        document = tidy(row.get("document"))[:300]
        day = parse_date(row.get("date"))
        if day is None or not document:
            plan.notes.append(f"docket line {document or '(no document)'} without a date: left out")
            continue
        actor = tidy(row.get("actor"))[:300]
        url = str(row.get("url") or "").strip()
        base = f"{day.isoformat()}|{document}|{actor}"
        repeats[base] = repeats.get(base, 0) + 1
        plan.docket.append(
            DocketPlan(
                filed_on=day,
                document=document,
                actor=actor,
                url=url if len(url) <= 500 and url.startswith(("http://", "https://")) else "",
                key=f"{base}|{repeats[base]}"[:700],
            )
        )
