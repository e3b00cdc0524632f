"""Browser tests: Playwright drives Debian's Chromium (``/usr/bin/chromium``, never a downloaded browser)
against ``live_server``, as NLRB staff use the admin.

Each test saves a full-page screenshot under ``test-output/browser/`` (git-ignored; ``.ci/run`` keeps it):
``shot(page, name)``. A case in Region 10 (Atlanta, Eastern time) is tallied twenty days ago, so the
objections period is over and the proceeding sits in the regional investigation.
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any
from zoneinfo import ZoneInfo

import pytest
from django.utils import timezone

from challenges import services as challenge_services
from elections.models import Appearance, Case, Election, Party, Tally
from objections import services as objection_services
from tests.factories import (
    AppearanceFactory,
    CaseFactory,
    ElectionFactory,
    PartyFactory,
    UserFactory,
    record_tally,
)

# The sync API runs an event loop in the test's thread; Django refuses ORM calls there without this.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

CHROMIUM = Path(os.environ.get("CHROMIUM", "/usr/bin/chromium"))
SHOTS = Path(os.environ.get("BROWSER_SHOTS", Path(__file__).resolve().parents[2] / "test-output" / "browser"))
EASTERN = ZoneInfo("America/New_York")
PASSWORD = "desk-password-1"


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args: dict[str, Any]) -> dict[str, Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)")
    return {
        **browser_type_launch_args,
        "executable_path": str(CHROMIUM),
        "args": [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
            "--disable-quic",
        ],
    }


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args: dict[str, Any]) -> dict[str, Any]:
    return {**browser_context_args, "viewport": {"width": 1400, "height": 900}, "timezone_id": "UTC"}


def shot(page: Any, name: str) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path


@dataclass
class Desk:
    case: Case
    election: Election
    union: Party
    employer: Party
    staff: Any
    tally: Tally
    tallied_at: datetime


@pytest.fixture
def desk(transactional_db: None) -> Desk:
    staff = UserFactory(username="agent", is_staff=True, is_superuser=True, email="agent@nlrb.example")
    staff.set_password(PASSWORD)
    staff.save()
    case = CaseFactory(
        number="10-RC-300001",
        name="Acme Distribution LLC",
        petition_filed_on=timezone.localdate() - timedelta(days=60),
    )
    union = PartyFactory(case=case, role=Party.Role.PETITIONER, name="Warehouse Workers United")
    employer = PartyFactory(case=case, role=Party.Role.EMPLOYER, name="Acme Distribution LLC")
    AppearanceFactory(
        user=UserFactory(username="ucounsel"), party=union, capacity=Appearance.Capacity.COUNSEL
    )
    AppearanceFactory(
        user=UserFactory(username="ecounsel"), party=employer, capacity=Appearance.Capacity.COUNSEL
    )
    election = ElectionFactory(case=case, sequence=1, choices=["Warehouse Workers United"])
    tallied_at = (
        (timezone.now() - timedelta(days=20))
        .astimezone(EASTERN)
        .replace(hour=15, minute=0, second=0, microsecond=0)
    )
    # 50 to 48 with 4 challenged: the challenges could change the result (determinative).
    tally = record_tally(election, prepared_at=tallied_at, yes=50, votes_against=48, challenged=4)
    for n in range(4):
        challenge_services.challenge_log(
            election=election,
            voter_name=f"Voter {n + 1}",
            challenged_by=employer.pk,
            ground="supervisor",
            actor=staff,
        )
    objection_services.objection_file(
        election=election,
        filed_by=employer,
        category="threats",
        statement="Supervisors were threatened with the closing of the warehouse.",
        filed_at=tallied_at + timedelta(days=2),
        actor=staff,
    )
    return Desk(case, election, union, employer, staff, tally, tallied_at)


@pytest.fixture
def staff_page(page: Any, live_server: Any, desk: Desk) -> Any:
    """A browser signed in as staff, on the admin home."""
    page.set_default_timeout(15_000)
    page.goto(f"{live_server.url}/admin/login/?next=/admin/")
    page.fill("#id_username", desk.staff.username)
    page.fill("#id_password", PASSWORD)
    page.click("input[type=submit]")
    page.wait_for_url(f"{live_server.url}/admin/")
    page.base = live_server.url
    return page
