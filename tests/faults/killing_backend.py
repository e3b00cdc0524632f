"""The file e-mail backend with a fault: on the first message it kills the process that sends it, at the
point ``FAULT_KILL_POINT`` names. ``before``: before the hand-over (nothing written). ``after``: after the
message is on disk, before the worker can record it. ``hang``: a mail server that never answers (the test
kills the whole worker meanwhile). Later messages (the marker file exists) go through untouched.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from django.core.mail.backends import filebased


class EmailBackend(filebased.EmailBackend):
    def send_messages(self, email_messages: Sequence[Any]) -> int:
        point = os.environ.get("FAULT_KILL_POINT", "")
        marker = Path(os.environ.get("FAULT_MARKER", "/nonexistent/marker"))
        first = bool(point) and not marker.exists()
        if first:
            marker.write_text(str(os.getpid()))
            if point == "before":
                os.kill(os.getpid(), signal.SIGKILL)
            if point == "hang":
                time.sleep(3600)
        sent = super().send_messages(email_messages)
        if first and point == "after":
            os.kill(os.getpid(), signal.SIGKILL)
        return sent
