"""The query behind a conditional read's tag, compiled from its queryset once per database connection.

A warm read costs the token, this query and one cache get (core/api/conditional.py); building and compiling
the queryset again on every call cost several times the query itself. So the queryset is built once, from
stand-ins for the values that vary between calls (the caller, the case number, the moment), and compiled to
SQL; a call runs that SQL with its own values put where the stand-ins were. The queryset stays the one
definition of what the caller may see: nothing here writes SQL by hand, and ``tests/test_tag_query.py``
checks, for every role, that the compiled query returns what the queryset returns.

What changes the SQL itself rather than its parameters is the query's ``shape``: whether the caller is
staff (who see every case: no filter at all) or signed in at all, the flags passed (``timed=True``), and
whatever the caller adds (the time buckets registered). Each shape is compiled on its own.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.core.exceptions import EmptyResultSet
from django.db import connections
from django.db.models import QuerySet
from django.db.models.sql import Query

from core.actors import is_staff

Built = QuerySet[Any] | Query
_serial = itertools.count(1)


class StandInNotFound(RuntimeError):
    """A value's stand-in is not among the compiled query's parameters: the queryset transforms the value
    (a case-insensitive lookup, a computed bound) and the compiled query could not take another value."""


@dataclass(frozen=True)
class _Compiled:
    sql: str
    params: tuple[Any, ...]
    slots: tuple[tuple[int, str], ...]  # (parameter index, value name)
    names: tuple[str, ...]
    converters: tuple[tuple[int, tuple[list[Any], Any]], ...]


_EMPTY = object()  # the queryset selects nothing whatever the values (an anonymous caller)


def _stand_in(name: str, value: Any) -> Any:
    serial = next(_serial)
    if isinstance(value, AbstractBaseUser):
        user_class: Any = value.__class__  # the class, even through a lazy request.user
        stand_in = user_class(pk=-(2**40) - serial)
        stand_in.is_staff = getattr(value, "is_staff", False)
        return stand_in
    if isinstance(value, bool):
        return value  # a flag: part of the shape, not a parameter
    if isinstance(value, int):
        return -(2**40) - serial
    if isinstance(value, str):
        return f"\x1fstand-in:{name}:{serial}"
    if isinstance(value, datetime):
        return datetime(1901, 2, 3, tzinfo=UTC) + timedelta(microseconds=serial)
    raise TypeError(f"{name}: no stand-in for a {type(value).__name__}")


def _user_shape(value: Any) -> tuple[str, ...]:
    if not getattr(value, "is_authenticated", False):
        return ("anonymous",)
    return ("staff",) if is_staff(value) else ("member",)


class TagQuery:
    """``build(**values)`` returns the queryset (or a ``Query``, for an aggregate) whose rows a tag needs;
    ``rows(**values)`` runs it, compiled once per connection and shape, and returns its rows as dicts."""

    def __init__(self, build: Callable[..., Built]) -> None:
        self.build = build

    def shape_of(self, values: dict[str, Any], shape: Hashable) -> Hashable:
        users = tuple(
            (name, _user_shape(value))
            for name, value in sorted(values.items())
            if isinstance(value, AbstractBaseUser) or hasattr(value, "is_authenticated")
        )
        flags = tuple((name, value) for name, value in sorted(values.items()) if isinstance(value, bool))
        return (shape, users, flags)

    def compile(self, connection: Any, values: dict[str, Any]) -> Any:
        stand_ins: dict[str, Any] = {}
        for name, value in values.items():
            if hasattr(value, "is_authenticated") and not isinstance(value, AbstractBaseUser):
                stand_ins[name] = value  # an anonymous caller: no id to stand in for
            else:
                stand_ins[name] = _stand_in(name, value)
        built = self.build(**stand_ins)
        query = built.query if isinstance(built, QuerySet) else built
        compiler = query.get_compiler(connection=connection)
        try:
            sql, params = compiler.as_sql()
        except EmptyResultSet:
            return _EMPTY
        adapted = {name: _adapt(connection, value) for name, value in stand_ins.items()}
        slots = tuple(
            (index, name)
            for index, param in enumerate(params)
            for name, stand_in in adapted.items()
            if stand_in is not None and _same(param, stand_in)
        )
        for name, value in stand_ins.items():
            wanted = not isinstance(value, AbstractBaseUser) or not is_staff(value)
            if wanted and adapted[name] is not None and all(slot_name != name for _, slot_name in slots):
                raise StandInNotFound(f"{name} is not a parameter of {sql}")
        names = (*query.extra_select, *query.values_select, *query.annotation_select)
        if query.default_cols or len(names) != compiler.col_count:
            raise TypeError("a tag query selects named values: values_list() or a Query of annotations")
        fields = [selected[0] for selected in compiler.select[: compiler.col_count]]
        converters = tuple(compiler.get_converters(fields).items())
        return _Compiled(sql, tuple(params), slots, names, converters)

    def rows(self, *, shape: Hashable = None, **values: Any) -> list[dict[str, Any]]:
        connection = connections["default"]
        # Kept on the connection's wrapper: it lives as long as the compiled SQL is good for (its backend).
        compiled_here: dict[Hashable, Any] = connection.__dict__.setdefault("_tag_queries", {})
        key = (id(self), self.shape_of(values, shape))
        compiled = compiled_here.get(key)
        if compiled is None:
            compiled = compiled_here[key] = self.compile(connection, values)
        if compiled is _EMPTY:
            return []
        params = list(compiled.params)
        for index, name in compiled.slots:
            params[index] = _typed_as(compiled.params[index], _adapt(connection, values[name]))
        with connection.cursor() as cursor:
            cursor.execute(compiled.sql, params)
            found = cursor.fetchall()
        return [
            dict(zip(compiled.names, _converted(row, compiled, connection), strict=True)) for row in found
        ]


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _same(param: Any, stand_in: Any) -> bool:
    """Whether a compiled parameter is the stand-in. An integer may come back typed for the column
    (PostgreSQL's backend passes a ``BigIntegerField``'s value as psycopg's ``Int8``): still an int."""
    if _is_int(stand_in):
        return _is_int(param) and int(param) == stand_in
    return type(param) is type(stand_in) and param == stand_in


def _typed_as(param: Any, value: Any) -> Any:
    """``value`` with the type the compiled parameter had (``Int8`` stays ``Int8``: the same statement)."""
    if _is_int(param) and _is_int(value) and type(param) is not int:
        return type(param)(value)
    return value


def _converted(row: Any, compiled: _Compiled, connection: Any) -> Any:
    """The row's values as the ORM returns them (SQLite's dates are text until converted)."""
    if not compiled.converters:
        return row
    values = list(row)
    for position, (converters, expression) in compiled.converters:
        for converter in converters:
            values[position] = converter(values[position], expression, connection)
    return values


def _adapt(connection: Any, value: Any) -> Any:
    """A value as the ORM passes it to the driver (what a stand-in becomes among the compiled parameters)."""
    if isinstance(value, bool) or (
        hasattr(value, "is_authenticated") and not isinstance(value, AbstractBaseUser)
    ):
        return None
    if isinstance(value, AbstractBaseUser):
        return value.pk
    if isinstance(value, datetime):
        return connection.ops.adapt_datetimefield_value(value)
    return value
