"""Write the documentation site's latest benchmark page from a results file of ``bench/run.py``.

Reads the newest ``bench-*.json`` among ``bench/results/`` (where the benchmark writes; git-ignored) and
``docs/site/data/`` (the one results file the repository keeps). A newer local run is copied into
``docs/site/data/``, replacing the one kept there, so the page and the figures it shows are committed
together. The tables are never typed by hand; ``tests/test_docs_site.py`` fails when the committed page
differs from what this script writes from the committed results file.

    .venv/bin/python tools/gen_bench_docs.py            # rewrite docs/site/performance/latest.md
    .venv/bin/python tools/gen_bench_docs.py --check    # exit 1 if the committed page is stale
"""

from __future__ import annotations

import argparse
import json
import re
import shutil
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
RESULTS = ROOT / "bench" / "results"
KEPT = ROOT / "docs" / "site" / "data"
PAGE = ROOT / "docs" / "site" / "performance" / "latest.md"
_STAMP = re.compile(r"bench-(?P<scale>\w+)-(?P<stamp>\d{8}T\d{6})\.json$")


def _stamp(path: Path) -> str:
    match = _STAMP.search(path.name)
    return match["stamp"] if match else ""


def newest(folders: tuple[Path, ...] = (RESULTS, KEPT)) -> Path:
    """The newest results file by the time in its name (``bench-small-20261203T221938.json``)."""
    found = [path for folder in folders for path in folder.glob("bench-*.json") if _stamp(path)]
    if not found:
        raise SystemExit(f"no bench-*.json in {', '.join(str(f.relative_to(ROOT)) for f in folders)}")
    return max(found, key=lambda path: (_stamp(path), path.parent == KEPT))


def kept() -> Path:
    """The results file the repository keeps (the newest, should an old one linger)."""
    return newest((KEPT,))


def _ms(value: float | None, digits: int = 2) -> str:
    return "—" if value is None else f"{value:.{digits}f}"


def _ratio(value: float | None) -> str:
    return "—" if not value else f"{value:.1f}×"


def _load(results: dict[str, Any]) -> str:
    load = results.get("load_average")
    if not load:
        return ""
    start, end = (", ".join(f"{v:.1f}" for v in load[k]) for k in ("start", "end"))
    return f" Load average (1, 5, 15 min) {start} at the start, {end} at the end."


# Issue 35's targets for the conditional reads, each a ratio in the same run (issue 25 had cold within 10×).
WARM_TIMES_FLOOR = 3.0
COLD_TIMES_FLOOR = 5.0
NOT_MODIFIED_TIMES_STACK_FLOOR = 2.0
WARM_STATUS_SHARE_OF_STACK_FLOOR_RPS = 0.6
STATUS_CALL = "GET cases/{number}/status/ (staff)"
STACK_FLOOR_CALL = "GET stack floor (staff; reads nothing)"


def _verdict(met: bool) -> str:
    return "met" if met else "**not met**"


def _targets(results: dict[str, Any]) -> list[str]:
    """Each read against the ratios it must keep: warm within 3× its floor at p50, cold within 10×, a 304
    within 2× the stack floor; warm status over HTTP at 8 clients at least 60% of the stack floor's rate."""
    lines = [
        "",
        "## Against the targets",
        "",
        f"Warm within {WARM_TIMES_FLOOR:g}× the floor at p50, cold within {COLD_TIMES_FLOOR:g}×, a 304 within "
        f"{NOT_MODIFIED_TIMES_STACK_FLOOR:g}× the stack floor (— where the call has no floor).",
        "",
        "| call | warm | cold | 304 |",
        "| --- | --- | --- | --- |",
    ]
    for row in results["in_process"]:
        if row.get("warm_p50_ms") is None:
            continue
        warm, cold = row.get("warm_ratio_to_floor"), row.get("ratio_to_floor")
        lines.append(
            f"| {row['call']} | "
            f"{'—' if warm is None else _verdict(warm <= WARM_TIMES_FLOOR)} | "
            f"{'—' if cold is None else _verdict(cold <= COLD_TIMES_FLOOR)} | "
            f"{_verdict(row['not_modified_ratio_to_stack_floor'] <= NOT_MODIFIED_TIMES_STACK_FLOOR)} |"
        )
    http = {(row["call"], row["clients"]): row for row in results.get("http", [])}
    status, floor = http.get((STATUS_CALL, 8)), http.get((STACK_FLOOR_CALL, 8))
    if status and floor:
        share = status["throughput_rps"] / floor["throughput_rps"]
        lines += [
            "",
            f"Warm status over HTTP at 8 clients: {status['throughput_rps']:.0f} requests/s, "
            f"{share:.0%} of the stack floor's {floor['throughput_rps']:.0f} "
            f"(target {WARM_STATUS_SHARE_OF_STACK_FLOOR_RPS:.0%}): "
            f"{_verdict(share >= WARM_STATUS_SHARE_OF_STACK_FLOOR_RPS)}.",
        ]
    return lines


def _writes(results: dict[str, Any]) -> list[str]:
    """The main writes, each through its service, and the answers it changed built after it (issue 35)."""
    if not results.get("writes"):
        return []
    lines = [
        "",
        "## Writes",
        "",
        "Each through its service under a case of its own, then the answers it changed built, once per",
        "audience, as the request that wrote builds them after its commit (bench/writes.py).",
        "",
        "| write | p50 | p95 | answers built after it p50 | p95 |",
        "| --- | --- | --- | --- | --- |",
    ]
    for row in results["writes"]:
        lines.append(
            f"| {row['call']} | {_ms(row['p50_ms'])} | {_ms(row['p95_ms'])} | "
            f"{_ms(row['bodies_p50_ms'])} | {_ms(row['bodies_p95_ms'])} |"
        )
    return lines


def render(path: Path) -> str:
    results: dict[str, Any] = json.loads(path.read_text())
    match = _STAMP.search(path.name)
    when = ""
    if match:
        stamp = match["stamp"]
        when = f"{stamp[:4]}-{stamp[4:6]}-{stamp[6:8]} {stamp[9:11]}:{stamp[11:13]}"
    out = [
        "# Latest run",
        "",
        f"<!-- Generated by tools/gen_bench_docs.py from docs/site/data/{path.name}. Do not edit: run the"
        " benchmark, then the script. tests/test_docs_site.py fails when this page is stale. -->",
        "",
        f"`{path.name}`: {results['cases']:,} cases, {results['requests_per_line']} requests a line,",
        f"run {when} (the machine's local time) on {results['machine']}.{_load(results)}",
        "",
        "Milliseconds; ×floor is the call's p50 over its floor's p50 in the same run; the targets are",
        "product.md's, for 100,000 cases. How to read these figures, and what the machine was doing, is on",
        "[The benchmark](index.md).",
        "",
        "## In process",
        "",
        "Each read three ways on the same paths, mode by mode in rounds of ten paths: **cold** (the first read",
        "after a write through a service under a case the read shows, the answers it changed built as the",
        "request that wrote builds them; a read no write changes has its cache entry dropped instead),",
        "**warm** (the body from the cache under its tag) and **304** (the tag sent back in `If-None-Match`).",
        "Cold and warm stand beside the read's floor, the 304 beside the stack floor.",
        "",
        "| call | cold p50 | ×floor | warm p50 | ×floor | 304 p50 | ×stack floor | cold p95 | floor p50 | target p95 |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    for row in results["in_process"]:
        target = row.get("target_p95_ms")
        met = "" if target is None else (" met" if row["p95_ms"] < target else " **not met**")
        out.append(
            f"| {row['call']} | {_ms(row['p50_ms'])} | {_ratio(row['ratio_to_floor'])} | "
            f"{_ms(row.get('warm_p50_ms'))} | {_ratio(row.get('warm_ratio_to_floor'))} | "
            f"{_ms(row.get('not_modified_p50_ms'))} | {_ratio(row.get('not_modified_ratio_to_stack_floor'))} | "
            f"{_ms(row['p95_ms'])} | {_ms(row['floor_p50_ms'])} | "
            f"{'—' if target is None else f'< {target:.0f}'}{met} |"
        )
    out += _targets(results)
    out += _writes(results)
    if results["http"]:
        out += [
            "",
            "## Over HTTP",
            "",
            "gunicorn with production settings on loopback; each level of concurrent clients sends the same",
            "number of requests.",
            "",
            "| call | clients | p50 | p95 | p99 | ×floor | requests/s |",
            "| --- | --- | --- | --- | --- | --- | --- |",
        ]
        for row in results["http"]:
            out.append(
                f"| {row['call']} | {row['clients']} | {_ms(row['p50_ms'], 1)} | {_ms(row['p95_ms'], 1)} | "
                f"{_ms(row['p99_ms'], 1)} | {_ratio(row['ratio_to_floor'])} | {row['throughput_rps']:.0f} |"
            )
    return "\n".join(out) + "\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 if the committed page is stale")
    args = parser.parse_args()
    if args.check:
        if not PAGE.exists() or PAGE.read_text() != render(kept()):
            print(f"{PAGE.relative_to(ROOT)} is stale: run tools/gen_bench_docs.py", file=sys.stderr)
            return 1
        return 0
    source = newest()
    if source.parent != KEPT:
        for old in KEPT.glob("bench-*.json"):
            old.unlink()
        KEPT.mkdir(parents=True, exist_ok=True)
        source = Path(shutil.copy2(source, KEPT / source.name))
        print(f"kept {source.relative_to(ROOT)} (commit it with the page)")
    PAGE.parent.mkdir(parents=True, exist_ok=True)
    PAGE.write_text(render(source))
    print(f"wrote {PAGE.relative_to(ROOT)} from {source.name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
