"""The law modules import one another without a circle (issue 34: ladder.py and dispositions.py once did).

Read from the source, every import (a deferred one inside a function included): a circle hidden behind an
import inside a function is still a circle.
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
APPS = ("core", "elections", "challenges", "objections", "proceedings", "filings")


def _law_modules() -> dict[str, Path]:
    found: dict[str, Path] = {}
    for app in APPS:
        for path in sorted((ROOT / app / "law").glob("*.py")):
            if path.name != "__init__.py":
                found[f"{app}.law.{path.stem}"] = path
    return found


def _imports(path: Path, known: set[str]) -> set[str]:
    out: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.ImportFrom) and node.module:
            for alias in node.names:
                for name in (f"{node.module}.{alias.name}", node.module):
                    if name in known:
                        out.add(name)
                        break
        elif isinstance(node, ast.Import):
            out |= {alias.name for alias in node.names if alias.name in known}
    return out


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for nxt in sorted(graph[node]):
            if state.get(nxt) == 1:
                return [*stack[stack.index(nxt) :], nxt]
            if nxt not in state and (found := visit(nxt)) is not None:
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)) is not None:
            return found
    return None


def test_the_law_modules_import_each_other_without_a_circle() -> None:
    modules = _law_modules()
    assert "proceedings.law.ladder" in modules and "proceedings.law.dispositions" in modules
    graph = {name: _imports(path, set(modules)) - {name} for name, path in modules.items()}
    assert "proceedings.law.dispositions" in graph["proceedings.law.ladder"]
    assert _cycle(graph) is None, " -> ".join(_cycle(graph) or [])


def test_the_cycle_finder_finds_a_circle() -> None:
    assert _cycle({"a": {"b"}, "b": {"a"}}) == ["a", "b", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
