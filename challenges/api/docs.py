"""What each API operation on challenged ballots is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from typing import Any

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

# Demo answers, checked against the response schema: a field added to the serializer is added here too.

CHALLENGE_EXAMPLE: dict[str, Any] = {
    "id": 922,
    "election": 5,
    "election_sequence": 1,
    "case": "10-RC-990001",
    "voter_name": "Synthetic Voter L-001",
    "voter_identifier": "SYNTH-LIVE-001",
    "job_classification": "Warehouse Associate",
    "challenged_by": "board_agent",
    "challenged_by_name": "Board agent",
    "ground": "not_on_list",
    "reason": "Voter not on the list (synthetic demo row, 2026-11-16)",
    "status": "pending",
    "resolution_method": "",
    "resolved_on": None,
    "resolved_level": "",
    "recommendation": "",
    "recommended_on": None,
    "recommendation_level": "",
    "awaiting_count": False,
    "counted_in_revision": None,
    "logged_by": "staff",
    "logged_at": "2026-12-03T10:21:52.337542Z",
    "updated_at": "2026-12-03T10:21:52.337581Z",
    "synthetic": True,
}

OPERATIONS: dict[str, Doc] = {
    "challenges_list": Doc(
        "Search the challenged-ballot ledger",
        "Challenged ballots across your cases. Filter by `case`, `election`, `status` (`pending`, "
        "`sustained`, `overruled`, `withdrawn`, `moot`), `ground` and `challenged_by` (a party id or "
        "`board_agent`). " + SEE_ALSO_SCOPE,
    ),
    "challenges_retrieve": Doc(
        "Read one challenged ballot",
        "Who challenged the voter and why, and its fate: resolved how, when and at what level, and "
        "whether the ballot was opened and counted in a revised tally. " + SEE_ALSO_SCOPE,
        response=CHALLENGE_EXAMPLE,
    ),
    "elections_challenges_list": Doc(
        "The ledger of one election",
        "Every challenged ballot of the election; the same filters as `challenges/`.",
    ),
    "elections_challenges_create": Doc(
        "Log a challenged ballot",
        "Counsel log challenges in their own party's name (another party's is a 403); staff may log for "
        "any party or for the Board agent (`board_agent`). The same voter twice in one election is a 400.",
        request={
            "voter_name": "J. Doe",
            "voter_identifier": "E-1001",
            "challenged_by": 5,
            "ground": "supervisor",
            "reason": "Schedules the shift",
        },
    ),
    "elections_challenges_import_create": Doc(
        "Import challenged ballots from a CSV file",
        "For the hundreds of challenges of a mail-ballot count: every row is imported, or none. Each error "
        "names its line and column. Columns: voter_name, voter_identifier, job_classification, "
        "challenged_by (party id, exact party name or board_agent), ground, reason. Send as "
        "`multipart/form-data` with the file in `file`.",
    ),
    "elections_challenges_moot_create": Doc(
        "Mark the pending challenges moot (staff)",
        "When the ballots still unopened can no longer change the result (the margin exceeds them), the "
        "pending challenges will never be decided. Refused (409) while they are still determinative.",
    ),
    "elections_open_and_count_create": Doc(
        "Open and count released ballots (staff)",
        "Enter the votes found in the ballots released since the last tally (overruled challenges, or "
        "withdrawn ones): a revised tally is recorded and the determinative question is asked again.",
        request={
            "votes_for": {"Retail, Wholesale and Department Store Union": 40},
            "votes_against": 35,
            "void": 1,
        },
    ),
    "challenges_resolve_create": Doc(
        "Decide a challenged ballot (staff)",
        "Sustain (the ballot stays sealed) or overrule (it is released to be opened and counted) a pending "
        "challenge, by agreement of the parties, after investigation or after a hearing, at a stated level. "
        "A challenge no longer pending is a 409.",
        request={"outcome": "overruled", "method": "investigation", "decided_on": "2022-06-01"},
    ),
    "challenges_withdraw_create": Doc(
        "Withdraw a challenge",
        "Counsel of the party that made the challenge, or staff. The ballot is released to be counted.",
        request={"withdrawn_on": "2022-05-02"},
    ),
}
