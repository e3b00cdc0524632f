"""What the objections' services share: a filing time checked (aware, not in the future), the office's
local time, an objection's category and statement checked, the row lock. Private to
``objections.services``.
"""

from __future__ import annotations

from datetime import datetime, timedelta

from core import clock
from core.errors import RuleViolation
from elections.law.local_time import local_time
from objections.models import MAX_STATEMENT, Objection

# A client's clock may run a little ahead of ours; beyond this a filing time is "in the future".
CLOCK_SKEW = timedelta(minutes=5)


def _aware(value: datetime, field: str) -> datetime:
    if not isinstance(value, datetime) or value.tzinfo is None or value.utcoffset() is None:
        raise RuleViolation(
            field, "Give a date and time with its UTC offset, e.g. 2021-04-16T17:00:00-04:00."
        )
    return value


def _not_in_future(value: datetime, field: str, what: str) -> None:
    if value > clock.now() + CLOCK_SKEW:
        raise RuleViolation(field, f"{what} ({value.isoformat()}) cannot be in the future.")


def _local(value: datetime, zone: str) -> str:
    return local_time(value, zone)


def _checked_category(category: str) -> str:
    if category not in Objection.Category.values:
        raise RuleViolation(
            "category", f"{category!r} is not a category; allowed: {', '.join(Objection.Category.values)}."
        )
    return category


def _checked_statement(statement: str | None) -> str:
    """The statement as stored (trimmed): one is required (102.69(a)(8)), within ``MAX_STATEMENT``."""
    statement = (statement or "").strip()
    if not statement:
        raise RuleViolation(
            "statement", "State the objection: a short statement of the reasons (102.69(a)(8))."
        )
    if len(statement) > MAX_STATEMENT:
        raise RuleViolation("statement", f"Keep the statement under {MAX_STATEMENT} characters.")
    return statement


def _locked(objection: Objection) -> Objection:
    return (
        Objection.objects.select_for_update()
        .select_related("election__case", "filed_by")
        .get(pk=objection.pk)
    )
