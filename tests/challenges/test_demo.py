"""The Bessemer demo ledger: consistent with both tallies, synthetic, idempotent."""

from __future__ import annotations

from collections import Counter

import pytest

from challenges import demo
from challenges.models import Challenge
from challenges.selectors import ledger_state
from elections import demo as elections_demo

pytestmark = pytest.mark.django_db


def test_the_demo_gives_2022_its_416_pending_challenges_and_2021_its_505_moot_ones() -> None:
    elections_demo.load_users()
    case = elections_demo.load_bessemer()

    demo.load(case)
    demo.load(case)  # idempotent

    first, second = case.elections.order_by("sequence")
    assert Counter(Challenge.objects.values_list("election__sequence", "status")) == {
        (1, "moot"): 505,
        (2, "pending"): 416,
    }
    assert not Challenge.objects.filter(synthetic=False).exists()
    assert not Challenge.objects.exclude(voter_name__startswith="Synthetic Voter").exists()
    assert set(first.challenges.values_list("resolved_on", flat=True)) == {demo.MOOT_ON_2021}

    state = ledger_state(second)
    assert state.latest_tally is not None
    assert (state.pending, state.latest_tally.challenged, state.determinative) == (416, 416, True)

    assert Counter(second.challenges.values_list("challenged_by__role", flat=True)) == {
        None: 150,  # the Board agent
        "employer": 206,
        "petitioner": 60,
    }
    assert len(set(second.challenges.values_list("ground", flat=True))) == 9
    assert Challenge.history.count() == 416 + 505 + 505  # created (both), then moot (2021)
