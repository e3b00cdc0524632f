"""A CSV cell as the tracker writes it: text a spreadsheet would run as a formula gets a leading apostrophe.
Plain Python, for every CSV the tracker writes (the API's exports and refusals, the import report)."""

from __future__ import annotations

from typing import Any

FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def guard(value: Any) -> Any:
    """The cell as written: text a spreadsheet would run as a formula gets a leading apostrophe."""
    if isinstance(value, str) and value.startswith(FORMULA_STARTS):
        return "'" + value
    return value
