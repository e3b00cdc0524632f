"""After filing objections on the desk: their service kept, the offer of proof owed said on the row and filed
later, the objection withdrawn — each answer said at the top of the page the user lands on.

``tallied``: the tally of Fri 2021-04-09; objections and the offer of proof are due 5 business days later,
Apr 12-16: Fri 2021-04-16, 11:59 p.m. EDT (29 CFR 102.69(a)(8)). Today: Thu 2021-04-15, noon in Atlanta."""

from __future__ import annotations

from typing import Any

import pytest

from objections.models import Objection
from tests.conftest import World
from tests.desk.conftest import CASE, said, signed_in

pytestmark = pytest.mark.django_db
NEW = CASE + "objections/new/"


def file(world: World, **extra: Any) -> Any:
    browser = signed_in(world.union_counsel)
    body = {
        "election": world.election.pk,
        "filed_by": world.union.pk,
        "category": "threats",
        "statement": "Supervisors threatened to close the warehouse.",
        "filed_at": "2021-04-15T11:00",
        **extra,
    }
    return browser, browser.post(NEW, body)


def test_objections_keep_their_service_and_land_at_the_top_of_the_case(
    tallied: World, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-15", 12)
    _, response = file(
        tallied, served_on=[tallied.employer.pk], service_method="e_file", certificate_of_service="on"
    )
    assert (response.status_code, response["Location"]) == (302, CASE)  # no anchor past the confirmation
    objection = Objection.objects.get()
    assert [p.pk for p in objection.served_on.all()] == [tallied.employer.pk]
    assert (objection.service_method, objection.certificate_of_service, objection.service_flag) == (
        "e_file",
        True,
        "",
    )


def test_the_row_says_the_offer_is_owed_and_counsel_file_it_later(tallied: World, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-15", 12)
    browser, _ = file(tallied)
    page = browser.get(CASE).content.decode()
    assert "Offer of proof still owed</strong> — due April 16, 2021" in page
    assert "Not served on any other party (29 CFR 102.69(a)(8))." in page
    objection = Objection.objects.get()
    done = browser.post(CASE + "objections/offer-of-proof/", {"objection": objection.pk}, follow=True)
    assert said(done)[0] == (
        "Offer of proof in support of RWDSU objection 1 filed April 15, 2021, 12:00 p.m. EDT: timely."
    )
    assert "Offer of proof still owed" not in done.content.decode()


def test_counsel_withdraw_an_objection_and_the_other_side_cannot(tallied: World, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-15", 12)
    browser, _ = file(tallied)
    objection = Objection.objects.get()
    other = signed_in(tallied.employer_counsel)
    refused = other.post(CASE + "objections/withdraw/", {"objection": objection.pk}, follow=True)
    assert said(refused)[0].startswith("The objection was not withdrawn:")
    done = browser.post(CASE + "objections/withdraw/", {"objection": objection.pk}, follow=True)
    assert "RWDSU objection 1 withdrawn; the other side is told." in said(done)
    assert Objection.objects.get().status == "withdrawn"
