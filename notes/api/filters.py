from __future__ import annotations

import django_filters
from django.db.models import QuerySet

from elections.api.filters import by_case_number
from notes.models import Note, Visibility


class NoteFilter(django_filters.FilterSet):
    case = django_filters.CharFilter(method="by_case", label="Case number: every note under the case")
    visibility = django_filters.ChoiceFilter(choices=Visibility.choices)
    subject = django_filters.ChoiceFilter(
        method="by_subject",
        choices=[("case", "case"), ("challenge", "challenge"), ("objection", "objection")],
        label="What the note is about",
    )
    q = django_filters.CharFilter(method="search", label="Text in the note")

    class Meta:
        model = Note
        fields = ["case", "visibility", "subject", "q"]

    def by_case(self, queryset: QuerySet[Note], name: str, value: str) -> QuerySet[Note]:
        return by_case_number(queryset, value, lookup="case__number")

    def by_subject(self, queryset: QuerySet[Note], name: str, value: str) -> QuerySet[Note]:
        if value == "challenge":
            return queryset.filter(challenge__isnull=False)
        if value == "objection":
            return queryset.filter(objection__isnull=False)
        return queryset.filter(challenge__isnull=True, objection__isnull=True)

    def search(self, queryset: QuerySet[Note], name: str, value: str) -> QuerySet[Note]:
        # Searches only what the queryset already holds: the caller's readable notes. (A NUL in the
        # query never gets here: SafeFilterBackend answers it with a 400 first.)
        return queryset.filter(body__icontains=value.strip()[:200])


class SubjectNoteFilter(NoteFilter):
    """The notes on one subject: the path names the case and subject already."""

    class Meta:
        model = Note
        fields = ["visibility", "q"]

    case = None
    subject = None
