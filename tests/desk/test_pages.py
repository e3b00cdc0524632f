"""The counsel desk, page by page, as counsel and paralegals use it: signed in with a session, on the API's
own scoping and services. The Bessemer tally (Friday, April 9, 2021, noon in Atlanta) opens the objections
period: 5 business days, counted by hand — Mon 12, Tue 13, Wed 14, Thu 15, Fri 16 — so objections are due
Friday, April 16, 2021, at 11:59 p.m. EDT (29 CFR 102.69(a), 102.2)."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import pytest
from django.test import Client

from challenges.models import Challenge
from elections.models import Appearance
from notes.models import Note
from objections.models import Objection
from tests.conftest import FrozenClock, World
from tests.desk.conftest import CASE, said, signed_in
from tests.factories import AppearanceFactory, CaseFactory, PartyFactory, file_objection, record_ruling

pytestmark = pytest.mark.django_db


def test_anonymous_callers_are_sent_to_sign_in() -> None:
    response = Client().get("/desk/")
    assert response.status_code == 302
    assert response["Location"] == "/desk/sign-in/?next=/desk/"


def test_signing_in_with_a_password_opens_my_cases(world: World) -> None:
    world.union_counsel.set_password("counsel-password-1")
    world.union_counsel.save()
    client = Client()
    response = client.post("/desk/sign-in/", {"username": "ucounsel", "password": "counsel-password-1"})
    assert response.status_code == 302 and response["Location"] == "/desk/"
    assert "10-RC-269250" in client.get("/desk/").content.decode()


def test_my_cases_shows_each_next_deadline_soonest_first(tallied: World) -> None:
    # A second case of the union's counsel with nothing due is listed after the one with a deadline.
    quiet = CaseFactory(number="10-RC-000001", name="Quiet Case")
    AppearanceFactory(
        user=tallied.union_counsel,
        party=PartyFactory(case=quiet, name="RWDSU"),
        capacity=Appearance.Capacity.COUNSEL,
    )
    page = signed_in(tallied.union_counsel).get("/desk/").content.decode()
    assert page.index("10-RC-269250") < page.index("10-RC-000001")
    assert "due <strong>April 16, 2021, 11:59 p.m. EDT</strong>" in page
    assert "29 CFR 102.69(a)" in page
    assert "Nothing due." in page
    assert "29-RC-288020" not in page  # another party's case


def test_the_case_page_shows_the_ladder_deadlines_and_ledger(tallied: World) -> None:
    page = signed_in(tallied.paralegal).get(CASE).content.decode()
    assert "Next deadline" in page and "April 16, 2021, 11:59 p.m. EDT" in page
    assert 'class="rung current"' in page  # the ladder picture, shared with the staff desk
    assert "{#" not in page and "{%" not in page  # no template comment printed as text
    # The hearing opens 21 days after the tally, April 9 + 21 = April 30 (102.69(c)(1)(ii)): a target for
    # the Region, worded as one.
    assert "target date April 30, 2021" in page and "target date April 30, 2021, 11:59" not in page
    assert "How it is counted" in page
    assert 'id="filings"' in page
    assert "paralegals follow the case" in page


def test_a_case_number_typed_another_way_opens_the_case(tallied: World) -> None:
    client = signed_in(tallied.union_counsel)
    response = client.get("/desk/cases/10rc269250/")
    assert response.status_code == 302 and response["Location"] == CASE
    assert client.get("/desk/cases/10 rc 269250/").status_code == 302


def test_another_partys_case_is_not_found(tallied: World) -> None:
    assert signed_in(tallied.stranger).get(CASE).status_code == 404
    assert signed_in(tallied.stranger).get("/desk/cases/not-a-case/").status_code == 404


def test_counsel_log_one_challenge_and_hear_what_it_changed(tallied: World) -> None:
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}challenges/new/",
        {
            "election": tallied.election.pk,
            "challenged_by": tallied.union.pk,
            "voter_name": "Pat Lead",
            "ground": "supervisor",
        },
    )
    challenge = Challenge.objects.get(voter_name="Pat Lead")
    assert response.status_code == 302
    assert response["Location"] == f"{CASE}#challenge-{challenge.pk}"
    assert challenge.challenged_by == tallied.union and challenge.status == "pending"
    messages = said(response)
    assert messages[0] == (
        f"Challenge {challenge.pk} logged: Pat Lead, supervisor (§2(11)), challenged by RWDSU. "
        "It is pending until the Region decides it."
    )
    assert "Election 1: challenges none → 1 pending." in messages


def test_counsel_cannot_log_in_the_other_partys_name(tallied: World) -> None:
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}challenges/new/",
        {
            "election": tallied.election.pk,
            "challenged_by": tallied.employer.pk,
            "voter_name": "Pat Lead",
            "ground": "supervisor",
        },
    )
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()
    assert not Challenge.objects.exists()


def post_batch(world: World, *ballots: dict[str, str], button: str = "log", lines: int = 3) -> Any:
    """The batch form as union counsel posts it: ``lines`` lines, the first filled with ``ballots``."""
    rows = {"form-TOTAL_FORMS": str(lines), "form-INITIAL_FORMS": "0"}
    for n, ballot in enumerate(ballots):
        rows |= {f"form-{n}-{name}": value for name, value in ballot.items()}
    return signed_in(world.union_counsel).post(
        f"{CASE}challenges/batch/",
        {"election": world.election.pk, "challenged_by": world.union.pk, button: "1", **rows},
    )


def test_a_batch_at_the_count_is_logged_whole(tallied: World) -> None:
    response = post_batch(
        tallied,
        {"voter_name": "Ann One", "ground": "supervisor"},
        {"voter_name": "Bo Two", "ground": "not_on_list", "job_classification": "Picker"},
    )
    assert response.status_code == 302
    assert sorted(Challenge.objects.values_list("voter_name", "ground")) == [
        ("Ann One", "supervisor"),
        ("Bo Two", "not_on_list"),
    ]
    assert said(response)[0] == (
        "2 challenged ballot(s) logged for election 1; each is pending until the Region decides it."
    )


def test_a_batch_with_one_bad_ballot_logs_nothing_and_names_the_ballot(tallied: World) -> None:
    response = post_batch(
        tallied,
        {"voter_name": "Ann One", "ground": "supervisor"},
        {"voter_name": "Ann One", "ground": "manager"},
    )
    assert response.status_code == 200
    page = response.content.decode()
    assert "Nothing was logged" in page
    assert "ballot 2, voter_name: &#x27;Ann One&#x27; is already challenged on ballot 1" in page
    assert not Challenge.objects.exists()


def test_a_ballot_without_a_ground_is_named(tallied: World) -> None:
    response = post_batch(
        tallied, {"voter_name": "Ann One", "ground": "supervisor"}, {"voter_name": "Bo Two"}
    )
    assert response.context["rows"].forms[1].errors == {"ground": ["Choose the ground of this challenge."]}
    assert not Challenge.objects.exists()


def test_more_lines_keep_what_was_typed(tallied: World) -> None:
    response = post_batch(tallied, {"voter_name": "Ann One"}, button="more", lines=1)
    page = response.content.decode()
    assert 'value="Ann One"' in page and "Ballot 6" in page
    assert not Challenge.objects.exists()


def test_an_objection_typed_on_the_offices_clock_is_filed_and_said_timely(tallied: World) -> None:
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}objections/new/",
        {
            "election": tallied.election.pk,
            "filed_by": tallied.union.pk,
            "category": "threats",
            "statement": "Supervisors threatened to close the warehouse.",
            "filed_at": "2021-04-12T09:30",
            "offer_of_proof": "on",
        },
    )
    objection = Objection.objects.get()
    assert response.status_code == 302
    # 9:30 a.m. in Atlanta (EDT, UTC-4) is 13:30 UTC.
    assert objection.filed_at == datetime(2021, 4, 12, 13, 30, tzinfo=UTC)
    assert objection.offer_of_proof_filed_at == objection.filed_at
    assert said(response)[0] == (
        "RWDSU objection 1 filed (Threats), April 12, 2021, 9:30 a.m. EDT. "
        "Timely: the period closes April 16, 2021, 11:59 p.m. EDT."
    )


def test_a_late_objection_is_refused_on_its_field_and_nothing_is_written(
    tallied: World, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at("2021-04-19", 10)
    response = signed_in(tallied.union_counsel).post(
        f"{CASE}objections/new/",
        {
            "election": tallied.election.pk,
            "filed_by": tallied.union.pk,
            "category": "threats",
            "statement": "Late.",
            "filed_at": "2021-04-19T09:00",
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert "Objections were due 2021-04-16 23:59 America/New_York" in errors["filed_at"][0]
    assert not Objection.objects.exists()


def test_a_paralegal_is_told_only_counsel_log_challenges(tallied: World) -> None:
    client = signed_in(tallied.paralegal)
    page = client.get(f"{CASE}challenges/new/").content.decode()
    assert "Only counsel of record" in page
    response = client.post(
        f"{CASE}challenges/new/",
        {
            "election": tallied.election.pk,
            "challenged_by": tallied.union.pk,
            "voter_name": "X",
            "ground": "other",
        },
    )
    assert response.status_code == 200
    assert not Challenge.objects.exists()


def test_a_note_is_written_through_the_notes_service(tallied: World) -> None:
    response = signed_in(tallied.paralegal).post(
        f"{CASE}notes/new/", {"body": "Call the Region on Tuesday.", "visibility": "side"}
    )
    note = Note.objects.get()
    assert response["Location"] == f"{CASE}#note-{note.pk}"
    assert note.party == tallied.union
    assert said(response) == ["Note saved. Side (the author's party only) may read it."]
    page = signed_in(tallied.union_counsel).get(CASE).content.decode()
    assert "Call the Region on Tuesday." in page
    assert "Call the Region on Tuesday." not in signed_in(tallied.employer_counsel).get(CASE).content.decode()


def test_a_full_ledger_tells_counsel_whom_to_ask_not_to_revise_the_tally(tallied: World) -> None:
    response = post_batch(
        tallied,
        *({"voter_name": name, "ground": "supervisor"} for name in ("Ann", "Bo", "Cy", "Di")),
        lines=4,
    )
    assert response.status_code == 200
    errors = response.context["header"].non_field_errors()
    assert errors == [
        "Tally revision 0 of election 1 counted 3 challenged ballots and the ledger already holds 0; 4 more "
        "would make 4. Ask the Region (Board staff) to correct the tally, or check the ledger for a ballot "
        "logged twice."
    ]
    assert not Challenge.objects.exists()


def test_the_case_page_words_each_ruling(tallied: World, frozen_clock: FrozenClock) -> None:
    frozen_clock.at("2021-08-03")
    objection = file_objection(
        tallied.election, tallied.employer, filed_at=datetime(2021, 4, 12, 14, tzinfo=UTC)
    )
    record_ruling(
        objection, level="hearing_officer", disposition="recommend_overrule", decided_on=date(2021, 8, 2)
    )
    page = signed_in(tallied.union_counsel).get(CASE).content.decode()
    assert "Hearing officer: Recommends overruling (August 2, 2021)" in page
