"""The papers of 102.46(c)-(e) and 102.67(h), filed by counsel: cross-exceptions, the answering brief to
them, reply briefs and briefs on review, each meeting its deadline (a 2023 case, so the figures are CFR
text; the 102.46 chain still counts from the ALJ's decision in place of the transfer order)."""

from __future__ import annotations

from datetime import date, datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from elections.models import Appearance
from proceedings.models import Deadline
from tests.factories import AppearanceFactory, UserFactory, record_tally
from tests.proceedings.conftest import EASTERN, climb, make_case, make_election, make_party

pytestmark = pytest.mark.django_db
NUMBER = "10-RC-400123"
URL = f"/api/v1/cases/{NUMBER}/filings/"


@pytest.fixture
def sides(world: Any) -> Any:
    case = make_case(number=NUMBER, petition_filed_on=date(2024, 2, 1))
    union = make_party(case=case, role="petitioner", name="Teamsters Local 50")
    employer = make_party(case=case, role="employer", name="Acme")
    election = make_election(case=case, sequence=1, choices=["Teamsters Local 50"], agreement="directed")
    clients = {}
    for name, party in (("union", union), ("employer", employer)):
        user = UserFactory(username=f"{name}-lawyer")
        AppearanceFactory(user=user, party=party, capacity=Appearance.Capacity.COUNSEL)
        clients[name] = APIClient()
        clients[name].force_authenticate(user=user)
    return case, election, union, employer, clients


def file(client: APIClient, kind: str, party: Any, **fields: Any) -> Any:
    body = {"kind": kind, "party": party.pk, "title": kind.replace("_", " ").capitalize(), **fields}
    return client.post(URL, body, format="json")


def live(code: str) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(case__number=NUMBER, code=code)


def test_cross_exceptions_their_answering_brief_and_the_reply_brief_meet_their_deadlines(
    sides: Any, world: Any, frozen_clock: Any
) -> None:
    case, election, union, employer, clients = sides
    frozen_clock.at("2025-05-23")
    record_tally(election, prepared_at=datetime(2025, 5, 22, 12, tzinfo=EASTERN), yes=10, votes_against=12)
    frozen_clock.at("2025-06-09")
    climb(
        case,
        world.staff,
        ("consolidated_with_ulp", "2025-05-28", {"hearing_on": "2025-06-02"}),
        ("hearing_opened", "2025-06-02"),
        ("alj_decision", "2025-06-06", {"outcome": "certify_results"}),
    )
    # Exceptions due Mon 07-07 (Fri 06-06 + 28 = Fri 07-04, a holiday); cross-exceptions and the answering
    # brief 14 days after (Mon 07-21); their answering brief and the reply brief 14 days after that (08-04).
    frozen_clock.at("2025-07-03", 12)
    assert file(clients["union"], "exceptions", union).status_code == 201
    frozen_clock.at("2025-07-15", 12)
    early_reply = file(clients["union"], "reply_brief", union)
    assert early_reply.status_code == 400 and "none is on file" in early_reply.json()["kind"][0]
    refused = file(clients["union"], "cross_exceptions", union)
    assert refused.status_code == 400 and "102.46(c)" in refused.json()["kind"][0]
    cross = file(clients["employer"], "cross_exceptions", employer)
    assert cross.status_code == 201, cross.content
    assert (cross.json()["answers"], live("cross_exceptions").status) == (live("cross_exceptions").pk, "met")
    assert live("cross_exceptions").status_note == "Met by a filing (2025-07-15)."  # not "by staff"
    frozen_clock.at("2025-07-18", 12)
    assert file(clients["employer"], "answering_brief", employer).status_code == 201
    assert live("answering_brief_to_board").status == "met"
    frozen_clock.at("2025-07-30", 12)
    assert file(clients["union"], "answering_brief_to_cross_exceptions", union).status_code == 201
    assert live("answering_brief_to_cross_exceptions").status == "met"
    no_more_time = file(clients["union"], "extension_request", union, answers=live("reply_brief").pk)
    assert no_more_time.status_code == 400 and "102.46(e)" in no_more_time.json()["answers"][0]
    frozen_clock.at("2025-08-01", 12)
    reply = file(clients["union"], "reply_brief", union)
    assert reply.status_code == 201, reply.content
    assert (reply.json()["timely"], live("reply_brief").due_on, live("reply_brief").status) == (
        True,
        date(2025, 8, 4),
        "met",
    )


def test_a_brief_on_review_is_due_ten_business_days_after_review_is_granted(
    sides: Any, world: Any, frozen_clock: Any
) -> None:
    case, election, union, employer, clients = sides
    frozen_clock.at("2025-05-23")
    record_tally(election, prepared_at=datetime(2025, 5, 22, 12, tzinfo=EASTERN), yes=10, votes_against=12)
    frozen_clock.at("2025-07-10", 17)
    climb(
        case,
        world.staff,
        ("regional_director_decision", "2025-06-02", {"outcome": "certify_results"}),
        ("request_for_review_filed", "2025-06-10", {"party": union.pk}),
        ("board_decision", "2025-07-10", {"outcome": "review_granted"}),
    )
    # Thu 07-10: Fri 11 (1), Mon 14-Fri 18 (2-6), Mon 21-Thu 24 (7-10) → Thu 2025-07-24 (102.67(h)).
    due = live("brief_on_review")
    assert (due.due_on, due.source, due.verified, due.citation) == (
        date(2025, 7, 24),
        "cfr",
        True,
        "29 CFR 102.67(h)",
    )
    frozen_clock.at("2025-07-23", 15)
    brief = file(clients["employer"], "brief_on_review", employer)
    assert brief.status_code == 201, brief.content
    assert (brief.json()["timely"], live("brief_on_review").status) == (True, "met")
    frozen_clock.at("2025-07-25", 15)
    late = file(clients["union"], "brief_on_review", union)
    assert late.status_code == 400 and "July 24, 2025, 11:59 p.m. EDT" in late.json()["filed_at"][0]


def test_a_reply_to_the_answering_brief_to_cross_exceptions_has_its_own_period(
    sides: Any, world: Any, frozen_clock: Any
) -> None:
    """Issue 30, item 3. 102.46(e): "Within 14 days from the last date on which an answering brief may be filed
    pursuant to paragraphs (b) or (d) of this section, any party may file a reply brief to any such answering
    brief." Two periods: the (b) brief's last day Mon 07-21 + 14 = Mon 08-04; the (d) brief's last day Mon
    08-04 + 14 = Mon 08-18. A reply filed Tue 08-12 answers the (d) brief, in time, and counsel may file it."""
    case, election, union, employer, clients = sides
    frozen_clock.at("2025-05-23")
    record_tally(election, prepared_at=datetime(2025, 5, 22, 12, tzinfo=EASTERN), yes=10, votes_against=12)
    frozen_clock.at("2025-06-09")
    climb(
        case,
        world.staff,
        ("consolidated_with_ulp", "2025-05-28", {"hearing_on": "2025-06-02"}),
        ("hearing_opened", "2025-06-02"),
        ("alj_decision", "2025-06-06", {"outcome": "certify_results"}),
    )
    frozen_clock.at("2025-07-03", 12)
    assert file(clients["union"], "exceptions", union).status_code == 201
    frozen_clock.at("2025-07-15", 12)
    assert file(clients["employer"], "cross_exceptions", employer).status_code == 201
    frozen_clock.at("2025-07-30", 12)
    assert file(clients["union"], "answering_brief_to_cross_exceptions", union).status_code == 201
    assert (live("reply_brief").due_on, live("reply_brief_to_cross_exceptions").due_on) == (
        date(2025, 8, 4),
        date(2025, 8, 18),
    )
    second = live("reply_brief_to_cross_exceptions")
    assert (second.citation, second.source, second.zone) == (
        "29 CFR 102.46(e), 102.2(a)",
        "cfr",
        "America/New_York",
    )
    no_more_time = file(clients["employer"], "extension_request", employer, answers=second.pk)
    assert no_more_time.status_code == 400 and "102.46(e)" in no_more_time.json()["answers"][0]
    frozen_clock.at("2025-08-12", 12)
    reply = file(clients["employer"], "reply_brief", employer)
    assert reply.status_code == 201, reply.content
    assert (reply.json()["timely"], reply.json()["answers"]) == (True, second.pk)
    assert live("reply_brief_to_cross_exceptions").status == "met"
    frozen_clock.at("2025-08-19", 12)
    late = file(clients["union"], "reply_brief", union)
    assert late.status_code == 400 and "August 18, 2025, 11:59 p.m. EDT" in late.json()["filed_at"][0]
