"""A live demo case, dated relative to the day it is loaded, so that a newcomer's first ``make run`` shows the
tracker at work: an open objections period (``next_deadline`` in the status, entries in the calendar feed,
reminders due), determinative challenged ballots still pending, and room in the tally for counsel to log
more challenges and file objections on time.

The case is fictional — **10-RC-990001, Riverbend Fulfillment LLC** — and says so in its name and unit. RWDSU
is the petitioner so that the demo's union counsel and paralegal appear on it; the demo's employer counsel
appears for the employer. Everything is written through the services, as the API would write it.

The story, counted back from today in the regional office's zone (Atlanta, Eastern time):
- petition filed two months ago; a manual election; the tally of ballots two business days ago:
  118 for, 112 against, 16 challenged — a margin of 6, so the challenged ballots are determinative;
- 13 of the 16 challenged ballots logged (synthetic voters), all pending; the other three are left for the
  newcomer: the API guide's example logs one, and union counsel may log two at the desk;
- so the objections period (5 business days after the tally, 29 CFR 102.69(a)(8)) is open for at least
  three more business days, whatever the day of loading: the status's ``next_deadline``, the calendar entry
  and the reminders. No objection is filed yet: one party's objection meets the period's record (it is the
  Region's deadline record, not each party's), and the status would then point at the Region's hearing
  target; counsel file the first objection themselves, at the desk or through the API, and it then awaits
  the Regional Director.

Idempotent: if the case is there, nothing is touched — a demo loaded last month keeps last month's dates
(nothing already recorded moves); reload into a fresh database to get today's.
"""

from __future__ import annotations

from datetime import date, datetime, time, timedelta
from zoneinfo import ZoneInfo

from django.contrib.auth import get_user_model
from django.db import transaction

from challenges import csv_import
from challenges import services as challenges_services
from challenges.models import BOARD_AGENT
from core import clock
from elections import services as elections_services
from elections.demo import LIVE_DEMO, RWDSU
from elections.law.calendar import is_business_day
from elections.models import Appearance, Case, Election, Party

LIVE = LIVE_DEMO
EMPLOYER = "Riverbend Fulfillment LLC"
VOTES_FOR, VOTES_AGAINST, VOID = 118, 112, 3
CHALLENGED = 16  # on the tally: more than the margin of 6
# (challenger, ground, job classification, reason) — 13 of the 16 are in the ledger: the other three are
# left for the API guide's example and for counsel at the desk (a ledger may lag the tally, never exceed it).
CHALLENGES: list[tuple[str, str, str, str]] = [
    *[(BOARD_AGENT, "not_on_list", "Warehouse Associate", "Voter not on the list")] * 4,
    *[("employer", "supervisor", "Process Lead", "Directs associates' work; alleged §2(11) supervisor")] * 4,
    *[("employer", "no_longer_employed", "Warehouse Associate", "Separated before the election")] * 2,
    *[("union", "manager", "Operations Manager", "Formulates management policy")] * 2,
    ("union", "confidential", "HR Assistant", "Assists HR in labor-relations matters"),
]


def business_days_before(day: date, n: int) -> date:
    """The business day ``n`` business days before ``day`` (weekends and federal holidays skipped)."""
    while n > 0:
        day -= timedelta(days=1)
        if is_business_day(day):
            n -= 1
    return day


@transaction.atomic
def load() -> Case:
    existing = Case.objects.filter(number=LIVE).first()
    if existing is not None:
        return existing
    users = {u.username: u for u in get_user_model().objects.filter(username__in=_USERNAMES)}
    staff = users["staff"]
    case = elections_services.case_create(
        number=LIVE,
        name=f"{EMPLOYER} (fictional live demo, dated from the day it was loaded)",
        petition_filed_on=clock.today() - timedelta(days=60),
        unit_description="All full-time and regular part-time warehouse associates at the Riverbend "
        "distribution center (fictional: a demo case whose dates follow the day it was loaded).",
        parties=[
            {"role": Party.Role.PETITIONER, "name": RWDSU},
            {"role": Party.Role.EMPLOYER, "name": EMPLOYER},
        ],
        actor=staff,
    )
    zone = ZoneInfo(case.office_zone)
    today = clock.today(case.office_zone)
    union, employer = case.parties.get(role=Party.Role.PETITIONER), case.parties.get(role=Party.Role.EMPLOYER)
    for username, party, capacity in [
        ("union-counsel", union, Appearance.Capacity.COUNSEL),
        ("paralegal", union, Appearance.Capacity.PARALEGAL),
        ("employer-counsel", employer, Appearance.Capacity.COUNSEL),
    ]:
        elections_services.appearance_create(
            party=party, user=users[username], capacity=capacity, actor=staff
        )

    # Two business days back, so that on any day of loading the 5-business-day objections period is open
    # for three more business days: counsel can file on time, and the reminders fall due.
    tally_day = business_days_before(today, 2)
    election = elections_services.election_create(
        case=case,
        choices=[RWDSU],
        kind=Election.Kind.INITIAL,
        mode=Election.Mode.MANUAL,
        eligibility_date=tally_day - timedelta(days=21),  # the payroll period before the direction
        voting_opens_on=tally_day,
        voting_closes_on=tally_day,
        count_on=tally_day,
        approx_eligible_voters=250,
        actor=staff,
    )
    elections_services.tally_record(
        election=election,
        prepared_at=datetime.combine(tally_day, time(17, 0), tzinfo=zone),
        votes_for={RWDSU: VOTES_FOR},
        votes_against=VOTES_AGAINST,
        void=VOID,
        challenged=CHALLENGED,
        actor=staff,
    )
    challenges_services.challenges_import(
        election=election,
        data=csv_import.to_csv(_challenge_rows(union, employer, tally_day)),
        actor=staff,
        synthetic=True,
        notify_parties=False,
    )
    return case


_USERNAMES = ("staff", "union-counsel", "paralegal", "employer-counsel")


def _challenge_rows(union: Party, employer: Party, tally_day: date) -> list[dict[str, object]]:
    by = {"union": union.pk, "employer": employer.pk, BOARD_AGENT: BOARD_AGENT}
    return [
        {
            "voter_name": f"Synthetic Voter L-{number:03d}",
            "voter_identifier": f"SYNTH-LIVE-{number:03d}",
            "job_classification": job,
            "challenged_by": by[challenger],
            "ground": ground,
            "reason": f"{reason} (synthetic demo row, {tally_day.isoformat()})",
        }
        for number, (challenger, ground, job, reason) in enumerate(CHALLENGES, start=1)
    ]
