from __future__ import annotations

import django_filters
from django.db.models import QuerySet

from core.api.scoping import MAX_ID
from elections.api.filters import IntegerFilter
from elections.law import case_numbers
from filings import selectors
from filings.models import KIND_CHOICES, RULING_CHOICES, Filing


class FilingFilter(django_filters.FilterSet):
    case = django_filters.CharFilter(method="by_case", label="Case number, e.g. 29-RC-288020")
    election = IntegerFilter(field_name="election_id", min_value=1, max_value=MAX_ID, label="Election id")
    party = IntegerFilter(field_name="party_id", min_value=1, max_value=MAX_ID, label="Party id")
    kind = django_filters.ChoiceFilter(choices=KIND_CHOICES)
    ruling = django_filters.ChoiceFilter(choices=RULING_CHOICES)
    q = django_filters.CharFilter(
        method="by_text", max_length=200, label="Words in the title or in the documents' text"
    )

    class Meta:
        model = Filing
        fields = ["case", "election", "party", "kind", "ruling", "q"]

    def by_case(self, queryset: QuerySet[Filing], name: str, value: str) -> QuerySet[Filing]:
        try:
            return queryset.filter(case__number=case_numbers.normalize(value))
        except case_numbers.InvalidCaseNumber:
            return queryset.none()

    def by_text(self, queryset: QuerySet[Filing], name: str, value: str) -> QuerySet[Filing]:
        return selectors.search(queryset, value)
