"""Rulings through the API: staff only, each level with its own dispositions, the status following the
controlling ruling, and the conflicts (withdrawn, recorded twice, nothing to reverse)."""

from __future__ import annotations

import pytest

from objections.law.rulings import DISPOSITION_LABELS
from objections.models import Objection, Ruling
from tests.conftest import World
from tests.objections.conftest import file

pytestmark = pytest.mark.django_db


def rulings_url(objection: Objection) -> str:
    return f"/api/v1/objections/{objection.pk}/rulings/"


def rule(api, objection: Objection, level: str, disposition: str, decided_on: str, note: str = ""):  # type: ignore[no-untyped-def]
    return api.post(
        rulings_url(objection),
        {"level": level, "disposition": disposition, "decided_on": decided_on, "note": note},
        format="json",
    )


@pytest.fixture
def objection(tallied: World) -> Objection:
    return file(tallied.election, tallied.union, actor=tallied.union_counsel, category="mail_ballot")


def test_bessemer_2021_the_hearing_officer_recommends_and_the_rd_sustains(
    as_staff, objection: Objection
) -> None:
    response = rule(as_staff, objection, "hearing_officer", "recommend_sustain", "2021-08-02", "HO report")
    assert response.status_code == 201, response.json()
    assert response.json() == {
        "id": Ruling.objects.get().pk,
        "objection": objection.pk,
        "level": "hearing_officer",
        "disposition": "recommend_sustain",
        "decided_on": "2021-08-02",
        "note": "HO report",
        "objection_status": "pending",
    }
    response = rule(as_staff, objection, "regional_director", "sustained", "2021-11-29")
    assert response.json()["objection_status"] == "sustained"
    body = as_staff.get(f"/api/v1/objections/{objection.pk}/").json()
    assert body["status"] == "sustained"
    assert [(r["level"], r["disposition"], r["decided_on"]) for r in body["rulings"]] == [
        ("hearing_officer", "recommend_sustain", "2021-08-02"),
        ("regional_director", "sustained", "2021-11-29"),
    ]
    assert (
        body["status_explanation"] == "Sustained: controlled by the Regional Director sustained (2021-11-29)."
    )


STATUS_TABLE = [
    ([("regional_director", "set_for_hearing", "2021-04-26")], "set_for_hearing"),
    (
        [
            ("regional_director", "set_for_hearing", "2021-04-26"),
            ("administrative_law_judge", "recommend_sustain", "2021-09-01"),
        ],
        "set_for_hearing",
    ),
    (
        [("regional_director", "overruled", "2021-05-01"), ("board", "review_denied", "2021-07-01")],
        "overruled",
    ),
    ([("regional_director", "overruled", "2021-05-01"), ("board", "reversed", "2021-07-01")], "sustained"),
    ([("regional_director", "overruled", "2021-05-01"), ("board", "remanded", "2021-07-01")], "pending"),
    (
        [
            ("regional_director", "sustained", "2021-05-01"),
            ("board", "affirmed", "2021-07-01"),
            ("court_of_appeals", "reversed", "2022-03-01"),
        ],
        "overruled",
    ),
    (
        [
            ("regional_director", "sustained", "2021-05-01"),
            ("board", "affirmed", "2021-07-01"),
            ("court_of_appeals", "vacated", "2022-03-01"),
        ],
        "pending",
    ),
]


@pytest.mark.parametrize(("steps", "status"), STATUS_TABLE)
def test_the_status_follows_the_controlling_ruling(
    as_staff, objection: Objection, steps: list, status: str
) -> None:
    for level, disposition, day in steps:
        assert rule(as_staff, objection, level, disposition, day).status_code == 201
    objection.refresh_from_db()
    assert objection.status == status


@pytest.mark.parametrize(
    ("level", "disposition", "allowed"),
    [
        ("hearing_officer", "sustained", "recommend_sustain, recommend_overrule"),
        ("regional_director", "recommend_sustain", "set_for_hearing, sustained, overruled"),
        ("board", "vacated", "review_denied, review_granted, affirmed, reversed, remanded"),
        ("court_of_appeals", "review_denied", "affirmed, reversed, remanded, vacated"),
        ("board", "bogus", "review_denied, review_granted, affirmed, reversed, remanded"),
    ],
)
def test_a_disposition_of_another_level_is_a_400_listing_the_allowed_ones(
    as_staff, objection: Objection, level: str, disposition: str, allowed: str
) -> None:
    response = rule(as_staff, objection, level, disposition, "2021-08-02")
    assert response.status_code == 400
    assert list(response.json()) == ["disposition"]
    # Each code with its label beside it: "recommend_sustain (Recommends sustaining), …".
    labelled = ", ".join(f"{code} ({DISPOSITION_LABELS[code]})" for code in allowed.split(", "))
    assert response.json()["disposition"][0].endswith(f"allowed: {labelled}.")
    assert Ruling.objects.count() == 0


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"level": "arbitrator", "disposition": "sustained", "decided_on": "2021-08-02"}, "level"),
        ({"level": "board", "disposition": "affirmed", "decided_on": "02/08/2021"}, "decided_on"),
        (
            {"level": "regional_director", "disposition": "sustained", "decided_on": "2999-01-01"},
            "decided_on",
        ),
        (
            {"level": "regional_director", "disposition": "sustained", "decided_on": "2021-04-01"},
            "decided_on",
        ),
        ({"level": "regional_director", "disposition": "sustained"}, "decided_on"),
    ],
)
def test_bad_ruling_input_is_a_400_naming_the_field(
    as_staff, objection: Objection, body: dict, field: str
) -> None:
    response = as_staff.post(rulings_url(objection), body, format="json")
    assert response.status_code == 400, response.json()
    assert list(response.json()) == [field]


def test_a_ruling_before_the_objection_was_filed_is_refused(as_staff, objection: Objection) -> None:
    response = rule(as_staff, objection, "regional_director", "sustained", "2021-04-14")
    assert response.json() == {
        "decided_on": [
            "RWDSU objection 1 was filed on 2021-04-15; a ruling on it cannot be dated 2021-04-14."
        ]
    }


@pytest.mark.parametrize(
    ("client", "expected"),
    [("as_union", 403), ("as_employer", 403), ("as_paralegal", 403), ("as_stranger", 404), ("api", 401)],
)
def test_only_staff_record_rulings(request, objection: Objection, client: str, expected: int) -> None:
    response = rule(
        request.getfixturevalue(client), objection, "regional_director", "sustained", "2021-11-29"
    )
    assert response.status_code == expected
    assert Ruling.objects.count() == 0


def test_a_ruling_on_a_withdrawn_objection_is_a_conflict(as_staff, as_union, objection: Objection) -> None:
    as_union.post(f"/api/v1/objections/{objection.pk}/withdraw/", {}, format="json")
    response = rule(as_staff, objection, "regional_director", "overruled", "2021-11-29")
    assert response.status_code == 409
    assert response.json()["detail"].startswith("RWDSU objection 1 was withdrawn on ")
    assert Ruling.objects.count() == 0


def test_the_same_ruling_twice_is_a_conflict(as_staff, objection: Objection) -> None:
    rule(as_staff, objection, "regional_director", "overruled", "2021-11-29")
    response = rule(as_staff, objection, "regional_director", "overruled", "2021-11-29")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "RWDSU objection 1 already has this ruling: Regional Director overruled on 2021-11-29."
    }


def test_a_reversal_with_nothing_to_reverse_is_a_conflict_listing_what_may_come(
    as_staff, objection: Objection
) -> None:
    rule(as_staff, objection, "regional_director", "set_for_hearing", "2021-04-26")
    response = rule(as_staff, objection, "board", "reversed", "2021-06-01")
    assert response.status_code == 409
    assert response.json() == {
        "detail": "RWDSU objection 1: the Board reversed (2021-06-01): there is no sustained or overruled ruling "
        "below to reverse (the objection is set for hearing).",
        "allowed": ["review_denied", "review_granted", "affirmed", "remanded"],
    }


def test_a_counsel_cannot_post_a_ruling_for_an_objection_of_another_case(
    as_stranger, objection: Objection
) -> None:
    assert rule(as_stranger, objection, "board", "affirmed", "2021-12-01").status_code == 404
