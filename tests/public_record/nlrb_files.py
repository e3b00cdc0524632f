"""Small nlrb.db files and CSV folders built by hand, in labordata's schema (columns in the published
order, text where the schema says text), for the importer's tests."""

from __future__ import annotations

import csv
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

COLUMNS: dict[str, list[str]] = {
    "filing": [
        "case_number",
        "name",
        "case_type",
        "url",
        "city",
        "state",
        "date_filed",
        "region_assigned",
        "status",
        "date_closed",
        "reason_closed",
        "number_of_eligible_voters",
        "number_of_voters_on_petition_or_charge",
        "certified_representative",
        "created_at",
        "updated_at",
        "last_checked_at",
    ],
    "sought_unit": ["case_number", "unit_sought", "created_at"],
    "participant": ["case_number", "participant", "type", "subtype", "address", "phone_number", "created_at"],
    "docket": ["case_number", "date", "document", "actor", "url", "created_at"],
    "voting_unit": ["voting_unit_id", "case_number", "unit_id", "description", "created_at"],
    "election": [
        "election_id",
        "case_number",
        "voting_unit_id",
        "date",
        "tally_type",
        "ballot_type",
        "unit_size",
        "created_at",
    ],
    "election_result": [
        "election_id",
        "total_ballots_counted",
        "void_ballots",
        "challenged_ballots",
        "challenges_are_determinative",
        "runoff_required",
        "union_to_certify",
        "created_at",
    ],
    "tally": ["election_id", "option", "votes", "created_at"],
}
INTEGER = {
    "number_of_eligible_voters",
    "number_of_voters_on_petition_or_charge",
    "voting_unit_id",
    "election_id",
    "unit_size",
    "total_ballots_counted",
    "void_ballots",
    "challenged_ballots",
    "votes",
}


@dataclass
class NlrbFile:
    tables: dict[str, list[dict[str, Any]]] = field(default_factory=lambda: {t: [] for t in COLUMNS})
    _next_id: int = 100

    def _add(self, table: str, **values: Any) -> dict[str, Any]:
        row = {c: values.get(c, "") for c in COLUMNS[table]}
        row["created_at"] = row["created_at"] or "2024-01-01 00:00:00"
        self.tables[table].append(row)
        return row

    def case(self, number: str, name: str, filed: str, **values: Any) -> str:
        values.setdefault("status", "Open")
        values.setdefault("case_type", number.split("-")[1])
        values.setdefault("last_checked_at", "2024-06-01 03:00:00")
        self._add("filing", case_number=number, name=name, date_filed=filed, **values)
        return number

    def unit_sought(self, number: str, text: str) -> None:
        self._add("sought_unit", case_number=number, unit_sought=text)

    def participant(
        self, number: str, text: str, type_: str, subtype: str, address: str = "", phone: str = ""
    ) -> None:
        self._add(
            "participant",
            case_number=number,
            participant=text,
            type=type_,
            subtype=subtype,
            address=address,
            phone_number=phone,
        )

    def docket(self, number: str, day: str, document: str, actor: str = "", url: str = "") -> None:
        self._add("docket", case_number=number, date=day, document=document, actor=actor, url=url)

    def voting_unit(self, number: str, unit_id: str, description: str = "") -> int:
        self._next_id += 1
        self._add(
            "voting_unit",
            voting_unit_id=self._next_id,
            case_number=number,
            unit_id=unit_id,
            description=description,
        )
        return self._next_id

    def tally(
        self,
        number: str,
        unit: int,
        day: str,
        votes: dict[str, int],
        *,
        tally_type: str = "Initial",
        ballot_type: str = "Single Labor Organization",
        unit_size: int | str = "",
        void: int = 0,
        challenged: int = 0,
        determinative: str = "",
        runoff: str = "",
        certify: str = "",
    ) -> int:
        """One ``election`` row with its result and its ``tally`` rows; ``votes`` includes "No union"."""
        self._next_id += 1
        eid = self._next_id
        self._add(
            "election",
            election_id=eid,
            case_number=number,
            voting_unit_id=unit,
            date=day,
            tally_type=tally_type,
            ballot_type=ballot_type,
            unit_size=unit_size,
        )
        self._add(
            "election_result",
            election_id=eid,
            total_ballots_counted=sum(votes.values()),
            void_ballots=void,
            challenged_ballots=challenged,
            challenges_are_determinative=determinative,
            runoff_required=runoff,
            union_to_certify=certify,
        )
        for option, n in votes.items():
            self._add("tally", election_id=eid, option=option, votes=n)
        return eid

    def write_db(self, path: Path) -> Path:
        path.unlink(missing_ok=True)
        db = sqlite3.connect(path)
        for table, columns in COLUMNS.items():
            spec = ", ".join(f"{c} {'INTEGER' if c in INTEGER else 'TEXT'}" for c in columns)
            db.execute(f"CREATE TABLE {table} ({spec})")
            marks = ", ".join("?" for _ in columns)
            db.executemany(
                f"INSERT INTO {table} VALUES ({marks})",
                [
                    [None if (c in INTEGER and row[c] == "") else row[c] for c in columns]
                    for row in self.tables[table]
                ],
            )
        db.commit()
        db.close()
        return path

    def write_csv(self, folder: Path) -> Path:
        folder.mkdir(parents=True, exist_ok=True)
        for table, columns in COLUMNS.items():
            with (folder / f"{table}.csv").open("w", newline="", encoding="utf-8") as handle:
                writer = csv.DictWriter(handle, fieldnames=columns)
                writer.writeheader()
                writer.writerows(self.tables[table])
        return folder
