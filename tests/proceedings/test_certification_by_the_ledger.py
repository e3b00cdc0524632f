"""Issue 21, item 1: certification follows the ledger (29 CFR 102.69(c)(1)(i)).

Starbucks, 03-RC-282139 (Region 3, Buffalo; the office's zone is New York's). The tally of 2021-12-09 left
the union 4 votes short with 7 challenged ballots (determinative: 8 + 7 > 12). The Regional Director sustained
all seven and certified the results on 2022-01-10, without a revised tally (nothing to open). The request for
review was due 10 business days later, counted by hand: Jan 11, 12, 13, 14 (4), 17 is Martin Luther King Jr.
Day (a federal holiday, skipped), 18, 19, 20, 21 (8), 24, 25 (10) → 2022-01-25.
"""

from __future__ import annotations

from datetime import date, datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest

from challenges.models import Challenge
from elections.law.tally import challenged_outstanding
from elections.models import Election, Party
from proceedings.models import Deadline, ProceedingEvent
from tests.factories import log_challenge, record_tally, resolve_challenge
from tests.proceedings.conftest import make_case, make_election, make_party, post_event

pytestmark = pytest.mark.django_db

BUFFALO = ZoneInfo("America/New_York")
NUMBER = "03-RC-282139"
TALLY = datetime(2021, 12, 9, 19, 0, tzinfo=BUFFALO)
DECIDED = date(2022, 1, 10)


@pytest.mark.parametrize(
    ("on_tally", "in_ledger", "unresolved", "outstanding"),
    [
        (7, 7, 0, 0),  # Starbucks: all seven sustained, nothing to open
        (7, 7, 2, 2),  # two still pending (or released and not yet opened)
        (7, 5, 0, 7),  # the ledger holds five of the tally's seven: it cannot speak for them
        (0, 0, 0, 0),  # nothing challenged
    ],
)
def test_the_ledger_says_how_many_challenged_ballots_are_still_outstanding(
    on_tally: int, in_ledger: int, unresolved: int, outstanding: int
) -> None:
    assert (
        challenged_outstanding(on_tally=on_tally, in_ledger=in_ledger, unresolved=unresolved) == outstanding
    )


def _starbucks(frozen_clock: Any) -> tuple[Election, list[Challenge]]:
    frozen_clock.at("2022-01-10", 15)
    case = make_case(number=NUMBER, name="Starbucks Corporation", petition_filed_on=date(2021, 8, 30))
    union = make_party(case=case, role=Party.Role.PETITIONER, name="Workers United")
    make_party(case=case, role=Party.Role.EMPLOYER, name="Starbucks Corporation")
    election = make_election(case=case, sequence=1, choices=["Workers United"])
    record_tally(election, prepared_at=TALLY, yes=8, votes_against=12, challenged=7)
    challenges = [log_challenge(election, f"Voter {n}", by=union) for n in range(1, 8)]
    return election, challenges


# (how the seven challenges end, the answer to the certifying decision of 2022-01-10)
LEDGERS = [
    pytest.param(["sustained"] * 7, 201, id="all-seven-sustained"),
    # 8 + 1 cannot pass 12: the one left open no longer matters (102.69(b))
    pytest.param(["sustained"] * 6 + [None], 201, id="one-pending-not-determinative"),
    # 8 + 5 > 12: five open ballots could still elect the union
    pytest.param(["sustained"] * 2 + [None] * 5, 409, id="five-still-pending"),
    pytest.param(["sustained"] * 2 + ["overruled"] * 5, 409, id="five-overruled-not-opened"),
]


@pytest.mark.parametrize(("outcomes", "status"), LEDGERS)
def test_a_certification_follows_the_ledger_when_every_challenge_is_resolved(
    as_staff: Any, frozen_clock: Any, outcomes: list[str | None], status: int
) -> None:
    election, challenges = _starbucks(frozen_clock)
    for challenge, outcome in zip(challenges, outcomes, strict=True):
        if outcome is not None:
            resolve_challenge(challenge, outcome, decided_on=DECIDED)

    response = post_event(
        as_staff, "regional_director_decision", "2022-01-10", number=NUMBER, outcome="certify_results"
    )

    assert response.status_code == status, response.json()
    if status == 409:
        assert "tally revision 0 is undetermined" in response.json()["detail"]
        assert not ProceedingEvent.objects.exists()
        return
    review = Deadline.objects.get(election=election, code="request_for_review")
    assert review.due_on == date(2022, 1, 25)
    assert election.tallies.count() == 1  # no hand-made revised tally, no false 102.69(e) window
    assert not Deadline.objects.filter(election=election, trigger="revised_tally").exists()
