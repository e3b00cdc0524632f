"""The court track through the API (issue 30, items 4, 15 and 20): a remand made final by the mandate goes
back before the Board (FRAP 41; NLRA 10(e)-(f), read); a cross-application needs a petition for review on
file (FRAP 15(b)(1), read); a court written as lawyers write it is kept as the contract's name."""

from __future__ import annotations

from typing import Any

from elections.models import RelatedCase
from tests.proceedings.conftest import climb, post_event


def test_a_remand_goes_back_before_the_board_once_the_mandate_issues(
    won: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2024-06-03")
    climb(
        won.case,
        won.staff,
        ("regional_director_decision", "2021-05-03", {"outcome": "certify_representative"}),
        ("certification_issued", "2021-05-03", {"kind": "representative"}),
        ("refusal_to_bargain", "2021-06-01", {"ulp_case": "10-CA-280001"}),
        ("board_order", "2022-01-10", {}),
    )
    cross = post_event(
        as_staff,
        "court_petition_filed",
        "2022-01-20",
        court="11th Cir.",
        docket="22-10000",
        kind="cross_application_for_enforcement",
    )
    assert cross.status_code == 409 and "FRAP 15(b)(1)" in cross.json()["detail"]
    petition = post_event(
        as_staff,
        "court_petition_filed",
        "2022-02-01",
        court="Eleventh Circuit",
        docket="22-10001",
        party=won.employer.pk,
    )
    assert petition.status_code == 201, petition.content
    assert RelatedCase.objects.get(case=won.case, number="22-10001").court == "11th Cir."
    remand = post_event(as_staff, "court_decision", "2023-03-01", docket="22-10001", outcome="remanded")
    assert remand.status_code == 201, remand.content
    early = post_event(as_staff, "board_order", "2023-03-15")
    assert early.status_code == 409  # the remand is not final before the mandate
    assert post_event(as_staff, "mandate_issued", "2023-04-24", docket="22-10001").status_code == 201
    again = post_event(as_staff, "board_order", "2023-09-01")
    assert again.status_code == 201, again.content
    status = as_staff.get(f"/api/v1/cases/{won.case.number}/status/").json()
    assert (status["test_of_certification"]["stage"], status["test_of_certification"]["board_order"]) == (
        "board_order",
        "bargaining_ordered",
    )
