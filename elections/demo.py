"""Demo data of the ground floor: the Bessemer case (10-RC-269250), its two elections and tallies,
the demo users and their appearances. Facts from ../shared/data/bessemer-10-RC-269250.md.

Idempotent: running it again finds what is there and adds nothing twice."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date, datetime
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.authtoken.models import Token

from elections import services
from elections.models import Appearance, Case, Election, Party

BESSEMER = "10-RC-269250"
RWDSU = "Retail, Wholesale and Department Store Union"
AMAZON = "Amazon.com Services LLC"
JFK8 = "29-RC-288020"
ALU = "Amazon Labor Union"
CENTRAL = ZoneInfo("America/Chicago")
LIVE_DEMO = "10-RC-990001"


@dataclass
class DemoUser:
    username: str
    password: str
    token: str
    role: str


DEMO_USERS = [
    # username, role described, staff?
    ("staff", "Board staff (superuser): sees and adjudicates every case", True),
    # LIVE_DEMO: the fictional case dated from today (proceedings.demo_live), where they appear as well.
    ("union-counsel", f"counsel for {RWDSU} in {BESSEMER} and {LIVE_DEMO}", False),
    (
        "employer-counsel",
        f"counsel for {AMAZON} in {BESSEMER} and {JFK8}; for the employer in {LIVE_DEMO}",
        False,
    ),
    ("paralegal", f"paralegal for {RWDSU} in {BESSEMER} and {LIVE_DEMO}", False),
]


def _password(username: str) -> str:
    # Known demo passwords, printed by `make run`; never used outside the embedded demo.
    return f"{username}-demo-2021"


@transaction.atomic
def load_users() -> list[DemoUser]:
    user_model = get_user_model()
    users = []
    for username, role, staff in DEMO_USERS:
        user, created = user_model.objects.get_or_create(
            username=username,
            defaults={"email": f"{username}@example.org", "is_staff": staff, "is_superuser": staff},
        )
        if created:
            user.set_password(_password(username))
            user.save()
        token, _ = Token.objects.get_or_create(user=user)
        users.append(DemoUser(username, _password(username), token.key, role))
    return users


@transaction.atomic
def load_bessemer() -> Case:
    existing = Case.objects.filter(number=BESSEMER).first()
    if existing is not None:
        return existing
    staff = get_user_model().objects.get(username="staff")
    case = services.case_create(
        number=BESSEMER,
        name=AMAZON + " (BHM1, Bessemer, Alabama)",
        petition_filed_on=date(2020, 11, 20),
        unit_description=(
            "All hourly full-time and regular part-time fulfillment center employees employed at the BHM1 "
            "facility in Bessemer, Alabama, including seasonal employees (parties agreed 2020-12-21)."
        ),
        parties=[
            {"role": Party.Role.PETITIONER, "name": RWDSU},
            {"role": Party.Role.EMPLOYER, "name": AMAZON},
        ],
        actor=staff,
    )
    union, employer = case.parties.get(name=RWDSU), case.parties.get(name=AMAZON)
    user_model = get_user_model()
    for username, party, capacity in [
        ("union-counsel", union, Appearance.Capacity.COUNSEL),
        ("paralegal", union, Appearance.Capacity.PARALEGAL),
        ("employer-counsel", employer, Appearance.Capacity.COUNSEL),
    ]:
        services.appearance_create(
            party=party, user=user_model.objects.get(username=username), capacity=capacity, actor=staff
        )

    first = services.election_create(
        case=case,
        choices=[RWDSU],
        kind=Election.Kind.INITIAL,
        mode=Election.Mode.MAIL,
        voting_opens_on=date(2021, 2, 8),
        voting_closes_on=date(2021, 3, 29),
        count_on=date(2021, 3, 30),
        approx_eligible_voters=5867,
        agreement=Election.Agreement.STIPULATED,  # a stipulated election agreement (102.62(b))
        actor=staff,
    )
    services.tally_record(
        election=first,
        prepared_at=datetime(2021, 4, 9, 12, 0, tzinfo=CENTRAL),
        votes_for={RWDSU: 738},
        votes_against=1798,
        void=76,
        challenged=505,
        actor=staff,
    )
    second = services.election_create(
        case=case,
        choices=[RWDSU],
        kind=Election.Kind.RERUN,
        mode=Election.Mode.MAIL,
        eligibility_date=date(2022, 1, 8),
        voting_opens_on=date(2022, 2, 4),
        voting_closes_on=date(2022, 3, 25),
        count_on=date(2022, 3, 28),
        approx_eligible_voters=6153,
        actor=staff,
    )
    services.tally_record(
        election=second,
        prepared_at=datetime(2022, 3, 31, 12, 0, tzinfo=CENTRAL),
        votes_for={RWDSU: 875},
        votes_against=993,
        void=59,
        challenged=416,
        actor=staff,
    )
    return case


@transaction.atomic
def load_jfk8() -> Case:
    """A second case, so that the demo shows scoping: RWDSU's lawyers do not appear in it."""
    existing = Case.objects.filter(number=JFK8).first()
    if existing is not None:
        return existing
    staff = get_user_model().objects.get(username="staff")
    case = services.case_create(
        number=JFK8,
        name=AMAZON + " (JFK8, Staten Island, New York)",
        petition_filed_on=date(2021, 12, 22),
        unit_description="Full-time and part-time fulfillment center associates at JFK8 (reported).",
        parties=[{"role": Party.Role.PETITIONER, "name": ALU}, {"role": Party.Role.EMPLOYER, "name": AMAZON}],
        actor=staff,
    )
    services.appearance_create(
        party=case.parties.get(name=AMAZON),
        user=get_user_model().objects.get(username="employer-counsel"),
        capacity=Appearance.Capacity.COUNSEL,
        actor=staff,
    )
    election = services.election_create(
        case=case,
        choices=[ALU],
        mode=Election.Mode.MANUAL,
        voting_opens_on=date(2022, 3, 25),
        voting_closes_on=date(2022, 3, 30),
        count_on=date(2022, 3, 31),
        approx_eligible_voters=8325,
        agreement=Election.Agreement.STIPULATED,  # a stipulated election agreement (102.62(b))
        actor=staff,
    )
    services.tally_record(
        election=election,
        prepared_at=datetime(2022, 4, 1, 12, 0, tzinfo=ZoneInfo("America/New_York")),
        votes_for={ALU: 2654},
        votes_against=2131,
        void=17,
        challenged=67,
        actor=staff,
    )
    return case
