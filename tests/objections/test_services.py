"""The objections services called directly (the API's tests are beside): filing against the 102.69(a)(8)
period, rulings, withdrawal, the offer of proof, staff corrections and confirmations; each refusal, and that
a refused call writes nothing. The election is Bessemer 2021: tally Friday 2021-04-09, objections due
Friday 2021-04-16 at 11:59 p.m. in Atlanta (2019 rules, 5 business days)."""

from __future__ import annotations

from datetime import date, datetime

import pytest

from core.errors import NotPermitted, RuleViolation, TransitionNotAllowed
from objections import services
from objections.models import Objection, Ruling
from tests.conftest import FrozenClock, World
from tests.factories import ElectionFactory, file_objection, record_ruling
from tests.objections.conftest import NY
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db

IN_TIME = datetime(2021, 4, 15, 12, 0, tzinfo=NY)
LATE = datetime(2021, 4, 19, 9, 0, tzinfo=NY)


@pytest.fixture
def now_in_period(frozen_clock: FrozenClock) -> FrozenClock:
    frozen_clock.at("2021-04-15", 15)
    return frozen_clock


# --- filing -----------------------------------------------------------------------------------------------


def test_counsel_file_in_the_period_and_the_objection_is_numbered_timely_and_confirmed(
    tallied: World, now_in_period: FrozenClock
) -> None:
    objection = file_objection(tallied.election, tallied.union, filed_at=IN_TIME, actor=tallied.union_counsel)
    second = file_objection(tallied.election, tallied.union, filed_at=IN_TIME, actor=tallied.union_counsel)

    assert (objection.number, second.number, objection.status) == (1, 2, "pending")
    assert (objection.timely, objection.filing_confirmed, objection.received_at) == (
        True,
        True,
        now_in_period.moment,
    )


def test_a_filing_stated_in_time_but_received_after_the_period_waits_for_staff(
    tallied: World, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at(LATE)
    objection = file_objection(tallied.election, tallied.union, filed_at=IN_TIME, actor=tallied.union_counsel)

    assert (objection.timely, objection.filing_confirmed) == (None, False)
    confirmed = services.objection_confirm_filing(objection=objection, actor=tallied.staff, notify=False)
    assert (confirmed.timely, confirmed.filing_confirmed) == (True, True)
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.objection_confirm_filing(objection=objection, actor=tallied.staff, notify=False)


def test_counsels_late_filing_is_refused_and_staff_record_it_as_late(
    tallied: World, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at(LATE)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        file_objection(tallied.election, tallied.union, filed_at=LATE, actor=tallied.union_counsel)
    recorded = file_objection(tallied.election, tallied.union, filed_at=LATE, actor=tallied.staff)

    assert refused.value.field == "filed_at"
    assert recorded.timely is False


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"category": "bad vibes"}, "category", id="no such category"),
        pytest.param({"statement": "   "}, "statement", id="no statement"),
        pytest.param({"filed_at": datetime(2999, 1, 1, tzinfo=NY)}, "filed_at", id="in the future"),
        pytest.param({"filed_at": datetime(2021, 4, 8, tzinfo=NY)}, "filed_at", id="before the tally"),
        pytest.param({"filed_at": datetime(2021, 4, 15, 12, 0)}, "filed_at", id="no time zone"),
    ],
)
def test_a_filing_that_breaks_a_rule_is_refused_naming_the_field(
    tallied: World, now_in_period: FrozenClock, changes: dict[str, object], field: str
) -> None:
    # Staff, who may record a late filing: each refusal is then for its own rule only.
    fields: dict[str, object] = {"filed_at": IN_TIME, "actor": tallied.staff}
    fields.update(changes)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        file_objection(tallied.election, tallied.union, **fields)  # type: ignore[arg-type]

    assert refused.value.field == field


def test_a_party_of_another_case_may_not_object(tallied: World, now_in_period: FrozenClock) -> None:
    outsider = tallied.other_case.parties.get()

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        file_objection(tallied.election, outsider, filed_at=IN_TIME, actor=tallied.staff)

    assert refused.value.field == "filed_by"


def test_objections_answer_a_tally_so_an_untallied_election_refuses_them(world: World) -> None:
    untallied = ElectionFactory(case=world.case, sequence=2, choices=["RWDSU"])

    with nothing_written(), pytest.raises(TransitionNotAllowed):
        file_objection(untallied, world.union, filed_at=IN_TIME, actor=world.staff)


# --- rulings ----------------------------------------------------------------------------------------------


@pytest.fixture
def objection(tallied: World, now_in_period: FrozenClock) -> Objection:
    return file_objection(tallied.election, tallied.union, filed_at=IN_TIME, actor=tallied.union_counsel)


def test_the_regional_directors_ruling_sets_the_objections_status(
    tallied: World, objection: Objection, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at("2021-11-30")

    ruling = record_ruling(objection, "sustained", decided_on=date(2021, 11, 29), actor=tallied.staff)

    objection.refresh_from_db()
    assert (ruling.level, ruling.disposition, objection.status) == (
        "regional_director",
        "sustained",
        "sustained",
    )


@pytest.mark.parametrize(
    ("level", "disposition", "decided_on", "error"),
    [
        pytest.param(
            "hearing_officer", "sustained", date(2021, 8, 2), RuleViolation, id="an HO only recommends"
        ),
        pytest.param("sheriff", "sustained", date(2021, 8, 2), RuleViolation, id="no such level"),
        pytest.param("regional_director", "sustained", date(2999, 1, 1), RuleViolation, id="in the future"),
        pytest.param("board", "reversed", date(2021, 6, 1), TransitionNotAllowed, id="nothing to reverse"),
    ],
)
def test_a_ruling_that_breaks_a_rule_is_refused_and_the_objection_stays_pending(
    tallied: World,
    objection: Objection,
    frozen_clock: FrozenClock,
    level: str,
    disposition: str,
    decided_on: date,
    error: type[Exception],
) -> None:
    frozen_clock.at("2021-11-30")

    with nothing_written(), pytest.raises(error):
        record_ruling(objection, disposition, level=level, decided_on=decided_on, actor=tallied.staff)

    objection.refresh_from_db()
    assert objection.status == "pending"
    assert not Ruling.objects.exists()


# --- withdrawal, the offer of proof, corrections ---------------------------------------------------------


def test_an_objection_is_withdrawn_once_and_then_takes_no_ruling(
    tallied: World, objection: Objection, frozen_clock: FrozenClock
) -> None:
    withdrawn = services.objection_withdraw(objection=objection, actor=tallied.union_counsel, notify=False)

    assert (withdrawn.status, withdrawn.withdrawn_at) == ("withdrawn", frozen_clock.moment)
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.objection_withdraw(objection=objection, actor=tallied.union_counsel, notify=False)
    frozen_clock.at("2021-11-30")
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        record_ruling(objection, "sustained", decided_on=date(2021, 11, 29), actor=tallied.staff)


def test_a_withdrawal_before_the_filing_is_refused(tallied: World, objection: Objection) -> None:
    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.objection_withdraw(
            objection=objection,
            actor=tallied.staff,
            withdrawn_at=datetime(2021, 4, 14, tzinfo=NY),
            notify=False,
        )

    assert refused.value.field == "withdrawn_at"


def test_only_the_offer_of_proof_is_extended_and_only_once_it_is_missing(
    tallied: World, objection: Objection
) -> None:
    extended = services.offer_of_proof_extend(
        objection=objection,
        until=datetime(2021, 4, 30, 23, 59, tzinfo=NY),
        reason="Witness abroad.",
        actor=tallied.staff,
        notify=False,
    )
    assert extended.offer_of_proof_due_at == datetime(2021, 4, 30, 23, 59, tzinfo=NY)
    assert extended.due_at < extended.offer_of_proof_due_at  # the objections' own due time never moves

    filed = services.offer_of_proof_file(objection=objection, filed_at=IN_TIME, actor=tallied.staff)
    assert filed.offer_of_proof_filed_at == IN_TIME
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.offer_of_proof_extend(
            objection=objection,
            until=datetime(2021, 5, 30, 23, 59, tzinfo=NY),
            reason="Again.",
            actor=tallied.staff,
            notify=False,
        )


def test_staff_correct_an_objection_and_counsel_may_not(tallied: World, objection: Objection) -> None:
    with nothing_written(), pytest.raises(NotPermitted):
        services.objection_correct(objection=objection, actor=tallied.union_counsel, category="other")
    with nothing_written(), pytest.raises(RuleViolation):
        services.objection_correct(objection=objection, actor=tallied.staff, statement="  ")

    corrected = services.objection_correct(objection=objection, actor=tallied.staff, category="other")

    assert corrected.category == "other"
