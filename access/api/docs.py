"""What each API operation on API tokens is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from core.api.operation_docs import Doc

OPERATIONS: dict[str, Doc] = {
    "auth_token_rotate_create": Doc(
        "Get a new API token (and revoke the old one)",
        "Issues a new token for you and revokes the one you had: the old key answers 401 from the next "
        "call. The new key is in this answer only — the tracker keeps just a hash of it, so it cannot show "
        "it again. Signed in through /api-auth/login/, this is also how you get a first token or replace "
        "one that expired. Two rotations at the same moment with one key: the second is a 409 and changes "
        "nothing (the key the first returned is the one that works).",
    ),
}
