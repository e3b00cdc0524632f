"""The e-mails access owes a user, written through the outbox (``core.outbox``): the owner of a user name
locked out from more than one address hears of it (they may be the one kept out)."""

from __future__ import annotations

import time
from typing import Any

from core.outbox import notify


def signin_locked(owner: Any, *, failures: int, seconds: int) -> None:
    notify(
        recipients=[owner],
        key=f"signin-locked:{owner.pk}:{int(time.time())}",
        subject="nlrb-tracker: sign-in to your account is locked for a while",
        body=(
            f"There were {failures} failed sign-ins with your user name, from more than one address. "
            f"Sign-in with it is refused for the next {seconds // 60} minutes, even with the right "
            "password.\n\nIf that was not you, someone is guessing your password: tell the Board's staff. "
            "Your API token keeps working.\n"
        ),
    )
