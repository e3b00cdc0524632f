"""Filing objections through the API: timeliness against the deadline, who may file for whom, numbering,
and bad input answered with a 400 that names the field and the rule."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.utils import timezone

from objections.models import Objection
from tests.conftest import World
from tests.factories import ElectionFactory
from tests.objections.conftest import file, payload, url

pytestmark = pytest.mark.django_db


# --- timeliness -----------------------------------------------------------------------------------------


def test_a_counsel_filing_after_the_deadline_is_refused_with_due_time_zone_and_rule(
    as_union, tallied: World
) -> None:
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-17T09:00:00-04:00"), format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "filed_at": [
            "Objections were due 2021-04-16 23:59 America/New_York — 5 business days after the tally of "
            "2021-04-09, 29 CFR 102.69(a)(8); filed 2021-04-17 09:00."
        ]
    }
    assert Objection.objects.count() == 0


def test_a_late_filing_without_a_stated_time_says_the_time_refused_is_now(
    as_union, tallied: World, frozen_clock
) -> None:
    frozen_clock.at("2021-04-19", 9)  # Monday 9 a.m. in Atlanta; the period closed Friday night
    response = as_union.post(url(tallied.election), payload(tallied.union), format="json")
    assert response.status_code == 400
    assert response.json()["filed_at"][0].startswith("No filed_at was given, so the filing time is now. ")
    assert response.json()["filed_at"][0].endswith("filed 2021-04-19 09:00.")
    assert Objection.objects.count() == 0


def test_a_filing_in_the_last_minute_before_midnight_local_is_timely(
    as_union, tallied: World, received_in_period: object
) -> None:
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-16T23:59:30-04:00"), format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["timely"], body["due_at"], body["filed_at"]) == (
        True,
        "2021-04-16T23:59:00-04:00",
        "2021-04-16T23:59:30-04:00",
    )


def test_midnight_local_is_already_late_even_if_it_is_still_the_16th_in_chicago(
    as_union, tallied: World
) -> None:
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-16T23:00:00-05:00"), format="json"
    )
    assert response.status_code == 400
    assert response.json()["filed_at"][0].endswith("; filed 2021-04-17 00:00.")


def test_staff_may_record_a_late_filing_which_is_flagged_untimely(as_staff, tallied: World) -> None:
    response = as_staff.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-19T10:00:00-04:00"), format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["timely"] is False
    assert Objection.objects.get().recorded_by == tallied.staff


def test_a_filing_time_in_the_future_is_refused(as_union, fresh: World) -> None:
    future = (timezone.now() + timedelta(hours=2)).isoformat()
    response = as_union.post(url(fresh.election), payload(fresh.union, filed_at=future), format="json")
    assert response.status_code == 400
    assert list(response.json()) == ["filed_at"]
    assert "cannot be in the future" in response.json()["filed_at"][0]


def test_a_filing_before_the_tally_is_refused(as_staff, tallied: World) -> None:
    response = as_staff.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-09T08:00:00-04:00"), format="json"
    )
    assert response.status_code == 400
    assert response.json() == {
        "filed_at": [
            "Objections are filed after the tally of ballots, prepared April 9, 2021, 1:00 p.m. EDT; "
            "filed April 9, 2021, 8:00 a.m. EDT."
        ]
    }


def test_no_tally_yet_is_a_conflict(as_union, world: World) -> None:
    response = as_union.post(url(world.election), payload(world.union), format="json")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "Objections are filed after the tally of ballots; election 1 of 10-RC-269250 has no tally yet."
    }


def test_filed_at_defaults_to_now(as_union, fresh: World) -> None:
    before = timezone.now()
    response = as_union.post(url(fresh.election), payload(fresh.union), format="json")
    assert response.status_code == 201, response.json()
    assert before <= Objection.objects.get().filed_at <= timezone.now()


def test_a_late_offer_of_proof_from_counsel_is_refused(as_union, tallied: World) -> None:
    response = as_union.post(
        url(tallied.election),
        payload(
            tallied.union,
            filed_at="2021-04-16T12:00:00-04:00",
            offer_of_proof_filed_at="2021-04-20T12:00:00-04:00",
        ),
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["offer_of_proof_filed_at"][0].startswith(
        "The offer of proof was due 2021-04-16 23:59 America/New_York — 5 business days after the tally of "
        "2021-04-09, 29 CFR 102.69(a)(8); filed 2021-04-20 12:00."
    )


def test_the_offer_of_proof_filed_with_the_objections_is_timely(
    as_union, tallied: World, received_in_period: object
) -> None:
    body = as_union.post(
        url(tallied.election),
        payload(
            tallied.union,
            filed_at="2021-04-16T12:00:00-04:00",
            offer_of_proof_filed_at="2021-04-16T12:05:00-04:00",
        ),
        format="json",
    ).json()
    assert (body["offer_of_proof_filed_at"], body["offer_of_proof_timely"]) == (
        "2021-04-16T12:05:00-04:00",
        True,
    )


# --- who may file ---------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("client", "party", "expected"),
    [
        ("as_union", "union", 201),
        ("as_employer", "employer", 201),
        ("as_union", "employer", 403),
        ("as_employer", "union", 403),
        ("as_staff", "union", 201),
        ("as_staff", "employer", 201),
        ("as_paralegal", "union", 403),
        ("as_stranger", "union", 404),
        ("api", "union", 401),
    ],
)
def test_who_may_file_for_which_party(request, fresh: World, client: str, party: str, expected: int) -> None:
    api = request.getfixturevalue(client)
    response = api.post(url(fresh.election), payload(getattr(fresh, party)), format="json")
    assert response.status_code == expected, response.json()
    assert Objection.objects.count() == (1 if expected == 201 else 0)


def test_the_403_says_whose_counsel_may_file(as_union, fresh: World) -> None:
    response = as_union.post(url(fresh.election), payload(fresh.employer), format="json")
    assert response.json() == {
        "detail": "You are not counsel for Amazon.com Services LLC; counsel file for their own party."
    }


def test_another_cases_election_is_not_found_even_for_a_list(as_stranger, fresh: World) -> None:
    assert as_stranger.get(url(fresh.election)).status_code == 404


def test_a_huge_election_id_is_not_found_not_a_server_error(as_staff, world: World) -> None:
    assert as_staff.get("/api/v1/elections/99999999999999999999999/objections/").status_code == 404


# --- numbering ------------------------------------------------------------------------------------------


def test_numbers_run_per_filing_party_per_election(as_union, as_employer, fresh: World) -> None:
    numbers = []
    for api, party in [(as_union, fresh.union), (as_union, fresh.union), (as_employer, fresh.employer)]:
        numbers.append(api.post(url(fresh.election), payload(party), format="json").json()["number"])
    assert numbers == [1, 2, 1]
    rerun = ElectionFactory(case=fresh.case, sequence=2, kind="rerun", choices=["RWDSU"])
    from tests.factories import record_tally

    record_tally(rerun, prepared_at=timezone.now() - timedelta(minutes=30), yes=1, votes_against=2)
    assert as_union.post(url(rerun), payload(fresh.union), format="json").json()["number"] == 1


def test_a_given_number_is_kept_and_the_next_one_follows_it(as_union, fresh: World) -> None:
    assert (
        as_union.post(url(fresh.election), payload(fresh.union, number=7), format="json").json()["number"]
        == 7
    )
    assert as_union.post(url(fresh.election), payload(fresh.union), format="json").json()["number"] == 8


def test_a_duplicate_number_is_refused(as_union, fresh: World) -> None:
    as_union.post(url(fresh.election), payload(fresh.union, number=3), format="json")
    response = as_union.post(url(fresh.election), payload(fresh.union, number=3), format="json")
    assert response.status_code == 400
    assert response.json() == {
        "number": [
            "RWDSU already filed objection 3 in election 1; numbers are unique per filing party per election "
            "(next free: 4)."
        ]
    }


# --- bad input ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"category": "rudeness"}, "category"),
        ({"statement": ""}, "statement"),
        ({"statement": "   "}, "statement"),
        ({"number": 0}, "number"),
        ({"number": 40000}, "number"),
        ({"number": "three"}, "number"),
        ({"filed_by": 0}, "filed_by"),
        ({"filed_by": 10**30}, "filed_by"),
        ({"filed_by": "RWDSU"}, "filed_by"),
        ({"filed_at": "yesterday"}, "filed_at"),
        ({"filed_at": "9999-12-31T23:59:59-12:00"}, "filed_at"),
        ({"offer_of_proof_filed_at": "2021-04-16"}, "offer_of_proof_filed_at"),
    ],
)
def test_bad_input_is_a_400_naming_the_field(as_staff, fresh: World, changes: dict, field: str) -> None:
    response = as_staff.post(url(fresh.election), payload(fresh.union, **changes), format="json")
    assert response.status_code == 400, response.json()
    assert list(response.json()) == [field]


def test_a_time_without_an_offset_is_read_on_the_offices_clock_and_said_so(
    as_union, tallied: World, frozen_clock
) -> None:
    frozen_clock.at("2021-04-12", 12)
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-12T09:30"), format="json"
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    # Region 10 files in Atlanta: 9:30 a.m. there in April is EDT, UTC-4.
    assert body["filed_at"] == "2021-04-12T09:30:00-04:00"
    assert body["explanation"] == (
        "filed_at was given without a UTC offset: read as 2021-04-12T09:30:00-04:00 (EDT), on the "
        "regional office's clock (America/New_York)."
    )


def test_a_time_with_its_offset_needs_no_explanation(as_union, tallied: World, frozen_clock) -> None:
    frozen_clock.at("2021-04-12", 12)
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-12T09:30:00-05:00"), format="json"
    )
    assert response.status_code == 201, response.json()
    assert response.json()["filed_at"] == "2021-04-12T10:30:00-04:00"
    assert "explanation" not in response.json()


def test_a_party_of_another_case_is_not_a_filing_party(as_staff, fresh: World) -> None:
    other = fresh.other_case.parties.get()
    response = as_staff.post(url(fresh.election), payload(other), format="json")
    assert response.status_code == 400
    assert response.json() == {"filed_by": [f"Party {other.pk} is not a party to 10-RC-269250."]}


# --- reading --------------------------------------------------------------------------------------------


def test_every_party_sees_every_objection_of_its_case(as_employer, as_paralegal, tallied: World) -> None:
    file(tallied.election, tallied.union, actor=tallied.union_counsel)
    file(tallied.election, tallied.employer, actor=tallied.employer_counsel)
    for api in (as_employer, as_paralegal):
        body = api.get(url(tallied.election)).json()
        assert [(o["filed_by_name"], o["number"]) for o in body["results"]] == [
            ("RWDSU", 1),
            ("Amazon.com Services LLC", 1),
        ]


def test_the_objection_detail_has_the_contract_fields(as_paralegal, tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    body = as_paralegal.get(f"/api/v1/objections/{objection.pk}/").json()
    assert {
        "id",
        "election",
        "case",
        "filed_by",
        "number",
        "category",
        "statement",
        "filed_at",
        "offer_of_proof_filed_at",
        "due_at",
        "due_explanation",
        "verified",
        "timely",
        "offer_of_proof_due_at",
        "status",
        "rulings",
        "withdrawn_at",
    } <= set(body)
    assert (body["case"], body["election"], body["status"], body["rulings"], body["withdrawn_at"]) == (
        "10-RC-269250",
        tallied.election.pk,
        "pending",
        [],
        None,
    )


def test_objections_outside_the_callers_cases_are_not_found(as_stranger, tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    assert as_stranger.get(f"/api/v1/objections/{objection.pk}/").status_code == 404
    assert as_stranger.get("/api/v1/objections/").json()["results"] == []


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("case=10-RC-269250", [("RWDSU", 1), ("RWDSU", 2), ("Amazon.com Services LLC", 1)]),
        ("case=29-RC-288020", []),
        ("case=10 rc 269250", [("RWDSU", 1), ("RWDSU", 2), ("Amazon.com Services LLC", 1)]),
        ("category=threats", [("RWDSU", 1)]),
        ("status=withdrawn", [("RWDSU", 2)]),
        ("filed_by={employer}", [("Amazon.com Services LLC", 1)]),
        ("filed_by=99999999999999999999999", []),
        ("election={election}", [("RWDSU", 1), ("RWDSU", 2), ("Amazon.com Services LLC", 1)]),
        ("election=abc", []),
        ("timely=true", [("RWDSU", 1), ("RWDSU", 2), ("Amazon.com Services LLC", 1)]),
    ],
)
def test_the_objection_list_filters(
    as_staff, tallied: World, query: str, expected: list, received_in_period: object
) -> None:
    from objections import services

    file(tallied.election, tallied.union, actor=tallied.union_counsel, category="threats")
    second = file(tallied.election, tallied.union, actor=tallied.union_counsel, category="surveillance")
    file(tallied.election, tallied.employer, actor=tallied.employer_counsel, category="union_conduct")
    services.objection_withdraw(objection=second, actor=tallied.union_counsel, notify=False)
    query = query.format(employer=tallied.employer.pk, election=tallied.election.pk)
    body = as_staff.get(f"/api/v1/objections/?{query}").json()
    assert [(o["filed_by_name"], o["number"]) for o in body["results"]] == expected


def test_a_bad_status_filter_is_a_400(as_staff, world: World) -> None:
    response = as_staff.get("/api/v1/objections/?status=lost")
    assert response.status_code == 400
    assert list(response.json()) == ["status"]
