"""What the desk's pages read, composed from the selectors the API uses: the desk defines no scoping of its
own (who sees which case, challenge, objection, deadline or note is decided where the API's lists are)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Q

from challenges.models import Challenge
from challenges.selectors import challenges_for
from core import clock
from elections.models import Appearance, Case, Party
from elections.selectors import cases_for, counsel_party_ids, user_party_ids
from notes.models import Note
from notes.selectors import notes_for
from objections.models import Objection
from objections.selectors import objections_for
from proceedings import selectors as proceedings_selectors
from proceedings.law.deadlines import Status
from proceedings.models import Deadline
from proceedings.selectors import case_status

# The most cases listed on the desk's home (staff see every case: their desk is the admin's work queue).
MY_CASES_LIMIT = 200


@dataclass(frozen=True)
class MyCase:
    case: Case
    next_deadline: Deadline | None


def my_cases(user: Any, *, now: datetime | None = None) -> list[MyCase]:
    """The caller's cases, each with its next open deadline, the soonest deadline first; cases with nothing
    due follow, by number. Two queries, whatever the number of cases."""
    now = now or clock.now()
    cases = list(cases_for(user).order_by("number")[:MY_CASES_LIMIT])
    open_by_case: dict[int, list[Deadline]] = defaultdict(list)
    for deadline in proceedings_selectors.deadlines_for(user, now=now).filter(
        Q(caller_status=Status.OPEN), case_id__in=[c.pk for c in cases]
    ):
        open_by_case[deadline.case_id].append(deadline)
    listed = [MyCase(c, proceedings_selectors.next_deadline(open_by_case.get(c.pk, []))) for c in cases]
    far = datetime.max.replace(tzinfo=now.tzinfo)
    due = {m.case.pk: proceedings_selectors.caller_due_at(m.next_deadline, now=now) for m in listed}
    return sorted(listed, key=lambda m: (due[m.case.pk] or far, m.case.number))


@dataclass(frozen=True)
class CasePage:
    case: Case
    status: dict[str, Any]
    deadlines: list[Deadline]
    challenges: list[Challenge]
    objections: list[Objection]
    notes: list[Note]
    counsel_for: list[Party]  # the parties the caller may file and challenge for
    appears_for: list[Party]


def case_page(user: Any, case: Case, *, now: datetime | None = None) -> CasePage:
    """Everything the case page shows, each list read through the API's own selector for the caller."""
    now = now or clock.now()
    counsel = counsel_party_ids(user, case.pk)
    appearing = user_party_ids(user, case.pk)
    parties = list(case.parties.order_by("id"))
    return CasePage(
        case=case,
        status=case_status(case, now=now, user=user),
        deadlines=list(
            proceedings_selectors.deadlines_for(user, now=now)
            .filter(case=case)
            .exclude(status=Status.SUPERSEDED)
        ),
        challenges=list(
            challenges_for(user).filter(election__case=case).order_by("election__sequence", "id")
        ),
        objections=list(objections_for(user).filter(election__case=case)),
        notes=list(notes_for(user).filter(case=case)),
        counsel_for=[p for p in parties if p.pk in counsel],
        appears_for=[p for p in parties if p.pk in appearing],
    )


def paralegal_appearances(user: Any, case: Case) -> list[Appearance]:
    """The caller's current appearances as a paralegal in ``case``: whose notices they may opt out of."""
    if not getattr(user, "is_authenticated", False):
        return []
    return list(
        Appearance.objects.filter(user=user, party__case=case, capacity=Appearance.Capacity.PARALEGAL)
        .select_related("party")
        .order_by("id")
    )


def counsel_parties(user: Any, case: Case, parties: list[Party] | None = None) -> list[Party]:
    """The parties of ``case`` for which ``user`` is counsel: whom they may file and challenge for."""
    own = counsel_party_ids(user, case.pk)
    return [p for p in (parties if parties is not None else case.parties.order_by("id")) if p.pk in own]
