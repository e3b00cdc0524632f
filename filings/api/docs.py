"""What each API operation on filings and their documents is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

OPERATIONS: dict[str, Doc] = {
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
            "state": "filed",
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
    "cases_docket_retrieve": Doc(
        "The docket of a case",
        "Every filed paper and event of the case in order, numbered as a docket sheet is (`entry`, over the "
        "whole docket: a filter keeps each entry's number): objections, offers of proof and withdrawals, "
        "filings and their documents, rulings, tallies and revised tallies, and the proceeding's events and "
        "orders. Each says who filed (`party`), when (`filed_at` as stated, `received_at`), the "
        '`confirmation_number`, service (`served_on`, or "not served" with the rule in `service_flag`), '
        "what it answers and its `links` (API and desk). Filter by `party` (id), `kind`, `since` and "
        "`until` (dates, inclusive) and search with `q`. `Accept: text/csv` gives the whole filtered docket "
        "as CSV; `Accept: application/pdf`, the printable docket report. Drafts are on no docket. "
        + SEE_ALSO_SCOPE,
    ),
    "filings_partial_update": Doc(
        "Edit a draft",
        "Change any field of a draft of your own side (counsel of its party): `kind`, `title`, `election`, "
        "`confirmation_number`, `served_on`, `service_method`, `answers`, `relates_to`, "
        "`unforeseeable_grounds`. A field not sent is kept; each field sent is checked as when a paper is "
        "filed (a 400 naming it). The party stays (save a new draft for another), and the time stated is "
        "given when the draft is filed (`file/`). Nothing is served, noticed or queued: it is still a draft. "
        "A paper already filed is a 409; another side's draft, like any draft for staff, is a 404.",
        request={"title": "Employer's Exceptions to the Hearing Officer's Report", "served_on": [1]},
    ),
    "filings_file_create": Doc(
        "File a draft",
        "A paper saved with `state` `draft` is seen by its own side alone (counsel and paralegals of its "
        "party): no other party, no staff list, notice, queue or count shows it. Filing it makes it a paper "
        "of the case, checked exactly as a paper filed at once: `received_at` is now, `filed_at` the time "
        "stated (default now); it meets its deadline or records its ladder event, and every other party's "
        "counsel is told. A paper already filed is a 409; another side's draft is a 404.",
        request={},
    ),
    "filings_ruling_create": Doc(
        "Rule on a motion or an extension request (staff)",
        "Record the ruling: `granted`, `denied`, `granted_in_part` or `withdrawn`, the date and who ruled "
        "(`by`). An extension granted gives `until`, the new due date: the requesting party's own time "
        "moves (its row of the deadline, and what runs from the deadline's last day), with its reminders and "
        'calendar; `details: {"all_parties": true}` moves the deadline itself for every party (source '
        "`order`) with every deadline counted from it. A ruling on another kind of paper, or a second "
        "ruling, is a 409.",
        request={
            "ruling": "granted",
            "decided_on": "2023-01-19",
            "by": "board",
            "until": "2023-02-09",
            "details": {"all_parties": True},
        },
    ),
    "filings_confirm_filing_create": Doc(
        "Confirm a filing time (staff)",
        "When counsel state a filing time inside the period but the tracker received the paper after the "
        "period closed, the filing waits (`timely` null, `filing_confirmed` false). Staff confirm the stated "
        'time (`timely` true: the deadline it answers is met) or record the paper as late with `{"late": '
        "true}`; counsel of record are told either way. A time already settled is a 409.",
        request={"late": False},
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
