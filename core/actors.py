"""Who acts: the user behind a service call, as every app's services see it.

Services take ``actor`` (the signed-in user, or ``None`` for commands and tasks) and name it in the
history rows that django-simple-history writes, even outside a request."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser

from core.errors import NotPermitted

Actor = AbstractBaseUser | AnonymousUser | None


def acting_user(actor: Actor) -> Any:
    """The user to store in a ``recorded_by``-style column; ``None`` for anonymous or system actions."""
    return actor if getattr(actor, "is_authenticated", False) else None


def is_staff(actor: Actor) -> bool:
    return bool(getattr(actor, "is_authenticated", False) and getattr(actor, "is_staff", False))


def is_staff_or_system(actor: Actor) -> bool:
    """Board staff, or the system itself (``actor=None``: a command, the demo, a task)."""
    return actor is None or is_staff(actor)


def stamp(instance: Any, actor: Actor) -> None:
    """Make the next history row of ``instance`` name ``actor`` (commands, tasks and tests have no request)."""
    user = acting_user(actor)
    if user is not None:
        instance._history_user = user


def require_staff(actor: Actor, doing: str) -> None:
    """The staff-only steps: Board staff, or the system itself (``actor=None``: a command, the demo, a task).
    Raised inside the service, so that the API, the admin and the tasks refuse alike."""
    if not is_staff_or_system(actor):
        raise NotPermitted(f"Only Board staff may {doing}.")
