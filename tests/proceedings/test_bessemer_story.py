"""The Bessemer story, end to end through the HTTP API, from an empty database: Amazon.com Services LLC (BHM1)
and RWDSU, 10-RC-269250 (Region 10, Atlanta; 2019 rules by the petition of 2020-11-20). Facts from
../shared/data/bessemer-10-RC-269250.md; where the record gives no date (the 2021 hearing's opening and close,
the exceptions, the 2023 consolidation order) the story uses the demo's UNVERIFIED dates.

After each step: the stage, the next deadline (code and due time in the Atlanta office's zone) and the outcome.
At the end: the union's paralegal sees the status, timeline, deadlines and calendar feed of Bessemer; a
stranger gets 404.
"""

from __future__ import annotations

from typing import Any

import pytest
from icalendar import Calendar
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.proceedings.conftest import make_staff

NUMBER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"
AMAZON = "Amazon.com Services LLC"


class Story:
    def __init__(self, frozen_clock: Any) -> None:
        self.clock = frozen_clock
        self.staff = self._client(make_staff(username="board-agent"))
        self.union_counsel = self._client(UserFactory(username="union-counsel"))
        self.employer_counsel = self._client(UserFactory(username="employer-counsel"))
        self.paralegal = self._client(UserFactory(username="paralegal"))
        self.stranger = self._client(UserFactory(username="stranger"))

    @staticmethod
    def _client(user: Any) -> APIClient:
        client = APIClient()
        client.force_authenticate(user=user)
        return client

    def ok(self, response: Any, status: int = 201) -> Any:
        assert response.status_code == status, response.content
        return response.json()

    def event(self, event: str, occurred_on: str, **details: Any) -> dict[str, Any]:
        self.clock.at(occurred_on, 17)
        body = {"event": event, "occurred_on": occurred_on, "details": details}
        return self.ok(self.staff.post(f"/api/v1/cases/{NUMBER}/proceedings/", body, format="json"))

    def status(self, on: str | None = None, hour: int = 17) -> dict[str, Any]:
        if on:
            self.clock.at(on, hour)
        return self.ok(self.paralegal.get(f"/api/v1/cases/{NUMBER}/status/"), 200)

    def expect(
        self, stage: str, next_deadline: tuple[str, str] | None, outcome: str | None, on: str | None = None
    ) -> dict[str, Any]:
        status = self.status(on)
        due = status["next_deadline"]
        assert (status["stage"], (due["code"], due["due_at"]) if due else None, status["outcome"]) == (
            stage,
            next_deadline,
            outcome,
        )
        return status

    def objection(self, client: APIClient, election: int, party: int, filed_at: str, category: str) -> int:
        body = {
            "filed_by": party,
            "category": category,
            "statement": "Summary for the story test (wording not from the record).",
            "filed_at": filed_at,
            "offer_of_proof_filed_at": filed_at,
        }
        return int(
            self.ok(client.post(f"/api/v1/elections/{election}/objections/", body, format="json"))["id"]
        )


@pytest.mark.django_db
def test_the_bessemer_story_through_the_api(frozen_clock: Any) -> None:
    story = Story(frozen_clock)
    staff = story.staff

    # The case, its parties and who appears for them.
    frozen_clock.at("2021-02-01")
    case = story.ok(
        staff.post(
            "/api/v1/cases/",
            {
                "number": NUMBER,
                "name": "Amazon.com Services LLC (BHM1, Bessemer, Alabama)",
                "petition_filed_on": "2020-11-20",
                "parties": [{"role": "petitioner", "name": RWDSU}, {"role": "employer", "name": AMAZON}],
            },
            format="json",
        )
    )
    assert (case["rule_set"], case["region"]) == ("2019", 10)
    union, employer = (p["id"] for p in sorted(case["parties"], key=lambda p: p["role"] != "petitioner"))
    for user, party, capacity in [
        ("union-counsel", union, "counsel"),
        ("paralegal", union, "paralegal"),
        ("employer-counsel", employer, "counsel"),
    ]:
        story.ok(
            staff.post(
                f"/api/v1/cases/{NUMBER}/appearances/",
                {"user": user, "party": party, "capacity": capacity},
                format="json",
            )
        )
    first = story.ok(
        staff.post(
            "/api/v1/elections/",
            {
                "case": NUMBER,
                "kind": "initial",
                "mode": "mail",
                "choices": [RWDSU],
                "voting_opens_on": "2021-02-08",
                "voting_closes_on": "2021-03-29",
                "count_on": "2021-03-30",
                "approx_eligible_voters": 5867,
            },
            format="json",
        )
    )["id"]
    story.expect("awaiting_tally", None, None)

    # 2021-04-09: the tally. Objections are due 5 business days later, 2021-04-16 23:59 in Atlanta's zone.
    frozen_clock.at("2021-04-09", 18)
    tally = {
        "prepared_at": "2021-04-09T12:00:00-05:00",
        "votes_for": {RWDSU: 738},
        "votes_against": 1798,
        "void": 76,
        "challenged": 505,
    }
    story.ok(staff.post(f"/api/v1/elections/{first}/tallies/", tally, format="json"))
    status = story.expect("objections_period", ("objections", "2021-04-16T23:59:00-04:00"), None)
    assert status["current_election"]["latest_tally"]["result"] == "no_representative"

    # 2021-04-16: RWDSU's objections (two stand for the 23), with their offer of proof, on the last day.
    frozen_clock.at("2021-04-16", 15)
    mailbox = story.objection(story.union_counsel, first, union, "2021-04-16T15:00:00-04:00", "mail_ballot")
    meetings = story.objection(
        story.union_counsel, first, union, "2021-04-16T15:05:00-04:00", "captive_audience"
    )
    status = story.expect(
        "objections_period", ("hearing", "2021-04-30T23:59:00-04:00"), None, on="2021-04-16"
    )
    assert status["objections"]["pending"] == 2

    # The period closes: the Region investigates the objections.
    story.expect("regional_investigation", ("hearing", "2021-04-30T23:59:00-04:00"), None, on="2021-04-19")

    # 2021-04-26: the Region sets a hearing for May 7.
    story.event("notice_of_hearing", "2021-04-26", hearing_on="2021-05-07")
    story.expect("hearing_scheduled", ("hearing", "2021-05-07T23:59:00-04:00"), None)

    # The hearing (dates UNVERIFIED): no open deadline while it runs; briefs as of right after it (2019 rules).
    story.event("hearing_opened", "2021-05-10", note="UNVERIFIED date")
    story.expect("hearing", None, None)
    story.event("hearing_closed", "2021-05-28", note="UNVERIFIED date")
    story.expect("awaiting_report", ("post_hearing_brief", "2021-06-07T23:59:00-04:00"), None)

    # 2021-08-02: the hearing officer recommends sustaining the mailbox objection (and another), overruling the rest.
    story.event(
        "hearing_officer_report",
        "2021-08-02",
        objection_rulings=[
            {"objection": mailbox, "disposition": "recommend_sustain"},
            {"objection": meetings, "disposition": "recommend_overrule"},
        ],
    )
    story.expect("exceptions_period", ("exceptions", "2021-08-16T23:59:00-04:00"), None)
    story.event("exceptions_filed", "2021-08-16", party=employer, note="UNVERIFIED date and filer")
    # The union's paralegal reads the union's own time: its exceptions run until 11:59 p.m. that day (the
    # employer's met only the employer's row); the day after, the answering brief.
    story.expect("awaiting_regional_director", ("exceptions", "2021-08-16T23:59:00-04:00"), None)
    story.expect(
        "awaiting_regional_director", ("answering_brief", "2021-08-23T23:59:00-04:00"), None, on="2021-08-17"
    )
    story.status("2021-08-16")  # back to the afternoon the story was at

    # An out-of-order step is refused with what may come next.
    refused = staff.post(
        f"/api/v1/cases/{NUMBER}/proceedings/",
        {"event": "board_decision", "occurred_on": "2021-08-16", "details": {"outcome": "affirmed"}},
        format="json",
    )
    assert refused.status_code == 409
    assert refused.json()["allowed"] == [
        "regional_investigation",
        "notice_of_hearing",
        "consolidated_with_ulp",
        "exceptions_filed",
        "answering_brief_filed",
        "regional_director_decision",
        "certification_issued",
    ]

    # 2021-11-29: the Regional Director adopts the report and orders a second election.
    decision = story.event(
        "regional_director_decision",
        "2021-11-29",
        outcome="rerun_election",
        objection_rulings=[
            {"objection": mailbox, "disposition": "sustained"},
            {"objection": meetings, "disposition": "overruled"},
        ],
    )
    # An order of a rerun is no final disposition (102.69(h)): no fixed review deadline. What is due on
    # 2021-12-13 (10 business days) is a motion for reconsideration (102.65(e)(2)).
    status = story.expect("rerun_pending", ("reconsideration", "2021-12-13T23:59:00-05:00"), "rerun_ordered")
    second = status["current_election"]["id"]
    assert decision["ordered_election"] == second
    assert (status["current_election"]["sequence"], status["current_election"]["kind"]) == (2, "rerun")
    assert status["objections"] == {
        "pending": 0,
        "set_for_hearing": 0,
        "sustained": 1,
        "overruled": 1,
        "withdrawn": 0,
    }
    story.expect("rerun_pending", None, "rerun_ordered", on="2021-12-21")  # Amazon did not request review

    # 2022-03-31: the second tally — 875 to 993 with 416 challenged: the challenges are determinative.
    frozen_clock.at("2022-03-31", 18)
    tally = {
        "prepared_at": "2022-03-31T12:00:00-05:00",
        "votes_for": {RWDSU: 875},
        "votes_against": 993,
        "void": 59,
        "challenged": 416,
    }
    story.ok(staff.post(f"/api/v1/elections/{second}/tallies/", tally, format="json"))
    status = story.expect("objections_period", ("objections", "2022-04-07T23:59:00-04:00"), None)
    assert status["current_election"]["latest_tally"]["challenges_determinative"] is True

    # 2022-04-07: both sides object.
    frozen_clock.at("2022-04-07", 12)
    story.objection(story.union_counsel, second, union, "2022-04-07T12:00:00-04:00", "threats")
    story.objection(story.employer_counsel, second, employer, "2022-04-07T12:00:00-04:00", "union_conduct")
    story.expect("regional_investigation", ("hearing", "2022-04-21T23:59:00-04:00"), None, on="2022-04-08")

    # 2023 (date UNVERIFIED): objections and challenges sent to a hearing consolidated with the ULP complaint.
    story.event("consolidated_with_ulp", "2023-06-01", hearing_on="2023-09-25", note="UNVERIFIED date")
    status = story.expect("hearing_scheduled", ("hearing", "2023-09-25T23:59:00-04:00"), None)
    assert status["track"] == "alj"
    story.event("hearing_opened", "2024-04-25")
    story.expect("hearing", None, None)

    # 2024-11-05: the ALJ sets the 2022 election aside and directs a third: exceptions to the Board in 28 days.
    # A recommended order (102.48(a)): no third election until the Board adopts it or the period lapses.
    story.event("alj_decision", "2024-11-05", outcome="rerun_election")
    status = story.expect("exceptions_period", ("exceptions_to_board", "2024-12-03T23:59:00-05:00"), None)
    assert (status["current_election"]["sequence"], status["proceeding_election"]["sequence"]) == (2, 2)
    assert status["allowed_events"] == ["exceptions_filed", "board_decision"]

    # The union's paralegal follows it all.
    timeline = story.ok(story.paralegal.get(f"/api/v1/cases/{NUMBER}/timeline/"), 200)["results"]
    titles = [item["title"] for item in timeline]
    assert titles[0] == "Petition filed (RC)"
    assert titles[-1] == "Administrative law judge's decision: recommends rerun election"
    assert "Regional Director's decision: rerun election" in titles
    assert [i["kind"] for i in timeline].count("tally") == 2
    deadlines = story.ok(story.paralegal.get(f"/api/v1/deadlines/?case={NUMBER}&status=open"), 200)["results"]
    # 102.46(b)-(e): the answering brief and cross-exceptions are due 14 days after the last day for
    # exceptions (2024-12-03 + 14 = 12-17); the answering brief to cross-exceptions 14 days after theirs, and a
    # reply brief 14 days after the answering brief's (12-17 + 14 = 12-31).
    assert [(d["code"], d["due_on"]) for d in deadlines] == [
        ("exceptions_to_board", "2024-12-03"),
        ("answering_brief_to_board", "2024-12-17"),
        ("cross_exceptions", "2024-12-17"),
        ("answering_brief_to_cross_exceptions", "2024-12-31"),
        ("reply_brief", "2024-12-31"),
        # 102.46(e)'s second reply, to the (d) answering brief: 12-31 + 14 = Tue 2025-01-14.
        ("reply_brief_to_cross_exceptions", "2025-01-14"),
    ]
    assert [(d["source"], d["verified"]) for d in deadlines] == [("cfr", False)] * 6
    assert (
        "no such order, so the period is counted from the administrative law judge's decision"
        in (deadlines[0]["explanation"])
    )
    feed_url = story.ok(story.paralegal.get("/api/v1/calendar/"), 200)["url"]
    feed = APIClient().get("/api/v1/" + feed_url.split("/api/v1/", 1)[1])
    summaries = [str(e["summary"]) for e in Calendar.from_ical(feed.content).walk("VEVENT")]
    assert summaries == [
        "10-RC-269250: Exceptions to the administrative law judge's decision (to the Board) due (UNVERIFIED)",
        "10-RC-269250: Answering brief to exceptions to the ALJ's decision (to the Board) due (UNVERIFIED)",
        "10-RC-269250: Cross-exceptions to the administrative law judge's decision (to the Board) due "
        "(UNVERIFIED)",
        "10-RC-269250: Answering brief to cross-exceptions (to the Board) due (UNVERIFIED)",
        "10-RC-269250: Reply brief to an answering brief (to the Board) due (UNVERIFIED)",
        "10-RC-269250: Reply brief to an answering brief to cross-exceptions (to the Board) due (UNVERIFIED)",
    ]

    # A stranger sees none of it.
    for path in ("status", "timeline", "deadlines", "proceedings"):
        assert story.stranger.get(f"/api/v1/cases/{NUMBER}/{path}/").status_code == 404
    assert story.ok(story.stranger.get("/api/v1/deadlines/"), 200)["results"] == []
    stranger_url = story.ok(story.stranger.get("/api/v1/calendar/"), 200)["url"]
    stranger_feed = APIClient().get("/api/v1/" + stranger_url.split("/api/v1/", 1)[1])
    assert Calendar.from_ical(stranger_feed.content).walk("VEVENT") == []

    # No exceptions are in the record: the period lapses at the end of 2024-12-03 and the judge's order
    # becomes the Board's (102.48(a)); the hourly job then creates the third election it orders.
    from proceedings import services as proceeding_services

    story.clock.at("2024-12-04", 9)
    assert proceeding_services.recommended_orders_take_effect() == 1
    status = story.expect("rerun_pending", None, "rerun_ordered")
    assert (status["current_election"]["sequence"], status["current_election"]["kind"]) == (3, "rerun")
    assert [(p["stage"], p["on"]) for p in status["path"]][-2:] == [
        ("exceptions_period", "2024-11-05"),
        ("rerun_pending", "2024-12-03"),
    ]
    assert proceeding_services.recommended_orders_take_effect() == 0  # idempotent
