"""The performance page states each conditional read against issue 35's targets from the results file
(tools/gen_bench_docs.py), so that a run that misses one says so without anyone reading ratios."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import gen_bench_docs  # noqa: E402


def _row(call: str, *, cold: float, warm: float, not_modified: float) -> dict[str, Any]:
    return {
        "call": call,
        "ratio_to_floor": cold,
        "warm_p50_ms": warm * 0.3,
        "warm_ratio_to_floor": warm,
        "not_modified_ratio_to_stack_floor": not_modified,
    }


def test_each_read_is_met_or_not_met_by_its_ratios_and_the_status_rate_by_its_share() -> None:
    results = {
        "in_process": [
            {"call": gen_bench_docs.STACK_FLOOR_CALL, "ratio_to_floor": None},
            _row("fast", cold=5.0, warm=3.0, not_modified=2.0),
            _row("slow", cold=5.1, warm=3.1, not_modified=2.1),
        ],
        "http": [
            {"call": gen_bench_docs.STACK_FLOOR_CALL, "clients": 8, "throughput_rps": 1000.0},
            {"call": gen_bench_docs.STATUS_CALL, "clients": 8, "throughput_rps": 590.0},
        ],
    }
    lines = gen_bench_docs._targets(results)
    assert "| fast | met | met | met |" in lines
    assert "| slow | **not met** | **not met** | **not met** |" in lines
    assert not any(line.startswith(f"| {gen_bench_docs.STACK_FLOOR_CALL}") for line in lines)
    assert lines[-1].endswith("59% of the stack floor's 1000 (target 60%): **not met**.")
