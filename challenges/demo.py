"""Demo ledger for the Bessemer case (10-RC-269250): one row per challenged ballot of both tallies.

The voters are invented — every row is ``synthetic=True`` and named "Synthetic Voter …" — because the
public record gives only the counts (505 in 2021, 416 in 2022; ../shared/data/bessemer-10-RC-269250.md).
The spread of challengers and grounds is plausible for a mail-ballot count, where most challenges are the
Board agent's (a returned envelope whose voter the list does not show) and the employer's (people who had
left, or who it says were supervisors or outside the unit). It is illustrative, not a finding.

- 2022 (rerun, tally of 2022-03-31): 416 challenges, all pending. The margin (118) is below 416, so they
  are determinative — as they were in the real case, where 311 were still open in 2024.
- 2021 (initial, tally of 2021-04-09): 505 challenges, marked moot as of the tally. The margin (1,060)
  exceeded 505, so the ballots were never opened or decided (Form NLRB-5547); loading them keeps the
  ledger consistent with the tally and shows what "moot" means.

Loaded through the same import and moot services as real data, without notices. Idempotent: an
election that already has challenges is left alone.
"""

from __future__ import annotations

from datetime import date

from django.contrib.auth import get_user_model

from challenges import csv_import, services
from challenges.models import BOARD_AGENT, Challenge
from elections.models import Case, Election, Party

# (count, challenger, ground, job classification, reason) — challenger: "employer", "union" or board_agent.
SPREAD_2022: list[tuple[int, str, str, str, str]] = [
    (
        120,
        BOARD_AGENT,
        "not_on_list",
        "Fulfillment Associate",
        "Returned envelope; voter not found on the list",
    ),
    (
        20,
        BOARD_AGENT,
        "not_employed_on_eligibility_date",
        "Fulfillment Associate",
        "Hire date after the payroll period ending 2022-01-08",
    ),
    (
        10,
        BOARD_AGENT,
        "other",
        "Fulfillment Associate",
        "Identity could not be matched to the list from the envelope",
    ),
    (
        110,
        "employer",
        "no_longer_employed",
        "Fulfillment Associate",
        "Separated from employment before the count",
    ),
    (
        40,
        "employer",
        "supervisor",
        "Process Assistant",
        "Directs associates' work; alleged supervisor under §2(11)",
    ),
    (35, "employer", "outside_unit", "RME Technician", "Reliability maintenance: not in the stipulated unit"),
    (
        21,
        "employer",
        "not_employed_on_eligibility_date",
        "Seasonal Associate",
        "Seasonal hire after the eligibility date",
    ),
    (25, "union", "supervisor", "Area Manager", "Hires, disciplines and assigns; a §2(11) supervisor"),
    (20, "union", "manager", "Operations Manager", "Formulates and effectuates management policy"),
    (10, "union", "confidential", "HR Assistant", "Assists HR in labor-relations matters"),
    (5, "union", "guard", "Loss Prevention Specialist", "Enforces rules against employees; a §9(b)(3) guard"),
]
SPREAD_2021: list[tuple[int, str, str, str, str]] = [
    (
        150,
        BOARD_AGENT,
        "not_on_list",
        "Fulfillment Associate",
        "Returned envelope; voter not found on the list",
    ),
    (
        25,
        BOARD_AGENT,
        "not_employed_on_eligibility_date",
        "Fulfillment Associate",
        "Hire date after the eligibility period",
    ),
    (
        15,
        BOARD_AGENT,
        "other",
        "Fulfillment Associate",
        "Identity could not be matched to the list from the envelope",
    ),
    (
        140,
        "employer",
        "no_longer_employed",
        "Fulfillment Associate",
        "Separated from employment before the count",
    ),
    (
        45,
        "employer",
        "supervisor",
        "Process Assistant",
        "Directs associates' work; alleged supervisor under §2(11)",
    ),
    (40, "employer", "outside_unit", "RME Technician", "Reliability maintenance: not in the unit directed"),
    (
        30,
        "employer",
        "laid_off_no_recall",
        "Seasonal Associate",
        "Seasonal assignment ended without expectancy of recall",
    ),
    (30, "union", "supervisor", "Area Manager", "Hires, disciplines and assigns; a §2(11) supervisor"),
    (20, "union", "manager", "Operations Manager", "Formulates and effectuates management policy"),
    (10, "union", "confidential", "HR Assistant", "Assists HR in labor-relations matters"),
]
MOOT_ON_2021 = date(2021, 4, 9)  # the tally: 1,060 margin, 505 challenged — not determinative


def _rows(election: Election, spread: list[tuple[int, str, str, str, str]]) -> list[dict[str, object]]:
    parties = {p.role: p for p in election.case.parties.all()}
    employer = parties.get(Party.Role.EMPLOYER)
    union = parties.get(Party.Role.PETITIONER) or parties.get(Party.Role.UNION)
    year = election.count_on.year if election.count_on else election.sequence
    rows: list[dict[str, object]] = []
    # Interleave the groups so that any page of the ledger shows a realistic mix.
    pools = [[(challenger, ground, job, reason)] * count for count, challenger, ground, job, reason in spread]
    order = sorted(
        ((i / len(pool), g) for g, pool in enumerate(pools) for i in range(len(pool))),
    )
    taken = [0] * len(pools)
    for number, (_, group) in enumerate(order, start=1):
        challenger, ground, job, reason = pools[group][taken[group]]
        taken[group] += 1
        party = {"employer": employer, "union": union}.get(challenger)
        if challenger != BOARD_AGENT and party is None:
            continue
        rows.append(
            {
                "voter_name": f"Synthetic Voter {election.sequence}-{number:04d}",
                "voter_identifier": f"SYNTH-{year}-{number:04d}",
                "job_classification": job,
                "challenged_by": BOARD_AGENT if party is None else party.pk,
                "ground": ground,
                "reason": f"{reason} (synthetic demo row)",
            }
        )
    return rows


def _load(election: Election, spread: list[tuple[int, str, str, str, str]], actor: object) -> bool:
    if Challenge.objects.filter(election=election).exists():
        return False
    services.challenges_import(
        election=election,
        data=csv_import.to_csv(_rows(election, spread)),
        actor=actor,  # type: ignore[arg-type]
        synthetic=True,
        notify_parties=False,
    )
    return True


def load(case: Case) -> None:
    staff = get_user_model().objects.filter(username="staff", is_staff=True).first()
    elections = {e.sequence: e for e in case.elections.select_related("case")}
    if 1 in elections and _load(elections[1], SPREAD_2021, staff):
        services.challenges_mark_moot(
            election=elections[1], actor=staff, on=MOOT_ON_2021, notify_parties=False
        )
    if 2 in elections:
        _load(elections[2], SPREAD_2022, staff)
