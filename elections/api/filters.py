from __future__ import annotations

import django_filters
from django.db.models import Q, QuerySet

from elections.law import case_numbers
from elections.models import Case, Election


class CaseFilter(django_filters.FilterSet):
    region = django_filters.NumberFilter(field_name="region")
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
        try:
            return queryset.filter(case__number=case_numbers.normalize(value))
        except case_numbers.InvalidCaseNumber:
            return queryset.none()
