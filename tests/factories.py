"""Factories for the records every test needs. Build through the services where the service derives
something (revision numbers, case numbers), so tests see what users see."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import factory
from django.contrib.auth import get_user_model

from access.tokens import token_issue
from elections import services
from elections.models import Appearance, Case, Election, Party, Tally


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = get_user_model()
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")
    email = factory.LazyAttribute(lambda u: f"{u.username}@example.org")
    password = factory.PostGenerationMethodCall("set_password", "pw")
    is_staff = False


class StaffFactory(UserFactory):
    is_staff = True


class CaseFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Case
        django_get_or_create = ("number",)

    number = factory.Sequence(lambda n: f"10-RC-{300000 + n:06d}")
    name = factory.Sequence(lambda n: f"Employer {n} LLC")
    petition_filed_on = date(2021, 1, 4)
    unit_description = "All full-time and regular part-time employees"


class PartyFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Party

    case = factory.SubFactory(CaseFactory)
    role = Party.Role.PETITIONER
    name = factory.Sequence(lambda n: f"Union Local {n}")


class AppearanceFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Appearance

    user = factory.SubFactory(UserFactory)
    party = factory.SubFactory(PartyFactory)
    capacity = Appearance.Capacity.COUNSEL


class ElectionFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Election

    case = factory.SubFactory(CaseFactory)
    sequence = factory.Sequence(lambda n: n + 1)
    kind = Election.Kind.INITIAL
    mode = Election.Mode.MANUAL
    choices = factory.LazyFunction(lambda: ["Union"])


def record_tally(election: Election, *, prepared_at: datetime | None = None, **figures: Any) -> Tally:
    votes_for = figures.pop("votes_for", None) or {election.choices[0]: figures.pop("yes", 0)}
    return services.tally_record(
        election=election,
        prepared_at=prepared_at or datetime(2021, 4, 9, 16, 0, tzinfo=UTC),
        votes_for=votes_for,
        votes_against=figures.pop("votes_against", 0),
        void=figures.pop("void", 0),
        challenged=figures.pop("challenged", 0),
    )


def token_for(user: Any) -> str:
    """A new API key for ``user`` (replacing any earlier one: only a newly issued key can be read)."""
    return token_issue(user=user)
