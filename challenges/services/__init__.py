"""State changes of the challenged-ballot ledger. The API, the admin, the management command and the demo
all call these functions; each is one transaction that locks what it changes, checks the step, writes with
history (django-simple-history, bulk writes included) and queues its notices for after the commit.

The life of a challenge (29 CFR 102.69(a)(5)–(7), (c)(1); Form NLRB-5547)::

    pending ──resolve──▶ sustained            (ballot never opened)
            ──resolve──▶ overruled ─┐
            ──withdraw─▶ withdrawn ─┴─ after a tally: awaiting_count ──open-and-count──▶ counted_in = revision
            ──moot─────▶ moot                 (not determinative: never opened or decided)

A challenge released *before* any tally (overruled by agreement at the polls, or withdrawn) had its ballot
counted in the original tally; released *after* a tally, its ballot sits sealed among the tally's
challenged ballots and must be opened and counted into a revised tally.

Who may act: counsel log and withdraw challenges in their own party's name; Board staff log for any party
or for the Board agent, resolve, open and count, and mark moot. ``actor=None`` is the system itself
(the demo loader, a management command run without ``--as``) and may do anything.
"""

from __future__ import annotations

from challenges.services.bulk_import import (
    BULK_BATCH,
    ImportedChallenge,
    ImportRejected,
    ImportResult,
    challenges_import,
)
from challenges.services.counting import MootResult, challenges_mark_moot, challenges_open_and_count
from challenges.services.log import CORRECTABLE, challenge_correct, challenge_log
from challenges.services.resolution import (
    MAX_BASIS,
    OUTCOMES,
    RECOMMENDED,
    BatchResult,
    challenge_resolve,
    challenges_resolve,
)
from challenges.services.withdrawal import challenge_authorize_withdraw, challenge_withdraw
from core.errors import RuleViolation
from elections.law.tally import MAX_COUNT

__all__ = [
    "BULK_BATCH",
    "CORRECTABLE",
    "MAX_BASIS",
    "MAX_COUNT",
    "OUTCOMES",
    "RECOMMENDED",
    "BatchResult",
    "ImportRejected",
    "ImportResult",
    "ImportedChallenge",
    "MootResult",
    "RuleViolation",
    "challenge_authorize_withdraw",
    "challenge_correct",
    "challenge_log",
    "challenge_resolve",
    "challenge_withdraw",
    "challenges_import",
    "challenges_mark_moot",
    "challenges_open_and_count",
    "challenges_resolve",
]
