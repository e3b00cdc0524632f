"""What each API operation on the API's root and the health check is for, in the words of the people who use it.

Summaries, descriptions and examples (demo data) for ``core.api.operation_docs``, which says how they are used.
"""

from __future__ import annotations

from core.api.operation_docs import Doc

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
}
