"""What each API operation on objections and their rulings is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from typing import Any

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

# Demo answers, checked against the response schema: a field added to the serializer is added here too.

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
    "served_on": [5],
    "service_method": "e_file",
    "certificate_of_service": True,
    "confirmation_number": "EF-2026-1119-014",
    "service_flag": "",
}

OPERATIONS: dict[str, Doc] = {
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
        response=OBJECTION_EXAMPLE,
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
        "`explanation` says so. Serve the objections on every other party and file a certificate of "
        "service with them (29 CFR 102.69(a)(8)): `served_on` (party ids), `service_method`, "
        "`certificate_of_service`. An objection served on no one is accepted, and flagged: its "
        '`service_flag` says "Not served on …", as do the other side\'s notice and the staff queue.',
        request={
            "filed_by": 5,
            "category": "threats",
            "statement": "Supervisors predicted the facility would close if the union won.",
            "served_on": [6],
            "service_method": "e_file",
            "certificate_of_service": True,
            "confirmation_number": "EF-2022-0408-003",
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
    "objections_confirm_filing_create": Doc(
        "Confirm a filing time (staff)",
        "When counsel state a filing time inside the period but the tracker received the filing after the "
        "period closed, the objection waits (`timely` null). Staff confirm the stated time (`timely` "
        'true) or record the filing as late with `{"late": true}`; the other side is told either way.',
    ),
}
