"""The documentation site loads nothing from outside (issue 32): no mermaid fence (the theme fetches its
script from a CDN for one, so offline the home page showed raw text and its search hung), no stylesheet
or script from another host in the pages' sources."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
OUTSIDE = re.compile(r"""<(?:script|link|img)[^>]+(?:src|href)=["']https?://""", re.IGNORECASE)


def test_no_page_asks_for_a_mermaid_diagram() -> None:
    pages = [p for p in (ROOT / "docs" / "site").rglob("*.md") if "```mermaid" in p.read_text()]
    assert not pages, f"draw the diagram as text: {pages}"
    assert "name: mermaid" not in (ROOT / "mkdocs.yml").read_text()


def test_no_page_loads_a_script_or_stylesheet_from_another_host() -> None:
    pages = [p for p in (ROOT / "docs" / "site").rglob("*.md") if OUTSIDE.search(p.read_text())]
    assert not pages, pages
