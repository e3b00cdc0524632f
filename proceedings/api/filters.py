from __future__ import annotations

import django_filters
from django.db.models import Exists, OuterRef, QuerySet

from elections.api.filters import StrictBooleanFilter, by_case_number
from proceedings.law import ladder
from proceedings.law.deadlines import SOURCES, Status
from proceedings.law.owed_by import PartyStatus
from proceedings.models import Deadline, DeadlineParty, ProceedingEvent
from proceedings.selectors import own_party_ids


def _by_case(queryset: QuerySet, value: str) -> QuerySet:
    return by_case_number(queryset, value, lookup="case__number")


class DeadlineFilter(django_filters.FilterSet):
    case = django_filters.CharFilter(method="by_case", label="Case number")
    status = django_filters.ChoiceFilter(
        field_name="caller_status",
        choices=[(s.value, s.value) for s in Status],
        label="Status now, as the caller reads it: their own party's (staff: open while any party's time "
        "runs); a passed deadline is missed or moot even before the hourly job records it",
    )
    party = django_filters.NumberFilter(
        method="by_party", min_value=1, max_value=2**62, label="Deadlines with a row for this party (its id)"
    )
    mine = StrictBooleanFilter(
        method="by_mine", label="true: only the deadlines the caller's own party owes (or may file by)"
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
        fields = [
            "case",
            "status",
            "due_after",
            "due_before",
            "code",
            "election",
            "verified",
            "source",
            "party",
            "mine",
        ]

    def by_case(self, queryset: QuerySet[Deadline], name: str, value: str) -> QuerySet[Deadline]:
        return _by_case(queryset, value)

    def by_party(self, queryset: QuerySet[Deadline], name: str, value: int) -> QuerySet[Deadline]:
        return queryset.filter(
            Exists(
                DeadlineParty.objects.filter(deadline=OuterRef("pk"), party_id=value).exclude(
                    status=PartyStatus.NOT_APPLICABLE
                )
            )
        )

    def by_mine(self, queryset: QuerySet[Deadline], name: str, value: bool | None) -> QuerySet[Deadline]:
        if value is None:
            return queryset
        user = getattr(self.request, "user", None)
        own = DeadlineParty.objects.filter(deadline=OuterRef("pk"), party_id__in=own_party_ids(user)).exclude(
            status=PartyStatus.NOT_APPLICABLE
        )
        return queryset.filter(Exists(own)) if value else queryset.exclude(Exists(own))


class ProceedingEventFilter(django_filters.FilterSet):
    election = django_filters.NumberFilter(field_name="election_id", min_value=1, max_value=2**62)
    event = django_filters.ChoiceFilter(choices=[(e.value, e.value) for e in ladder.Event])
    voided = StrictBooleanFilter(field_name="voided")

    class Meta:
        model = ProceedingEvent
        fields = ["election", "event", "voided"]
