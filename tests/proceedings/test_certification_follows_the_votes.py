"""A certification follows the votes, and what an order creates carries the election (issue 30, items 1, 6,
7 and 14).

Each row counts the tally by hand against the rule's words:

- 29 CFR 102.69(b): the Regional Director issues "a certification of the results of the election, including
  certification of representative where appropriate";
- 102.70(a): a runoff follows when "no choice receiving a majority of the valid ballots cast and no objections
  are filed"; a choice is certified only with that majority;
- 102.70(d): an equal division makes the election "a nullity" and another is held; "Only one such further
  election pursuant to this paragraph may be held."
"""

from __future__ import annotations

from datetime import datetime
from typing import Any, cast

import pytest

from core.errors import TransitionNotAllowed
from elections.models import Case, Election, Party
from tests import factories
from tests.proceedings.conftest import CENTRAL, climb, file_objection, make_case, make_party

TALLY = datetime(2024, 3, 1, 12, 0, tzinfo=CENTRAL)  # Friday; objections due 5 business days on, 2024-03-08
AFTER_THE_PERIOD = "2024-03-11"  # nothing filed: the Regional Director certifies "forthwith" (102.69(b))
NUMBER = "10-RC-300001"


def _case_with(choices: list[str], *, agreement: str | None = None) -> tuple[Case, Election]:
    case = make_case(number=NUMBER, name="Acme Widgets LLC")
    make_party(case=case, role=Party.Role.PETITIONER, name=choices[0])
    for other in choices[1:]:
        make_party(case=case, role=Party.Role.INTERVENOR, name=other)
    make_party(case=case, role=Party.Role.EMPLOYER, name="Acme Widgets LLC")
    election = cast(
        Election,
        factories.ElectionFactory(
            case=case,
            sequence=1,
            choices=choices,
            mode=Election.Mode.MAIL,
            agreement=agreement,
            voting_unit="B",
        ),
    )
    return case, election


# (label, ballot, votes for each union, votes against, the event and its details, refusal words or None)
CERTIFICATIONS: list[tuple[str, list[str], list[int], int, str, dict[str, str], str | None]] = [
    # 40 of 85 valid ballots is no majority (43 needed): the union lost.
    ("lost 40-45, certified representative", ["Local 1"], [40], 45, "certification_issued",
     {"kind": "representative"}, "no choice has a majority of the valid ballots"),
    ("lost 40-45, results certified", ["Local 1"], [40], 45, "certification_issued", {"kind": "results"}, None),
    ("lost 40-45, the RD decides to certify a representative", ["Local 1"], [40], 45,
     "regional_director_decision", {"outcome": "certify_representative"}, "no choice has a majority"),
    # 45 of 85 is a majority (43 needed): the union won.
    ("won 45-40, results certified", ["Local 1"], [45], 40, "certification_issued", {"kind": "results"},
     "Local 1 has a majority of the valid ballots"),
    ("won 45-40, the RD decides to certify the results", ["Local 1"], [45], 40, "regional_director_decision",
     {"outcome": "certify_results"}, "Local 1 has a majority"),
    ("won 45-40, certified representative", ["Local 1"], [45], 40, "certification_issued",
     {"kind": "representative"}, None),
    # 12 of 24 is not a majority (13 needed): a tie elects no one (Kirsch Drapery Hardware).
    ("tied 12-12, certified representative", ["Local 1"], [12], 12, "certification_issued",
     {"kind": "representative"}, "no choice has a majority"),
    ("tied 12-12, results certified", ["Local 1"], [12], 12, "certification_issued", {"kind": "results"}, None),
    # 30-30-30: "equally divided among the several choices" — a nullity (102.70(d)), nothing certified.
    ("split 30-30-30, certified representative", ["Local 1", "Local 2"], [30, 30], 30, "certification_issued",
     {"kind": "representative"}, "a nullity"),
    ("split 30-30-30, results certified", ["Local 1", "Local 2"], [30, 30], 30, "certification_issued",
     {"kind": "results"}, "a nullity"),
    # 40-35-25 of 100: no majority (51 needed), no tie: a runoff between Local 1 and Local 2 (102.70(a)).
    ("40-35-25, results certified", ["Local 1", "Local 2"], [40, 35], 25, "certification_issued",
     {"kind": "results"}, "requires a runoff election"),
    # 60-25-15 of 100: Local 1 has a majority (51 needed).
    ("60-25-15, certified representative", ["Local 1", "Local 2"], [60, 25], 15, "certification_issued",
     {"kind": "representative"}, None),
]  # fmt: skip


@pytest.mark.parametrize(
    ("label", "ballot", "votes_for", "against", "event", "details", "refusal"),
    CERTIFICATIONS,
    ids=[row[0] for row in CERTIFICATIONS],
)
def test_a_certification_follows_the_latest_tally(
    db: None,
    frozen_clock: Any,
    label: str,
    ballot: list[str],
    votes_for: list[int],
    against: int,
    event: str,
    details: dict[str, str],
    refusal: str | None,
) -> None:
    frozen_clock.at("2024-04-01")
    case, election = _case_with(ballot)
    factories.record_tally(
        election,
        prepared_at=TALLY,
        votes_for=dict(zip(ballot, votes_for, strict=True)),
        votes_against=against,
    )
    staff = factories.StaffFactory(username="agent")
    if refusal is None:
        climb(case, staff, (event, AFTER_THE_PERIOD, details))
        return
    with pytest.raises(TransitionNotAllowed) as refused:
        climb(case, staff, (event, AFTER_THE_PERIOD, details))
    assert refusal in refused.value.detail
    assert f"lection 1 of {NUMBER}" in refused.value.detail
    assert "tally revision 0" in refused.value.detail  # the 409 names the tally it read


def test_the_refusal_is_a_409_naming_the_tally_and_no_refusal_to_bargain_follows(
    db: None, frozen_clock: Any, as_staff: Any
) -> None:
    frozen_clock.at("2024-04-01")
    _, election = _case_with(["Local 1"])
    factories.record_tally(election, prepared_at=TALLY, votes_for={"Local 1": 40}, votes_against=45)
    body = {
        "event": "certification_issued",
        "occurred_on": AFTER_THE_PERIOD,
        "details": {"kind": "representative"},
    }
    response = as_staff.post(f"/api/v1/cases/{NUMBER}/proceedings/", body, format="json")
    assert response.status_code == 409
    assert "tally revision 0 (40 for Local 1, 45 against, 0 challenged)" in response.json()["detail"]
    refusal = {
        "event": "refusal_to_bargain",
        "occurred_on": "2024-04-01",
        "details": {"ulp_case": "10-CA-300002"},
    }
    assert as_staff.post(f"/api/v1/cases/{NUMBER}/proceedings/", refusal, format="json").status_code == 409


def test_only_one_further_election_follows_an_equal_division(db: None, frozen_clock: Any) -> None:
    frozen_clock.at("2024-06-03")
    case, first = _case_with(["Local 1", "Local 2"])
    staff = factories.StaffFactory(username="agent")
    votes = {"Local 1": 30, "Local 2": 30}
    factories.record_tally(first, prepared_at=TALLY, votes_for=votes, votes_against=30)
    # 30-30-30: the first election is a nullity; the further election of 102.70(d) is ordered.
    climb(case, staff, ("regional_director_decision", AFTER_THE_PERIOD, {"outcome": "rerun_election"}))
    further = Election.objects.get(case=case, sequence=2)
    # Its tally 2024-04-12 (Friday): objections due 2024-04-19; again 30-30-30.
    factories.record_tally(
        further, prepared_at=datetime(2024, 4, 12, 12, 0, tzinfo=CENTRAL), votes_for=votes, votes_against=30
    )
    with pytest.raises(TransitionNotAllowed) as refused:
        climb(case, staff, ("regional_director_decision", "2024-04-22", {"outcome": "rerun_election"}))
    assert '"Only one such further election pursuant to this paragraph may be held"' in refused.value.detail
    assert "what follows is a certification of the results" in refused.value.detail
    with pytest.raises(TransitionNotAllowed, match=r"the certification is of the results|a nullity") as wrong:
        climb(case, staff, ("certification_issued", "2024-04-22", {"kind": "representative"}))
    assert "election 2" in wrong.value.detail
    climb(case, staff, ("certification_issued", "2024-04-22", {"kind": "results"}))
    assert Case.objects.get(pk=case.pk).status == Case.Status.CERTIFIED


def test_no_runoff_is_ordered_over_a_timely_objection_not_yet_decided(db: None, frozen_clock: Any) -> None:
    frozen_clock.at("2024-04-01")
    case, election = _case_with(["Local 1", "Local 2"])
    staff = factories.StaffFactory(username="agent")
    # 40-35-25 of 100: no majority (51 needed): a runoff between Local 1 and Local 2 — unless objected to.
    factories.record_tally(
        election, prepared_at=TALLY, votes_for={"Local 1": 40, "Local 2": 35}, votes_against=25
    )
    world = type("World", (), {"election": election, "staff": staff})()
    employer = case.parties.get(role=Party.Role.EMPLOYER)
    objection = file_objection(world, employer, datetime(2024, 3, 7, 12, 0, tzinfo=CENTRAL))  # timely
    with pytest.raises(TransitionNotAllowed) as refused:
        climb(case, staff, ("regional_director_decision", AFTER_THE_PERIOD, {"outcome": "runoff_election"}))
    assert '"and no objections are filed"' in refused.value.detail
    assert "Acme Widgets LLC objection 1 (pending)" in refused.value.detail
    assert not Election.objects.filter(case=case, sequence=2).exists()
    # Ruled on in the same decision, the objection no longer stands in the way.
    rulings = [{"objection": objection.pk, "disposition": "overruled"}]
    climb(
        case,
        staff,
        (
            "regional_director_decision",
            AFTER_THE_PERIOD,
            {"outcome": "runoff_election", "objection_rulings": rulings},
        ),
    )
    assert Election.objects.get(case=case, sequence=2).kind == Election.Kind.RUNOFF


# (label, the agreement of the first election, the order's details, the new election's mode)
CARRIED: list[tuple[str, str | None, dict[str, str], str]] = [
    ("a directed election's rerun keeps its mail ballot", "directed", {}, "mail"),
    ("a stipulated election's rerun held manually as ordered", "stipulated", {"mode": "manual"}, "manual"),
]


@pytest.mark.parametrize(("label", "agreement", "extra", "mode"), CARRIED, ids=[row[0] for row in CARRIED])
def test_a_rerun_carries_the_agreement_the_unit_and_the_mode_unless_ordered(
    db: None, frozen_clock: Any, label: str, agreement: str | None, extra: dict[str, str], mode: str
) -> None:
    """102.62(a), 102.69(c)(2): whether the Regional Director's rulings are final follows the election
    agreement, so the rerun an order creates keeps it (and its unit; its mode unless the order says)."""
    frozen_clock.at("2024-04-01")
    case, election = _case_with(["Local 1"], agreement=agreement)
    factories.record_tally(election, prepared_at=TALLY, votes_for={"Local 1": 40}, votes_against=45)
    staff = factories.StaffFactory(username="agent")
    climb(
        case, staff, ("regional_director_decision", AFTER_THE_PERIOD, {"outcome": "rerun_election", **extra})
    )
    rerun = Election.objects.get(case=case, sequence=2)
    assert (rerun.kind, rerun.agreement, rerun.voting_unit, rerun.mode) == ("rerun", agreement, "B", mode)


def test_a_rerun_after_a_consent_election_is_one_too_and_offers_no_board_review(
    db: None, frozen_clock: Any
) -> None:
    """102.69(c)(2): "If a consent election has been held pursuant to §§ 102.62(a) or (c), the decision of the
    Regional Director is not subject to Board review" — the rerun it orders is held under the same agreement."""
    frozen_clock.at("2024-06-03")
    case, election = _case_with(["Local 1"], agreement="consent")
    factories.record_tally(election, prepared_at=TALLY, votes_for={"Local 1": 40}, votes_against=45)
    staff = factories.StaffFactory(username="agent")
    climb(case, staff, ("regional_director_decision", AFTER_THE_PERIOD, {"outcome": "rerun_election"}))
    rerun = Election.objects.get(case=case, sequence=2)
    assert rerun.agreement == "consent"
    factories.record_tally(
        rerun,
        prepared_at=datetime(2024, 4, 12, 12, 0, tzinfo=CENTRAL),
        votes_for={"Local 1": 45},
        votes_against=40,
    )
    climb(case, staff, ("regional_director_decision", "2024-04-22", {"outcome": "certify_representative"}))
    with pytest.raises(TransitionNotAllowed, match=r"102\.69"):
        climb(case, staff, ("request_for_review_filed", "2024-04-25", {}))
