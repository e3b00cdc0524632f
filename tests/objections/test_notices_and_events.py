"""Notices (through the outbox: written with the change, delivered after commit, sent once) and the domain
events that the appeal-ladder app subscribes to."""

from __future__ import annotations

from collections.abc import Iterator
from datetime import date
from typing import Any

import pytest
from django.core import mail
from django.dispatch import Signal

from core import delivery
from core.models import Notification
from objections import events, services
from objections.models import Objection, Ruling
from tests.conftest import World
from tests.objections.conftest import file, payload, url

pytestmark = pytest.mark.django_db


def test_filing_emails_counsel_of_every_other_party_once(
    as_union, tallied: World, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        response = as_union.post(
            url(tallied.election), payload(tallied.union, filed_at="2021-04-16T12:00:00-04:00"), format="json"
        )
    assert response.status_code == 201
    assert [m.to for m in mail.outbox] == [["ecounsel@example.org"]]
    assert mail.outbox[0].subject == "10-RC-269250: RWDSU filed objection 1 (Mail-ballot irregularities)"
    notice = Notification.objects.get()
    assert notice.key == f"objection:{response.json()['id']}:filed"
    assert delivery.deliver(notice.pk) is False  # the task runs again: nothing more is sent
    assert len(mail.outbox) == 1


def test_a_reports_rulings_send_one_notice_per_person_not_one_per_objection(
    tallied: World, django_capture_on_commit_callbacks
) -> None:
    objections = [file(tallied.election, tallied.union, actor=tallied.union_counsel) for _ in range(5)]
    plan = {o: ("recommend_sustain" if o.number in (1, 2) else "recommend_overrule") for o in objections}
    with django_capture_on_commit_callbacks(execute=True):
        created = services.rulings_record_batch(
            objections_dispositions=plan,
            level="hearing_officer",
            decided_on=date(2021, 8, 2),
            note="Hearing officer's report",
            actor=tallied.staff,
        )
    assert len(created) == 5
    # Counsel of each party, and the union's paralegal, who takes counsel's notices.
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ecounsel@example.org",
        "para@example.org",
        "ucounsel@example.org",
    ]
    body = mail.outbox[0].body
    assert "- RWDSU objection 1 (Threats): recommend sustain; status pending" in body
    assert "- RWDSU objection 5 (Threats): recommend overrule; status pending" in body
    assert mail.outbox[0].subject == "10-RC-269250: the hearing officer ruled on 5 objections (2021-08-02)"
    for notice in Notification.objects.all():
        assert delivery.deliver(notice.pk) is False
    assert len(mail.outbox) == 3


def test_a_single_ruling_emails_every_partys_counsel(
    tallied: World, django_capture_on_commit_callbacks
) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    with django_capture_on_commit_callbacks(execute=True):
        services.ruling_record(
            objection=objection,
            level="regional_director",
            disposition="sustained",
            decided_on=date(2021, 11, 29),
            actor=tallied.staff,
        )
    assert sorted(m.to[0] for m in mail.outbox) == [
        "ecounsel@example.org",
        "para@example.org",
        "ucounsel@example.org",
    ]
    assert "status pending → sustained" in mail.outbox[0].body


def test_a_refused_filing_writes_no_notice(as_union, tallied: World) -> None:
    response = as_union.post(
        url(tallied.election), payload(tallied.union, filed_at="2021-04-19T12:00:00-04:00"), format="json"
    )
    assert response.status_code == 400  # late: refused for the deadline, not for anything else
    assert "filed_at" in response.json()
    assert Notification.objects.count() == 0


# --- domain events --------------------------------------------------------------------------------------


@pytest.fixture
def heard() -> Iterator[list[tuple[str, dict[str, Any]]]]:
    received: list[tuple[str, dict[str, Any]]] = []
    receivers = {}
    for name in ("objection_filed", "objection_withdrawn", "ruling_recorded", "offer_of_proof_extended"):
        signal: Signal = getattr(events, name)

        def receiver(sender: Any, _name: str = name, **kwargs: Any) -> None:
            kwargs.pop("signal", None)
            received.append((_name, kwargs))

        signal.connect(receiver, weak=False)
        receivers[name] = (signal, receiver)
    yield received
    for signal, receiver in receivers.values():
        signal.disconnect(receiver)


def test_filing_ruling_and_withdrawal_publish_their_events(heard: list, tallied: World) -> None:
    first = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    second = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    rulings = services.rulings_record_batch(
        objections_dispositions=[(first, "sustained"), (second, "overruled")],
        level="regional_director",
        decided_on=date(2021, 11, 29),
        note="",
        actor=tallied.staff,
        notify=False,
    )
    services.objection_withdraw(objection=second, actor=tallied.union_counsel, notify=False)
    assert [name for name, _ in heard] == [
        "objection_filed",
        "objection_filed",
        "ruling_recorded",
        "ruling_recorded",
        "objection_withdrawn",
    ]
    assert heard[0][1] == {"objection": first, "actor": tallied.union_counsel}
    ruled = heard[2][1]
    assert (
        ruled["ruling"],
        ruled["objection"],
        ruled["previous_status"],
        ruled["actor"],
        ruled["batch"],
    ) == (
        rulings[0],
        first,
        "pending",
        tallied.staff,
        (rulings[0].pk, rulings[1].pk),
    )
    assert ruled["objection"].status == "sustained"
    assert heard[4][1]["previous_status"] == "overruled"
    assert heard[4][1]["objection"].status == "withdrawn"


def test_a_refused_ruling_publishes_nothing_and_records_nothing(heard: list, tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    heard.clear()
    from core.errors import TransitionNotAllowed

    with pytest.raises(TransitionNotAllowed):
        services.ruling_record(
            objection=objection,
            level="board",
            disposition="reversed",
            decided_on=date(2021, 6, 1),
            actor=tallied.staff,
        )
    assert heard == []
    assert Ruling.objects.count() == 0
    assert Objection.objects.get().status == "pending"


def test_a_batch_with_one_bad_objection_records_none_of_the_report(tallied: World) -> None:
    from core.errors import TransitionNotAllowed

    good = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    gone = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    services.objection_withdraw(objection=gone, actor=tallied.staff, notify=False)
    with pytest.raises(TransitionNotAllowed, match="RWDSU objection 2 was withdrawn"):
        services.rulings_record_batch(
            objections_dispositions=[(good, "overruled"), (gone, "overruled")],
            level="regional_director",
            decided_on=date(2021, 11, 29),
            note="",
            actor=tallied.staff,
        )
    assert Ruling.objects.count() == 0


def test_history_names_who_recorded_the_ruling(tallied: World) -> None:
    objection = file(tallied.election, tallied.union, actor=tallied.union_counsel)
    services.ruling_record(
        objection=objection,
        level="regional_director",
        disposition="overruled",
        decided_on=date(2021, 11, 29),
        actor=tallied.staff,
        notify=False,
    )
    assert objection.history.first().history_user == tallied.staff  # type: ignore[attr-defined]
    assert Ruling.objects.get().history.get().history_user == tallied.staff  # type: ignore[attr-defined]
    assert objection.history.last().history_user == tallied.union_counsel  # type: ignore[attr-defined]
