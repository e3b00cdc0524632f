from __future__ import annotations

from typing import Any, TypeVar

import django_filters
from django import forms
from django.db.models import Q, QuerySet
from rest_framework.exceptions import ValidationError

from elections.law import case_numbers
from elections.models import Case, Election

_Rows = TypeVar("_Rows", bound=QuerySet[Any])


def by_case_number(queryset: _Rows, value: str, *, lookup: str) -> _Rows:
    """``?case=`` as people type it (``10 rc 990001``, ``10RC990001``): normalised by the law's one function. A
    value that cannot be a case number is a 400 naming the form; a well-formed number of a case the caller
    cannot see is an empty list, the same as one that does not exist."""
    try:
        number = case_numbers.normalize_typed(value)
    except case_numbers.InvalidCaseNumber as exc:
        message = str(exc)
        if case_numbers.FORM not in message:
            message += f" A case number reads {case_numbers.FORM}, e.g. 10-RC-269250."
        raise ValidationError({"case": [message]}) from None
    return queryset.filter(**{lookup: number})


class IntegerFilter(django_filters.NumberFilter):
    """A whole number (NumberFilter takes decimals, which the schema's ``integer`` does not)."""

    field_class = forms.IntegerField


class CaseFilter(django_filters.FilterSet):
    region = IntegerFilter(field_name="region", min_value=1, max_value=99)
    case_type = django_filters.ChoiceFilter(choices=Case.CaseType.choices)
    status = django_filters.ChoiceFilter(choices=Case.Status.choices)
    rule_set = django_filters.CharFilter(field_name="rule_set")
    q = django_filters.CharFilter(method="search", label="Case number or name")

    class Meta:
        model = Case
        fields = ["region", "case_type", "status", "rule_set", "q"]

    def search(self, queryset: QuerySet[Case], name: str, value: str) -> QuerySet[Case]:
        value = value.strip()
        try:
            return queryset.filter(number=case_numbers.normalize(value))
        except case_numbers.InvalidCaseNumber:
            return queryset.filter(Q(name__icontains=value) | Q(number__icontains=value))


class ElectionFilter(django_filters.FilterSet):
    case = django_filters.CharFilter(method="by_case", label="Case number")
    kind = django_filters.ChoiceFilter(choices=Election.Kind.choices)

    class Meta:
        model = Election
        fields = ["case", "kind"]

    def by_case(self, queryset: QuerySet[Election], name: str, value: str) -> QuerySet[Election]:
        return by_case_number(queryset, value, lookup="case__number")


class StrictBooleanField(forms.NullBooleanField):
    """``true``/``false`` (or ``1``/``0``); anything else is a 400 naming the filter, not silently no filter."""

    TRUE = frozenset({"true", "True", "1"})
    FALSE = frozenset({"false", "False", "0"})

    def to_python(self, value: Any) -> bool | None:  # type: ignore[override]
        if value in (None, ""):
            return None
        if value in self.TRUE or value is True:
            return True
        if value in self.FALSE or value is False:
            return False
        raise forms.ValidationError("Give true or false.", code="invalid")

    def validate(self, value: Any) -> None:
        return None


class StrictBooleanFilter(django_filters.BooleanFilter):
    field_class = StrictBooleanField

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        # A plain text widget: the stock ones turn anything unknown into "no filter" before validation.
        kwargs.setdefault("widget", forms.TextInput)
        super().__init__(*args, **kwargs)
