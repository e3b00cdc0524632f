"""Reads of the ledger: querysets scoped to the caller, and the live state of an election's challenges."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from django.db.models import Count, Q, QuerySet

from challenges.models import Challenge
from elections.law import tally as tally_law
from elections.models import Election, Tally


def challenges_for(user: Any) -> QuerySet[Challenge]:
    """Challenges of the caller's cases, with what the API shows of each (one query per page)."""
    return (
        Challenge.objects.visible_to(user)
        .select_related("election__case", "challenged_by", "logged_by", "counted_in")
        .order_by("election_id", "id")
    )


def challenges_of(election: Election) -> QuerySet[Challenge]:
    return (
        Challenge.objects.filter(election=election)
        .select_related("election__case", "challenged_by", "logged_by", "counted_in")
        .order_by("id")
    )


@dataclass(frozen=True)
class LedgerState:
    """Where an election's challenged ballots stand against its latest tally.

    ``unresolved`` counts every ballot whose vote is still unknown: the pending challenges and the
    released ballots (overruled, or withdrawn after the tally) not yet opened and counted.
    """

    election_id: int
    pending: int
    awaiting_count: int
    latest_tally: Tally | None
    settled_since_latest: int = 0

    @property
    def ledger_count(self) -> int:
        """The challenges among the latest tally's challenged ballots: the pending ones and those settled
        since that tally (their ballots were still sealed when it was prepared)."""
        return self.pending + self.settled_since_latest

    @property
    def matches_tally(self) -> bool | None:
        """Whether the ledger accounts for exactly the latest tally's challenged ballots; None before any
        tally."""
        if self.latest_tally is None:
            return None
        return self.ledger_count == self.latest_tally.challenged

    @property
    def unresolved(self) -> int:
        return self.pending + self.awaiting_count

    @property
    def determinative(self) -> bool | None:
        """Could the unresolved ballots change the latest tally's result? None before any tally."""
        if self.latest_tally is None:
            return None
        figures = self.latest_tally.figures(challenged=self.unresolved)
        return tally_law.challenges_determinative(figures)

    def summary(self) -> str:
        if self.latest_tally is None:
            return f"{self.pending} pending; no tally yet"
        parts = [f"{self.pending} pending"]
        if self.awaiting_count:
            parts.append(f"{self.awaiting_count} to open and count")
        verdict = "determinative" if self.determinative else "not determinative"
        return f"{', '.join(parts)}: {verdict} against tally revision {self.latest_tally.revision}"


def ledger_states(election_ids: Iterable[int]) -> dict[int, LedgerState]:
    """The state of each election's ledger, in two queries however many elections."""
    ids = sorted(set(election_ids))
    if not ids:
        return {}
    counts: dict[int, Any] = {
        row["election_id"]: row
        for row in Challenge.objects.filter(election_id__in=ids)
        .order_by()
        .values("election_id")
        .annotate(
            pending=Count("pk", filter=Q(status=Challenge.Status.PENDING)),
            awaiting=Count("pk", filter=Q(awaiting_count=True)),
        )
    }
    latest: dict[int, Tally] = {}
    for tally in (
        Tally.objects.filter(election_id__in=ids).select_related("election__case").order_by("revision")
    ):
        latest[tally.election_id] = tally  # ascending revisions: the last one seen is the latest
    settled: dict[tuple[int, int | None], int] = {
        (row["election_id"], row["settled_after_revision"]): row["n"]
        for row in Challenge.objects.filter(election_id__in=ids, settled_after_revision__isnull=False)
        .order_by()
        .values("election_id", "settled_after_revision")
        .annotate(n=Count("pk"))
    }
    return {
        pk: LedgerState(
            election_id=pk,
            pending=counts.get(pk, {}).get("pending", 0),
            awaiting_count=counts.get(pk, {}).get("awaiting", 0),
            latest_tally=latest.get(pk),
            settled_since_latest=settled.get((pk, latest[pk].revision), 0) if pk in latest else 0,
        )
        for pk in ids
    }


def ledger_state(election: Election) -> LedgerState:
    return ledger_states([election.pk])[election.pk]


def visible_challenge(user: Any, pk: int) -> Challenge | None:
    """A challenge of the caller's cases, or None: another party's is the same as a missing one."""
    return challenges_for(user).filter(pk=pk).first()
