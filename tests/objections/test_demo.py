"""The Bessemer demo: the 2021 objections with their fate, and the 2022 objections of both sides."""

from __future__ import annotations

from collections import Counter
from datetime import UTC, datetime

import pytest

from elections import demo as elections_demo
from objections import demo
from objections.models import Objection, Ruling

pytestmark = pytest.mark.django_db


@pytest.fixture
def bessemer():  # type: ignore[no-untyped-def]
    elections_demo.load_users()
    case = elections_demo.load_bessemer()
    demo.load(case)
    return case


def _statuses(case, sequence: int, party: str) -> Counter:  # type: ignore[no-untyped-def]
    return Counter(
        Objection.objects.filter(
            election__case=case, election__sequence=sequence, filed_by__name=party
        ).values_list("status", flat=True)
    )


def test_the_2021_objections_end_with_two_sustained_and_21_overruled(bessemer) -> None:  # type: ignore[no-untyped-def]
    assert _statuses(bessemer, 1, elections_demo.RWDSU) == {"sustained": 2, "overruled": 21}
    sustained = Objection.objects.filter(election__sequence=1, status="sustained").order_by("number")
    assert [(o.number, o.category) for o in sustained] == [(1, "mail_ballot"), (10, "interrogation")]
    first = sustained[0]
    assert (first.timely, first.verified, first.due_at) == (
        True,
        False,  # the 2019 figure is inferred (the section the 2023 rule left in place), not rule text
        datetime(2021, 4, 17, 3, 59, tzinfo=UTC),  # 11:59 p.m. EDT in Atlanta's office (Region 10)
    )
    assert [
        (r.level, r.disposition, r.decided_on.isoformat()) for r in first.rulings.order_by("decided_on")
    ] == [
        ("hearing_officer", "recommend_sustain", "2021-08-02"),
        ("regional_director", "sustained", "2021-11-29"),
    ]


def test_the_2022_objections_of_both_sides_wait_for_the_board_and_all_are_summaries(bessemer) -> None:  # type: ignore[no-untyped-def]
    assert _statuses(bessemer, 2, elections_demo.RWDSU) == {"set_for_hearing": 14, "overruled": 7}
    assert _statuses(bessemer, 2, elections_demo.AMAZON) == {"set_for_hearing": 7, "overruled": 1}
    alj = Ruling.objects.filter(level="administrative_law_judge")
    assert Counter(alj.values_list("disposition", flat=True)) == {
        "recommend_sustain": 2,
        "recommend_overrule": 19,
    }
    assert (
        "UNVERIFIED" in Ruling.objects.filter(level="regional_director", decided_on="2023-06-01").first().note
    )
    assert Objection.objects.count() == 23 + 21 + 8
    for statement in Objection.objects.values_list("statement", flat=True):
        assert "(summary; wording not from the record" in statement


def test_loading_again_adds_nothing(bessemer) -> None:  # type: ignore[no-untyped-def]
    before = (Objection.objects.count(), Ruling.objects.count())
    demo.load(bessemer)
    assert (Objection.objects.count(), Ruling.objects.count()) == before == (52, 96)
