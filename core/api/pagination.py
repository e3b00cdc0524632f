from __future__ import annotations

from typing import Any

from django.core.paginator import Page, Paginator
from rest_framework.exceptions import ValidationError
from rest_framework.pagination import PageNumberPagination
from rest_framework.request import Request


class CountingPaginator(Paginator):
    """Django's paginator, without its ``COUNT(*)`` query when the first page itself tells the count.

    A first page that comes back short (fewer rows than a page holds) is the whole list, so its length is
    the count: a list that fits one page — a case's challenges, objections or deadlines — costs one query,
    not two. A full first page, and any other page, still asks the database for the count first (a page
    number past the end must stay a 404, never an OFFSET the database cannot hold)."""

    def page(self, number: Any) -> Page:
        if str(number) != "1" or "count" in self.__dict__:
            return super().page(number)
        rows = list(self.object_list[: self.per_page])
        if len(rows) < self.per_page:
            self.count = len(rows)  # fills the cached_property: no count query
        return Page(rows, 1, self)


class Pagination(PageNumberPagination):
    """``results``, ``next``, ``previous`` and ``count``; ``page_size`` from 1 to 500 on request.

    A ``page_size`` that is not such a number is a 400 naming it (DRF would silently use the default, so a
    client asking for 1,000 rows would never learn it got 50); so is an empty ``page``."""

    django_paginator_class = CountingPaginator
    page_size_query_param = "page_size"
    max_page_size = 500

    def get_page_size(self, request: Request) -> int | None:
        values = request.query_params.getlist(self.page_size_query_param)
        if not values:
            return self.page_size
        if len(values) > 1:
            raise ValidationError({self.page_size_query_param: ["Give page_size once."]})
        value = values[0].strip()
        if not value.isascii() or not value.isdigit() or not 1 <= int(value) <= self.max_page_size:
            raise ValidationError(
                {self.page_size_query_param: [f"Give a whole number from 1 to {self.max_page_size}."]}
            )
        return int(value)

    def get_page_number(self, request: Request, paginator: Any) -> Any:
        """An empty or repeated ``page`` is a 400 naming it (DRF would answer the first page). A number past
        the end, or not a number, stays DRF's 404 (``Invalid page.``)."""
        values = request.query_params.getlist(self.page_query_param)
        if len(values) > 1:
            raise ValidationError({self.page_query_param: ["Give page once."]})
        if values and not values[0].strip():
            raise ValidationError({self.page_query_param: ["Give a page number from 1, or leave page out."]})
        return super().get_page_number(request, paginator)

    def get_schema_operation_parameters(self, view: Any) -> list[dict[str, Any]]:
        parameters = super().get_schema_operation_parameters(view)
        for parameter in parameters:
            if parameter["name"] == self.page_query_param:
                parameter["schema"]["minimum"] = 1
            if parameter["name"] == self.page_size_query_param:
                parameter["schema"].update(minimum=1, maximum=self.max_page_size, default=self.page_size)
        return parameters
