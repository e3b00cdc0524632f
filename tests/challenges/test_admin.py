"""The staff workplace: list, filters, search, constant queries, batch actions, import page, history."""

from __future__ import annotations

from datetime import datetime
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.contrib.admin.helpers import ACTION_CHECKBOX_NAME
from django.core.files.uploadedfile import SimpleUploadedFile
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from challenges.models import Challenge
from tests.challenges.conftest import log, new_election, resolve
from tests.conftest import World
from tests.factories import record_tally

pytestmark = pytest.mark.django_db

LIST = "/admin/challenges/challenge/"


@pytest.fixture
def staff_browser(world: World) -> Client:
    world.staff.is_superuser = True
    world.staff.save()
    client = Client()
    client.force_login(world.staff)
    return client


def fill(world: World, count: int) -> list[Challenge]:
    people = [world.union, world.employer, "board_agent"]
    return [
        log(world, f"Voter {n:03d}", by=people[n % 3], voter_identifier=f"E{n:03d}") for n in range(count)
    ]


def shown(response: Any) -> list[str]:
    return [c.voter_name for c in response.context["cl"].result_list]


def test_the_list_costs_the_same_queries_for_5_rows_as_for_60(world: World, staff_browser: Client) -> None:
    record_tally(world.election, yes=875, votes_against=993, challenged=416)
    fill(world, 5)
    with CaptureQueriesContext(connection) as small:
        assert staff_browser.get(LIST).status_code == 200
    fill_more = [log(world, f"More {n:03d}", voter_identifier=f"M{n:03d}") for n in range(55)]
    assert len(fill_more) == 55

    with CaptureQueriesContext(connection) as large:
        response = staff_browser.get(LIST)

    assert len(response.context["cl"].result_list) == 60
    assert len(large.captured_queries) == len(small.captured_queries)


def test_each_row_shows_its_elections_live_determinative_state(world: World, staff_browser: Client) -> None:
    record_tally(world.election, yes=875, votes_against=993, challenged=416)
    fill(world, 2)

    response = staff_browser.get(LIST)

    assert "2 pending: determinative against tally revision 0" not in response.content.decode()
    assert "2 pending: not determinative against tally revision 0" in response.content.decode()


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("?case=10-RC-269250", ["Voter 000", "Voter 001", "Voter 002", "Voter 003"]),
        ("?case=29-RC-288020", []),
        ("?region=10", ["Voter 000", "Voter 001", "Voter 002", "Voter 003"]),
        ("?region=29", []),
        ("?challenger=board_agent", ["Voter 002"]),
        ("?challenger=role:employer", ["Voter 001"]),
        (
            "?status__exact=pending&ground__exact=not_on_list",
            ["Voter 000", "Voter 001", "Voter 002", "Voter 003"],
        ),
        ("?q=Voter 003", ["Voter 003"]),
        ("?q=E001", ["Voter 001"]),
    ],
)
def test_filters_and_search_find_what_staff_look_for(
    world: World, staff_browser: Client, query: str, expected: list[str]
) -> None:
    fill(world, 4)

    response = staff_browser.get(LIST + query)

    assert response.status_code == 200
    assert sorted(shown(response)) == expected


def test_with_a_case_chosen_the_challenger_filter_lists_its_parties(
    world: World, staff_browser: Client
) -> None:
    fill(world, 3)

    response = staff_browser.get(f"{LIST}?case=10-RC-269250&challenger=party:{world.union.pk}")

    assert shown(response) == ["Voter 000"]
    assert "RWDSU" in response.content.decode()
    assert staff_browser.get(f"{LIST}?election={world.election.pk}").context["cl"].result_count == 3


def test_the_resolve_action_asks_for_the_decision_then_resolves_and_reports_skips(
    world: World, staff_browser: Client
) -> None:
    a, b, c = fill(world, 3)
    c.status, c.resolved_on = "withdrawn", c.logged_at.date()
    c.save()
    selection = {"action": "resolve_selected", ACTION_CHECKBOX_NAME: [a.pk, b.pk, c.pk], "index": 0}

    form_page = staff_browser.post(LIST, selection)
    assert form_page.status_code == 200
    assert "3 challenges selected, 2 pending" in form_page.content.decode()

    done = staff_browser.post(
        LIST,
        {**selection, "apply": "1", "outcome": "sustained", "method": "hearing", "decided_on": "2021-06-01"},
        follow=True,
    )

    messages = [str(m) for m in done.context["messages"]]
    assert messages[:2] == ["2 challenges sustained.", "1 skipped, no longer pending: Voter 002 (withdrawn)."]
    # ...then what it changed (proceedings.consequences)
    assert "Election 1: challenges 2 pending, 1 withdrawn → 2 sustained, 1 withdrawn." in messages
    assert list(Challenge.objects.order_by("pk").values_list("status", flat=True)) == [
        "sustained",
        "sustained",
        "withdrawn",
    ]
    assert Challenge.objects.get(pk=a.pk).history.latest().history_user == world.staff


def test_an_invalid_decision_redisplays_the_form_with_the_error(world: World, staff_browser: Client) -> None:
    (a,) = fill(world, 1)

    response = staff_browser.post(
        LIST,
        {
            "action": "resolve_selected",
            ACTION_CHECKBOX_NAME: [a.pk],
            "index": 0,
            "apply": "1",
            "outcome": "sustained",
            "method": "hearing",
            "decided_on": "2999-01-01",
        },
    )

    assert response.status_code == 200
    assert "is in the future" in response.content.decode()
    assert Challenge.objects.get().status == "pending"


def test_the_moot_action_marks_the_rest_moot_or_says_why_not(world: World, staff_browser: Client) -> None:
    record_tally(world.election, yes=20, votes_against=10, challenged=2)
    a, _ = fill(world, 2)

    response = staff_browser.post(
        LIST, {"action": "mark_pending_moot", ACTION_CHECKBOX_NAME: [a.pk], "index": 0}, follow=True
    )

    assert next(str(m) for m in response.context["messages"]) == (
        f"{world.election}: 2 pending challenges marked moot (not determinative against tally revision 0)."
    )
    assert "Election 1: challenges 2 pending → 2 moot." in [str(m) for m in response.context["messages"]]
    assert set(Challenge.objects.values_list("status", flat=True)) == {"moot"}


def test_the_import_page_imports_a_file_or_lists_its_errors(world: World, staff_browser: Client) -> None:
    header = "voter_name,challenged_by,ground\n"
    url = LIST + "import/"
    assert staff_browser.get(url + f"?election={world.election.pk}").status_code == 200

    bad = staff_browser.post(
        url,
        {
            "election": world.election.pk,
            "file": SimpleUploadedFile("c.csv", (header + "Ann,nobody,guard\n").encode()),
        },
    )
    assert bad.status_code == 200
    assert "line 2, challenged_by: &#x27;nobody&#x27; is not a party" in bad.content.decode()

    good = staff_browser.post(
        url,
        {
            "election": world.election.pk,
            "file": SimpleUploadedFile("c.csv", (header + "Ann,RWDSU,guard\n").encode()),
        },
    )
    assert good.status_code == 302
    assert good["Location"] == f"{LIST}?election={world.election.pk}"
    assert Challenge.objects.get().logged_by == world.staff


def test_staff_add_a_challenge_through_the_service_and_clashes_are_form_errors(
    world: World, staff_browser: Client
) -> None:
    form = {
        "election": world.election.pk,
        "challenged_by": world.employer.pk,
        "voter_name": "Ann Able",
        "voter_identifier": "E1",
        "job_classification": "",
        "ground": "supervisor",
        "reason": "",
    }
    assert staff_browser.post(LIST + "add/", form).status_code == 302
    assert Challenge.objects.get().history.get().history_user == world.staff

    clash = staff_browser.post(LIST + "add/", {**form, "voter_name": "Ann B. Able"})
    assert clash.status_code == 200
    assert "already has a live challenge" in clash.content.decode()

    foreign = world.other_case.parties.get()
    wrong_case = staff_browser.post(
        LIST + "add/", {**form, "voter_identifier": "E2", "challenged_by": foreign.pk}
    )
    assert wrong_case.status_code == 200
    assert "is not a party to 10-RC-269250" in wrong_case.content.decode()


def test_history_is_visible_and_nothing_can_be_deleted(world: World, staff_browser: Client) -> None:
    (a,) = fill(world, 1)

    assert staff_browser.get(f"{LIST}{a.pk}/history/").status_code == 200
    assert staff_browser.get(f"{LIST}{a.pk}/change/").status_code == 200
    assert staff_browser.get(f"{LIST}{a.pk}/delete/").status_code == 403
    actions = [name for name, _ in staff_browser.get(LIST).context["action_form"].fields["action"].choices]
    assert actions == ["", "resolve_selected", "mark_pending_moot"]


LEDGERS = "/admin/challenges/electionledger/"


def test_the_election_ledger_list_shows_pending_released_and_determinative_at_constant_queries(
    world: World, staff_browser: Client
) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=2)
    a, _ = fill(world, 2)
    resolve(world, a, "overruled")
    with CaptureQueriesContext(connection) as one:
        response = staff_browser.get(LEDGERS)
    more = [new_election(world.case, n, ["RWDSU"], kind="rerun") for n in range(2, 8)]
    for election in more:
        log(world, "Someone", election=election)

    with CaptureQueriesContext(connection) as seven:
        staff_browser.get(LEDGERS)

    assert len(seven.captured_queries) == len(one.captured_queries)
    row = response.context["cl"].result_list[0]
    state = row._ledger_state
    assert (state.pending, state.awaiting_count, state.determinative) == (1, 1, True)
    assert staff_browser.get(f"{LEDGERS}{world.election.pk}/delete/").status_code == 403


def test_staff_open_and_count_from_the_election_ledger(world: World, staff_browser: Client) -> None:
    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "Ann Able"), "overruled")
    selection = {"action": "open_and_count", ACTION_CHECKBOX_NAME: [world.election.pk], "index": 0}

    form_page = staff_browser.post(LEDGERS, selection)
    assert form_page.status_code == 200
    assert "Votes for RWDSU" in form_page.content.decode()

    when = {"prepared_on": "2026-11-30", "prepared_time": "14:30"}
    wrong = staff_browser.post(
        LEDGERS, {**selection, **when, "apply": "1", "votes_for_0": "1", "votes_against": "1", "void": "0"}
    )
    assert "1 ballots were opened, but 1 for RWDSU, 1 against and 0 void make 2" in wrong.content.decode()

    done = staff_browser.post(
        LEDGERS,
        {**selection, **when, "apply": "1", "votes_for_0": "0", "votes_against": "1", "void": "0"},
        follow=True,
    )
    assert next(str(m) for m in done.context["messages"]).startswith(
        f"{world.election}: revised tally 1 recorded."
    )
    assert world.election.tallies.latest("revision").votes_against == 11


def test_the_election_links_to_a_ledger_page_that_opens_and_counts_with_the_time_prepared(
    world: World, staff_browser: Client
) -> None:
    """Issue 24: the election's ledger link opened a list of read-only fields. It is the ledger's page:
    where the ballots stand, and the open-and-count form, which asks when the revised tally was prepared —
    the 102.69(e) objections period runs from it."""
    page_url = f"{LEDGERS}{world.election.pk}/change/"
    before = staff_browser.get(page_url).content.decode()
    assert "record the tally of ballots first" in before
    assert "tally revision —" not in before

    record_tally(world.election, yes=10, votes_against=10, challenged=1)
    resolve(world, log(world, "Ann Able"), "overruled")
    page = staff_browser.get(page_url).content.decode()
    for shown in [
        "Pending challenges",
        "Released, to open and count",
        "Still determinative",
        "Votes for RWDSU",
    ]:
        assert shown in page
    assert 'name="prepared_on"' in page and 'name="prepared_time"' in page

    done = staff_browser.post(
        page_url,
        {
            "apply": "1",
            "votes_for_0": "1",
            "votes_against": "0",
            "void": "0",
            "prepared_on": "2026-11-30",
            "prepared_time": "14:30",
        },
        follow=True,
    )
    assert "revised tally 1 recorded" in " ".join(str(m) for m in done.context["messages"])
    revised = world.election.tallies.latest("revision")
    zone = ZoneInfo(world.case.office_zone)
    assert revised.prepared_at == datetime(2026, 11, 30, 14, 30, tzinfo=zone)


def test_the_region_filter_lists_a_merged_region_that_has_cases(world: World, staff_browser: Client) -> None:
    """Issue 24: the filter listed only the active Regions, so a case imported under a merged Region's
    number (17, Kansas City, merged into 14 in 2012) could not be filtered to."""
    from tests.factories import CaseFactory

    def regions() -> dict[str, str]:
        spec = staff_browser.get("/admin/challenges/challenge/").context["cl"].filter_specs
        region = next(f for f in spec if getattr(f, "parameter_name", "") == "region")
        return dict(region.lookup_choices)

    assert "17" not in regions() and regions()["10"] == "10 — Atlanta"
    CaseFactory(number="17-RC-012345", petition_filed_on=datetime(2011, 3, 1).date())
    assert regions()["17"] == "17 — Kansas City, merged into 14"
    assert list(regions()) == sorted(regions(), key=int)
