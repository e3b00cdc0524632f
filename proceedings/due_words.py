"""How a deadline's date is said to people. A filing deadline falls due at 11:59 p.m. in the regional
office's zone (29 CFR 102.2(b)) and is said with that time; a target (the post-election hearing,
102.69(c)(1)(ii): "or as soon as practicable") is a day the Region aims for, not a cutoff, and is said as a
target date with no time."""

from __future__ import annotations

from typing import Any

from elections.law.local_time import local_day, local_time


def due_when(deadline: Any) -> str:
    """``December 8, 2026, 11:59 p.m. EST`` for a filing deadline; ``December 22, 2026`` for a target."""
    if deadline.target_only:
        return local_day(deadline.due_at, deadline.zone)
    return local_time(deadline.due_at, deadline.zone)


def due_words(deadline: Any) -> str:
    """``due December 8, 2026, 11:59 p.m. EST``, or ``target date December 22, 2026``."""
    return f"{'target date' if deadline.target_only else 'due'} {due_when(deadline)}"
