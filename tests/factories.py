"""Factories for the records every test needs. Build through the services where the service derives
something (revision numbers, case numbers) or is the only legal path (challenges, objections, rulings,
proceeding events): a factory then never builds a state the law forbids, and tests see what users see.

The service-backed ones are plain functions (factory-boy would save the model directly): each takes the
record it hangs from first, what it is second, and who acts last (``actor``, staff by default where the
service asks for staff). None sends notices unless asked."""

from __future__ import annotations

from datetime import UTC, date, datetime
from typing import Any

import factory
from django.contrib.auth import get_user_model

from access.tokens import token_issue
from challenges import services as challenge_services
from challenges.models import BOARD_AGENT, Challenge
from elections import services
from elections.law.levels import Level
from elections.models import Appearance, Case, Election, Party, Tally
from objections import services as objection_services
from objections.models import Objection, Ruling
from proceedings import services as proceeding_services
from proceedings.models import ProceedingEvent


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


def _staff(actor: Any) -> Any:
    return actor if actor is not None else StaffFactory(username="factory-staff")


def log_challenge(
    election: Election,
    voter_name: str = "Jane Q. Voter",
    *,
    by: Party | str = BOARD_AGENT,
    ground: str = Challenge.Ground.NOT_ON_LIST,
    actor: Any = None,
    **particulars: Any,
) -> Challenge:
    """A challenged ballot logged through ``challenge_log`` (``by``: a party of the case, or the Board agent).
    Once a tally is recorded, the tally must have room for it, as the law requires."""
    return challenge_services.challenge_log(
        election=election,
        voter_name=voter_name,
        challenged_by=by if isinstance(by, str) else by.pk,
        ground=ground,
        actor=_staff(actor),
        **particulars,
    )


CHALLENGE_DECIDED_ON = date(2021, 5, 3)


def resolve_challenge(
    challenge: Challenge,
    outcome: str = Challenge.Status.OVERRULED,
    *,
    decided_on: date = CHALLENGE_DECIDED_ON,
    method: str = Challenge.Method.INVESTIGATION,
    actor: Any = None,
    **extra: Any,
) -> Challenge:
    """A challenge sustained or overruled through ``challenge_resolve`` (by default by the Regional Director
    after an investigation, on 2021-05-03)."""
    return challenge_services.challenge_resolve(
        challenge_id=challenge.pk,
        outcome=outcome,
        method=method,
        decided_on=decided_on,
        actor=_staff(actor),
        **extra,
    )


OBJECTION_FILED_AT = datetime(2021, 4, 15, 16, 0, tzinfo=UTC)  # within the Bessemer 2021 objections period


def file_objection(
    election: Election,
    party: Party,
    *,
    filed_at: datetime = OBJECTION_FILED_AT,
    category: str = Objection.Category.THREATS,
    statement: str = "Supervisors threatened closure if the union won.",
    actor: Any = None,
    notify: bool = False,
    **extra: Any,
) -> Objection:
    """An objection filed through ``objection_file`` (recorded by staff unless ``actor`` is counsel). The
    election needs its tally of ballots first: objections answer it."""
    return objection_services.objection_file(
        election=election,
        filed_by=party,
        category=category,
        statement=statement,
        filed_at=filed_at,
        actor=_staff(actor),
        notify=notify,
        **extra,
    )


def record_ruling(
    objection: Objection,
    disposition: str,
    *,
    level: str = Level.REGIONAL_DIRECTOR,
    decided_on: date,
    note: str = "",
    actor: Any = None,
    notify: bool = False,
) -> Ruling:
    """A ruling recorded through ``ruling_record``: the objections rulings law checks the level, the
    disposition and the order of the rulings."""
    return objection_services.ruling_record(
        objection=objection,
        level=level,
        disposition=disposition,
        decided_on=decided_on,
        note=note,
        actor=_staff(actor),
        notify=notify,
    )


def record_event(
    case: Case,
    event: str,
    occurred_on: date | str,
    *,
    election: Election | None = None,
    actor: Any = None,
    notify: bool = False,
    **details: Any,
) -> ProceedingEvent:
    """A step of the proceeding recorded through ``event_record`` (the ladder decides whether it may come
    next; the details are the event's own, e.g. ``hearing_on="2021-05-07"``)."""
    return proceeding_services.event_record(
        case=case,
        event=event,
        occurred_on=date.fromisoformat(occurred_on) if isinstance(occurred_on, str) else occurred_on,
        election=election,
        details=details,
        actor=_staff(actor),
        notify=notify,
    )


def token_for(user: Any) -> str:
    """A new API key for ``user`` (replacing any earlier one: only a newly issued key can be read)."""
    return token_issue(user=user)
