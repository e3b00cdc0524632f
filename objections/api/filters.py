from __future__ import annotations

import django_filters
from django.db.models import QuerySet

from core.api.scoping import MAX_ID
from elections.api.filters import StrictBooleanFilter, by_case_number
from objections.models import STATUS_CHOICES, Objection


def _id(value: str) -> int | None:
    """An id from a query parameter, or None for anything that is not one (never a database overflow)."""
    try:
        number = int(str(value).strip())
    except (TypeError, ValueError):
        return None
    return number if 1 <= number <= MAX_ID else None


class ObjectionFilter(django_filters.FilterSet):
    case = django_filters.CharFilter(method="by_case", label="Case number, e.g. 10-RC-269250")
    election = django_filters.CharFilter(method="by_election", label="Election id")
    filed_by = django_filters.CharFilter(method="by_filed_by", label="Party id")
    status = django_filters.ChoiceFilter(choices=STATUS_CHOICES)
    category = django_filters.ChoiceFilter(choices=Objection.Category.choices)
    timely = StrictBooleanFilter()

    class Meta:
        model = Objection
        fields = ["case", "election", "filed_by", "status", "category", "timely"]

    def by_case(self, queryset: QuerySet[Objection], name: str, value: str) -> QuerySet[Objection]:
        return by_case_number(queryset, value, lookup="election__case__number")

    def by_election(self, queryset: QuerySet[Objection], name: str, value: str) -> QuerySet[Objection]:
        pk = _id(value)
        return queryset.none() if pk is None else queryset.filter(election_id=pk)

    def by_filed_by(self, queryset: QuerySet[Objection], name: str, value: str) -> QuerySet[Objection]:
        pk = _id(value)
        return queryset.none() if pk is None else queryset.filter(filed_by_id=pk)
