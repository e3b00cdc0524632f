"""The staff workplace: the case ladder as a picture, events recorded and voided through the services, order-set
deadlines entered."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client, RequestFactory

from proceedings.models import Deadline, ProceedingEvent
from tests.proceedings.conftest import climb, make_staff


@pytest.fixture
def admin_client_(db: None, settings: Any) -> Client:
    # The tests move the frozen clock months past the sign-in: keep the session open that long.
    settings.SESSION_COOKIE_AGE = 5 * 365 * 24 * 3600
    director = make_staff(username="director", is_superuser=True)
    client = Client()
    client.force_login(director)
    return client


def text(html: bytes) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html.decode()))


def test_the_case_ladder_shows_each_stage_with_its_date_the_current_one_highlighted_and_the_open_deadlines(
    tallied: Any, admin_client_: Client, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-08-03")
    climb(
        tallied.case,
        tallied.staff,
        ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}),
        ("hearing_opened", "2021-05-10"),
        ("hearing_officer_report", "2021-08-02"),
    )
    response = admin_client_.get(f"/admin/proceedings/caseladder/{tallied.case.pk}/change/")
    assert response.status_code == 200
    html = response.content.decode()
    assert html.count('class="rung current"') == 1
    page = text(response.content)
    assert (
        "2021-04-09 Objections period open → 2021-04-16 Awaiting the Regional Director → 2021-04-26 Hearing scheduled "
        "by Notice of hearing → 2021-05-10 Hearing under way by Hearing opened → 2021-08-02 Exceptions period open "
        "by Hearing officer's report current stage" in page.replace("&#x27;", "'")
    )
    assert "Exceptions to the hearing officer's report due August 16, 2021, 11:59 p.m. EDT" in page.replace(
        "&#x27;", "'"
    )
    assert "UNVERIFIED rule" in page
    assert "Next allowed: Exceptions filed, Regional Director" in page.replace("&#x27;", "'")


def test_staff_record_an_event_in_the_admin_and_an_out_of_order_one_is_refused_with_what_is_allowed(
    tallied: Any, admin_client_: Client, frozen_clock: Any
) -> None:
    # the clock stands at 2021-04-12, in the objections period
    url = f"/admin/proceedings/proceedingevent/add/?case={tallied.case.pk}"
    refused = admin_client_.post(f"{url}&event=hearing_opened", {"election": "", "occurred_on": "2021-04-12"})
    assert refused.status_code == 200
    assert (
        "Allowed next: Regional investigation, Notice of hearing, Consolidated with an unfair-labor-practice case."
        in text(refused.content)
    )
    assert not ProceedingEvent.objects.exists()
    added = admin_client_.post(
        f"{url}&event=notice_of_hearing",
        {
            "election": "",
            "occurred_on": "2021-04-12",
            "hearing_on": "2021-05-07",
            "presiding": "",
            "note": "",
        },
    )
    assert added.status_code == 302
    assert added["Location"] == f"/admin/proceedings/caseladder/{tallied.case.pk}/change/"
    event = ProceedingEvent.objects.select_related("recorded_by").get()
    assert event.recorded_by is not None
    assert (event.event, event.details, event.recorded_by.username) == (
        "notice_of_hearing",
        {"hearing_on": "2021-05-07"},
        "director",
    )


def test_the_void_action_asks_for_a_reason_and_calls_the_service(
    tallied: Any, admin_client_: Client, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-26")
    (event,) = climb(tallied.case, tallied.staff, ("regional_investigation", "2021-04-26"))
    url = "/admin/proceedings/proceedingevent/"
    asked = admin_client_.post(url, {"action": "void_events", "_selected_action": [event.pk]})
    assert asked.status_code == 200 and "reason" in asked.content.decode()
    done = admin_client_.post(
        url,
        {"action": "void_events", "_selected_action": [event.pk], "apply": "1", "reason": "duplicate entry"},
    )
    assert done.status_code == 302
    event.refresh_from_db()
    assert (event.voided, event.void_reason, event.voided_by.username) == (
        True,
        "duplicate entry",
        "director",
    )


def test_staff_enter_an_order_set_deadline_in_the_admin(tallied: Any, admin_client_: Client) -> None:
    form = {
        "case": tallied.case.pk,
        "election": "",
        "code": "offer_of_proof",
        "label": "",
        "due_on": "2021-04-23",
        "party": "",
        "source": "order",
        "reason": "RD order of 2021-04-15 extending the offer of proof",
    }
    response = admin_client_.post("/admin/proceedings/deadline/add/", form)
    assert response.status_code == 302, text(response.content)[:2000]
    live = Deadline.objects.get(code="offer_of_proof", source="order")
    assert (live.status, live.label) == ("open", "Offer of proof in support of objections")
    assert Deadline.objects.get(code="offer_of_proof", source="inferred").status == "superseded"
    listing = admin_client_.get("/admin/proceedings/deadline/?case=10-RC-269250&status=superseded")
    assert listing.status_code == 200 and "offer_of_proof" in listing.content.decode()


def test_every_admin_page_of_the_ladder_opens(tallied: Any, admin_client_: Client) -> None:
    (event,) = climb(tallied.case, tallied.staff, ("regional_investigation", "2021-04-12"))
    deadline = Deadline.objects.first()
    assert deadline is not None
    for url in [
        "/admin/proceedings/caseladder/",
        "/admin/proceedings/proceedingevent/",
        f"/admin/proceedings/proceedingevent/{event.pk}/change/",
        "/admin/proceedings/deadline/",
        f"/admin/proceedings/deadline/{deadline.pk}/change/",
        "/admin/proceedings/reminder/",
        "/admin/proceedings/calendarfeed/",
    ]:
        assert admin_client_.get(url).status_code == 200, url


def test_the_case_page_itself_shows_the_ladder(tallied: Any, admin_client_: Client) -> None:
    page = admin_client_.get(f"/admin/elections/case/{tallied.case.pk}/change/").content.decode()
    assert 'class="ladder"' in page
    assert "Objections period open" in page


def test_marking_a_deadline_met_offers_today_in_the_offices_zone(
    tallied: Any, admin_client_: Client, frozen_clock: Any
) -> None:
    from proceedings.models import Deadline

    frozen_clock.at("2021-04-15", hour=21)  # 9 p.m. in Atlanta: already April 16 in UTC
    deadline = Deadline.objects.filter(case=tallied.case).first()
    assert deadline is not None and deadline.zone == "America/New_York"
    asked = admin_client_.post(
        "/admin/proceedings/deadline/", {"action": "mark_met", "_selected_action": [deadline.pk]}
    )
    assert asked.status_code == 200
    assert 'value="2021-04-15"' in asked.content.decode()


def test_the_record_event_page_finds_the_case_however_its_number_is_typed(
    tallied: Any, admin_client_: Client
) -> None:
    from proceedings.admin_desk import _case_from

    request = RequestFactory().get("/", {"case": "10 rc 269250"})
    assert _case_from(request) == tallied.case


def test_the_case_page_draws_the_test_of_certification_beside_the_representation_case(
    won: Any, admin_client_: Client, frozen_clock: Any
) -> None:
    frozen_clock.at("2022-03-01")
    climb(
        won.case,
        won.staff,
        ("regional_director_decision", "2021-05-01", {"outcome": "certify_representative"}),
        ("certification_issued", "2021-05-01", {"kind": "representative"}),
        ("request_for_review_filed", "2021-05-10", {"party": won.employer.pk}),
        ("refusal_to_bargain", "2021-06-01", {"ulp_case": "10-CA-280001"}),
        ("board_order", "2022-01-10", {}),
        (
            "court_petition_filed",
            "2022-02-01",
            {"court": "11th Cir.", "docket": "22-10001", "party": won.employer.pk},
        ),
    )
    page = text(admin_client_.get(f"/admin/proceedings/caseladder/{won.case.pk}/change/").content)
    assert "Stage: Before the Board" in page  # the request for review is still pending
    assert "Test of certification — 10-CA-280001: Before the court" in page
    assert "11th Cir. 22-10001 petition_for_review filed —" in page
    assert (
        "Next allowed: Request for review filed, Opposition to the request for review filed, Board decision"
        in page
    )
    assert "May end, hold or transfer the case: Petition dismissed," in page
