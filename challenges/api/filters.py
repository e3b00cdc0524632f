from __future__ import annotations

import django_filters
from django import forms
from django.core.validators import RegexValidator
from django.db.models import QuerySet

from challenges.models import BOARD_AGENT, STATUS_CHOICES, Challenge
from core.api.scoping import MAX_ID
from elections.api.filters import by_case_number


class IdFilter(django_filters.Filter):
    """A whole-number id; anything else (or out of range) is a 400, never a database error."""

    field_class = forms.IntegerField


class ElectionChallengeFilter(django_filters.FilterSet):
    """Filters of ``elections/{id}/challenges/``, where the path names the election."""

    status = django_filters.ChoiceFilter(choices=STATUS_CHOICES)
    ground = django_filters.ChoiceFilter(choices=Challenge.Ground.choices)
    challenged_by = django_filters.CharFilter(
        method="by_challenger",
        label="Party id or board_agent",
        max_length=20,
        validators=[
            RegexValidator(rf"^({BOARD_AGENT}|[1-9][0-9]{{0,17}})$", "Give a party id or 'board_agent'.")
        ],
    )

    class Meta:
        model = Challenge
        fields = ["status", "ground", "challenged_by"]

    def by_challenger(self, queryset: QuerySet[Challenge], name: str, value: str) -> QuerySet[Challenge]:
        if value == BOARD_AGENT:
            return queryset.filter(challenged_by__isnull=True)
        return queryset.filter(challenged_by_id=int(value))


class ChallengeFilter(ElectionChallengeFilter):
    """Filters of ``challenges/``: the above, and the case and election."""

    case = django_filters.CharFilter(method="by_case", label="Case number (e.g. 10-RC-269250)")
    election = IdFilter(field_name="election_id", min_value=1, max_value=MAX_ID, label="Election id")

    class Meta:
        model = Challenge
        fields = ["case", "election", "status", "ground", "challenged_by"]

    def by_case(self, queryset: QuerySet[Challenge], name: str, value: str) -> QuerySet[Challenge]:
        return by_case_number(queryset, value, lookup="election__case__number")
