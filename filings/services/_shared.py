"""What the filings' services share: the checks of a paper's fields (kind, title, confirmation, service,
grounds, the time stated), the election and the deadline it names, and the papers still live. Private to
``filings.services``.
"""

from __future__ import annotations

from collections.abc import Iterable
from datetime import datetime, timedelta
from typing import Any

from core import clock
from core.errors import RuleViolation, TransitionNotAllowed
from core.text import refuse_breaks
from elections.models import Case, Election
from filings.law.kinds import (
    KIND_LABELS,
    Kind,
    ServiceMethod,
    State,
)
from filings.models import Filing
from objections.models import Objection
from proceedings import selectors as proceeding_selectors
from proceedings import services as proceeding_services
from proceedings.law.deadlines import Status
from proceedings.models import Deadline

CLOCK_SKEW = timedelta(minutes=5)


MAX_TITLE = 300


MAX_CONFIRMATION = 60


MAX_GROUNDS = 5000


def _choices(values: Iterable[object]) -> str:
    return ", ".join(str(v) for v in values)


def _aware(value: Any, field: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise RuleViolation(
            field, "Give a date and time with its UTC offset, e.g. 2022-09-16T17:00:00-04:00."
        )
    if value > clock.now() + CLOCK_SKEW:
        raise RuleViolation(field, f"The filing time ({value.isoformat()}) cannot be in the future.")
    return value


def _election(case: Case, election: Election | int | None) -> Election:
    return proceeding_services.election_of(case, proceeding_selectors.elections_of(case), election)


def _deadline_of_case(case: Case, deadline: Deadline | int | None, field: str = "answers") -> Deadline | None:
    if deadline is None:
        return None
    pk = deadline.pk if isinstance(deadline, Deadline) else deadline
    found = Deadline.objects.filter(pk=pk, case=case).first()
    if found is None:
        raise RuleViolation(
            field, f"Deadline {pk} is not a deadline of {case.number} (see deadlines/?case=)."
        )
    return found


def _live(deadline: Deadline) -> Deadline:
    """The deadline in force: the one that superseded ``deadline``, if it was replaced (an extension)."""
    seen = 0
    while deadline.status == Status.SUPERSEDED and deadline.superseded_by_id is not None and seen < 50:
        deadline = Deadline.objects.get(pk=deadline.superseded_by_id)
        seen += 1
    return deadline


def _refuse_a_second_paper_for(case: Case, confirmation_number: str, *, draft: Filing | None = None) -> None:
    """One e-filing is one paper: the Agency's confirmation number is unique within a case (contract v1.4),
    among its filed papers and its objections, compared without regard to letter case. The case row is
    locked by the caller, so two requests with the same number cannot both pass. A second paper is a 409
    naming the first (issue 36, item 7). Drafts hold no number yet: another side's draft is never named."""
    if not confirmation_number:
        return
    first = (
        Filing.objects.filter(case=case, state=State.FILED, confirmation_number__iexact=confirmation_number)
        .exclude(pk=draft.pk if draft is not None else 0)
        .select_related("party")
        .order_by("pk")
        .first()
    )
    if first is not None:
        raise TransitionNotAllowed(
            f"E-filing confirmation number {confirmation_number} is already on filing {first.pk} of "
            f"{case.number} ({first.get_kind_display().lower()} of {first.party.name}: {first.title}); "
            "one e-filing is one paper."
        )
    objection = (
        Objection.objects.filter(election__case=case, confirmation_number__iexact=confirmation_number)
        .order_by("pk")
        .first()
    )
    if objection is not None:
        raise TransitionNotAllowed(
            f"E-filing confirmation number {confirmation_number} is already on objection {objection.pk} of "
            f"{case.number}; one e-filing is one paper."
        )


def _checked_kind(kind: str) -> str:
    if kind not in KIND_LABELS:
        raise RuleViolation("kind", f"{kind!r} is not a kind of filing; allowed: {_choices(KIND_LABELS)}.")
    return kind


def _checked_title(title: str) -> str:
    title = refuse_breaks("title", (title or "").strip())
    if not title:
        raise RuleViolation("title", "Give the paper's title, as on its cover page.")
    if len(title) > MAX_TITLE:
        raise RuleViolation("title", f"A title is at most {MAX_TITLE} characters.")
    return title


def _checked_confirmation(case: Case, confirmation_number: str, *, draft: Filing | None = None) -> str:
    confirmation_number = refuse_breaks("confirmation_number", (confirmation_number or "").strip())
    if len(confirmation_number) > MAX_CONFIRMATION:
        raise RuleViolation("confirmation_number", f"At most {MAX_CONFIRMATION} characters.")
    _refuse_a_second_paper_for(case, confirmation_number, draft=draft)
    return confirmation_number


def _checked_service_method(service_method: str) -> str:
    if service_method and service_method not in ServiceMethod.__members__.values():
        raise RuleViolation(
            "service_method",
            f"{service_method!r} is not a method of service; allowed: {_choices(m.value for m in ServiceMethod)}.",
        )
    return service_method


def _checked_grounds(unforeseeable_grounds: str) -> str:
    grounds = (unforeseeable_grounds or "").strip()
    if len(grounds) > MAX_GROUNDS:
        raise RuleViolation("unforeseeable_grounds", f"At most {MAX_GROUNDS} characters.")
    return grounds


def _related(case: Case, kind: str, relates_to: Filing | int | None) -> Filing | None:
    """The filed paper of ``case`` a paper concerns; a response must name one."""
    if relates_to is None:
        if kind == Kind.RESPONSE:
            raise RuleViolation(
                "relates_to", "A response names the filing it answers (relates_to, a filing id)."
            )
        return None
    pk = relates_to.pk if isinstance(relates_to, Filing) else relates_to
    related = Filing.objects.filter(pk=pk, case=case, state=State.FILED).first()
    if related is None:
        raise RuleViolation("relates_to", f"Filing {pk} is not a filing of {case.number}.")
    return related
