"""Deadlines that belong to parties (issue 31, "Done when"): three parties — the petitioning union, the
employer and an intervening union — walk through objections, an offer of proof extended for the employer
alone, exceptions, an extension granted to the intervenor alone, and answering briefs. After every step the
table says, for each party's counsel: their deadline list (status of each code, as they read it), status
``next_deadline``, the reminders a run of the reminder job sends them, and their calendar feed.

Dates, counted by hand (Region 10, Atlanta; 2019 rules; every filing deadline at 11:59 p.m. Eastern):

- The tally of Fri 2021-04-09. Objections and the offer of proof "within 5 business days after the tally of
  ballots has been prepared" (29 CFR 102.69(a)(8)): Apr 12, 13, 14, 15, 16 → Fri 2021-04-16. The hearing
  target: 2021-04-30 (the rule set's figure, as the other tests of this app have it).
- The Regional Director "may extend the time for filing the written offer of proof ... upon request of a party
  showing good cause" (102.69(a)(8)): granted to the employer alone until Fri 2021-04-23.
- The hearing officer's report of Mon 2021-08-02. Exceptions "within 10 business days from the date of
  issuance of such report" (102.69(c)(1)(iii)): Aug 3-6 (1-4), 9-13 (5-9), 16 (10) → Mon 2021-08-16. The
  answering brief 5 business days after their last day: Aug 17, 18, 19, 20, 23 → Mon 2021-08-23.
- The intervenor's exceptions extended to Fri 2021-08-20 for it alone; the answering brief runs "from the last
  date on which exceptions ... may be filed" (102.46(b)(1)): Aug 23, 24, 25, 26, 27 → Fri 2021-08-27, for all.

Reminders go out at 5 and 1 business days before a party's own due date (REMINDER_BUSINESS_DAYS), once each.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import datetime
from typing import Any

import pytest
from rest_framework.test import APIClient

from core import clock
from elections.models import Appearance, Party
from objections import services as objection_services
from objections.models import Objection
from proceedings import notifications, selectors
from proceedings.models import Deadline, Reminder
from tests.factories import AppearanceFactory, PartyFactory, UserFactory
from tests.proceedings.conftest import EASTERN, climb, file_objection

pytestmark = pytest.mark.django_db

CASE = "10-RC-269250"
FILINGS = f"/api/v1/cases/{CASE}/filings/"
CODES = ("objections", "offer_of_proof", "exceptions", "answering_brief")
PARTIES = ("union", "employer", "intervenor")


@dataclass
class Walk:
    world: Any
    intervenor: Party
    users: dict[str, Any]
    clients: dict[str, APIClient]
    sent: dict[str, set[int]]


def _client(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user=user)
    return client


def _at(frozen_clock: Any, when: str, hour: int = 12) -> None:
    frozen_clock.at(when, hour)


def _live(code: str, **filters: Any) -> Deadline:
    return Deadline.objects.exclude(status="superseded").get(code=code, **filters)


def _file(walk: Walk, who: str, **body: Any) -> dict[str, Any]:
    party = {"union": walk.world.union, "employer": walk.world.employer, "intervenor": walk.intervenor}[who]
    response = walk.clients[who].post(FILINGS, {"party": party.pk, **body}, format="json")
    assert response.status_code == 201, response.content
    return dict(response.json())


def _grant(walk: Walk, filing: dict[str, Any], *, decided_on: str, until: str) -> None:
    staff = _client(walk.world.staff)
    body = {"ruling": "granted", "decided_on": decided_on, "by": "regional_director", "until": until}
    response = staff.post(f"/api/v1/filings/{filing['id']}/ruling/", body, format="json")
    assert response.status_code == 200, response.content
    assert response.json()["details"] == {"all_parties": False}


# --- the steps ---------------------------------------------------------------------------------------------


def tallied(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-04-12")


def union_objects(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-04-15")
    file_objection(walk.world, walk.world.union, datetime(2021, 4, 15, 11, tzinfo=EASTERN))


def employer_objects_without_its_offer(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-04-16", 14)
    file_objection(walk.world, walk.world.employer, datetime(2021, 4, 16, 13, tzinfo=EASTERN), offer=False)


def employer_offer_extended(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-04-16", 15)
    request = _file(
        walk,
        "employer",
        kind="extension_request",
        title="Request to extend the offer of proof",
        answers=_live("offer_of_proof").pk,
        unforeseeable_grounds="Our witness was hospitalized this morning.",
    )
    _grant(walk, request, decided_on="2021-04-16", until="2021-04-23")
    # One source of truth (issue 31, item 2): the objection's own offer_of_proof_due_at moved with it.
    objection = Objection.objects.get(filed_by=walk.world.employer)
    read = walk.clients["employer"].get(f"/api/v1/objections/{objection.pk}/").json()
    assert read["offer_of_proof_due_at"] == "2021-04-23T23:59:00-04:00"


def period_over(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-04-19")


def employer_files_its_offer(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-04-21")
    objection = Objection.objects.get(filed_by=walk.world.employer)
    objection_services.offer_of_proof_file(
        objection=objection, filed_at=datetime(2021, 4, 21, 10, tzinfo=EASTERN), actor=walk.users["employer"]
    )


def hearing_officer_reports(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-08-03")
    climb(
        walk.world.case,
        walk.world.staff,
        ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}),
        ("hearing_opened", "2021-05-10"),
        ("hearing_closed", "2021-05-28"),
        ("hearing_officer_report", "2021-08-02"),
    )


def union_excepts(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-08-05")
    _file(walk, "union", kind="exceptions", title="Union's exceptions")


def intervenor_exceptions_extended(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-08-10")  # Tue: Aug 11, 12, 13, 16 — four business days ahead, no grounds needed
    request = _file(
        walk, "intervenor", kind="extension_request", title="More time", answers=_live("exceptions").pk
    )
    _grant(walk, request, decided_on="2021-08-10", until="2021-08-20")


def employers_exceptions_lapse(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-08-17")


def employer_answers(walk: Walk, frozen_clock: Any) -> None:
    _at(frozen_clock, "2021-08-18")
    _file(walk, "employer", kind="answering_brief", title="Employer's answering brief")


# --- the table ---------------------------------------------------------------------------------------------

OPEN, MET, MOOT = "open", "met", "moot"
APR16, APR23, APR30 = "2021-04-16", "2021-04-23", "2021-04-30"
AUG16, AUG20, AUG23, AUG27 = "2021-08-16", "2021-08-20", "2021-08-23", "2021-08-27"


def due(day: str) -> str:
    return f"{day}T23:59:00-04:00"


Expected = dict[str, Any]  # list, next, reminded, calendar


def party(
    lst: dict[str, tuple[str, ...]],
    nxt: tuple[str, str] | None,
    reminded: set[str],
    calendar: set[tuple[str, str]],
) -> Expected:
    return {"list": lst, "next": nxt, "reminded": reminded, "calendar": calendar}


STEPS: list[tuple[Callable[[Walk, Any], None], dict[str, Expected]]] = [
    (
        tallied,
        {
            p: party(
                {"objections": (OPEN,), "offer_of_proof": (OPEN,)},
                ("objections", due(APR16)),
                {"objections", "offer_of_proof"},  # Apr 16 is within 5 business days of Mon Apr 12
                {("objections", APR16), ("offer_of_proof", APR16), ("hearing", APR30)},
            )
            for p in PARTIES
        },
    ),
    (
        union_objects,
        {
            "union": party(
                {"objections": (MET,), "offer_of_proof": (MET,)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
            # Met for the union only: the employer's and intervenor's own right to object still runs.
            **{
                p: party(
                    {"objections": (OPEN,), "offer_of_proof": (OPEN,)},
                    ("objections", due(APR16)),
                    {"objections", "offer_of_proof"},  # now within 1 business day (Thu Apr 15)
                    {("objections", APR16), ("offer_of_proof", APR16), ("hearing", APR30)},
                )
                for p in ("employer", "intervenor")
            },
        },
    ),
    (
        employer_objects_without_its_offer,
        {
            "union": party(
                {"objections": (MET,), "offer_of_proof": (MET,)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
            "employer": party(
                {"objections": (MET,), "offer_of_proof": (OPEN,)},
                ("offer_of_proof", due(APR16)),
                set(),
                {("offer_of_proof", APR16), ("hearing", APR30)},
            ),
            "intervenor": party(
                {"objections": (OPEN,), "offer_of_proof": (OPEN,)},
                ("objections", due(APR16)),
                set(),
                {("objections", APR16), ("offer_of_proof", APR16), ("hearing", APR30)},
            ),
        },
    ),
    (
        employer_offer_extended,
        {
            # The employer's own offer-of-proof deadline is set by the order; to the others it is the
            # employer's, listed and moot to them.
            "union": party(
                {"objections": (MET,), "offer_of_proof": (MET, MOOT)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
            "employer": party(
                {"objections": (MET,), "offer_of_proof": (MOOT, OPEN)},
                ("offer_of_proof", due(APR23)),
                {"offer_of_proof"},  # Apr 23 is within 5 business days of Fri Apr 16
                {("offer_of_proof", APR23), ("hearing", APR30)},
            ),
            "intervenor": party(
                {"objections": (OPEN,), "offer_of_proof": (MOOT, OPEN)},
                ("objections", due(APR16)),
                set(),
                {("objections", APR16), ("offer_of_proof", APR16), ("hearing", APR30)},
            ),
        },
    ),
    (
        period_over,
        {
            "union": party(
                {"objections": (MET,), "offer_of_proof": (MET, MOOT)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
            "employer": party(
                {"objections": (MET,), "offer_of_proof": (MOOT, OPEN)},
                ("offer_of_proof", due(APR23)),
                set(),
                {("offer_of_proof", APR23), ("hearing", APR30)},
            ),
            # The intervenor let its right lapse: moot to it, never missed.
            "intervenor": party(
                {"objections": (MOOT,), "offer_of_proof": (MOOT, MOOT)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
        },
    ),
    (
        employer_files_its_offer,
        {
            "union": party(
                {"objections": (MET,), "offer_of_proof": (MET, MOOT)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
            "employer": party(
                {"objections": (MET,), "offer_of_proof": (MET, MOOT)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
            "intervenor": party(
                {"objections": (MOOT,), "offer_of_proof": (MOOT, MOOT)},
                ("hearing", due(APR30)),
                set(),
                {("hearing", APR30)},
            ),
        },
    ),
    (
        hearing_officer_reports,
        {
            p: party(
                {"exceptions": (OPEN,), "answering_brief": (OPEN,)},
                ("exceptions", due(AUG16)),
                set(),  # Aug 16 is 9 business days after Tue Aug 3
                {("exceptions", AUG16), ("answering_brief", AUG23)},
            )
            for p in PARTIES
        },
    ),
    (
        union_excepts,
        {
            # The answering brief is "a party opposing the exceptions" (102.46(b)(1)): not the union's own.
            "union": party({"exceptions": (MET,), "answering_brief": (MOOT,)}, None, set(), set()),
            **{
                p: party(
                    {"exceptions": (OPEN,), "answering_brief": (OPEN,)},
                    ("exceptions", due(AUG16)),
                    set(),  # Aug 16 is 7 business days after Thu Aug 5
                    {("exceptions", AUG16), ("answering_brief", AUG23)},
                )
                for p in ("employer", "intervenor")
            },
        },
    ),
    (
        intervenor_exceptions_extended,
        {
            "union": party({"exceptions": (MET,), "answering_brief": (MOOT,)}, None, set(), set()),
            "employer": party(
                {"exceptions": (OPEN,), "answering_brief": (OPEN,)},
                ("exceptions", due(AUG16)),
                {"exceptions"},  # Aug 16 is within 5 business days of Tue Aug 10
                {("exceptions", AUG16), ("answering_brief", AUG27)},
            ),
            "intervenor": party(
                {"exceptions": (OPEN,), "answering_brief": (OPEN,)},
                ("exceptions", due(AUG20)),
                set(),  # its own Aug 20 is 8 business days ahead
                {("exceptions", AUG20), ("answering_brief", AUG27)},
            ),
        },
    ),
    (
        employers_exceptions_lapse,
        {
            "union": party({"exceptions": (MET,), "answering_brief": (MOOT,)}, None, set(), set()),
            "employer": party(
                {"exceptions": (MOOT,), "answering_brief": (OPEN,)},
                ("answering_brief", due(AUG27)),
                set(),  # Aug 27 is 8 business days after Tue Aug 17
                {("answering_brief", AUG27)},
            ),
            "intervenor": party(
                {"exceptions": (OPEN,), "answering_brief": (OPEN,)},
                ("exceptions", due(AUG20)),
                {"exceptions"},  # its own Aug 20, within 5 business days
                {("exceptions", AUG20), ("answering_brief", AUG27)},
            ),
        },
    ),
    (
        employer_answers,
        {
            "union": party({"exceptions": (MET,), "answering_brief": (MOOT,)}, None, set(), set()),
            "employer": party({"exceptions": (MOOT,), "answering_brief": (MET,)}, None, set(), set()),
            "intervenor": party(
                {"exceptions": (OPEN,), "answering_brief": (OPEN,)},
                ("exceptions", due(AUG20)),
                set(),  # Aug 20 is 2 business days after Wed Aug 18: the 1-day reminder is not due yet
                {("exceptions", AUG20), ("answering_brief", AUG27)},
            ),
        },
    ),
]


@pytest.fixture
def walk(tallied: Any) -> Walk:
    intervenor = PartyFactory(case=tallied.case, role=Party.Role.INTERVENOR, name="Intervening Union")
    intervenor_counsel = UserFactory(username="icounsel")
    AppearanceFactory(user=intervenor_counsel, party=intervenor, capacity=Appearance.Capacity.COUNSEL)
    users = {
        "union": tallied.union_counsel,
        "employer": tallied.employer_counsel,
        "intervenor": intervenor_counsel,
    }
    # The parties' rows are written when the record next changes; the intervenor joined after the tally.
    from proceedings.services import deadline_records

    deadline_records.refresh(tallied.election)
    return Walk(
        world=tallied,
        intervenor=intervenor,
        users=users,
        clients={p: _client(u) for p, u in users.items()},
        sent={p: set() for p in PARTIES},
    )


def _read(walk: Walk, who: str) -> Expected:
    client, user = walk.clients[who], walk.users[who]
    listed = client.get(f"/api/v1/deadlines/?case={CASE}").json()["results"]
    statuses: dict[str, list[str]] = {}
    for d in listed:
        if d["code"] in CODES and d["status"] != "superseded":
            statuses.setdefault(d["code"], []).append(d["status"])
    nxt = client.get(f"/api/v1/cases/{CASE}/status/").json()["next_deadline"]
    reminded = {
        r.deadline.code
        for r in Reminder.objects.filter(user=user).select_related("deadline")
        if r.pk not in walk.sent[who]
    }
    walk.sent[who] |= set(Reminder.objects.filter(user=user).values_list("pk", flat=True))
    calendar = {(d.code, d.due_on.isoformat()) for d in selectors.deadlines_in_feed(user)}
    return {
        "list": {code: tuple(sorted(s)) for code, s in statuses.items()},
        "next": (nxt["code"], nxt["due_at"]) if nxt else None,
        "reminded": reminded,
        "calendar": calendar,
    }


def test_three_parties_each_read_their_own_deadlines_at_every_step(walk: Walk, frozen_clock: Any) -> None:
    for step, expected in STEPS:
        step(walk, frozen_clock)
        notifications.send_deadline_reminders(now=clock.now())
        for who in PARTIES:
            got = _read(walk, who)
            want = expected[who]
            # The codes the step speaks of (the earlier ones stay as they were).
            shown = {code: got["list"].get(code) for code in want["list"]}
            assert shown == want["list"], (step.__name__, who, got["list"])
            for key in ("next", "reminded", "calendar"):
                assert got[key] == want[key], (step.__name__, who, key, got[key])
