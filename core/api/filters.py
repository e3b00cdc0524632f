"""Filtering shared by every list: django-filter, strict about repeated or empty typed parameters."""

from __future__ import annotations

from typing import Any

import django_filters
from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.exceptions import ValidationError

from core.api.fields import choices_text


class StrictFilterBackend(DjangoFilterBackend):
    """django-filter, but a typed filter given empty or twice is a 400 naming it, not silently no filter.

    ``?due_before=`` or ``?status=`` would otherwise list everything, and ``?timely=true&timely=false``
    would quietly use the last value; text filters (``q``, ``case``) may still be empty."""

    def filter_queryset(self, request: Any, queryset: Any, view: Any) -> Any:
        filterset_class = self.get_filterset_class(view, queryset)
        if filterset_class is not None:
            errors: dict[str, list[str]] = {}
            for name, declared in filterset_class.base_filters.items():
                values = request.query_params.getlist(name)
                if len(values) > 1:
                    errors[name] = [f"Give {name} once."]
                elif values == [""] and not isinstance(declared, django_filters.CharFilter):
                    errors[name] = [f"Give a value for {name}, or leave it out."]
                elif values and isinstance(declared, django_filters.ChoiceFilter):
                    choices = declared.extra.get("choices", ())
                    choices = dict(choices() if callable(choices) else choices)
                    if values[0] not in {str(code) for code in choices}:
                        errors[name] = [
                            f"{values[0][:80]!r} is not one of the choices: {choices_text(choices)}."
                        ]
            if errors:
                raise ValidationError(errors)
        return super().filter_queryset(request, queryset, view)
