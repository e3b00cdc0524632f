"""What each API operation on the public record import is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from core.api.operation_docs import Doc

OPERATIONS: dict[str, Doc] = {
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
}
