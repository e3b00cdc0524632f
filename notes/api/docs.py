"""What each API operation on notes is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from core.api.operation_docs import SEE_ALSO_SCOPE, Doc

OPERATIONS: dict[str, Doc] = {
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
}
