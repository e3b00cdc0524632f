"""``cases/{number}/status/`` and ``cases/{number}/timeline/``: one call each, constant query counts, scoped to the
caller's cases."""

from __future__ import annotations

from datetime import datetime, timedelta
from typing import Any

import pytest

from challenges.models import Challenge
from objections import services as objection_services
from tests.proceedings.conftest import BESSEMER, EASTERN, climb, file_objection

STATUS = f"/api/v1/cases/{BESSEMER}/status/"
TIMELINE = f"/api/v1/cases/{BESSEMER}/timeline/"


def challenge(election: Any, n: int, party: Any = None, ground: str = "supervisor") -> None:
    Challenge.objects.bulk_create(
        Challenge(
            election=election,
            voter_name=f"Voter {party.pk if party else 0}-{i}",
            voter_key=f"v-{party.pk if party else 0}-{ground}-{i}",
            challenged_by=party,
            ground=ground,
        )
        for i in range(n)
    )


def test_a_case_without_a_tally_awaits_it_with_every_count_at_zero(
    world: Any, as_paralegal: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-01")
    body = as_paralegal.get(STATUS).json()
    assert body == {
        "case": BESSEMER,
        "stage": "awaiting_tally",
        "stage_label": "Awaiting the tally of ballots",
        "outcome": None,
        "outcome_label": None,
        "rule_set": "2019",
        "current_election": {"id": world.election.pk, "sequence": 1, "kind": "initial", "latest_tally": None},
        "proceeding_election": None,
        "track": None,
        "challenges": {"pending": 0, "sustained": 0, "overruled": 0, "withdrawn": 0, "moot": 0},
        "objections": {"pending": 0, "set_for_hearing": 0, "sustained": 0, "overruled": 0, "withdrawn": 0},
        "ledger_matches_tally": None,
        "next_deadline": None,
        "allowed_events": [],
        "test_of_certification": None,
        "ending_events": [
            "petition_dismissed",
            "petition_withdrawn",
            "disclaimer_filed",
            "bargaining_order",
            "election_blocked",
            "case_transferred",
        ],
        "office_region": 10,
        "last_event": None,
        "path": [],
    }


def test_the_status_during_the_objections_period(tallied: Any, as_paralegal: Any) -> None:
    challenge(tallied.election, 3, tallied.employer)
    body = as_paralegal.get(STATUS).json()
    assert (body["stage"], body["outcome"], body["track"]) == ("objections_period", None, "regional")
    tally = body["current_election"]["latest_tally"]
    assert (tally["revision"], tally["votes_for"], tally["challenged"], tally["result"]) == (
        0,
        {"RWDSU": 738},
        505,
        "no_representative",
    )
    assert body["challenges"] == {"pending": 3, "sustained": 0, "overruled": 0, "withdrawn": 0, "moot": 0}
    assert body["next_deadline"] == {
        "id": body["next_deadline"]["id"],
        "code": "objections",
        "label": "Objections and offer of proof",
        "due_at": "2021-04-16T23:59:00-04:00",
        "due_on": "2021-04-16",
        "zone": "America/New_York",
        "citation": "29 CFR 102.69(a)(8)",
        "verified": False,  # the 2019 figure is inferred, not rule text
        "source": "inferred",
        "election": tallied.election.pk,
        "party": None,
    }
    assert body["allowed_events"] == ["regional_investigation", "notice_of_hearing", "consolidated_with_ulp"]
    # Objections (with their offer of proof) meet both deadlines: the hearing target is next.
    file_objection(tallied, tallied.union, datetime(2021, 4, 12, 10, tzinfo=EASTERN))
    body = as_paralegal.get(STATUS).json()
    assert body["objections"]["pending"] == 1
    assert (
        body["next_deadline"]["code"],
        body["next_deadline"]["due_on"],
        body["next_deadline"]["verified"],
    ) == (
        "hearing",
        "2021-04-30",
        False,
    )


def test_status_and_timeline_are_404_for_a_stranger_and_401_without_credentials(
    tallied: Any, as_stranger: Any, api: Any
) -> None:
    for url in (STATUS, TIMELINE):
        assert as_stranger.get(url).status_code == 404
        assert api.get(url).status_code == 401


@pytest.mark.parametrize("size", [1, 12])
def test_the_status_takes_the_same_number_of_queries_whatever_the_size_of_the_record(
    tallied: Any, as_paralegal: Any, frozen_clock: Any, django_assert_num_queries: Any, size: int
) -> None:
    challenge(tallied.election, size * 10, tallied.employer)
    frozen_clock.at("2021-04-16", 11)  # the filings are received as they are stated
    for n in range(size):
        file_objection(
            tallied, tallied.union, datetime(2021, 4, 16, 10, tzinfo=EASTERN) + timedelta(minutes=n)
        )
    frozen_clock.at("2021-06-30")
    steps: list[tuple[Any, ...]] = [("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"})]
    steps += [
        ("notice_of_hearing", f"2021-05-{day:02d}", {"hearing_on": "2021-06-28"}) for day in range(1, size)
    ]
    climb(tallied.case, tallied.staff, *steps)
    # the case, whether a judge's recommended order has taken effect (102.48(a): one query when none has), its
    # elections with their tallies (one query), its live events, its live deadlines, the counts
    with django_assert_num_queries(6):
        body = as_paralegal.get(STATUS).json()
    assert (body["stage"], body["objections"]["pending"]) == ("hearing_scheduled", size)


def test_the_timeline_tells_the_record_oldest_first_with_bulk_filings_summarised(
    tallied: Any, as_paralegal: Any, frozen_clock: Any
) -> None:
    challenge(tallied.election, 40, tallied.employer, "supervisor")
    challenge(tallied.election, 5, tallied.employer, "not_on_list")
    challenge(tallied.election, 7, None, "not_on_list")
    filed = frozen_clock.at(datetime(2021, 4, 16, 12, tzinfo=EASTERN))  # received as stated
    objections = [file_objection(tallied, tallied.union, filed) for _ in range(3)]
    frozen_clock.at("2021-08-03")
    notice, _opened, _report = climb(
        tallied.case,
        tallied.staff,
        ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}),
        ("hearing_opened", "2021-05-10"),
        ("hearing_officer_report", "2021-08-02"),
    )
    objection_services.rulings_record_batch(
        objections_dispositions=[(o, "recommend_overrule") for o in objections],
        level="hearing_officer",
        decided_on=datetime(2021, 8, 2).date(),
        actor=tallied.staff,
        notify=False,
    )
    items = as_paralegal.get(TIMELINE).json()["results"]
    assert [(i["at"], i["kind"], i["title"]) for i in items] == [
        ("2020-11-20", "petition", "Petition filed (RC)"),
        (
            "2021-04-09T13:00:00-04:00",
            "tally",
            "Tally of ballots, election 1: RWDSU 738, against 1,798, 505 challenged ballots",
        ),
        ("2021-04-09", "challenges_logged", "The Board agent challenged 7 ballots (election 1)"),
        ("2021-04-09", "challenges_logged", "Amazon.com Services LLC challenged 45 ballots (election 1)"),
        (
            "2021-04-16T12:00:00-04:00",
            "objections_filed",
            "RWDSU filed 3 objections (nos. 1–3) to election 1",
        ),
        ("2021-04-26", "proceeding", "Notice of hearing: hearing on 2021-05-07"),
        ("2021-05-10", "proceeding", "Hearing opened"),
        (
            "2021-08-02",
            "rulings",
            "Rulings of the hearing officer on 3 objections (election 1): 3 recommend overrule",
        ),
        ("2021-08-02", "proceeding", "Hearing officer's report"),
    ]
    amazon = items[3]
    assert amazon["details"]["by_ground"] == {"not_on_list": 5, "supervisor": 40}
    assert amazon["source"] == {"type": "election", "id": tallied.election.pk}
    assert items[5]["source"] == {"type": "proceeding_event", "id": notice.pk}


def test_a_voided_event_is_not_in_the_timeline(tallied: Any, as_paralegal: Any, frozen_clock: Any) -> None:
    from proceedings import services

    frozen_clock.at("2021-04-26")
    (notice,) = climb(
        tallied.case, tallied.staff, ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"})
    )
    services.event_void(event=notice, reason="wrong case", actor=tallied.staff, notify=False)
    kinds = [i["kind"] for i in as_paralegal.get(TIMELINE).json()["results"]]
    assert kinds == ["petition", "tally"]


@pytest.mark.parametrize("size", [1, 10])
def test_the_timeline_takes_the_same_number_of_queries_whatever_the_size_of_the_record(
    tallied: Any, as_paralegal: Any, frozen_clock: Any, django_assert_num_queries: Any, size: int
) -> None:
    challenge(tallied.election, size * 20, tallied.employer)
    frozen_clock.at("2021-04-15", 11)  # the filings are received as they are stated
    for n in range(size):
        file_objection(tallied, tallied.union, datetime(2021, 4, 12 + n % 4, 10, tzinfo=EASTERN))
    frozen_clock.at("2021-06-30")
    climb(
        tallied.case,
        tallied.staff,
        *[
            ("notice_of_hearing", f"2021-05-{d:02d}", {"hearing_on": "2021-06-28"})
            for d in range(1, size + 1)
        ],
    )
    with django_assert_num_queries(8):  # 7, and whether a judge's recommended order took effect (102.48(a))
        response = as_paralegal.get(TIMELINE)
    assert response.status_code == 200
