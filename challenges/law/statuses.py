"""Where a challenged ballot stands: the one definition of a challenge's status (``Challenge.status``, the API's).

Plain Python, no Django. A challenged ballot stays sealed while its challenge is ``pending``. ``sustained``:
the ballot is never opened; ``overruled`` or ``withdrawn``: it counts (opened and counted into a revised tally
when released after the tally); ``moot``: the challenged ballots cannot change the result, so it is neither
opened nor decided (29 CFR 102.69(a)(5)–(7), (c)(1); the steps between them are ``challenges.services``).
"""

from __future__ import annotations

from collections.abc import Mapping

from core.law.labelled import LabelledEnum, labels


class Status(LabelledEnum):
    PENDING = "pending", "Pending"
    SUSTAINED = "sustained", "Sustained (ballot not counted)"
    OVERRULED = "overruled", "Overruled (ballot to be opened and counted)"
    WITHDRAWN = "withdrawn", "Withdrawn"
    MOOT = "moot", "Moot (not determinative)"


# How a form's choice names each status (the stored choices' labels).
LABELS: Mapping[Status, str] = labels(Status)
