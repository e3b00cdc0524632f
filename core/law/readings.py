"""A reading of the rules: what the tracker takes a text to mean where the words leave a choice — plain Python.

Each law module that makes one keeps it beside the code that applies it (``READINGS``); the law page's
"Readings worth a lawyer's look" is generated from them (``tools/gen_law_docs.py``), so the page cannot say
what the code does not do. ``tests/law/test_readings.py`` holds each reading to the behaviour it describes.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Reading:
    """``text``: what the code does, in a lawyer's words; ``citation``: the text it reads."""

    text: str
    citation: str
