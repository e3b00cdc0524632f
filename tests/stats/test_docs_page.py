"""The docs site's "What to expect" page is what tools/gen_stats_docs.py writes from the bundled sample now."""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT / "tools"))

import gen_stats_docs  # noqa: E402


def test_the_expect_page_is_what_the_sample_generates_now() -> None:
    assert gen_stats_docs.PAGE.read_text() == gen_stats_docs.render(), (
        "docs/site/expect.md is stale: run .venv/bin/python tools/gen_stats_docs.py"
    )


def test_the_page_gives_the_national_figure_the_import_gives() -> None:
    # tests/public_record/test_foia_source.py holds the imported figure to a count made from the file alone;
    # here the page's figure for the same stage: 2,631 cases (2,645 less the refused one and 13 whose record
    # holds no initial election), quartiles 21 and 31 days, median 24.
    assert "| all | 2,631 | 21 | 24 | 31 |" in gen_stats_docs.render()
