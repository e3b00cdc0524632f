"""The paginator counts without a ``COUNT(*)`` when the first page comes back short; a full page, a later
page, and a page that is not one answer as Django's paginator does."""

from __future__ import annotations

from typing import Any

import pytest

from tests.challenges.test_reads import fill
from tests.conftest import World

URL = "/api/v1/challenges/"


@pytest.mark.parametrize(("page_size", "queries"), [(5, 2), (4, 3), (3, 3)])
def test_a_short_first_page_is_the_count(
    world: World, as_staff: Any, django_assert_num_queries: Any, page_size: int, queries: int
) -> None:
    fill(world, 4)
    # the tag (core/api/conditional.py), the page; a full first page asks for the count as before
    with django_assert_num_queries(queries):
        body = as_staff.get(URL, {"page_size": page_size}).json()
    assert body["count"] == 4
    assert len(body["results"]) == min(4, page_size)
    assert (body["next"] is None) == (page_size >= 4)
    assert body["previous"] is None


def test_later_pages_and_the_last_one(world: World, as_staff: Any) -> None:
    fill(world, 5)
    second = as_staff.get(URL, {"page_size": 2, "page": 2}).json()
    last = as_staff.get(URL, {"page_size": 2, "page": "last"}).json()
    assert (second["count"], len(second["results"]), second["next"] is None) == (5, 2, False)
    assert (last["count"], len(last["results"]), last["next"]) == (5, 1, None)


def test_an_empty_list_is_one_empty_page(world: World, as_staff: Any) -> None:
    body = as_staff.get(URL).json()
    assert (body["count"], body["results"], body["next"], body["previous"]) == (0, [], None, None)


@pytest.mark.parametrize("page", ["3", "0", "-1", "abc", "1.5", "99999999999999999999999"])
def test_a_page_that_is_not_one_is_a_404(world: World, as_staff: Any, page: str) -> None:
    fill(world, 3)
    response = as_staff.get(URL, {"page_size": 2, "page": page})
    assert (response.status_code, response.json()) == (404, {"detail": "Invalid page."})


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("page=", "Give a page number from 1, or leave page out."),
        ("page=%20", "Give a page number from 1, or leave page out."),
        ("page=1&page=2", "Give page once."),
    ],
)
@pytest.mark.parametrize("url", [URL, "/api/v1/elections/"])
def test_an_empty_or_repeated_page_is_a_400_naming_it(
    as_staff: Any, url: str, query: str, message: str
) -> None:
    response = as_staff.get(f"{url}?{query}")
    assert (response.status_code, response.json()) == (400, {"page": [message]})
