"""A cache that is up but whose every call fails with a programming error, not a connection error: what a
bug in a cache client, a serializer or our own key code looks like to the guards."""

from __future__ import annotations

from typing import Any

from django.core.cache.backends.locmem import LocMemCache


class BuggyCache(LocMemCache):
    def _bug(self, *args: Any, **kwargs: Any) -> Any:
        raise TypeError("a bug, not an outage")

    get = get_many = add = incr = set = delete = delete_many = _bug
