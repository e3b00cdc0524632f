"""Scoped or 404, one way: a route that names a record resolves it within what the caller may see before
any permission check, so that another party's record is a 404 (it does not exist for them), never a 403
(which would say it does)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, ClassVar, Generic, TypeVar, overload

from django.http import Http404
from rest_framework.request import Request

# The largest id a client may name: beyond it a lookup would overflow PostgreSQL's bigint (a 500).
MAX_ID = 2**62


def bounded_id(value: Any) -> int:
    """An id from a path or a query: a whole number the database can hold, or a 404."""
    try:
        pk = int(value)
    except (TypeError, ValueError):
        raise Http404 from None
    if not 1 <= pk <= MAX_ID:
        raise Http404
    return pk


def found_or_404(record: Any) -> Any:
    """What a scoped lookup found, or a 404 when it found nothing (``None``)."""
    if record is None:
        raise Http404
    return record


class ScopedObjectMixin:
    """For views whose path names a record: ``scoped_attribute`` names the (cached) property that resolves it
    within the caller's cases or raises a 404; it is resolved for signed-in callers before the permission
    check. Anonymous callers get the 401 first, so the path cannot be probed without signing in."""

    scoped_attribute: ClassVar[str]

    def check_permissions(self, request: Request) -> None:
        if request.user and request.user.is_authenticated:
            getattr(self, self.scoped_attribute)  # 404 before 403
        super().check_permissions(request)  # type: ignore[misc]


T = TypeVar("T")


class ScopedRecord(Generic[T]):
    """A view's record named by its path id, found among what the caller may see, or a 404: written once on
    a ``ScopedObjectMixin`` (``filing = ScopedRecord("filing_id", selectors.visible_filing)``), it names
    itself the record the permission check resolves first, and is looked up once per request."""

    def __init__(self, path_id: str, find: Callable[[Any, int], T | None]) -> None:
        self.path_id = path_id
        self.find = find
        self.name = ""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name
        owner.scoped_attribute = name  # type: ignore[attr-defined]

    @overload
    def __get__(self, view: None, owner: type) -> ScopedRecord[T]: ...

    @overload
    def __get__(self, view: object, owner: type) -> T: ...

    def __get__(self, view: Any, owner: type) -> ScopedRecord[T] | T:
        if view is None:
            return self
        record: T = found_or_404(self.find(view.request.user, bounded_id(view.kwargs[self.path_id])))
        view.__dict__[self.name] = record  # the instance's own attribute from now on: one lookup per request
        return record
