from rest_framework.pagination import PageNumberPagination


class Pagination(PageNumberPagination):
    """``results``, ``next``, ``previous`` and ``count``; ``page_size`` up to 500 on request."""

    page_size_query_param = "page_size"
    max_page_size = 500
