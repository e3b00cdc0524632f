"""A small case for the fault tests, written into whatever database the settings name; prints JSON.

python manage.py shell -c "from tests.faults.seed import main; main()"
"""

from __future__ import annotations

import json
from datetime import date

from access.tokens import token_issue
from elections.models import Appearance, Election, Party
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    StaffFactory,
    UserFactory,
)


def main() -> None:
    case = CaseFactory(number="15-RC-300001", name="Fault Tests LLC", petition_filed_on=date(2020, 11, 20))
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="RWDSU")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Fault Tests LLC")
    election = ElectionFactory(case=case, sequence=1, choices=["RWDSU"], mode=Election.Mode.MAIL)
    union_counsel = UserFactory(username="ucounsel")
    employer_counsel = UserFactory(username="ecounsel")
    staff = StaffFactory(username="agent")
    AppearanceFactory(user=union_counsel, party=union, capacity=Appearance.Capacity.COUNSEL)
    AppearanceFactory(user=employer_counsel, party=employer, capacity=Appearance.Capacity.COUNSEL)
    print(
        json.dumps(
            {
                "case": case.number,
                "election": election.pk,
                "union": union.pk,
                "union_token": _token(union_counsel),
                "staff_token": _token(staff),
            }
        )
    )


def _token(user: object) -> str:
    """A usable API key for the user (the one place to change if tokens are issued differently)."""
    return token_issue(user=user)  # stored hashed: only a newly issued key can be read
