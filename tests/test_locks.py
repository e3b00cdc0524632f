"""The two lock files (make lock): requirements.lock, everything `make install` puts in .venv, and
requirements-runtime.lock, what the production image (Dockerfile) installs — the runtime dependencies of
pyproject.toml and what they require, at the dev lock's own pins."""

from __future__ import annotations

import sys
from pathlib import Path

from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import runtime_lock  # noqa: E402


def pins(name: str) -> dict[str, str]:
    lines = (ROOT / name).read_text().splitlines()
    return {
        canonicalize_name(line.split("==")[0]): line for line in lines if line and not line.startswith("#")
    }


def test_the_runtime_lock_is_what_make_lock_writes_from_the_installed_pins() -> None:
    written = (ROOT / "requirements-runtime.lock").read_text().splitlines()
    assert written == runtime_lock.lock_lines(runtime_lock.runtime_requirements())


def test_every_runtime_pin_is_the_dev_locks_pin() -> None:
    runtime, dev = pins("requirements-runtime.lock"), pins("requirements.lock")
    assert {name: line for name, line in runtime.items() if dev.get(name) != line} == {}


def test_the_runtime_lock_holds_every_runtime_dependency_and_no_developer_tool() -> None:
    runtime = pins("requirements-runtime.lock")
    named = {canonicalize_name(r.name) for r in runtime_lock.runtime_requirements()}
    assert named - runtime.keys() == set()
    developers = {
        "pytest",
        "pytest-django",
        "playwright",
        "mypy",
        "ruff",
        "mkdocs",
        "hypothesis",
        "schemathesis",
    }
    assert developers & runtime.keys() == set()


def test_the_image_installs_the_runtime_lock() -> None:
    dockerfile = (ROOT / "Dockerfile").read_text()
    assert "pip install --no-cache-dir -r requirements-runtime.lock" in dockerfile
    assert "requirements.lock" not in dockerfile.replace("requirements-runtime.lock", "")
