"""What each API operation is for, written for counsel, paralegals and Board staff — not for programmers.

The schema post-processing hook (``core.api.openapi.describe_operations``) puts each entry's summary,
description and examples on the operation with that ``operationId``; a view's docstring (a note for the
people who maintain the code) never reaches the documentation. An operation without an entry here keeps
the description its ``extend_schema`` gives it; the test suite checks that every operation has one and that
none reads like a code note.

Examples use the demo data of a fresh ``make run`` (10-RC-269250, the historical Bessemer case;
10-RC-990001, the fictional live case), so a reader can try them as shown.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from core.api import operation_examples as examples


@dataclass(frozen=True)
class Doc:
    summary: str
    description: str
    request: dict[str, Any] | None = None
    response: Any = None
    extra: dict[str, Any] = field(default_factory=dict)


SEE_ALSO_SCOPE = (
    "You see only the cases where you have an appearance (staff see every case); anything else answers "
    "404, exactly as if it did not exist."
)

OPERATIONS: dict[str, Doc] = {
    "root_retrieve": Doc(
        "List the API's endpoints",
        "Where to start: every endpoint with the methods it answers, and links to this documentation and "
        "the OpenAPI schema.",
    ),
    "health_retrieve": Doc(
        "Is the tracker up?",
        "For load balancers and uptime checks; needs no sign-in. `database` is `ok` or `down` (then the "
        "answer is 503); `broker` is `ok`, `down` (writes still succeed, e-mail notices wait in the outbox "
        "and go out when it is back) or `inline` (no broker configured).",
    ),
    # --- cases -----------------------------------------------------------------------------------------
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
        response=examples.CASE_EXAMPLE,
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
    "auth_token_rotate_create": Doc(
        "Get a new API token (and revoke the old one)",
        "Issues a new token for you and revokes the one you had: the old key answers 401 from the next "
        "call. The new key is in this answer only — the tracker keeps just a hash of it, so it cannot show "
        "it again. Signed in through /api-auth/login/, this is also how you get a first token or replace "
        "one that expired. Two rotations at the same moment with one key: the second is a 409 and changes "
        "nothing (the key the first returned is the one that works).",
    ),
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
        response=examples.STATUS_EXAMPLE,
    ),
    "cases_timeline_list": Doc(
        "The case's chronological record",
        "Everything that happened, oldest first: the petition, each election and tally, the challenged "
        "ballots and objections, rulings, and each step of the appeal ladder. Dates with a time carry the "
        "regional office's UTC offset. " + SEE_ALSO_SCOPE,
        response=examples.TIMELINE_EXAMPLE,
    ),
    # --- elections ---------------------------------------------------------------------------------------
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
        response={"count": 1, "next": None, "previous": None, "results": [examples.TALLY_EXAMPLE]},
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
        response=examples.TALLY_EXAMPLE,
    ),
    # --- challenged ballots ------------------------------------------------------------------------------
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
        response=examples.CHALLENGE_EXAMPLE,
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
    # --- objections ----------------------------------------------------------------------------------------
    "objections_list": Doc(
        "Search objections",
        "Objections across your cases; filter by `case`, `election`, `filed_by` (party id), `status`, "
        "`category` and `timely`. Every party of a case sees all its objections: they are served on all "
        "parties. " + SEE_ALSO_SCOPE,
    ),
    "objections_retrieve": Doc(
        "Read an objection",
        "Its statement, who filed it and when, whether it was timely (with the due time, zone and rule), "
        "its offer of proof, and every ruling on it at every level, with which ruling controls its status.",
        response=examples.OBJECTION_EXAMPLE,
    ),
    "elections_objections_list": Doc(
        "The objections to one election",
        "Every objection to the conduct of the election or of the campaign, with its rulings.",
    ),
    "elections_objections_create": Doc(
        "File an objection",
        "Counsel file for their own party; staff record one for any party. Objections are due 5 business "
        "days after the tally of ballots, by 11:59 p.m. in the regional office's zone (29 CFR 102.69(a), "
        "102.2); a counsel's filing after that is refused with the due time, zone and rule. Staff may "
        "record a late one, flagged `timely: false`. Give `filed_at` with its UTC offset, or leave it out "
        "for now; a time without an offset is read on the regional office's clock, and the answer's "
        "`explanation` says so.",
        request={
            "filed_by": 5,
            "category": "threats",
            "statement": "Supervisors predicted the facility would close if the union won.",
        },
    ),
    "objections_rulings_create": Doc(
        "Rule on an objection (staff)",
        "Record a ruling at one level — a hearing officer's or ALJ's recommendation, the Regional "
        "Director's decision, the Board's — and the objection's status follows from the ruling that "
        "controls. A ruling the level does not allow (an ALJ 'sustained') is a 400.",
        request={"level": "regional_director", "disposition": "overruled", "decided_on": "2022-06-01"},
    ),
    "objections_withdraw_create": Doc(
        "Withdraw an objection",
        "Counsel of the filing party, or staff. An objection already withdrawn is a 409.",
        request={"withdrawn_at": "2022-04-20T10:00:00-04:00"},
    ),
    "objections_extend_offer_of_proof_create": Doc(
        "Extend the time for the offer of proof (staff)",
        "Record the Regional Director's extension of the time to file the offer of proof (29 CFR "
        "102.69(a)(8)), with its reason.",
        request={"until": "2022-04-14T23:59:00-04:00", "reason": "Granted on the union's motion"},
    ),
    "objections_offer_of_proof_create": Doc(
        "File the offer of proof",
        "When it was not filed with the objections: counsel of the filing party, or staff, within the time "
        "allowed (extended or not).",
        request={"filed_at": "2022-04-12T15:00:00-04:00"},
    ),
    # --- the appeal ladder ------------------------------------------------------------------------------------
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
    # --- deadlines ------------------------------------------------------------------------------------------
    "deadlines_list": Doc(
        "What is due, across your cases",
        "Deadlines soonest first, each with its due time in the regional office's zone, the rule and "
        "citation, how it was counted (the days skipped), and `verified: false` where the figure rests on "
        "secondary sources. Filter by `case`, `status` (`open`, `met`, `missed`, `moot`, `superseded`), "
        "`due_after`, `due_before`, `code`, `election`, `verified`.",
        response=examples.OPEN_DEADLINES_EXAMPLE,
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
    # --- calendar -------------------------------------------------------------------------------------------
    "calendar_retrieve": Doc(
        "Your calendar feed's address",
        "A secret iCalendar URL with the open deadlines of your cases, for Outlook, Google Calendar or "
        "Apple Calendar. Created on the first call; anyone with the URL can read the feed, so treat it as "
        "a password.",
        response=examples.CALENDAR_EXAMPLE,
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
    # --- notes, history, exports (issue 11) ------------------------------------------------------------
    "cases_notes_list": Doc(
        "Notes on a case you may read",
        "The notes written on this case itself (not on its challenges or objections: use `notes/?case=`) "
        "that you may read: your own party's side notes, notes for everyone on the case, and — for Board "
        "staff — staff notes. The other side's work product never appears. " + SEE_ALSO_SCOPE,
    ),
    "cases_notes_create": Doc(
        "Write a note on a case",
        "`side`: your party's work product, read only by the people appearing for your party (not the other "
        "side, not Board staff); `staff`: Board staff only; `case`: everyone on the case. Visibility is "
        "fixed once written.",
    ),
    "challenges_notes_list": Doc(
        "Notes on a challenged ballot you may read",
        "The notes on one challenged ballot that you may read; the other side's work product never appears.",
    ),
    "challenges_notes_create": Doc(
        "Write a note on a challenged ballot",
        "Same visibility rules as a case note: `side` (your party only), `staff` (Board staff only) or "
        "`case` (everyone on the case).",
    ),
    "objections_notes_list": Doc(
        "Notes on an objection you may read",
        "The notes on one objection that you may read; the other side's work product never appears.",
    ),
    "objections_notes_create": Doc(
        "Write a note on an objection",
        "Same visibility rules as a case note: `side` (your party only), `staff` (Board staff only) or "
        "`case` (everyone on the case).",
    ),
    "notes_list": Doc(
        "Every note you may read",
        "All the notes you may read across your cases, oldest first; `case` narrows it to one case and "
        "everything under it. A note you may not read is never counted or shown.",
    ),
    "notes_retrieve": Doc(
        "Read a note",
        "One note you may read. A note you may not read answers 404, exactly like one that does not exist.",
    ),
    "notes_partial_update": Doc(
        "Edit your note",
        "Change the text of a note you wrote (other readers get 403). The earlier text stays in the note's "
        "history; visibility, party and subject cannot change.",
    ),
    "notes_history_list": Doc(
        "Earlier versions of a note",
        "Every version of a note you may read, oldest first: the text as written and after each edit.",
    ),
    "cases_history_list": Doc(
        "Who changed what in a case (staff)",
        "Every change to the case and everything under it — parties, appearances, elections, tallies, "
        "challenges, objections, rulings, proceedings, deadlines and notes other than side notes — with "
        "who made it, when, and the fields before and after; oldest first. Board staff only.",
    ),
    "cases_export_.csv_retrieve": Doc(
        "Export a case as CSV",
        "The case's challenges, objections, deadlines, timeline or notes as a CSV file for a spreadsheet: "
        "exactly what you may read, times in the regional office's zone with the zone named.",
    ),
    # --- filings and the public record ---------------------------------------------------------------
    "objections_confirm_filing_create": Doc(
        "Confirm a filing time (staff)",
        "When counsel state a filing time inside the period but the tracker received the filing after the "
        "period closed, the objection waits (`timely` null). Staff confirm the stated time (`timely` "
        'true) or record the filing as late with `{"late": true}`; the other side is told either way.',
    ),
    "cases_import_create": Doc(
        "Import a case from the public record (staff)",
        "Bring one case, with its parties, counsel of record, elections, tallies and public docket, in from "
        "the configured public-record file (labordata's nlrb.db). Runs in the background: the answer is 202 "
        "with the address to follow it; 409 when no file is configured.",
    ),
    "cases_import_retrieve": Doc(
        "Follow an import (staff)",
        "Where an import from the public record stands: queued, running, done or failed, with its report.",
    ),
    # --- counsel's papers: filings, motions, extensions, documents -------------------------------------
    "cases_filings_list": Doc(
        "The papers filed in a case",
        "Every filing of the case, oldest first: exceptions, briefs, requests for review, oppositions, "
        "motions and extension requests, with who filed them, when (stated and received), on whom they "
        "were served, the deadline each met and its documents. Filter by `kind`, `party`, `election`, "
        "`ruling`, or search titles and the documents' text with `q`. " + SEE_ALSO_SCOPE,
    ),
    "cases_filings_create": Doc(
        "File a paper",
        "Counsel file for their own party; staff record a filing for any party. A filing the appeal "
        "ladder knows (exceptions, answering brief, request for review, opposition) records its "
        "proceeding event and meets its deadline; cross-exceptions, their answering brief, reply briefs "
        "and briefs on review meet theirs (29 CFR 102.46(c)-(e), 102.67(h)). A counsel's filing after the "
        "due time is a 400 with the due time, zone and rule; staff may record it (`timely` false). An "
        "`extension_request` names the deadline in `answers` and is filed no later than its due date; one "
        "filed within 3 days of it states `unforeseeable_grounds` (29 CFR 102.2(c)). Every other party's "
        "counsel is told. Attach the documents with `documents/`.",
        request={
            "kind": "exceptions",
            "party": 2,
            "title": "Employer's Exceptions to the Hearing Officer's Report",
            "confirmation_number": "EF-2022-0916-001",
            "served_on": [1],
            "service_method": "e_file",
        },
    ),
    "filings_list": Doc(
        "Search the papers of your cases",
        "Filings across every case you appear in (staff: every case). `q` searches the titles and the "
        "text of the documents (full-text search on PostgreSQL). " + SEE_ALSO_SCOPE,
    ),
    "filings_retrieve": Doc(
        "Read a filing",
        "The paper's kind, the filing party, the time stated and the time the tracker received it, whether "
        "it was timely, the agency's e-filing confirmation number, the parties served and how, the deadline "
        "it met, the ruling on a motion or extension, and its documents. " + SEE_ALSO_SCOPE,
    ),
    "filings_ruling_create": Doc(
        "Rule on a motion or an extension request (staff)",
        "Record the ruling: `granted`, `denied`, `granted_in_part` or `withdrawn`, the date and who ruled "
        "(`by`). An extension granted gives `until`, the new due date: the deadline moves (source `order`) "
        "with every deadline counted from it, the reminders and the calendar feed. A ruling on another "
        "kind of paper, or a second ruling, is a 409.",
        request={"ruling": "granted", "decided_on": "2023-01-19", "by": "board", "until": "2023-02-09"},
    ),
    "documents_create": Doc(
        "Attach a document to a filing",
        "Upload a PDF (multipart: `file`, `filing`, `title`) to a filing of your own party (staff: any). The "
        "file is checked by its content, not its name: anything that is not a readable, unencrypted PDF is "
        "a 400 naming `file`; a file over the limit (25 MB) is a 413, refused while it streams in. Its page "
        "count, size and SHA-256 are kept, and its text is searchable with `filings/?q=`.",
    ),
    "documents_retrieve": Doc(
        "Read a document's record",
        "Its title, page count, size, SHA-256, who uploaded it and when, and where to download it. "
        + SEE_ALSO_SCOPE,
    ),
    "documents_download_retrieve": Doc(
        "Download a document",
        "The PDF itself, streamed as an attachment, to everyone on the case and to staff; there is no "
        "public address for it. A document you may not read answers 404, exactly like one that is missing.",
    ),
}
