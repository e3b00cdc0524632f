"""What each API operation on cases, parties, appearances, elections and tallies is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from typing import Any

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

# Demo answers, checked against the response schema: a field added to the serializer is added here too.

CASE_EXAMPLE: dict[str, Any] = {
    "number": "10-RC-990001",
    "name": "Riverbend Fulfillment LLC (fictional live demo, dated from the day it was loaded)",
    "case_type": "RC",
    "region": 10,
    "regional_office": "Atlanta",
    "office_zone": "America/New_York",
    "petition_filed_on": "2026-10-04",
    "unit_description": "All full-time and regular part-time warehouse associates at the Riverbend "
    "distribution center (fictional: a demo case whose dates follow the day it "
    "was loaded).",
    "rule_set": "2023",
    "rule_set_label": "2023 rules (88 FR 58076), petitions from 2023-12-26",
    "status": "open",
    "closed_on": None,
    "closing_reason": "",
    "parties": [
        {
            "id": 5,
            "role": "petitioner",
            "name": "Retail, Wholesale and Department Store Union",
            "counsel": [],
        },
        {"id": 6, "role": "employer", "name": "Riverbend Fulfillment LLC", "counsel": []},
    ],
    "related_cases": [],
    "created_at": "2026-12-03T10:21:52.278860Z",
    "updated_at": "2026-12-03T10:21:52.278886Z",
}

TALLY_EXAMPLE = {
    "id": 2,
    "election": 2,
    "revision": 0,
    "prepared_at": "2022-03-31T12:00:00-05:00",
    "void": 59,
    "votes_for": {"Retail, Wholesale and Department Store Union": 875},
    "votes_against": 993,
    "challenged": 416,
    "valid_votes_counted": 1868,
    "valid_plus_challenged": 2284,
    "majority_needed": 935,
    "challenges_determinative": True,
    "result": "undetermined",
    "winner": None,
    "runoff_choices": [],
    "ledger_count": 416,
    "ledger_matches_tally": True,
    "explanation": "875 for Retail, Wholesale and Department Store Union, 993 against; 1868 valid votes counted, "
    "majority 935; 416 challenged ballots could change the result (margin 118 < 416): undetermined until "
    "they are resolved.",
}

OPERATIONS: dict[str, Doc] = {
    "cases_list": Doc(
        "List your cases",
        "The cases you appear in (staff: every case), newest petition first. Filter by `region`, "
        "`case_type`, `status`, `rule_set`, or search with `q` (a case number in any usual spelling, or "
        "part of the name). " + SEE_ALSO_SCOPE,
    ),
    "cases_create": Doc(
        "Open a case (staff)",
        "Enter a representation case with its parties. The case number is checked and normalised "
        "(`10-rc-269250` → `10-RC-269250`); the rule set (2014, 2019 or 2023) follows from the petition "
        "date and decides every deadline of the case. A number already on the tracker is a 400.",
        request={
            "number": "10-RC-300123",
            "name": "Example Warehouse LLC",
            "petition_filed_on": "2025-03-03",
            "unit_description": "All full-time and regular part-time warehouse associates",
            "parties": [
                {"role": "petitioner", "name": "Retail, Wholesale and Department Store Union"},
                {"role": "employer", "name": "Example Warehouse LLC"},
            ],
        },
    ),
    "cases_retrieve": Doc(
        "Read a case",
        "The case's parties, its region and office zone (every deadline is due at 11:59 p.m. in that "
        "zone), its rule set and related cases. For where the case stands and what is due next, use "
        "`status/`. " + SEE_ALSO_SCOPE,
        response=CASE_EXAMPLE,
    ),
    "cases_partial_update": Doc(
        "Correct a case (staff)",
        "Change the name, the unit description or the status. Changing the petition date can change the "
        "rule set, so it is refused once deadlines have been computed from it.",
        request={"unit_description": "All hourly full-time and regular part-time associates at BHM1"},
    ),
    "cases_parties_list": Doc(
        "List the parties of a case",
        "Each party's id, role and name. Use these ids wherever a request names a party (`challenged_by`, "
        "`filed_by`). " + SEE_ALSO_SCOPE,
        response=[
            {
                "id": 5,
                "role": "petitioner",
                "name": "Retail, Wholesale and Department Store Union",
                "counsel": [],
            },
            {"id": 6, "role": "employer", "name": "Riverbend Fulfillment LLC", "counsel": []},
        ],
    ),
    "cases_parties_create": Doc(
        "Add a party (staff)",
        "An intervening union, for instance. Its name is stored in a tidy form and compared without regard "
        "to case or punctuation, so the same union cannot be entered twice.",
        request={"role": "intervenor", "name": "Amazon Labor Union"},
    ),
    "cases_appearances_list": Doc(
        "Who appears for whom",
        "The counsel and paralegals who appear for each party of the case. An appearance is what lets a "
        "user see the case at all.",
    ),
    "cases_appearances_create": Doc(
        "Enter an appearance (staff)",
        "Let a user appear for a party, as counsel (may file for the party) or paralegal (reads only). "
        "From the next call on, the user sees the case. A person appears for one party of a case: one who "
        "already does is a 400 naming `user`, and a request racing another for the same person is a 409.",
        request={"party": 5, "user": "union-counsel", "capacity": "counsel"},
    ),
    "cases_appearances_destroy": Doc(
        "End an appearance (staff)",
        "When counsel or a paralegal withdraws or is replaced: from the next call on the person no longer "
        "sees the case nor receives its notices. The appearance is kept, with its end, in the case's "
        "history; ending one already ended is a 404.",
    ),
    "elections_list": Doc(
        "List elections",
        "The elections of your cases: initial, rerun and runoff. Filter with `case` (a case number) and "
        "`kind`. Each links to its tallies, challenged ballots and objections.",
    ),
    "elections_create": Doc(
        "Schedule an election (staff)",
        "Enter an election of a case with its ballot choices, mode and dates. A rerun or runoff ordered by "
        "a decision is created by recording that decision (`cases/{number}/proceedings/`), not here.",
        request={
            "case": "10-RC-300123",
            "choices": ["Retail, Wholesale and Department Store Union"],
            "mode": "manual",
            "voting_opens_on": "2025-04-10",
            "voting_closes_on": "2025-04-10",
            "count_on": "2025-04-10",
            "approx_eligible_voters": 250,
        },
    ),
    "elections_retrieve": Doc(
        "Read an election",
        "Its kind, mode, dates, ballot choices and latest tally. " + SEE_ALSO_SCOPE,
    ),
    "elections_partial_update": Doc(
        "Correct an election (staff)",
        "Change dates, mode or the eligible-voter estimate. The ballot choices are locked once a tally is "
        "recorded.",
        request={"approx_eligible_voters": 6153},
    ),
    "elections_tallies_list": Doc(
        "The tallies of an election",
        "The tally of ballots (revision 0) and each revised tally after challenged ballots were opened, "
        "with the arithmetic: valid votes, the majority needed, whether the challenged ballots are "
        "determinative (could change the result), the result and the winner.",
        response={"count": 1, "next": None, "previous": None, "results": [TALLY_EXAMPLE]},
    ),
    "elections_tallies_create": Doc(
        "Record the tally of ballots (staff)",
        "The first tally opens the 5-business-day objections period (29 CFR 102.69(a)) and creates its "
        "deadlines; whether the challenged ballots are determinative follows from the figures. Figures that "
        "cannot be (more votes than voters, negative counts) are a 400 naming the figure.",
        request={
            "prepared_at": "2022-03-31T12:00:00-05:00",
            "votes_for": {"Retail, Wholesale and Department Store Union": 875},
            "votes_against": 993,
            "void": 59,
            "challenged": 416,
        },
        response=TALLY_EXAMPLE,
    ),
}
