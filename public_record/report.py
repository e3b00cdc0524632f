"""What an import did, for the person who ran it and for a researcher: counts per kind of record, every
case that failed or was left alone and why, every gap in the record a case was imported with, every field staff edited that the public record would change,
and every tally where the agency's own flags disagree with the arithmetic.

This module is plain Python: it imports nothing from Django.
"""

from __future__ import annotations

import csv
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from core.csv_cells import guard
from public_record.mapping import Disagreement

KINDS = ("cases", "elections", "tallies", "docket entries")
OUTCOMES = ("imported", "updated", "unchanged", "skipped", "failed")
CSV_COLUMNS = ["section", "case", "tally", "field", "theirs", "ours", "reason"]


@dataclass(frozen=True)
class Difference:
    """Where the tracker keeps its own value against the public record, and why (a field staff changed,
    a case staff entered, a tally already recorded)."""

    case: str
    field: str
    tracker: str
    public_record: str
    why: str = "edited by staff"


@dataclass
class Report:
    source: str
    dry_run: bool = False
    read: int = 0
    counts: dict[str, Counter[str]] = field(default_factory=lambda: {k: Counter() for k in KINDS})
    failures: list[tuple[str, str]] = field(default_factory=list)  # (case, reason)
    skips: list[tuple[str, str]] = field(default_factory=list)
    notes: list[tuple[str, str]] = field(default_factory=list)
    gaps: list[tuple[str, str]] = field(default_factory=list)  # (case, what the record lacks)
    differences: list[Difference] = field(default_factory=list)
    disagreements: list[Disagreement] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, kind: str, outcome: str, n: int = 1) -> None:
        if n:
            self.counts[kind][outcome] += n

    def case_outcome(self, number: str) -> str:
        """The outcome of a one-case import (the API's status)."""
        if any(case == number for case, _ in self.failures):
            return "failed"
        for outcome in ("imported", "updated", "unchanged", "skipped"):
            if self.counts["cases"][outcome]:
                return outcome
        return "not_found"

    def lines(self) -> list[str]:
        rate = f", {self.read / self.seconds:,.0f} cases/s" if self.seconds else ""
        head = "DRY RUN — nothing written. " if self.dry_run else ""
        out = [f"{head}Public record {self.source}: {self.read:,} cases read in {self.seconds:,.1f} s{rate}"]
        for kind in KINDS:
            figures = ", ".join(f"{self.counts[kind][o]:,} {o}" for o in OUTCOMES)
            out.append(f"  {kind + ':':<16}{figures}")
        out.append(
            f"  agency flags that disagree with the arithmetic: {len(self.disagreements):,} "
            f"(challenges_are_determinative, runoff_required, union_to_certify)"
        )
        for case, reason in self.failures:
            out.append(f"failed   {case}: {reason}")
        for case, reason in self.skips:
            out.append(f"skipped  {case}: {reason}")
        for case, gap in self.gaps:
            out.append(f"gap      {case}: {gap}")
        for d in self.differences:
            out.append(
                f"kept     {d.case} {d.field}: tracker {d.tracker!r}, public record {d.public_record!r} ({d.why})"
            )
        for flag in self.disagreements:
            out.append(
                f"flag     {flag.case} {flag.tally}: {flag.flag} theirs {flag.theirs}, ours {flag.ours}"
            )
        return out

    def rows(self) -> list[dict[str, str]]:
        rows = [
            {
                "section": "count",
                "case": "",
                "tally": "",
                "field": kind,
                "theirs": "",
                "ours": "",
                "reason": "; ".join(f"{o} {self.counts[kind][o]}" for o in OUTCOMES),
            }
            for kind in KINDS
        ]
        rows += [_row("failed", case, reason=reason) for case, reason in self.failures]
        rows += [_row("skipped", case, reason=reason) for case, reason in self.skips]
        rows += [_row("note", case, reason=reason) for case, reason in self.notes]
        rows += [_row("gap", case, reason=gap) for case, gap in self.gaps]
        rows += [
            _row("tracker_kept", d.case, field=d.field, theirs=d.public_record, ours=d.tracker, reason=d.why)
            for d in self.differences
        ]
        rows += [
            _row("flag_disagrees", d.case, tally=d.tally, field=d.flag, theirs=d.theirs, ours=d.ours)
            for d in self.disagreements
        ]
        return rows

    def write_csv(self, path: str | Path) -> None:
        with Path(path).open("w", newline="", encoding="utf-8") as handle:
            writer = csv.DictWriter(handle, fieldnames=CSV_COLUMNS)
            writer.writeheader()
            # The public record's text (a party's name, a reason) is written as read: a cell a spreadsheet
            # would run as a formula is guarded, as in every CSV the tracker writes (issue 36's review).
            writer.writerows({k: guard(v) for k, v in row.items()} for row in self.rows())

    def as_dict(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "dry_run": self.dry_run,
            "counts": {kind: dict(self.counts[kind]) for kind in KINDS},
            "failures": [{"case": c, "reason": r} for c, r in self.failures],
            "skipped": [{"case": c, "reason": r} for c, r in self.skips],
            "notes": [{"case": c, "note": r} for c, r in self.notes],
            "gaps": [{"case": c, "gap": g} for c, g in self.gaps],
            "tracker_kept": [d.__dict__ for d in self.differences],
            "flag_disagreements": [d.__dict__ for d in self.disagreements],
        }


def _row(section: str, case: str, **values: str) -> dict[str, str]:
    return {"section": section, "case": case, **{k: values.get(k, "") for k in CSV_COLUMNS[2:]}}
