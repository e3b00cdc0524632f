"""The staff desk without a browser: local time with the zone named, the work queue's sections, the typed event
forms and their sentences, and no UTC time on any admin page."""

from __future__ import annotations

import re
from datetime import UTC, date, datetime
from typing import Any

import pytest
from django.contrib import admin
from django.test import Client

from core.errors import RuleViolation, TransitionNotAllowed
from elections.law.local_time import local_day, local_time
from proceedings.admin_forms import event_form_class, sentence
from proceedings.law import courts, ladder
from staff import workqueue
from tests.proceedings.conftest import climb, file_objection, make_staff


@pytest.mark.parametrize(
    ("moment", "zone", "shown"),
    [
        (datetime(2022, 4, 8, 3, 59, tzinfo=UTC), "America/New_York", "April 7, 2022, 11:59 p.m. EDT"),
        (datetime(2022, 1, 8, 4, 59, tzinfo=UTC), "America/New_York", "January 7, 2022, 11:59 p.m. EST"),
        (
            datetime(2024, 11, 16, 7, 59, tzinfo=UTC),
            "America/Los_Angeles",
            "November 15, 2024, 11:59 p.m. PST",
        ),
        (datetime(2021, 4, 9, 17, 0, tzinfo=UTC), "America/Chicago", "April 9, 2021, 12:00 p.m. CDT"),
        (datetime(2021, 4, 9, 5, 5, tzinfo=UTC), "America/Puerto_Rico", "April 9, 2021, 1:05 a.m. AST"),
        (datetime(2021, 4, 9, 4, 0), "America/New_York", "April 9, 2021, 12:00 a.m. EDT"),  # naive = UTC
    ],
)
def test_a_moment_reads_in_the_offices_zone_with_the_zone_named(
    moment: datetime, zone: str, shown: str
) -> None:
    assert local_time(moment, zone) == shown


def test_the_day_of_a_moment_is_the_offices_day_not_utcs() -> None:
    assert local_day(datetime(2022, 4, 8, 3, 59, tzinfo=UTC), "America/New_York") == "April 7, 2022"


# --- the work queue --------------------------------------------------------------------------------------------


def lines(queue: workqueue.Queue, key: str) -> list[workqueue.Line]:
    return next(s for s in queue.sections if s.key == key).lines


def test_the_queue_lists_deadlines_due_within_n_business_days_in_local_time(
    tallied: Any, frozen_clock: Any
) -> None:
    frozen_clock.at("2021-04-12")  # objections due Friday 2021-04-16, four business days on
    due = lines(workqueue.work_queue(days=5), "deadlines")
    assert [(line.case_number, line.what, line.when) for line in due] == [
        (
            "10-RC-269250",
            "Objections and offer of proof (rule unverified: check the date)",
            "due April 16, 2021, 11:59 p.m. EDT",
        ),
        (
            "10-RC-269250",
            "Offer of proof in support of objections (rule unverified: check the date)",
            "due April 16, 2021, 11:59 p.m. EDT",
        ),
    ]
    assert due[0].url == f"/admin/proceedings/caseladder/{tallied.case.pk}/change/"
    assert lines(workqueue.work_queue(days=3), "deadlines") == []  # Thursday is the third business day
    assert workqueue.work_queue(days=5, region=19).total == 0  # another region's desk


def test_the_queue_lists_objections_awaiting_a_ruling_and_a_hearing_never_opened(
    tallied: Any, frozen_clock: Any
) -> None:
    frozen_clock.at(datetime(2021, 4, 15, 16, 0, tzinfo=UTC))  # the filing is received as it is stated
    file_objection(tallied, tallied.employer, datetime(2021, 4, 15, 16, 0, tzinfo=UTC))
    frozen_clock.at("2021-04-26")
    climb(tallied.case, tallied.staff, ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}))
    frozen_clock.at("2021-05-10")
    queue = workqueue.work_queue()
    (objections,) = lines(queue, "objections")
    assert objections.what.startswith("Election 1: 1 objection(s) pending")
    assert objections.when == "filed April 15, 2021, 12:00 p.m. EDT"
    (hearing,) = lines(queue, "hearings")
    assert hearing.what == (
        "Election 1: hearing set for May 7, 2021 by the notice of hearing of April 26, 2021"
    )
    assert hearing.when == "3 day(s) ago"
    assert (
        hearing.url == f"/admin/proceedings/proceedingevent/add/?case={tallied.case.pk}&event=hearing_opened"
    )

    climb(tallied.case, tallied.staff, ("hearing_opened", "2021-05-10"))
    assert lines(workqueue.work_queue(), "hearings") == []


def test_the_queue_lists_unconfirmed_filings_ledgers_off_their_tally_and_failing_notices(
    tallied: Any, frozen_clock: Any
) -> None:
    from core.models import Notification
    from objections.models import Objection

    frozen_clock.at(datetime(2021, 4, 15, 16, 0, tzinfo=UTC))  # the filing is received as it is stated
    objection = file_objection(tallied, tallied.employer, datetime(2021, 4, 15, 16, 0, tzinfo=UTC))
    Objection.objects.filter(pk=objection.pk).update(filing_confirmed=False)  # as a counsel-stated time is
    notice = Notification.objects.create(
        recipient=tallied.union_counsel,
        case=tallied.case,
        key="k",
        subject="Objection filed",
        body="…",
        failures=3,
    )
    frozen_clock.at("2021-04-19")
    queue = workqueue.work_queue()

    (filing,) = lines(queue, "filings")
    assert filing.what == "Election 1: Objection 1 of Amazon.com Services LLC — the objection's filing time"
    assert filing.when.startswith("stated April 15, 2021, 12:00 p.m. EDT; received ")
    (ledger,) = lines(queue, "ledgers")
    assert (
        ledger.what
        == "Election 1: 0 challenge(s) in the ledger, 505 challenged ballot(s) in tally revision 0"
    )
    assert ledger.when == "tally of April 9, 2021, 1:00 p.m. EDT"
    (failing,) = lines(queue, "notices")
    assert failing.what.endswith(": 3 failed attempt(s)")
    assert failing.url == f"/admin/core/notification/{notice.pk}/change/"


def test_bad_queue_parameters_fall_back_to_the_defaults(db: None) -> None:
    queue = workqueue.for_request({"days": "999999999999999999999", "region": "x"})
    assert (queue.days, queue.region) == (workqueue.DEFAULT_DAYS, None)


# --- typed event forms --------------------------------------------------------------------------------------------


def test_a_notice_of_hearing_is_a_date_not_json(tallied: Any) -> None:
    form_class = event_form_class(ladder.Event.NOTICE_OF_HEARING, tallied.case, tallied.election)
    form = form_class({"occurred_on": "2021-04-26", "hearing_on": "2021-05-07", "note": ""})
    assert form.is_valid(), form.errors
    assert form.details() == {"hearing_on": "2021-05-07"}
    assert "details" not in form.fields
    missing = form_class({"occurred_on": "2021-04-26"})
    assert not missing.is_valid() and "hearing_on" in missing.errors


def test_outcomes_are_the_values_the_event_allows(tallied: Any) -> None:
    board = event_form_class(ladder.Event.BOARD_DECISION, tallied.case, tallied.election)()
    assert [v for v, _ in board.fields["outcome"].choices][1:] == list(ladder.BOARD_OUTCOMES)
    court = event_form_class(ladder.Event.COURT_DECISION, tallied.case, tallied.election)()
    assert [v for v, _ in court.fields["outcome"].choices][1:] == list(courts.DECISION_OUTCOMES)


def test_a_ulp_case_number_is_checked_as_one(tallied: Any) -> None:
    form_class = event_form_class(ladder.Event.REFUSAL_TO_BARGAIN, tallied.case, tallied.election)
    wrong_type = form_class({"occurred_on": "2021-04-26", "ulp_case": "10-RC-269250"})
    assert not wrong_type.is_valid()
    assert wrong_type.errors["ulp_case"] == [
        "An unfair-labor-practice case here is of type CA; 10-RC-269250 is a RC case."
    ]
    good = form_class({"occurred_on": "2021-04-26", "ulp_case": "10-ca-290000", "party": tallied.employer.pk})
    assert good.is_valid(), good.errors
    assert good.details() == {"ulp_case": "10-CA-290000", "party": tallied.employer.pk}


def test_a_decision_rules_on_each_objection_with_that_levels_dispositions(
    tallied: Any, frozen_clock: Any
) -> None:
    frozen_clock.at(datetime(2021, 4, 15, 16, 0, tzinfo=UTC))  # the filing is received as it is stated
    objection = file_objection(tallied, tallied.employer, datetime(2021, 4, 15, 16, 0, tzinfo=UTC))
    form_class = event_form_class(ladder.Event.REGIONAL_DIRECTOR_DECISION, tallied.case, tallied.election)
    form = form_class(
        {
            "occurred_on": "2021-05-01",
            "outcome": "certify_representative",
            f"ruling_{objection.pk}": "overruled",
        }
    )
    assert form.is_valid(), form.errors
    assert form.details() == {
        "outcome": "certify_representative",
        "objection_rulings": [{"objection": objection.pk, "disposition": "overruled"}],
    }


def test_refusals_read_as_sentences() -> None:
    refused = TransitionNotAllowed(
        "Hearing opened (hearing_opened) cannot be recorded while the proceeding is at objections_period "
        "(objections period open). Allowed next: regional_investigation, notice_of_hearing.",
        allowed=["regional_investigation", "notice_of_hearing"],
    )
    assert sentence(refused) == (
        "Hearing opened cannot be recorded while the proceeding is at “objections period open”. "
        "Allowed next: Regional investigation, Notice of hearing."
    )
    assert sentence(
        RuleViolation("details", "hearing_on is required for notice_of_hearing (YYYY-MM-DD)")
    ) == ("Hearing date is required for notice of hearing (YYYY-MM-DD)")


# --- no UTC on any admin page -----------------------------------------------------------------------------------

# A time shown in UTC, or a clock time with no zone named after it (Django's stock "April 9, 2021, 5 p.m.");
# the rule's own words ("11:59 p.m. in the regional office's zone") name it.
UTC_TEXT = re.compile(
    r"\bUTC\b|\+00:00|\d{2}:\d{2}:\d{2}"
    r"|(?:\b\d{1,2}(?::\d{2})?\s*[ap]\.m\.|\bnoon\b|\bmidnight\b)(?!\s+(?:[ECMP][SD]T|AK[SD]T|HST|AST|America/\w+|Pacific/\w+|in the regional)\b)"
)


def test_no_admin_page_shows_a_utc_time(tallied: Any, frozen_clock: Any) -> None:
    frozen_clock.at(datetime(2021, 4, 15, 16, 0, tzinfo=UTC))  # the filing is received as it is stated
    file_objection(tallied, tallied.employer, datetime(2021, 4, 15, 16, 0, tzinfo=UTC))
    frozen_clock.at("2021-04-26")
    climb(tallied.case, tallied.staff, ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"}))
    director = make_staff(username="director", is_superuser=True)
    client = Client()
    client.force_login(director)
    pages = ["/admin/"]
    for model, model_admin in admin.site._registry.items():
        opts = model._meta
        pages.append(f"/admin/{opts.app_label}/{opts.model_name}/")
        first = (
            model_admin.get_queryset(None).order_by("pk").first() if model.__name__ != "LogEntry" else None
        )
        if first is not None:
            pages.append(f"/admin/{opts.app_label}/{opts.model_name}/{first.pk}/change/")
            pages.append(f"/admin/{opts.app_label}/{opts.model_name}/{first.pk}/history/")
    shown = []
    for url in pages:
        response = client.get(url)
        assert response.status_code == 200, url
        body = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", response.content.decode(), flags=re.S)
        body = re.sub(r"<input[^>]*>|<[^>]+>", " ", body)
        for match in UTC_TEXT.finditer(body):
            shown.append((url, body[max(0, match.start() - 60) : match.end() + 20].strip()))
    assert shown == []
    assert len(pages) > 40  # every list, and the first object of each: a deadline, an event, the tally…


# --- consequences said after other staff actions ------------------------------------------------------------


def messages_of(response: Any) -> list[str]:
    return [str(m) for m in response.context["messages"]]


def test_an_order_set_deadline_says_what_it_created_and_superseded(tallied: Any) -> None:
    client = Client()
    client.force_login(make_staff(username="director", is_superuser=True))
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
    said = messages_of(client.post("/admin/proceedings/deadline/add/", form, follow=True))
    assert (
        "Deadlines created: Offer of proof in support of objections (election 1), due April 23, 2021, "
        "11:59 p.m. EDT." in said
    )
    assert (
        "Deadlines superseded: Offer of proof in support of objections (election 1), due April 16, 2021, "
        "11:59 p.m. EDT." in said
    )


def test_voiding_an_event_says_the_stage_it_returns_to(tallied: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-26")
    (event,) = climb(
        tallied.case, tallied.staff, ("notice_of_hearing", "2021-04-26", {"hearing_on": "2021-05-07"})
    )
    client = Client()
    client.force_login(make_staff(username="director", is_superuser=True))
    said = messages_of(
        client.post(
            "/admin/proceedings/proceedingevent/",
            {
                "action": "void_events",
                "_selected_action": [event.pk],
                "apply": "1",
                "reason": "entered twice",
            },
            follow=True,
        )
    )
    assert "Election 1: stage Hearing scheduled → Awaiting the Regional Director." in said, said


# One or a few per section (the two ledger sections share one read; filings' motions awaiting a ruling
# one, the objections' service two more: the parties served and the cases' parties), never one per case.
QUEUE_QUERIES = 16


@pytest.mark.parametrize("cases", [1, 3])
def test_the_queue_reads_in_a_fixed_number_of_queries_however_many_cases(
    cases: int, tallied: Any, frozen_clock: Any, django_assert_num_queries: Any
) -> None:
    from challenges import services as challenge_services
    from tests.factories import CaseFactory, ElectionFactory, PartyFactory, record_tally

    frozen_clock.at(datetime(2021, 4, 15, 16, 0, tzinfo=UTC))  # the filings are received as they are stated
    for n in range(cases):
        case = CaseFactory(number=f"10-RC-30000{n}", petition_filed_on=date(2021, 1, 4))
        party = PartyFactory(case=case, name=f"Union {n}")
        election = ElectionFactory(case=case, sequence=1, choices=[f"Union {n}"])
        record_tally(
            election,
            prepared_at=datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
            yes=10,
            votes_against=9,
            challenged=2,
        )
        for voter in ("Ann", "Bo"):
            challenge_services.challenge_log(
                election=election,
                voter_name=voter,
                challenged_by="board_agent",
                ground="other",
                actor=tallied.staff,
            )
        file_objection(tallied, party, datetime(2021, 4, 15, 16, 0, tzinfo=UTC), election=election)
    frozen_clock.at("2021-04-12")
    with django_assert_num_queries(QUEUE_QUERIES):
        queue = workqueue.work_queue()
    # The new cases' objections are filed (their objections deadlines are met): only Bessemer's two are
    # due; Bessemer's 505 challenged ballots have no challenge logged, so its ledger does not match. Every
    # tally's objections window is still open (an objection filed does not close it for the other parties).
    assert [len(s.lines) for s in queue.sections] == [2, cases, cases, 1 + cases, 0, 0, 1, 0, 0]


def test_the_home_page_groups_the_queue_by_case_on_request(tallied: Any, frozen_clock: Any) -> None:
    frozen_clock.at("2021-04-12")
    client = Client()
    client.force_login(make_staff(username="director", is_superuser=True))
    page = client.get("/admin/?group=case").content.decode()
    assert 'id="case-10-RC-269250"' in page and "Deadlines due in the next 5 business days" in page


def test_the_ends_and_the_courts_are_typed_fields_too(tallied: Any) -> None:
    transfer = event_form_class(ladder.Event.CASE_TRANSFERRED, tallied.case, tallied.election)
    form = transfer({"occurred_on": "2021-04-20", "region": "28", "reason": "Hearing in Phoenix"})
    assert form.is_valid(), form.errors
    assert form.details() == {"region": 28, "reason": "Hearing in Phoenix"}
    petition = event_form_class(ladder.Event.COURT_PETITION_FILED, tallied.case, tallied.election)()
    assert [v for v, _ in petition.fields["court"].choices][1:] == list(courts.CIRCUITS)
    consolidated = event_form_class(ladder.Event.COURT_CASES_CONSOLIDATED, tallied.case, tallied.election)
    form = consolidated(
        {"occurred_on": "2021-04-20", "court": "5th Cir.", "dockets": "23-1, 23-2", "lead_docket": "23-1"}
    )
    assert form.is_valid(), form.errors
    assert form.details()["dockets"] == ["23-1", "23-2"]
    dismissal = event_form_class(ladder.Event.PETITION_DISMISSED, tallied.case, tallied.election)
    form = dismissal(
        {"occurred_on": "2021-04-20", "by": "regional_director", "reason": "Unit", "administrative": "on"}
    )
    assert form.is_valid(), form.errors
    assert form.details() == {"by": "regional_director", "reason": "Unit", "administrative": True}
