"""Query counts of every read stay constant in the number of objections and rulings."""

from __future__ import annotations

from datetime import date

import pytest

from objections import services
from tests.conftest import World
from tests.objections.conftest import file, url

pytestmark = pytest.mark.django_db


def _objections(world: World, n: int) -> None:
    made = [
        file(world.election, world.union if i % 2 else world.employer, actor=world.staff) for i in range(n)
    ]
    services.rulings_record_batch(
        objections_dispositions=dict.fromkeys(made, "recommend_overrule"),
        level="hearing_officer",
        decided_on=date(2021, 8, 2),
        note="",
        actor=world.staff,
        notify=False,
    )
    services.rulings_record_batch(
        objections_dispositions=dict.fromkeys(made, "overruled"),
        level="regional_director",
        decided_on=date(2021, 11, 29),
        note="",
        actor=world.staff,
        notify=False,
    )


@pytest.mark.parametrize("n", [2, 12])
def test_the_objection_list_takes_five_queries(
    as_paralegal, tallied: World, django_assert_num_queries, n: int
) -> None:
    _objections(tallied, n)
    # the tag, the page (it tells the count), rulings, the parties served, the case's parties (service flag)
    with django_assert_num_queries(5):
        body = as_paralegal.get("/api/v1/objections/?case=10-RC-269250").json()
    assert body["count"] == n
    assert all(len(o["rulings"]) == 2 for o in body["results"])


@pytest.mark.parametrize("n", [2, 12])
def test_an_elections_objections_take_five_queries(
    as_union, tallied: World, django_assert_num_queries, n: int
) -> None:
    _objections(tallied, n)
    # the election, the page (it tells the count), rulings, the parties served, the case's parties
    with django_assert_num_queries(5):
        assert as_union.get(url(tallied.election)).json()["count"] == n


def test_an_objection_takes_four_queries(as_employer, tallied: World, django_assert_num_queries) -> None:
    _objections(tallied, 3)
    objection = tallied.election.objections.first()
    with django_assert_num_queries(4):  # the objection, its rulings, the parties served, the case's parties
        assert as_employer.get(f"/api/v1/objections/{objection.pk}/").json()["status"] == "overruled"
