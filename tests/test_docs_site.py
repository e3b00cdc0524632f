"""The documentation site: its generated pages match what they are generated from, and the README stays a
front page that links only to what exists."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import gen_bench_docs  # noqa: E402
import gen_law_docs  # noqa: E402

from elections.law.calendar import AGENCY_CLOSURES  # noqa: E402
from elections.law.rule_sets import PERIODS  # noqa: E402

README = ROOT / "README.md"


def test_the_law_page_is_what_the_rule_data_generates_now() -> None:
    assert gen_law_docs.PAGE.read_text() == gen_law_docs.render(), (
        "docs/site/law/periods.md is stale: run .venv/bin/python tools/gen_law_docs.py"
    )


def _section(page: str, heading: str) -> str:
    return page.split(f"## {heading}\n", 1)[1].split("\n## ", 1)[0]


def test_the_law_page_lists_every_period_with_its_citation_and_every_unverified_one_apart() -> None:
    page = gen_law_docs.render()
    not_verified = _section(page, "What is not verified")
    for rule_set, table in PERIODS.items():
        rows = _section(
            page, next(h for h in re.findall(r"^## (.*)$", page, re.M) if h.startswith(f"The {rule_set}"))
        )
        for key, period in table.items():
            row = next(line for line in rows.splitlines() if line.startswith(f"| `{key}` | {period.label} |"))
            assert f"| {period.citation} | `{period.source.value}` |" in row
            assert row.count("| yes |" if period.verified else "| **no** |") == 1
            listed = f"| {rule_set} | {period.label} | {period.rule} |" in not_verified
            assert listed is not period.verified, (rule_set, key)
    assert (
        f"{sum(not p.verified for t in PERIODS.values() for p in t.values())} periods are not verified"
        in page
    )


def test_the_law_page_names_every_agency_closure_and_whether_it_is_verified() -> None:
    closures = _section(gen_law_docs.render(), "Agency closures")
    for closure in AGENCY_CLOSURES:
        row = next(line for line in closures.splitlines() if line.startswith(f"| {closure.first_day} |"))
        assert ("| yes |" if closure.verified else "| **no** |") in row


def test_the_latest_benchmark_page_is_what_the_kept_results_file_generates() -> None:
    kept = gen_bench_docs.kept()
    assert kept.parent == gen_bench_docs.KEPT and len(list(gen_bench_docs.KEPT.glob("bench-*.json"))) == 1
    assert gen_bench_docs.PAGE.read_text() == gen_bench_docs.render(kept), (
        "docs/site/performance/latest.md is stale: run .venv/bin/python tools/gen_bench_docs.py"
    )


def test_the_benchmark_page_is_made_from_the_newest_results_file_wherever_it_is(tmp_path: Path) -> None:
    results, kept = tmp_path / "results", tmp_path / "kept"
    results.mkdir()
    kept.mkdir()
    for path in (
        kept / "bench-small-20261203T221938.json",
        results / "bench-small-20261202T090000.json",
        results / "bench-full-20261204T080000.json",
        results / "notes.json",
    ):
        path.write_text("{}")
    assert gen_bench_docs.newest((results, kept)).name == "bench-full-20261204T080000.json"
    (results / "bench-full-20261204T080000.json").unlink()
    assert gen_bench_docs.newest((results, kept)) == kept / "bench-small-20261203T221938.json"


def test_the_readme_is_a_front_page_of_at_most_150_lines() -> None:
    assert len(README.read_text().splitlines()) <= 150


def test_every_file_the_readme_links_to_exists() -> None:
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", README.read_text())
    local = [link for link in links if "://" not in link]
    assert "docs/site/img/staff-desk.png" in local
    assert [link for link in local if not (ROOT / link).exists()] == []
