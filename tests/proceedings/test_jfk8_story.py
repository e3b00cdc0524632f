"""The JFK8 story with issue 10's rules on, through the HTTP API: Amazon.com Services LLC (JFK8, Staten
Island) and the Amazon Labor Union, 29-RC-288020 (Region 29, Brooklyn; 2019 rules by the petition of
2021-12-22). The tally of 2022-04-01 (2,654 for, 2,131 against, 67 challenged: not determinative);
Amazon's objections (two stand for the 25); the hearing officer's report of 2022-09-01 recommending that all
be overruled; the Regional Director's decision of 2023-01-11 overruling them and certifying the union;
the refusal to bargain (29-CA-318069). Dates the story could not check are marked UNVERIFIED.

On the way: the objections filed by counsel reach the tracker after the period, so they wait for staff to
confirm their stated time; a certification while they are pending is a 409; the hearing officer's
recommendation decides nothing."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from tests.factories import UserFactory
from tests.proceedings.conftest import make_staff

NUMBER = "29-RC-288020"
ALU = "Amazon Labor Union"
AMAZON = "Amazon.com Services LLC"


def client_for(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def ok(response: Any, status: int = 201) -> Any:
    assert response.status_code == status, response.content
    return response.json()


@pytest.mark.django_db
def test_the_jfk8_story_through_the_api(frozen_clock: Any) -> None:
    staff = client_for(make_staff(username="board-agent"))
    employer_counsel = client_for(UserFactory(username="employer-counsel"))
    UserFactory(username="union-counsel")

    def event(event: str, occurred_on: str, **details: Any) -> Any:
        frozen_clock.at(occurred_on, 17)
        body = {"event": event, "occurred_on": occurred_on, "details": details}
        return staff.post(f"/api/v1/cases/{NUMBER}/proceedings/", body, format="json")

    def stage() -> str:
        return str(ok(staff.get(f"/api/v1/cases/{NUMBER}/status/"), 200)["stage"])

    frozen_clock.at("2022-01-10")
    case = ok(
        staff.post(
            "/api/v1/cases/",
            {
                "number": NUMBER,
                "name": "Amazon.com Services LLC (JFK8, Staten Island)",
                "petition_filed_on": "2021-12-22",
                "parties": [{"role": "petitioner", "name": ALU}, {"role": "employer", "name": AMAZON}],
            },
            format="json",
        )
    )
    assert (case["rule_set"], case["region"]) == ("2019", 29)
    union, employer = (p["id"] for p in sorted(case["parties"], key=lambda p: p["role"] != "petitioner"))
    for user, party in [("union-counsel", union), ("employer-counsel", employer)]:
        ok(
            staff.post(
                f"/api/v1/cases/{NUMBER}/appearances/",
                {"user": user, "party": party, "capacity": "counsel"},
                format="json",
            )
        )
    election = ok(
        staff.post(
            "/api/v1/elections/",
            {
                "case": NUMBER,
                "kind": "initial",
                "mode": "manual",
                "choices": [ALU],
                "voting_opens_on": "2022-03-25",
                "voting_closes_on": "2022-03-30",
                "count_on": "2022-03-31",
                "approx_eligible_voters": 8325,
            },
            format="json",
        )
    )["id"]

    frozen_clock.at("2022-04-01", 18)
    tally = {
        "prepared_at": "2022-04-01T15:00:00-04:00",
        "votes_for": {ALU: 2654},
        "votes_against": 2131,
        "void": 17,
        "challenged": 67,
    }
    recorded = ok(staff.post(f"/api/v1/elections/{election}/tallies/", tally, format="json"))
    assert (recorded["result"], recorded["challenges_determinative"]) == ("representative", False)
    assert (recorded["ledger_count"], recorded["ledger_matches_tally"]) == (0, False)  # nothing logged
    assert stage() == "objections_period"

    # 2022-04-08: Amazon's objections, stated as filed within the period; they reach the tracker after it.
    frozen_clock.at("2022-04-19", 9)
    objections = []
    for category in ("board_agent_conduct", "third_party_conduct"):
        body = {
            "filed_by": employer,
            "category": category,
            "statement": "Summary for the story test (wording not from the record).",
            "filed_at": "2022-04-08T15:00:00-04:00",
            "offer_of_proof_filed_at": "2022-04-08T15:00:00-04:00",
        }
        filed = ok(employer_counsel.post(f"/api/v1/elections/{election}/objections/", body, format="json"))
        assert (filed["timely"], filed["filing_confirmed"]) == (None, False)  # received after the period
        objections.append(filed["id"])
    for pk in objections:
        confirmed = ok(staff.post(f"/api/v1/objections/{pk}/confirm-filing/", {}, format="json"), 200)
        assert (confirmed["timely"], confirmed["filing_confirmed"]) == (True, True)

    assert event("notice_of_hearing", "2022-04-20", hearing_on="2022-06-13").status_code == 201  # UNVERIFIED
    assert event("hearing_opened", "2022-06-13").status_code == 201
    assert event("hearing_closed", "2022-07-25").status_code == 201  # UNVERIFIED

    # 2022-09-01: the hearing officer recommends overruling every objection — which decides nothing.
    report = event(
        "hearing_officer_report",
        "2022-09-01",
        objection_rulings=[{"objection": pk, "disposition": "recommend_overrule"} for pk in objections],
    )
    assert report.status_code == 201, report.content
    assert stage() == "exceptions_period"
    assert event("exceptions_filed", "2022-09-16", party=employer).status_code == 201

    # Certifying while the objections are still pending is refused, naming them.
    refused = event("regional_director_decision", "2023-01-11", outcome="certify_representative")
    assert refused.status_code == 409
    assert f"{AMAZON} objection 1 (pending)" in refused.json()["detail"]

    # 2023-01-11: the Regional Director overrules them and certifies the union.
    decided = event(
        "regional_director_decision",
        "2023-01-11",
        outcome="certify_representative",
        objection_rulings=[{"objection": pk, "disposition": "overruled"} for pk in objections],
    )
    assert decided.status_code == 201, decided.content
    assert event("certification_issued", "2023-01-11", kind="representative").status_code == 201
    assert stage() == "certified"
    assert event("refusal_to_bargain", "2023-03-01", ulp_case="29-CA-318069").status_code == 201  # UNVERIFIED
    assert stage() == "test_of_certification"
