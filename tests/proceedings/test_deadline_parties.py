"""Deadlines belong to parties (product.md v1.4; issue 31, item 1): one party's objections meet its own row
only, each reader sees its own state at the top, and the filters and the staff desk say whose is whose.

The tally of Fri 2021-04-09: objections "within 5 business days after the tally of ballots has been
prepared" (29 CFR 102.69(a)(8)): Apr 12, 13, 14, 15, 16 → Fri 2021-04-16, 11:59 p.m. Eastern."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from django.test import Client

from tests.proceedings.conftest import EASTERN, file_objection, make_staff

LIST = "/api/v1/deadlines/?case=10-RC-269250"


def objections(client: Any, query: str = "") -> dict[str, Any] | None:
    rows = client.get(LIST + query).json()["results"]
    return next((d for d in rows if d["code"] == "objections"), None)


def test_the_unions_objections_meet_its_own_row_and_leave_the_employers_open(
    tallied: Any, as_union: Any, as_employer: Any, as_staff: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-15")
    objection = file_objection(tallied, tallied.union, datetime(2021, 4, 15, 11, tzinfo=EASTERN))
    union, employer, staff = objections(as_union), objections(as_employer), objections(as_staff)
    assert union is not None and employer is not None and staff is not None
    assert (union["status"], employer["status"], staff["status"]) == ("met", "open", "open")
    assert staff["owed_by"] == "each_party"
    assert [(p["party_name"], p["status"], p["met_by"]) for p in staff["parties"]] == [
        ("RWDSU", "met", objection.pk),
        ("Amazon.com Services LLC", "open", None),
    ]
    # The employer's next deadline is its own right to object, not the union's offer of proof.
    status = as_employer.get("/api/v1/cases/10-RC-269250/status/").json()
    assert (status["next_deadline"]["code"], status["next_deadline"]["due_at"]) == (
        "objections",
        "2021-04-16T23:59:00-04:00",
    )
    # ?status=open reads the caller's own state; ?party= and ?mine= say whose.
    assert objections(as_union, "&status=open") is None
    assert objections(as_employer, "&status=open") is not None
    assert objections(as_staff, f"&party={tallied.union.pk}") is not None
    assert objections(as_union, "&mine=true") is not None


def test_the_offer_of_proof_is_owed_only_by_the_party_that_objected_once_the_period_ends(
    tallied: Any, as_employer: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-16", 20)
    file_objection(tallied, tallied.union, datetime(2021, 4, 16, 19, tzinfo=EASTERN), offer=False)
    frozen_clock.at("2021-04-19")
    rows = as_employer.get(LIST).json()["results"]
    offer = next(d for d in rows if d["code"] == "offer_of_proof")
    # Missed for the union, which objected without it (102.69(a)(8)); never for the employer.
    assert {p["party_name"]: p["status"] for p in offer["parties"]} == {
        "RWDSU": "missed",
        "Amazon.com Services LLC": "waived",
    }
    assert offer["status"] == "moot"  # to the employer: nothing it owed


def test_the_staff_desk_shows_every_partys_state_on_the_deadlines_line(
    tallied: Any, frozen_clock: Any, settings: Any
) -> None:
    settings.SESSION_COOKIE_AGE = 5 * 365 * 24 * 3600
    frozen_clock.at("2021-04-15")
    file_objection(tallied, tallied.union, datetime(2021, 4, 15, 11, tzinfo=EASTERN))
    client = Client()
    client.force_login(make_staff(username="director", is_superuser=True))
    page = client.get("/admin/proceedings/deadline/").content.decode()
    assert "RWDSU: met · Amazon.com Services LLC: open" in page


def test_an_order_extending_the_offer_of_proof_moves_the_objections_own_date_once(
    tallied: Any, as_union: Any, frozen_clock: Any
) -> None:
    """Issue 31, item 2: one source of truth. Staff enter the Regional Director's order extending the offer of
    proof to Fri 2021-04-23 (102.69(a)(8): "or such additional time as the Regional Director may allow"); the
    union's objection then reads 11:59 p.m. Eastern that day, as its deadline does — not the 04-16 it had."""
    from proceedings import services

    frozen_clock.at("2021-04-14")
    objection = file_objection(tallied, tallied.union, datetime(2021, 4, 14, 11, tzinfo=EASTERN), offer=False)
    assert objection.offer_of_proof_due_at == datetime(2021, 4, 16, 23, 59, tzinfo=EASTERN)
    frozen_clock.at("2021-04-15")
    order = services.deadline_set(
        case=tallied.case,
        code="offer_of_proof",
        due_on=datetime(2021, 4, 23).date(),
        reason="RD order of 2021-04-15 extending the offer of proof",
        party=tallied.union,
        actor=tallied.staff,
    )
    objection.refresh_from_db()
    assert objection.offer_of_proof_due_at == order.due_at == datetime(2021, 4, 23, 23, 59, tzinfo=EASTERN)
    body = as_union.get(f"/api/v1/objections/{objection.pk}/").json()
    assert body["offer_of_proof_due_at"] == "2021-04-23T23:59:00-04:00"
    # The union's own open offer of proof is the order's; the general one is no longer the union's to meet.
    rows = [d for d in as_union.get(LIST + "&status=open").json()["results"] if d["code"] == "offer_of_proof"]
    assert [d["due_at"] for d in rows] == ["2021-04-23T23:59:00-04:00"]
