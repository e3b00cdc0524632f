"""The proceeding services called directly (the API's tests are beside): recording and voiding events on the
ladder, order-set deadlines and deadlines met; each refusal, and that a refused call writes nothing. The case
is Bessemer 2021 (tally 2021-04-09); the clock stands at 2021-04-12 unless a test moves it."""

from __future__ import annotations

from datetime import date
from typing import Any

import pytest

from core.errors import RuleViolation, TransitionNotAllowed
from proceedings import services
from proceedings.models import Deadline, ProceedingEvent
from tests.conftest import FrozenClock
from tests.factories import ElectionFactory, record_event
from tests.writes import nothing_written

pytestmark = pytest.mark.django_db


# --- recording events -------------------------------------------------------------------------------------


def test_a_notice_of_hearing_is_recorded_and_sets_the_hearing_deadline_by_the_order(
    tallied: Any, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at("2021-04-26")

    event = services.event_record(
        case=tallied.case,
        event="notice_of_hearing",
        occurred_on=date(2021, 4, 26),
        details={"hearing_on": "2021-05-07"},
        actor=tallied.staff,
        notify=False,
    )

    assert (event.event, event.election, event.details["hearing_on"], event.recorded_by) == (
        "notice_of_hearing",
        tallied.election,
        "2021-05-07",
        tallied.staff,
    )
    ordered = Deadline.objects.get(code="hearing", source="order")
    assert ordered.due_on == date(2021, 5, 7)


@pytest.mark.parametrize(
    ("event", "occurred_on", "details", "error", "field"),
    [
        pytest.param("coronation", "2021-04-12", {}, RuleViolation, "event", id="no such event"),
        pytest.param("regional_investigation", "2021-04-30", {}, RuleViolation, "occurred_on", id="in the future"),
        pytest.param("regional_investigation", "2021-04-01", {}, RuleViolation, "occurred_on", id="before the tally"),
        pytest.param("notice_of_hearing", "2021-04-12", {"hearing_on": "soon"}, RuleViolation, "details", id="bad details"),
        pytest.param("hearing_closed", "2021-04-12", {}, TransitionNotAllowed, None, id="out of order"),
    ],
)  # fmt: skip
def test_an_event_that_breaks_a_rule_is_refused_and_nothing_is_recorded(
    tallied: Any,
    event: str,
    occurred_on: str,
    details: dict[str, Any],
    error: type[Exception],
    field: str | None,
) -> None:
    with nothing_written(), pytest.raises(error) as refused:
        record_event(tallied.case, event, occurred_on, actor=tallied.staff, **details)

    if field is not None:
        assert getattr(refused.value, "field", None) == field


def test_an_out_of_order_event_says_what_may_come_next(tallied: Any) -> None:
    with pytest.raises(TransitionNotAllowed) as refused:
        record_event(tallied.case, "hearing_closed", "2021-04-12", actor=tallied.staff)

    assert "notice_of_hearing" in refused.value.allowed


def test_an_election_without_a_tally_has_no_proceeding(world: Any, frozen_clock: FrozenClock) -> None:
    frozen_clock.at("2021-04-12")

    with nothing_written(), pytest.raises(TransitionNotAllowed):
        record_event(world.case, "regional_investigation", "2021-04-12", actor=world.staff)


# --- voiding ----------------------------------------------------------------------------------------------


def test_a_voided_event_stays_on_the_record_with_its_reason(tallied: Any, frozen_clock: FrozenClock) -> None:
    frozen_clock.at("2021-04-26")
    event = record_event(tallied.case, "regional_investigation", "2021-04-26", actor=tallied.staff)

    voided = services.event_void(event=event, reason=" entered twice ", actor=tallied.staff, notify=False)

    assert (voided.voided, voided.void_reason, voided.voided_at, voided.voided_by) == (
        True,
        "entered twice",
        frozen_clock.moment,
        tallied.staff,
    )
    assert ProceedingEvent.objects.filter(pk=event.pk).exists()
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.event_void(event=event, reason="again", actor=tallied.staff, notify=False)


def test_a_void_needs_a_reason_and_no_later_event_resting_on_it(
    tallied: Any, frozen_clock: FrozenClock
) -> None:
    frozen_clock.at("2021-05-10")
    notice = record_event(
        tallied.case, "notice_of_hearing", "2021-04-26", actor=tallied.staff, hearing_on="2021-05-07"
    )
    record_event(tallied.case, "hearing_opened", "2021-05-10", actor=tallied.staff)

    with nothing_written(), pytest.raises(RuleViolation) as no_reason:
        services.event_void(event=notice, reason="  ", actor=tallied.staff, notify=False)
    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.event_void(event=notice, reason="wrong date", actor=tallied.staff, notify=False)

    assert no_reason.value.field == "reason"
    notice.refresh_from_db()
    assert notice.voided is False


# --- deadlines --------------------------------------------------------------------------------------------


def hearing_set_by_order(tallied: Any) -> Deadline:
    return services.deadline_set(
        case=tallied.case,
        code="hearing",
        label="Hearing (set by order)",
        due_on=date(2021, 5, 7),
        reason="Order of 2021-04-12",
        actor=tallied.staff,
    )


def test_an_order_set_deadline_supersedes_the_live_one_of_its_code(tallied: Any) -> None:
    general = Deadline.objects.get(code="hearing", superseded_by=None)

    ordered = hearing_set_by_order(tallied)

    general.refresh_from_db()
    assert (ordered.source, ordered.due_on, general.superseded_by) == ("order", date(2021, 5, 7), ordered)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        pytest.param({"code": "Not A Code"}, "code", id="bad code"),
        pytest.param({"source": "rumour"}, "source", id="bad source"),
        pytest.param({"party": 999_999}, "party", id="not a party of the case"),
        pytest.param({"code": "objections"}, "code", id="the objections period is never extended"),
    ],
)
def test_a_deadline_that_breaks_a_rule_is_refused_naming_the_field(
    tallied: Any, changes: dict[str, Any], field: str
) -> None:
    fields: dict[str, Any] = {
        "code": "position_statement",
        "label": "Position statement",
        "due_on": date(2021, 4, 20),
        "reason": "Order of 2021-04-12",
    }
    fields.update(changes)

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.deadline_set(case=tallied.case, actor=tallied.staff, **fields)

    assert refused.value.field == field


def test_a_case_without_an_election_has_nothing_to_attach_a_deadline_to(world: Any) -> None:
    from tests.factories import CaseFactory

    bare = CaseFactory()

    with nothing_written(), pytest.raises(RuleViolation) as refused:
        services.deadline_set(
            case=bare,
            code="position_statement",
            label="Position statement",
            due_on=date(2021, 4, 20),
            reason="Order",
            actor=world.staff,
        )

    assert refused.value.field == "election"


def test_a_deadline_is_marked_met_and_a_superseded_one_is_not(tallied: Any) -> None:
    general = Deadline.objects.get(code="hearing", superseded_by=None)
    ordered = hearing_set_by_order(tallied)

    with nothing_written(), pytest.raises(TransitionNotAllowed):
        services.deadline_mark_met(deadline=general, met_on=date(2021, 4, 12), actor=tallied.staff)
    met = services.deadline_mark_met(deadline=ordered, met_on=date(2021, 4, 12), actor=tallied.staff)

    assert (met.status, met.marked_met_on) == ("met", date(2021, 4, 12))


def test_a_second_election_without_a_tally_keeps_the_first_proceeding_live(tallied: Any) -> None:
    ElectionFactory(case=tallied.case, sequence=2, choices=["RWDSU"])

    event = record_event(tallied.case, "regional_investigation", "2021-04-12", actor=tallied.staff)

    assert event.election == tallied.election
