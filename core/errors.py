"""Domain errors that services raise; the API maps them to HTTP in one place (core.api.errors)."""

from __future__ import annotations

from collections.abc import Sequence


class DomainError(Exception):
    """Base class of every error a service raises on purpose."""


class RuleViolation(DomainError):
    """The input breaks a rule (400): ``field`` names what is wrong, ``message`` the rule."""

    def __init__(self, field: str, message: str) -> None:
        super().__init__(f"{field}: {message}")
        self.field = field
        self.message = message


class TransitionNotAllowed(DomainError):
    """The step is not allowed in the current state (409); ``allowed`` lists what may come next."""

    def __init__(self, detail: str, *, allowed: Sequence[str] = ()) -> None:
        super().__init__(detail)
        self.detail = detail
        self.allowed = list(allowed)


class NotPermitted(DomainError):
    """The caller sees the record but may not take this step on it (403)."""

    def __init__(self, detail: str) -> None:
        super().__init__(detail)
        self.detail = detail
