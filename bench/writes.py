"""The main writes, timed for bench/run.py: log a challenge, file an objection, record a proceeding event —
each through its service, as the API calls it, then the answers it changed built as the request's
middleware builds them after its commit (elections/bodies.py), timed apart: what a write pays for them.

Each write goes to a case of its own, made (untimed) in a transaction that is rolled back at the end, so
the data set is left as it was (a later run reuses it). The services' own transactions are savepoints
there: the COMMIT itself is not in the figures (on the benchmark's server, without fsync, it is small).
"""

from __future__ import annotations

import time
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.db import transaction

from core import clock
from elections.models import Appearance, Election, Party

try:  # bench/run.py also times the code before issue 35 (no answers built after a write)
    from elections import bodies
except ImportError:  # pragma: no cover
    bodies = None  # type: ignore[assignment]

WRITES = ("log a challenge", "file an objection", "record a proceeding event")


class _RolledBack(Exception):
    pass


def _case(serial: int, staff: Any, counsel: Any) -> tuple[Any, Party, Election]:
    """A case with a union (the bench counsel appears for it) and an employer, an election and its tally,
    an hour ago: objections may be filed and challenges logged (the tally has room for them)."""
    from tests.factories import CaseFactory, ElectionFactory, PartyFactory, record_tally

    case = CaseFactory(number=f"10-RM-{900000 + serial:06d}", name=f"Bench writes {serial} LLC")
    union: Party = PartyFactory(case=case, role=Party.Role.PETITIONER, name=f"Bench Union {serial}")  # type: ignore[assignment]
    PartyFactory(case=case, role=Party.Role.EMPLOYER, name=f"Bench writes {serial} LLC")
    Appearance.objects.create(user=counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    election: Election = ElectionFactory(case=case, sequence=1, choices=["Bench Union"])  # type: ignore[assignment]
    record_tally(
        election, prepared_at=clock.now() - timedelta(hours=1), yes=40, votes_against=45, challenged=50
    )
    return case, union, election


def build_after(base: str) -> int:
    return 0 if bodies is None else bodies.build_written(base)


def time_writes(samples: int, staff: Any, counsel: Any, base: str) -> dict[str, dict[str, list[float]]]:
    """For each write, ``samples`` times: the service call, and the answers built after it (ms)."""
    from tests.factories import file_objection, log_challenge, record_event

    figures: dict[str, dict[str, list[float]]] = {w: {"write": [], "bodies": []} for w in WRITES}

    def timed(name: str, write: Callable[[], Any]) -> None:
        start = time.perf_counter()
        write()
        wrote = time.perf_counter()
        build_after(base)
        built = time.perf_counter()
        figures[name]["write"].append((wrote - start) * 1000)
        figures[name]["bodies"].append((built - wrote) * 1000)

    def one_of_each(serial: int) -> None:
        case, union, election = _case(serial, staff, counsel)
        build_after(base)  # what making the case queued is not a write's
        today = clock.today(case.office_zone)
        timed("log a challenge", lambda: log_challenge(election, f"Voter {serial}", by=union, actor=staff))
        filed_at = clock.now() - timedelta(minutes=1)
        timed("file an objection", lambda: file_objection(election, union, filed_at=filed_at, actor=staff))
        timed(
            "record a proceeding event",
            lambda: record_event(case, "regional_investigation", today, actor=staff),
        )

    try:
        with transaction.atomic():
            for serial in range(samples + 3):  # the first three warm the caches, untimed
                one_of_each(serial)
                if serial < 3:
                    for modes in figures.values():
                        modes["write"].pop()
                        modes["bodies"].pop()
            raise _RolledBack
    except _RolledBack:
        pass
    return figures
