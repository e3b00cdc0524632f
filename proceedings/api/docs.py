"""What each API operation on the proceedings, deadlines, status, timeline and calendar is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from typing import Any

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

# Demo answers, checked against the response schema: a field added to the serializer is added here too.

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
            "trigger_tally": 12,
            "trigger_tally_revision": 0,
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
            "owed_by": "agency",
            "parties": [],
            "reason": "",
            "responds_to": None,
            "superseded_by": None,
            "created_at": "2026-12-03T10:21:52.314345Z",
        },
        {
            "id": 18,
            "case": "10-RC-990001",
            "election": 5,
            "election_sequence": 1,
            "code": "objections",
            "label": "Objections and offer of proof",
            "due_on": "2026-11-23",
            "due_at": "2026-11-23T23:59:00-05:00",
            "zone": "America/New_York",
            "trigger": "tally",
            "trigger_on": "2026-11-16",
            "trigger_event": None,
            "trigger_tally": 12,
            "trigger_tally_revision": 0,
            "rule_set": "2023",
            "citation": "29 CFR 102.69(a)(8)",
            "explanation": "Objections and offer of proof: 5 business days after the tally of 2026-11-16 (Mon) "
            "under the 2023 rules, 29 CFR 102.69(a)(8). Due 2026-11-23 at 11:59 p.m. America/New_York "
            "(29 CFR 102.2(b)). Source: CFR text.",
            "verified": True,
            "status": "open",
            "status_note": "",
            "source": "cfr",
            "party": None,
            "owed_by": "each_party",
            "parties": [
                {
                    "party": 9,
                    "party_name": "Workers United",
                    "status": "met",
                    "met_by": 31,
                    "due_at": "2026-11-23T23:59:00-05:00",
                    "note": "Filed on 2026-11-20.",
                },
                {
                    "party": 10,
                    "party_name": "Demo Coffee Co.",
                    "status": "open",
                    "met_by": None,
                    "due_at": "2026-11-23T23:59:00-05:00",
                    "note": "",
                },
            ],
            "reason": "",
            "responds_to": None,
            "superseded_by": None,
            "created_at": "2026-12-03T10:21:52.314345Z",
        },
    ],
}

CALENDAR_EXAMPLE: dict[str, Any] = {
    "url": "http://127.0.0.1:8000/api/v1/calendar/xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx.ics",
    "created_at": "2026-12-03T09:18:57.439772Z",
}

OPERATIONS: dict[str, Doc] = {
    "cases_status_retrieve": Doc(
        "Where is the case, and what is due next?",
        "The one call to answer a client's 'where are we?': the stage of the proceedings, the current "
        "election and its latest tally (are the challenged ballots determinative?), the challenged ballots "
        "and objections by status, `next_deadline` (the soonest open deadline, with its due time, zone "
        "and rule), the events the ladder allows next, and the path so far. Beside the representation case, "
        "`test_of_certification` follows the refusal to bargain through the CA case and the courts (null "
        "before one); `ending_events` lists what may end, hold or transfer the case now; `office_region` is "
        "the Region whose 11:59 p.m. governs new deadlines (the receiving one after a transfer). "
        + SEE_ALSO_SCOPE,
        response=STATUS_EXAMPLE,
    ),
    "cases_timeline_list": Doc(
        "The case's chronological record",
        "Everything that happened, oldest first: the petition, each election and tally, the challenged "
        "ballots and objections, rulings, and each step of the appeal ladder. Dates with a time carry the "
        "regional office's UTC offset. " + SEE_ALSO_SCOPE,
        response=TIMELINE_EXAMPLE,
    ),
    "cases_proceedings_list": Doc(
        "The steps of the appeal ladder",
        "Every recorded event of the case's proceedings — notices of hearing, hearings, reports, decisions, "
        "requests for review, certifications, court petitions — oldest first; voided ones are included and "
        "flagged. Filter by `election`, `event`, `voided`.",
    ),
    "cases_proceedings_create": Doc(
        "Record a step of the ladder (staff)",
        "An event out of order is a 409 that lists the events allowed next (`allowed`). Each event creates "
        "the deadlines its rule set attaches to it (a Regional Director's decision opens the request for "
        "review, for example). Missing or invalid details are a 400 naming the detail. A case is closed "
        "only by one of its ending events (petition_dismissed, petition_withdrawn, disclaimer_filed, "
        "bargaining_order); election_blocked holds it (29 CFR 103.20) until block_lifted; case_transferred "
        "moves every later deadline to the receiving office's zone. The test of certification "
        "(refusal_to_bargain, the CA events, board_order, the court filings and decisions) runs beside the "
        "representation case: its events never move the case's own stage, and a court decision ends the "
        "test, never the case.",
        request={
            "event": "notice_of_hearing",
            "occurred_on": "2021-04-26",
            "details": {"hearing_on": "2021-05-07"},
        },
    ),
    "cases_proceedings_void_create": Doc(
        "Void a wrongly recorded step (staff)",
        "Nothing is deleted: the event is kept, flagged void with the reason. Refused (409) while a later "
        "event depends on it, or when its order created an election.",
        request={"reason": "Entered against the wrong election"},
    ),
    "deadlines_list": Doc(
        "What is due, across your cases",
        "Deadlines soonest first, each with its due time in the regional office's zone, the rule and "
        "citation, how it was counted (the days skipped), and `verified: false` where the figure rests on "
        "secondary sources. Each says whose it is (`owed_by`) and every party's own state (`parties`); "
        "the top-level `status` and `due_at` are your own party's (staff: open while any party's time "
        "runs, at the earliest such date). Filter by `case`, `status` (`open`, `met`, `missed`, `moot`, "
        "`superseded`), `due_after`, `due_before`, `code`, `election`, `verified`, `party` (a party id) "
        "and `mine=true` (what your own party owes or may file).",
        response=OPEN_DEADLINES_EXAMPLE,
    ),
    "deadlines_retrieve": Doc(
        "Read one deadline",
        "Its due time and zone, trigger, rule set, citation and the explanation of how it was counted.",
    ),
    "cases_deadlines_list": Doc(
        "The deadlines of a case",
        "Every deadline of one case — open, met, missed, moot or superseded — with the same fields and "
        "filters as `deadlines/`.",
    ),
    "cases_deadlines_create": Doc(
        "Enter a deadline set by an order (staff)",
        "When the Regional Director or the Board sets a date by order (an extension, a briefing "
        "schedule), enter it here: it supersedes the computed one with the same code, which stays in the "
        "record.",
        request={
            "code": "exceptions",
            "due_on": "2021-08-30",
            "reason": "Extension granted by the Regional Director",
        },
    ),
    "calendar_retrieve": Doc(
        "Your calendar feed's address",
        "A secret iCalendar URL with the open deadlines of your cases, for Outlook, Google Calendar or "
        "Apple Calendar. Created on the first call; anyone with the URL can read the feed, so treat it as "
        "a password.",
        response=CALENDAR_EXAMPLE,
    ),
    "calendar_rotate_create": Doc(
        "Replace your calendar feed's address",
        "If the URL was shared by mistake: the old one answers 404 from now on, and a new one is issued.",
    ),
    "calendar_.ics_retrieve": Doc(
        "The calendar feed",
        "The iCalendar (`text/calendar`) feed of your open deadlines, each at its due time in the "
        "regional office's zone. No sign-in: the secret token in the URL is the credential; a revoked or "
        "unknown token is a 404.",
    ),
}
