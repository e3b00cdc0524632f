"""Answers of the demo data, shown as the response examples of the API documentation.

Taken from the live demo case (10-RC-990001) as loaded on 2026-12-03, and from the Bessemer record; the
test suite checks each against its operation's response schema, closed (no field the schema does not name), so a
changed, missing or dropped field shows up there; the values are not checked (the demo's dates move with today)."""

from __future__ import annotations

from typing import Any

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

STATUS_EXAMPLE: dict[str, Any] = {
    "case": "10-RC-990001",
    "stage": "regional_investigation",
    "stage_label": "Regional investigation of objections and challenges",
    "outcome": None,
    "outcome_label": None,
    "rule_set": "2023",
    "current_election": {
        "id": 5,
        "sequence": 1,
        "kind": "initial",
        "latest_tally": {
            "id": 4,
            "election": 5,
            "revision": 0,
            "prepared_at": "2026-11-16T22:00:00Z",
            "void": 3,
            "votes_for": {"Retail, Wholesale and Department Store Union": 118},
            "votes_against": 112,
            "challenged": 14,
            "valid_votes_counted": 230,
            "valid_plus_challenged": 244,
            "majority_needed": 116,
            "challenges_determinative": True,
            "result": "undetermined",
            "winner": None,
            "runoff_choices": [],
            "explanation": "118 for Retail, Wholesale and Department "
            "Store Union, 112 against; 230 valid votes "
            "counted, majority 116; 14 challenged "
            "ballots could change the result (margin 6 < "
            "14): undetermined until they are resolved, "
            "still possible: representative (Retail, "
            "Wholesale and Department Store Union) or no "
            "representative.",
            "ledger_count": 13,
            "ledger_matches_tally": False,
        },
    },
    "proceeding_election": {"id": 5, "sequence": 1, "kind": "initial"},
    "track": "regional",
    "challenges": {"pending": 13, "sustained": 0, "overruled": 0, "withdrawn": 0, "moot": 0},
    "objections": {"pending": 1, "set_for_hearing": 0, "sustained": 0, "overruled": 0, "withdrawn": 0},
    "ledger_matches_tally": False,
    "next_deadline": {
        "id": 20,
        "code": "hearing",
        "label": "Post-election hearing opens (target)",
        "due_at": "2026-12-08T23:59:00-05:00",
        "due_on": "2026-12-08",
        "zone": "America/New_York",
        "citation": "29 CFR 102.69(c)(1)(ii)",
        "verified": True,
        "source": "cfr",
        "election": 5,
        "party": None,
    },
    "allowed_events": [
        "regional_investigation",
        "notice_of_hearing",
        "consolidated_with_ulp",
        "regional_director_decision",
        "certification_issued",
    ],
    "test_of_certification": None,
    "ending_events": [
        "petition_dismissed",
        "petition_withdrawn",
        "disclaimer_filed",
        "bargaining_order",
        "election_blocked",
        "case_transferred",
    ],
    "office_region": 10,
    "last_event": None,
    "path": [
        {
            "stage": "objections_period",
            "stage_label": "Objections period open",
            "on": "2026-11-16",
            "event": None,
        },
        {
            "stage": "regional_investigation",
            "stage_label": "Regional investigation of objections and challenges",
            "on": "2026-11-23",
            "event": None,
        },
    ],
}

OPEN_DEADLINES_EXAMPLE: dict[str, Any] = {
    "count": 1,
    "next": None,
    "previous": None,
    "results": [
        {
            "id": 20,
            "case": "10-RC-990001",
            "election": 5,
            "election_sequence": 1,
            "code": "hearing",
            "label": "Post-election hearing opens (target)",
            "due_on": "2026-12-08",
            "due_at": "2026-12-08T23:59:00-05:00",
            "zone": "America/New_York",
            "trigger": "tally",
            "trigger_on": "2026-11-16",
            "trigger_event": None,
            "rule_set": "2023",
            "citation": "29 CFR 102.69(c)(1)(ii)",
            "explanation": "Post-election hearing opens (target): 15 business days after the "
            "tally of 2026-11-16 (Mon) under the 2023 rules, 29 CFR "
            "102.69(c)(1)(ii). Counted 2026-11-17 … 2026-12-08; skipped Sat "
            "2026-11-21, Sun 2026-11-22, Thu 2026-11-26 (Thanksgiving Day), Sat "
            "2026-11-28, Sun 2026-11-29, Sat 2026-12-05, Sun 2026-12-06. Target "
            "date Tue 2026-12-08: a target, not a bar; it may happen later, as "
            "soon as practicable. Source: CFR text. Current CFR text (eCFR after "
            "89 FR 25806), in force for petitions filed from 2023-12-26: the "
            "hearing is set for 15 business days after the tally is prepared or "
            "as soon as practicable, unless the parties agree to an earlier date "
            "(102.69(c)(1)(ii)). A target, not a bar.",
            "verified": True,
            "status": "open",
            "status_note": "",
            "source": "cfr",
            "party": None,
            "reason": "",
            "responds_to": None,
            "superseded_by": None,
            "created_at": "2026-12-03T10:21:52.314345Z",
        }
    ],
}

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

OBJECTION_EXAMPLE: dict[str, Any] = {
    "id": 53,
    "election": 5,
    "case": "10-RC-990001",
    "filed_by": 6,
    "filed_by_name": "Riverbend Fulfillment LLC",
    "number": 1,
    "category": "other",
    "category_label": "Other",
    "objects_to": "conduct",
    "statement": "Union agents campaigned in the line of voters waiting at the polling place "
    "(fictional demo objection).",
    "filed_at": "2026-11-19T11:00:00-05:00",
    "offer_of_proof_filed_at": "2026-11-19T11:00:00-05:00",
    "due_at": "2026-11-23T23:59:00-05:00",
    "due_explanation": "Objections and offer of proof: 5 business days after the tally of 2026-11-16 "
    "(Mon) under the 2023 rules, 29 CFR 102.69(a)(8). Counted 2026-11-17 … "
    "2026-11-23; skipped Sat 2026-11-21, Sun 2026-11-22. Due 2026-11-23 at 11:59 "
    "p.m. America/New_York (29 CFR 102.2(b)). Source: CFR text. Current CFR text "
    "(eCFR after 89 FR 25806), in force for petitions filed from 2023-12-26: "
    "within 5 business days after the tally is prepared (102.69(a)(8)).",
    "verified": True,
    "timely": True,
    "received_at": "2026-12-03T05:21:52.345733-05:00",
    "filing_confirmed": True,
    "zone": "America/New_York",
    "offer_of_proof_due_at": "2026-11-23T23:59:00-05:00",
    "offer_of_proof_timely": True,
    "offer_of_proof_received_at": "2026-12-03T10:21:52.345733Z",
    "offer_of_proof_confirmed": True,
    "offer_of_proof_extension_reason": "",
    "status": "pending",
    "status_explanation": "No ruling yet.",
    "rulings": [],
    "withdrawn_at": None,
}

TIMELINE_EXAMPLE: dict[str, Any] = {
    "count": 6,
    "next": None,
    "previous": None,
    "results": [
        {
            "at": "2026-10-29",
            "kind": "petition",
            "title": "Petition filed (RC)",
            "details": {"case": "10-RC-990001", "rule_set": "2023"},
            "source": {"type": "case", "id": "10-RC-990001"},
        },
        {
            "at": "2026-11-16T17:00:00-05:00",
            "kind": "tally",
            "title": "Tally of ballots, election 1: Retail, Wholesale and Department Store Union "
            "118, against 112, 14 challenged ballots",
            "details": {
                "election": 5,
                "sequence": 1,
                "revision": 0,
                "votes_for": {"Retail, Wholesale and Department Store Union": 118},
                "votes_against": 112,
                "void": 3,
                "challenged": 14,
                "result": "undetermined",
                "challenges_determinative": True,
            },
            "source": {"type": "tally", "id": 4},
        },
    ],
}

CALENDAR_EXAMPLE: dict[str, Any] = {
    "url": "http://127.0.0.1:8000/api/v1/calendar/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.ics",
    "created_at": "2026-12-03T09:18:57.439772Z",
}
