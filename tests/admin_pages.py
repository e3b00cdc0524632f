"""Helpers for the tests of the staff desk's pages: a staff browser (a fixture every test may ask for, through
``tests/conftest.py``), and the data of an admin page's own form."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import pytest
from django.forms import JSONField
from django.test import Client

if TYPE_CHECKING:  # tests/conftest.py imports this module
    from tests.conftest import World


@pytest.fixture
def staff_browser(world: World) -> Client:
    world.staff.is_superuser = True
    world.staff.save()
    client = Client()
    client.force_login(world.staff)
    return client


def page_form_data(client: Client, url: str, **changes: Any) -> dict[str, Any]:
    """What the admin's change form would post unchanged (main form, inlines and their management
    forms), with ``changes`` applied: the test then posts exactly what a person would."""
    context = client.get(url).context
    forms = [context["adminform"].form]
    for inline in context["inline_admin_formsets"]:
        forms.append(inline.formset.management_form)
        forms.extend(inline.formset.forms)
    data: dict[str, Any] = {}
    for form in forms:
        for bound in form:
            if bound.field.disabled:
                continue
            value = bound.value()  # a JSON field's value is already its text
            if not isinstance(bound.field, JSONField):
                value = bound.field.prepare_value(value)
            data[bound.html_name] = "" if value is None else value
    data.update(changes)
    return data
