"""Enums whose members carry their label — plain Python, no Django.

A label written beside its value cannot be forgotten when a member is added, so there is no second table
to keep in step: ``EXCEPTIONS = "exceptions", "Exceptions"``; ``Kind.EXCEPTIONS.label`` reads it and
``labels(Kind)`` gives the member → label mapping the forms and pages use.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import TypeVar


class LabelledEnum(StrEnum):
    """A ``StrEnum`` whose members are written ``NAME = "value", "Label"``; the value is the string."""

    _label: str

    def __new__(cls, value: str, label: str = "") -> LabelledEnum:
        # The default only lets ``Kind("exceptions")`` (a lookup by value) type-check; a member written
        # without its label is refused when the class is made.
        if not label:
            raise TypeError(f"{cls.__name__} member {value!r} has no label")
        member = str.__new__(cls, value)
        member._value_ = value
        member._label = label
        return member

    @property
    def label(self) -> str:
        return self._label


L = TypeVar("L", bound=LabelledEnum)


def labels(enum: type[L]) -> Mapping[L, str]:
    """Every member of ``enum`` → its label, in the order the members are written."""
    return MappingProxyType({member: member.label for member in enum})


def labels_by_value(enum: type[LabelledEnum]) -> Mapping[str, str]:
    """The same mapping, for tables read with a stored string (``TIER_LABELS[period.source]``)."""
    return MappingProxyType({member: member.label for member in enum})
