"""The admin kit (core/admin_kit.py): a case found however its number is typed, a refusal worded the same
on every page, and every admin that saves or acts through a service showing that service's refusals (that
the kit, like all of core, imports no app is tests/test_layering.py's)."""

from __future__ import annotations

import pytest
from django.contrib import admin
from django.test import Client

from core import admin_kit
from core.errors import DomainError, NotPermitted, RuleViolation, TransitionNotAllowed
from elections.law import case_numbers
from tests.challenges.conftest import log
from tests.conftest import World

CaseNumberFilter = admin_kit.CaseNumberFilter.at("election__case__number", case_numbers.normalize_typed)


@pytest.mark.parametrize(
    ("typed", "number"),
    [
        ("10-RC-269250", "10-RC-269250"),
        (" 10-rc-269250 ", "10-RC-269250"),
        ("10 RC 269250", "10-RC-269250"),
        ("10RC269250", "10-RC-269250"),
        ("10/rc/269250", "10-RC-269250"),
        ("10-RC-14040", "10-RC-014040"),  # before NxGen: no zero padding
        ("269250", None),  # a part of a number: searched, not normalized
        ("99-RC-269250", None),  # no such region
        ("", None),
    ],
)
def test_a_case_number_is_read_in_any_of_the_usual_spellings(typed: str, number: str | None) -> None:
    assert CaseNumberFilter.number(typed) == number


@pytest.mark.parametrize(
    ("typed", "found"),
    [("10RC269250", 1), ("10 rc 269250", 1), ("269250", 1), ("RC-2692", 1), ("288020", 0), ("x" * 300, 0)],
)
def test_the_case_filter_finds_the_case_by_its_number_or_a_part_of_it(
    world: World, admin_client: Client, typed: str, found: int
) -> None:
    log(world, "Ann Able")

    response = admin_client.get("/admin/challenges/challenge/", {"case": typed})

    assert response.status_code == 200
    assert response.context["cl"].result_count == found


def test_the_case_filter_keeps_the_other_filters_and_offers_to_clear_itself(
    world: World, admin_client: Client
) -> None:
    response = admin_client.get(
        "/admin/objections/objection/", {"case": "10-RC-269250", "status__exact": "pending"}
    )

    page = response.content.decode()
    assert '<input type="hidden" name="status__exact" value="pending">' in page
    assert 'placeholder="10-RC-269250"' in page
    assert "× Clear" in page


@pytest.mark.parametrize(
    ("refusal", "text", "at_the_top"),
    [
        (RuleViolation("number", "is taken."), "is taken.", "number: is taken."),
        (
            TransitionNotAllowed("Already withdrawn.", allowed=["reinstate", "note"]),
            "Already withdrawn. Allowed next: reinstate, note.",
            "Already withdrawn. Allowed next: reinstate, note.",
        ),
        (TransitionNotAllowed("Nothing to open."), "Nothing to open.", "Nothing to open."),
        (NotPermitted("Only the author may edit a note."), "Only the author may edit a note.", None),
        (DomainError("Something else."), "Something else.", None),
    ],
)
def test_a_refusal_reads_the_same_on_every_page(
    refusal: Exception, text: str, at_the_top: str | None
) -> None:
    assert admin_kit.refusal_text(refusal) == text
    assert admin_kit.refusal_text(refusal, naming_the_field=True) == (at_the_top or text)


def test_a_refusal_names_its_field_only_where_the_form_shows_it_at_the_top() -> None:
    from django import forms

    class Filing(forms.Form):
        filed_on = forms.DateField()

    rule = RuleViolation("filed_at", "The filing time is in the future.")
    on_field, at_top = Filing({"filed_on": "2021-04-12"}), Filing({"filed_on": "2021-04-12"})
    on_field.is_valid(), at_top.is_valid()
    admin_kit.add_refusal(on_field, rule, fields={"filed_at": "filed_on"})
    admin_kit.add_refusal(at_top, rule)
    assert on_field.errors == {"filed_on": ["The filing time is in the future."]}
    assert at_top.errors == {"__all__": ["filed_at: The filing time is in the future."]}


def test_every_admin_that_goes_through_a_service_shows_its_refusals() -> None:
    through_services = [
        model_admin
        for model_admin in admin.site._registry.values()
        if isinstance(model_admin, admin_kit.ServiceSaveMixin | admin_kit.ServiceActionMixin)
    ]
    assert len(through_services) >= 10
    for model_admin in through_services:
        assert model_admin.refusals, (
            f"{type(model_admin).__name__} names no refusals: a refusal would be a 500"
        )
        assert all(issubclass(r, DomainError) for r in model_admin.refusals)


# --- local time, by name -------------------------------------------------------------------------------

OUR_APPS = {"core", "access", "elections", "challenges", "objections", "proceedings", "filings", "notes"}
OUR_APPS |= {"public_record", "desk", "staff"}


def _registered() -> list[tuple[type, type]]:
    return [(model, type(model_admin)) for model, model_admin in admin.site._registry.items()]


def test_every_admin_of_our_apps_has_local_time_as_its_first_base() -> None:
    from core.admin_local_time import LocalTimeAdmin

    ours = [(m, a) for m, a in _registered() if a.__module__.split(".")[0] in OUR_APPS]
    assert len(ours) >= 20
    wrong = [
        f"{m._meta.label}: {a.__module__}.{a.__qualname__}"
        for m, a in ours
        if LocalTimeAdmin not in a.__mro__
        or a.__mro__.index(LocalTimeAdmin) > a.__mro__.index(admin.ModelAdmin)
    ]
    assert wrong == []


def test_the_site_registers_each_admin_as_it_is_written() -> None:
    """No class made at registration: the admin registered is the one its module defines, and a third-party
    admin (auth, celery beat) is left as its app wrote it."""
    from core.admin_local_time import LocalTimeAdmin

    for model, admin_class in _registered():
        module = __import__(admin_class.__module__, fromlist=["_"])
        assert getattr(module, admin_class.__name__, None) is admin_class, model._meta.label
        if admin_class.__module__.split(".")[0] not in OUR_APPS:
            assert not issubclass(admin_class, LocalTimeAdmin), model._meta.label

    from django.contrib.admin.models import LogEntry

    from staff.admin_site import StaffAdminSite

    site = StaffAdminSite(name="probe")
    site.register(LogEntry, admin.ModelAdmin)
    assert type(site._registry[LogEntry]) is admin.ModelAdmin
