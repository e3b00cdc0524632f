"""The staff workplace: the objection list (filters, constant queries), the change page with rulings inline,
and the forms that call the services — filing, a report's rulings on many objections, the offer-of-proof
extension and withdrawal."""

from __future__ import annotations

from datetime import UTC, date, datetime

import pytest
from django.contrib.admin import helpers
from django.test import Client

from elections.models import Party
from objections.models import Objection, Ruling
from tests.conftest import World
from tests.factories import record_ruling
from tests.objections.conftest import file

pytestmark = pytest.mark.django_db

CHANGELIST = "/admin/objections/objection/"


def _many(world: World, n: int) -> list[Objection]:
    return [file(world.election, world.union, actor=world.staff) for _ in range(n)]


def test_the_changelist_takes_the_same_queries_for_any_number_of_rows(
    admin_client: Client, tallied: World
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def count() -> tuple[int, int]:
        with CaptureQueriesContext(connection) as queries:
            response = admin_client.get(CHANGELIST + "?case=10-RC-269250&status__exact=pending")
        assert response.status_code == 200
        return len(queries), response.context["cl"].result_count

    _many(tallied, 3)
    admin_client.get(CHANGELIST)  # warm the session and content types
    few = count()
    _many(tallied, 12)
    many = count()
    assert (few[1], many[1]) == (3, 15)
    assert few[0] == many[0]


def test_the_changelist_filters_by_case_number_typed_in(admin_client: Client, tallied: World) -> None:
    _many(tallied, 2)
    assert admin_client.get(CHANGELIST + "?case=10-rc-269250").context["cl"].result_count == 2
    assert admin_client.get(CHANGELIST + "?case=29-RC-288020").context["cl"].result_count == 0
    found = admin_client.get(CHANGELIST + "?q=269250").context["cl"].result_count
    assert found == 2


def test_the_change_page_shows_the_rulings_inline_and_why_the_status(
    admin_client: Client, tallied: World
) -> None:
    objection = _many(tallied, 1)[0]
    record_ruling(
        objection,
        "recommend_sustain",
        level="hearing_officer",
        decided_on=date(2021, 8, 2),
        actor=tallied.staff,
    )
    response = admin_client.get(f"{CHANGELIST}{objection.pk}/change/")
    assert response.status_code == 200
    content = response.content.decode()
    assert "Recommends sustaining" in content and "recommend_sustain" not in content
    assert "No deciding ruling yet; a recommendation alone decides nothing." in content


def test_a_reports_rulings_are_recorded_for_many_objections_at_once(
    admin_client: Client, tallied: World
) -> None:
    objections = _many(tallied, 5)
    ids = [str(o.pk) for o in objections]
    # Step 1: the action shows the form.
    page = admin_client.post(
        CHANGELIST, {"action": "record_report_rulings", helpers.ACTION_CHECKBOX_NAME: ids}
    )
    assert page.status_code == 200
    assert "Record a report" in page.content.decode()
    # Step 2: Bessemer's hearing officer: sustain two, overrule the rest.
    response = admin_client.post(
        CHANGELIST,
        {
            "action": "record_report_rulings",
            helpers.ACTION_CHECKBOX_NAME: ids,
            "apply": "yes",
            "level": "hearing_officer",
            "decided_on": "2021-08-02",
            "note": "Hearing officer's report",
            "default_disposition": "recommend_overrule",
            f"disposition_{objections[0].pk}": "recommend_sustain",
            f"disposition_{objections[3].pk}": "recommend_sustain",
        },
    )
    assert response.status_code == 302
    got = sorted(Ruling.objects.values_list("objection__number", "disposition", "decided_on", "note"))
    assert got == [
        (1, "recommend_sustain", date(2021, 8, 2), "Hearing officer's report"),
        (2, "recommend_overrule", date(2021, 8, 2), "Hearing officer's report"),
        (3, "recommend_overrule", date(2021, 8, 2), "Hearing officer's report"),
        (4, "recommend_sustain", date(2021, 8, 2), "Hearing officer's report"),
        (5, "recommend_overrule", date(2021, 8, 2), "Hearing officer's report"),
    ]
    assert set(Objection.objects.values_list("status", flat=True)) == {"pending"}


def test_a_disposition_of_another_level_is_shown_on_the_form_and_nothing_is_recorded(
    admin_client: Client, tallied: World
) -> None:
    objections = _many(tallied, 2)
    response = admin_client.post(
        CHANGELIST,
        {
            "action": "record_report_rulings",
            helpers.ACTION_CHECKBOX_NAME: [str(o.pk) for o in objections],
            "apply": "yes",
            "level": "hearing_officer",
            "decided_on": "2021-08-02",
            f"disposition_{objections[0].pk}": "sustained",
        },
    )
    assert response.status_code == 200
    errors = response.context["form"].errors
    assert errors[f"disposition_{objections[0].pk}"] == [
        "Not a disposition of the hearing officer; allowed: recommend_sustain (Recommends sustaining), "
        "recommend_overrule (Recommends overruling)."
    ]
    assert Ruling.objects.count() == 0


def test_a_refusal_of_the_service_is_shown_on_the_form(admin_client: Client, tallied: World) -> None:
    objection = _many(tallied, 1)[0]
    response = admin_client.post(
        CHANGELIST,
        {
            "action": "record_report_rulings",
            helpers.ACTION_CHECKBOX_NAME: [str(objection.pk)],
            "apply": "yes",
            "level": "board",
            "decided_on": "2021-08-02",
            f"disposition_{objection.pk}": "reversed",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "RWDSU objection 1: the Board reversed (2021-08-02): there is no sustained or overruled ruling below "
        "to reverse (the objection is pending). Allowed next: review_denied, review_granted, affirmed, remanded."
    ]


def test_staff_extend_the_offer_of_proof_from_the_list(admin_client: Client, tallied: World) -> None:
    objections = _many(tallied, 2)
    response = admin_client.post(
        CHANGELIST,
        {
            "action": "extend_offer_of_proof",
            helpers.ACTION_CHECKBOX_NAME: [str(o.pk) for o in objections],
            "apply": "yes",
            "until_on": "2021-04-30",
            "until_time": "23:59",
            "reason": "Witnesses unavailable.",
        },
    )
    assert response.status_code == 302
    for objection in Objection.objects.all():
        assert objection.offer_of_proof_due_at.isoformat() == "2021-05-01T03:59:00+00:00"
        assert objection.due_at == datetime(2021, 4, 17, 3, 59, tzinfo=UTC)  # 11:59 p.m. EDT, unmoved
        assert objection.offer_of_proof_extension_reason == "Witnesses unavailable."


def test_staff_record_a_withdrawal_from_the_list(admin_client: Client, tallied: World) -> None:
    objection = _many(tallied, 1)[0]
    response = admin_client.post(
        CHANGELIST,
        {
            "action": "record_withdrawal",
            helpers.ACTION_CHECKBOX_NAME: [str(objection.pk)],
            "apply": "yes",
            "withdrawn_on": "2021-05-03",
            "withdrawn_time": "10:00",
        },
    )
    assert response.status_code == 302
    objection.refresh_from_db()
    assert (objection.status, objection.withdrawn_at.isoformat()) == (
        "withdrawn",
        "2021-05-03T14:00:00+00:00",
    )


def test_staff_record_a_late_filing_through_the_admin_and_it_is_flagged(
    admin_client: Client, tallied: World
) -> None:
    response = admin_client.post(
        CHANGELIST + "add/",
        {
            "election": tallied.election.pk,
            "filed_by": tallied.union.pk,
            "category": "threats",
            "statement": "Threats of closure.",
            "filed_on": "2021-04-19",
            "filed_time": "09:00",
        },
    )
    assert response.status_code == 302, response.context["form"].errors
    objection = Objection.objects.get()
    assert (objection.number, objection.timely, objection.filed_at.isoformat()) == (
        1,
        False,
        "2021-04-19T13:00:00+00:00",
    )


def test_staff_record_how_the_objections_were_served(admin_client: Client, tallied: World) -> None:
    """The staff desk takes the service the API and the counsel desk take (issue 34, item 3): the parties
    served, how, the certificate and the e-filing number; a party of another case is refused by name."""
    post = {
        "election": tallied.election.pk,
        "filed_by": tallied.union.pk,
        "category": "threats",
        "statement": "Threats of closure.",
        "filed_on": "2021-04-12",
        "filed_time": "09:00",
        "served_on": [tallied.employer.pk],
        "service_method": "e_file",
        "certificate_of_service": "on",
        "confirmation_number": "EF-2021-0412-77",
    }
    stranger = Party.objects.exclude(case=tallied.case).first()
    assert stranger is not None
    refused = admin_client.post(CHANGELIST + "add/", {**post, "served_on": [stranger.pk]})
    assert refused.status_code == 200 and not Objection.objects.exists()
    assert "served_on" in str(refused.context["form"].errors)
    response = admin_client.post(CHANGELIST + "add/", post)
    assert response.status_code == 302, response.context["form"].errors
    objection = Objection.objects.get()
    assert list(objection.served_on.all()) == [tallied.employer]
    assert (objection.service_method, objection.certificate_of_service, objection.confirmation_number) == (
        "e_file",
        True,
        "EF-2021-0412-77",
    )
    assert objection.service_flag == ""
    # The field's autocomplete answers with the parties, as the filing party's does.
    found = admin_client.get(
        "/admin/autocomplete/",
        {"app_label": "objections", "model_name": "objection", "field_name": "served_on", "term": "Amazon"},
    )
    assert found.status_code == 200
    assert str(tallied.employer.pk) in {row["id"] for row in found.json()["results"]}


def test_a_filing_refused_by_the_service_is_shown_on_the_add_form(admin_client: Client, world: World) -> None:
    response = admin_client.post(
        CHANGELIST + "add/",
        {
            "election": world.election.pk,
            "filed_by": world.union.pk,
            "category": "threats",
            "statement": "Threats of closure.",
            "filed_on": "2021-04-19",
            "filed_time": "09:00",
        },
    )
    assert response.status_code == 200
    assert response.context["form"].non_field_errors() == [
        "Objections are filed after the tally of ballots; election 1 of 10-RC-269250 has no tally yet."
    ]


def test_nothing_can_be_deleted(admin_client: Client, tallied: World) -> None:
    objection = _many(tallied, 1)[0]
    assert admin_client.get(f"{CHANGELIST}{objection.pk}/delete/").status_code == 403
    actions = admin_client.get(CHANGELIST).context["action_form"].fields["action"].choices
    assert "delete_selected" not in [name for name, _ in actions]


def test_the_filing_form_and_the_browsable_api_form_render(admin_client: Client, tallied: World) -> None:
    page = admin_client.get(CHANGELIST + "add/")
    assert page.status_code == 200
    assert "File or record an objection" in page.content.decode()
    browsable = admin_client.get(
        f"/api/v1/elections/{tallied.election.pk}/objections/", HTTP_ACCEPT="text/html"
    )
    assert browsable.status_code == 200
    # The API takes JSON only, so the browsable API offers its raw JSON form, pre-filled with the fields.
    assert 'name="_content"' in browsable.content.decode()
    assert "&quot;statement&quot;" in browsable.content.decode()


def test_the_objection_page_records_rulings_from_a_button(admin_client: Client, tallied: World) -> None:
    """Issue 24: rulings were only an action of the list. The objection's page has a "Record rulings"
    button: the report's form over the objections of its election, back to the page when recorded."""
    first, second = _many(tallied, 2)
    page = admin_client.get(f"{CHANGELIST}{first.pk}/change/").content.decode()
    rulings_url = f"{CHANGELIST}{first.pk}/rulings/"
    assert f'href="{rulings_url}"' in page and "Record rulings" in page

    form = admin_client.get(rulings_url).content.decode()
    assert f"disposition_{first.pk}" in form and f"disposition_{second.pk}" in form
    done = admin_client.post(
        rulings_url,
        {
            "apply": "1",
            "level": "hearing_officer",
            "decided_on": "2021-08-02",
            f"disposition_{first.pk}": "recommend_sustain",
        },
    )
    assert done.status_code == 302 and done["Location"] == f"{CHANGELIST}{first.pk}/change/"
    assert list(Ruling.objects.values_list("objection_id", "disposition")) == [
        (first.pk, "recommend_sustain")
    ]
    assert admin_client.get(f"{CHANGELIST}999999/rulings/").status_code == 404
