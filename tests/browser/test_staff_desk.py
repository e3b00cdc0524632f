"""Staff at the desk, in Chromium: the work queue, a tally, a batch of challenges, rulings on objections, and
a Regional Director's decision recorded with its typed form — each page checked for what it says."""

from __future__ import annotations

import re
from datetime import timedelta
from typing import Any

from django.utils import timezone
from playwright.sync_api import expect

from challenges import services as challenge_services
from challenges.models import Challenge
from core import clock
from objections.models import Objection
from proceedings.models import Deadline, ProceedingEvent
from tests.browser.conftest import Desk, shot
from tests.factories import record_tally

UTC_TIME = re.compile(r"\d{1,2}:\d{2}\s*(a\.m\.|p\.m\.)?\s*UTC|\+00:00")


def messages(page: Any) -> str:
    return page.locator("ul.messagelist").inner_text()


def test_staff_land_on_the_work_queue_with_what_needs_action(staff_page: Any, desk: Desk) -> None:
    page = staff_page
    expect(page.locator("#workqueue h1")).to_contain_text("Work queue")
    challenges = page.locator("#queue-challenges")
    expect(challenges).to_contain_text("10-RC-300001")
    expect(challenges).to_contain_text("4 pending: determinative against tally revision 0")
    objections = page.locator("#queue-objections")
    expect(objections).to_contain_text("1 objection(s) pending")
    expect(objections).to_contain_text("Acme Distribution LLC")
    # Times are the Atlanta office's, with the zone named.
    expect(objections).to_contain_text(re.compile(r"filed \w+ \d{1,2}, \d{4}, 3:00 p\.m\. E[SD]T"))
    assert not UTC_TIME.search(page.locator("#content").inner_text())
    shot(page, "01-work-queue")
    page.locator("#queue-challenges a.button").first.click()
    expect(page.locator("#result_list")).to_contain_text("Voter 1")


def test_recording_a_revised_tally_says_what_it_changed(staff_page: Any, desk: Desk) -> None:
    page = staff_page
    page.goto(f"{page.base}/admin/elections/tally/add/?election={desk.election.pk}")
    prepared = timezone.localtime(timezone.now() - timedelta(days=19))
    page.fill("#id_prepared_at_0", prepared.strftime("%Y-%m-%d"))
    page.fill("#id_prepared_at_1", "10:00:00")
    page.fill("#id_votes_for_0", "60")
    page.fill("#id_votes_against", "38")
    page.fill("#id_challenged", "4")
    page.fill("#id_void", "0")
    page.click("input[name=_save]")
    text = messages(page)
    assert re.search(r"Election 1: challenged ballots determinative → not determinative\.", text), text
    assert "Election 1: result undetermined → representative" in text, text
    expect(page.locator("#result_list")).to_contain_text(
        re.compile(r"\w+ \d{1,2}, \d{4}, 10:00 a\.m\. E[SD]T")
    )
    shot(page, "02-tally-consequences")


def test_resolving_a_batch_of_challenges_changes_the_determinative_flag(staff_page: Any, desk: Desk) -> None:
    page = staff_page
    page.goto(f"{page.base}/admin/challenges/challenge/?election={desk.election.pk}")
    page.check("#action-toggle")
    page.select_option("select[name=action]", "resolve_selected")
    page.click("button[name=index]")
    expect(page.locator("h1")).to_contain_text("Resolve selected challenges")
    page.select_option("#id_outcome", "sustained")
    page.select_option("#id_method", "investigation")
    page.fill("#id_decided_on", clock.today(desk.case.office_zone).isoformat())
    page.fill("#id_basis", "All four assign and direct work: supervisors under Section 2(11).")
    page.click("input[name=apply]")
    text = messages(page)
    assert "4 challenges sustained." in text, text
    assert "Election 1: challenged ballots determinative → not determinative." in text, text
    assert "Election 1: challenges 4 pending → 4 sustained." in text, text
    assert "Notices queued:" in text, text
    shot(page, "03-challenges-resolved")
    assert set(
        Challenge.objects.filter(election=desk.election).values_list("status", "resolution_basis")
    ) == {("sustained", "All four assign and direct work: supervisors under Section 2(11).")}


def test_ruling_on_objections_says_their_new_standing(staff_page: Any, desk: Desk) -> None:
    page = staff_page
    page.goto(f"{page.base}/admin/objections/objection/?case=10-RC-300001")
    page.check("#action-toggle")
    page.select_option("select[name=action]", "record_report_rulings")
    page.click("button[name=index]")
    page.select_option("#id_level", "regional_director")
    page.fill("#id_decided_on", clock.today(desk.case.office_zone).isoformat())
    page.select_option("#id_default_disposition", "overruled")
    page.click("input[type=submit][value='Record rulings']")
    text = messages(page)
    assert "Recorded 1 rulings" in text, text
    assert "Acme Distribution LLC objection 1 (election 1): pending → overruled." in text, text
    shot(page, "04-objections-ruled")
    assert Objection.objects.get(election=desk.election).status == "overruled"


def test_a_regional_directors_decision_through_the_typed_form_moves_the_ladder(
    staff_page: Any, desk: Desk
) -> None:
    # The challenges are decided first: an election whose challenged ballots are determinative cannot be
    # certified (issue 10).
    challenge_services.challenges_resolve(
        challenge_ids=list(Challenge.objects.filter(election=desk.election).values_list("pk", flat=True)),
        outcome="sustained",
        method="investigation",
        decided_on=(desk.tallied_at + timedelta(days=1)).date(),
        actor=desk.staff,
    )
    record_tally(  # the revised tally without the four sustained ballots, its objections period long over
        desk.election, prepared_at=desk.tallied_at + timedelta(days=2), yes=50, votes_against=48, challenged=0
    )
    page = staff_page
    page.goto(f"{page.base}/admin/proceedings/proceedingevent/add/?case={desk.case.pk}")
    expect(page.locator("#step-event")).to_contain_text("Regional investigation of objections and challenges")
    allowed = page.locator("#id_event optgroup[label='Allowed next'] option")
    expect(allowed).to_contain_text(["Regional investigation", "Notice of hearing"])
    assert "Regional Director's decision" in allowed.all_inner_texts()
    page.select_option("#id_event", "regional_director_decision")
    page.wait_for_url(re.compile(r"event=regional_director_decision"))
    # Its own fields: the outcome as a choice of the orders a decision may give; rulings per objection.
    outcomes = page.locator("#id_outcome option").all_inner_texts()
    assert outcomes == [
        "—",
        "Certify the representative",
        "Certify the results (no representative)",
        "Order a rerun election",
        "Order a runoff election",
    ]
    expect(page.locator("fieldset.rulings")).to_contain_text("Acme Distribution LLC objection 1")
    assert page.locator("textarea[name=details]").count() == 0  # no JSON typing
    page.fill("#id_occurred_on", clock.today(desk.case.office_zone).isoformat())
    page.select_option("#id_outcome", "certify_representative")
    page.locator("fieldset.rulings select").first.select_option("overruled")
    shot(page, "05-typed-event-form")
    page.click("text=Record regional director's decision")
    page.wait_for_url(re.compile(r"/admin/proceedings/caseladder/\d+/change/"))
    text = messages(page)
    assert "Recorded: Regional Director's decision" in text, text
    assert (
        "Election 1: stage Regional investigation of objections and challenges → Request-for-review period open."
        in text
    ), text
    assert "Deadlines created: Request for review" in text, text
    assert re.search(r"due \w+ \d{1,2}, \d{4}, 11:59 p\.m\. E[SD]T", text), text
    assert "Acme Distribution LLC objection 1 (election 1): pending → overruled." in text, text
    expect(page.locator(".rung.current")).to_contain_text("Request-for-review period open")
    shot(page, "06-decision-consequences")
    assert ProceedingEvent.objects.filter(case=desk.case, event="regional_director_decision").exists()
    assert Deadline.objects.filter(case=desk.case, status="open").exists()


def test_a_refused_event_is_explained_in_a_sentence(staff_page: Any, desk: Desk) -> None:
    page = staff_page
    page.goto(f"{page.base}/admin/proceedings/proceedingevent/add/?case={desk.case.pk}&event=hearing_closed")
    expect(page.locator("#step-details")).to_contain_text("does not allow this event at this stage")
    page.fill("#id_occurred_on", clock.today(desk.case.office_zone).isoformat())
    page.click("text=Record hearing closed")
    error = page.locator(".errornote").inner_text()
    assert "Hearing closed cannot be recorded while the proceeding is at “regional investigation" in error, (
        error
    )
    assert "hearing_closed" not in error and "regional_investigation" not in error, error
    assert "Allowed next: Regional investigation, Notice of hearing" in error, error
    shot(page, "07-refusal-as-a-sentence")
