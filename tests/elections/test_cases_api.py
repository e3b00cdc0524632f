"""Cases, parties and appearances through the API: scoping, permissions, bad input, query counts."""

from __future__ import annotations

import pytest

from elections.models import Case
from tests.conftest import World
from tests.factories import CaseFactory, PartyFactory

pytestmark = pytest.mark.django_db


def test_anonymous_callers_get_401(api, world: World) -> None:
    assert api.get("/api/v1/cases/").status_code == 401
    assert api.get("/api/v1/cases/10-RC-269250/").status_code == 401


def test_the_paralegal_reads_the_case_with_its_derived_fields(as_paralegal, world: World) -> None:
    response = as_paralegal.get("/api/v1/cases/10-RC-269250/")
    assert response.status_code == 200
    body = response.json()
    assert body["number"] == "10-RC-269250"
    assert (body["region"], body["case_type"], body["rule_set"]) == (10, "RC", "2019")
    assert body["regional_office"] == "Atlanta"
    assert {p["role"] for p in body["parties"]} == {"petitioner", "employer"}


def test_a_lower_case_number_in_the_path_finds_the_case(as_paralegal, world: World) -> None:
    assert as_paralegal.get("/api/v1/cases/10-rc-269250/").status_code == 200


def test_counsel_see_only_cases_where_they_appear(as_union, as_stranger, world: World) -> None:
    numbers = [c["number"] for c in as_union.get("/api/v1/cases/").json()["results"]]
    assert numbers == ["10-RC-269250"]
    assert as_union.get("/api/v1/cases/29-RC-288020/").status_code == 404
    assert as_stranger.get("/api/v1/cases/10-RC-269250/").status_code == 404
    assert as_stranger.get("/api/v1/cases/10-RC-269250/parties/").status_code == 404


def test_staff_see_every_case(as_staff, world: World) -> None:
    body = as_staff.get("/api/v1/cases/").json()
    assert body["count"] == 2
    assert {"results", "next", "previous"} <= set(body)


def test_counsel_cannot_write_cases_parties_or_appearances(as_union, world: World) -> None:
    assert as_union.post("/api/v1/cases/", {}, format="json").status_code == 403
    assert as_union.patch("/api/v1/cases/10-RC-269250/", {"name": "x"}, format="json").status_code == 403
    assert (
        as_union.post("/api/v1/cases/10-RC-269250/parties/", {"role": "union", "name": "X"}).status_code
        == 403
    )
    assert as_union.post("/api/v1/cases/10-RC-269250/appearances/", {}).status_code == 403


def test_writing_to_another_partys_case_is_404_not_403(as_stranger, world: World) -> None:
    response = as_stranger.post("/api/v1/cases/10-RC-269250/parties/", {"role": "union", "name": "X"})
    assert response.status_code == 404


def test_staff_create_a_case_with_its_parties_and_the_rule_set_follows_the_petition_date(
    as_staff, world
) -> None:
    response = as_staff.post(
        "/api/v1/cases/",
        {
            "number": "3-rc-282139",
            "name": "Starbucks Corporation",
            "petition_filed_on": "2021-08-30",
            "parties": [
                {"role": "petitioner", "name": "Workers United"},
                {"role": "employer", "name": "Starbucks"},
            ],
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["number"], body["region"], body["rule_set"]) == ("03-RC-282139", 3, "2019")
    assert [p["name"] for p in body["parties"]] == ["Workers United", "Starbucks"]


@pytest.mark.parametrize(
    ("petition", "rule_set"),
    [
        ("2015-04-13", "pre_2015"),
        ("2015-04-14", "2014"),
        ("2020-05-30", "2014"),
        ("2020-05-31", "2019"),
        ("2023-12-25", "2019"),
        ("2023-12-26", "2023"),
    ],
)
def test_rule_set_boundaries(as_staff, world: World, petition: str, rule_set: str) -> None:
    response = as_staff.post(
        "/api/v1/cases/",
        {"number": "05-RC-100001", "name": "X", "petition_filed_on": petition},
        format="json",
    )
    assert response.json()["rule_set"] == rule_set


@pytest.mark.parametrize(
    ("payload", "field", "fragment"),
    [
        ({"number": "10-XX-1"}, "number", "Case type 'XX' is not one of"),
        ({"number": "11-RC-123456"}, "number", "Region 11 (Winston-Salem) opens no new cases"),
        ({"number": "35-RC-123456"}, "number", "Region 35 does not exist"),
        ({"number": "10-RC-269250"}, "number", "already on the tracker"),
        ({"petition_filed_on": "2021-02-30"}, "petition_filed_on", "Date has wrong format"),
        ({"status": "won"}, "status", "is not one of the choices"),
        ({"name": ""}, "name", "may not be blank"),
        ({"parties": [{"role": "boss", "name": "X"}]}, "parties", "is not one of the choices"),
    ],
)
def test_bad_case_input_is_a_400_naming_the_field(as_staff, world, payload, field, fragment) -> None:
    base = {"number": "05-RC-100002", "name": "X", "petition_filed_on": "2021-01-04"}
    response = as_staff.post("/api/v1/cases/", {**base, **payload}, format="json")
    assert response.status_code == 400
    assert fragment in str(response.json()[field])
    assert not Case.objects.filter(number="05-RC-100002").exists()


def test_a_case_with_a_duplicate_party_is_not_half_written(as_staff, world) -> None:
    response = as_staff.post(
        "/api/v1/cases/",
        {
            "number": "05-RC-100003",
            "name": "X",
            "petition_filed_on": "2021-01-04",
            "parties": [{"role": "petitioner", "name": "Local 1"}, {"role": "union", "name": "local 1"}],
        },
        format="json",
    )
    assert response.status_code == 400
    assert "already a party" in response.json()["name"][0]
    assert not Case.objects.filter(number="05-RC-100003").exists()


def test_staff_patch_a_case_and_history_records_who(as_staff, world: World) -> None:
    response = as_staff.patch("/api/v1/cases/10-RC-269250/", {"status": "certified"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "certified"
    latest = world.case.history.first()
    assert latest.status == "certified"
    assert latest.history_user == world.staff


def test_a_case_is_not_closed_by_hand_but_by_the_event_that_ends_it(as_staff, world: World) -> None:
    response = as_staff.patch("/api/v1/cases/10-RC-269250/", {"status": "closed"}, format="json")
    assert response.status_code == 400
    assert response.json() == {
        "status": [
            "A case is closed only by the event that ends it, recorded at cases/{number}/proceedings/: "
            "petition_dismissed, petition_withdrawn, disclaimer_filed, bargaining_order. 10-RC-269250 is open."
        ]
    }
    assert Case.objects.get(pk=world.case.pk).status == "open"


def test_filters_by_region_type_status_and_q(as_staff, world: World) -> None:
    CaseFactory(number="28-RD-100001", name="Desert Mining")
    assert [c["number"] for c in as_staff.get("/api/v1/cases/?region=28").json()["results"]] == [
        "28-RD-100001"
    ]
    assert [c["number"] for c in as_staff.get("/api/v1/cases/?case_type=RD").json()["results"]] == [
        "28-RD-100001"
    ]
    assert [c["number"] for c in as_staff.get("/api/v1/cases/?q=desert").json()["results"]] == [
        "28-RD-100001"
    ]
    assert [c["number"] for c in as_staff.get("/api/v1/cases/?q=10-rc-269250").json()["results"]] == [
        "10-RC-269250"
    ]
    assert as_staff.get("/api/v1/cases/?status=won").status_code == 400
    assert as_staff.get("/api/v1/cases/?region=abc").status_code == 400


def test_appearances_are_added_by_staff_and_listed_to_the_case(as_staff, as_union, world: World) -> None:
    from tests.factories import UserFactory

    UserFactory(username="new-lawyer")
    response = as_staff.post(
        "/api/v1/cases/10-RC-269250/appearances/",
        {"user": "new-lawyer", "party": world.employer.pk, "capacity": "counsel"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["user"] == "new-lawyer"
    listed = as_union.get("/api/v1/cases/10-RC-269250/appearances/").json()
    assert "new-lawyer" in [a["user"] for a in listed]


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"user": "nobody", "capacity": "counsel"}, "user"),
        ({"user": "ucounsel", "capacity": "counsel"}, "user"),  # already appears in this case
        ({"user": "agent", "capacity": "counsel"}, "user"),  # staff do not appear for parties
        ({"user": "stranger", "capacity": "judge"}, "capacity"),
    ],
)
def test_bad_appearances_are_refused(as_staff, world: World, payload, field) -> None:
    response = as_staff.post(
        "/api/v1/cases/10-RC-269250/appearances/", {"party": world.union.pk, **payload}, format="json"
    )
    assert response.status_code == 400
    assert field in response.json()


def test_an_appearance_for_another_cases_party_is_refused(as_staff, world: World) -> None:
    other_party = PartyFactory(case=world.other_case, name="Other")
    response = as_staff.post(
        "/api/v1/cases/10-RC-269250/appearances/",
        {"user": "stranger", "party": other_party.pk, "capacity": "counsel"},
        format="json",
    )
    assert response.status_code == 400
    assert "not a party to 10-RC-269250" in response.json()["party"][0]


def test_the_case_list_costs_a_constant_number_of_queries(as_staff, world, django_assert_num_queries) -> None:
    for n in range(20):
        case = CaseFactory(number=f"05-RC-2000{n:02d}")
        PartyFactory(case=case)
    # the tag (the versions of the caller's cases), the page (it tells the count), parties, their counsel of
    # record, related cases
    with django_assert_num_queries(5):
        assert as_staff.get("/api/v1/cases/").status_code == 200


def test_the_case_detail_costs_a_constant_number_of_queries(
    as_paralegal, world, django_assert_num_queries
) -> None:
    # the case within the caller's appearances, its parties, their counsel, its related cases
    with django_assert_num_queries(4):
        assert as_paralegal.get("/api/v1/cases/10-RC-269250/").status_code == 200
