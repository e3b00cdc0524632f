from __future__ import annotations

import django_filters
from django.db.models import QuerySet

from elections.api.filters import StrictBooleanFilter, by_case_number
from proceedings.law import ladder
from proceedings.law.deadlines import SOURCES, Status
from proceedings.models import Deadline, ProceedingEvent


def _by_case(queryset: QuerySet, value: str) -> QuerySet:
    return by_case_number(queryset, value, lookup="case__number")


class DeadlineFilter(django_filters.FilterSet):
    case = django_filters.CharFilter(method="by_case", label="Case number")
    status = django_filters.ChoiceFilter(
        field_name="effective_status",
        choices=[(s.value, s.value) for s in Status],
        label="Status now (a passed deadline is missed or moot even before the hourly job records it)",
    )
    due_after = django_filters.DateFilter(field_name="due_on", lookup_expr="gte", label="Due on or after")
    due_before = django_filters.DateFilter(field_name="due_on", lookup_expr="lte", label="Due on or before")
    code = django_filters.CharFilter(field_name="code", max_length=40)
    election = django_filters.NumberFilter(field_name="election_id", min_value=1, max_value=2**62)
    verified = StrictBooleanFilter(field_name="verified")
    source = django_filters.ChoiceFilter(
        choices=[(s.value, s.value) for s in SOURCES],
        label="What the date rests on: cfr, federal_register (verified), agency_faq, inferred, order, manual",
    )

    class Meta:
        model = Deadline
        fields = ["case", "status", "due_after", "due_before", "code", "election", "verified", "source"]

    def by_case(self, queryset: QuerySet[Deadline], name: str, value: str) -> QuerySet[Deadline]:
        return _by_case(queryset, value)


class ProceedingEventFilter(django_filters.FilterSet):
    election = django_filters.NumberFilter(field_name="election_id", min_value=1, max_value=2**62)
    event = django_filters.ChoiceFilter(choices=[(e.value, e.value) for e in ladder.Event])
    voided = StrictBooleanFilter(field_name="voided")

    class Meta:
        model = ProceedingEvent
        fields = ["election", "event", "voided"]
