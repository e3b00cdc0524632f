"""Progress of a long import: a bar redrawn in place on a terminal, a plain line now and then otherwise
(a log file or CI keeps readable lines). Plain Python."""

from __future__ import annotations

import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, stream: TextIO, *, label: str = "cases", width: int = 30) -> None:
        self.total = max(total, 0)
        self.stream = stream
        self.label = label
        self.width = width
        self.done = 0
        self.started = time.monotonic()
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self._last_line = -1.0

    def advance(self, n: int = 1) -> None:
        self.done += n
        now = time.monotonic()
        if self.tty:
            if now - self._last_line >= 0.1 or self.done >= self.total:
                self._last_line = now
                self.stream.write("\r" + self._text(now))
                self.stream.flush()
        elif now - self._last_line >= 5 or self.done == self.total:
            # Every five seconds at most: one line per case would drown a log of 25,000 cases.
            self._last_line = now
            self.stream.write(self._text(now) + "\n")
            self.stream.flush()

    def finish(self) -> None:
        if self.tty:
            self.stream.write("\r" + self._text(time.monotonic()) + "\n")
            self.stream.flush()

    def _text(self, now: float) -> str:
        elapsed = max(now - self.started, 1e-9)
        rate = self.done / elapsed
        share = self.done / self.total if self.total else 1.0
        left = (self.total - self.done) / rate if rate else 0.0
        figures = f"{self.done:,}/{self.total:,} {self.label} {rate:,.0f}/s, {left:,.0f} s left"
        if not self.tty:
            return f"{share:6.1%} {figures}"
        filled = int(self.width * share)
        return f"[{'#' * filled}{'.' * (self.width - filled)}] {share:6.1%} {figures}"
