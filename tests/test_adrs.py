"""The architecture decision records (docs/site/adr/) say one status each, the same in the record and in the
index, and a record accepted is no longer worded as a proposal."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ADR = Path(__file__).resolve().parent.parent / "docs" / "site" / "adr"
RECORDS = sorted(ADR.glob("[0-9][0-9][0-9][0-9]-*.md"))


def _indexed() -> dict[str, str]:
    rows = re.findall(r"^\| \[(\d{4})\]\([^)]+\) \| [^|]+ \| (\w+) \|$", (ADR / "index.md").read_text(), re.M)
    return dict(rows)


def test_every_record_is_in_the_index() -> None:
    assert len(RECORDS) >= 6
    assert sorted(_indexed()) == [path.name[:4] for path in RECORDS]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name[:4])
def test_the_record_and_the_index_say_the_same_status(path: Path) -> None:
    text = path.read_text()
    status = re.search(r"^\*\*Status:\*\* (\w+)", text, re.M)
    assert status is not None, "no **Status:** line"
    assert status.group(1) == _indexed()[path.name[:4]]
    if status.group(1) == "accepted":
        assert "being built" not in text and "(proposed)" not in text and "when it lands" not in text
