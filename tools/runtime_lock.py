"""Print the runtime lock: the pins of requirements.lock that the production image needs, and no others.

requirements.lock (``make install``) pins everything: the tracker's dependencies and the developer's (pytest,
Playwright, mypy, MkDocs). The image installs ``requirements-runtime.lock``: the dependencies pyproject.toml's
``[project] dependencies`` name, with everything they require in turn (their extras and markers followed), at
the versions installed in this environment, which ``make lock`` has just installed from the same resolution
— so a runtime pin is always the dev lock's pin, never a second resolution.

    .venv/bin/python tools/runtime_lock.py > requirements-runtime.lock     # make lock runs it
"""

from __future__ import annotations

import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent


def runtime_requirements(pyproject: Path = ROOT / "pyproject.toml") -> list[Requirement]:
    return [Requirement(line) for line in tomllib.loads(pyproject.read_text())["project"]["dependencies"]]


def closure(requirements: list[Requirement]) -> dict[str, str]:
    """Every distribution the requirements need here (markers and extras followed): its name as installed,
    and its version."""
    found: dict[str, str] = {}
    wanted: list[tuple[Requirement, str]] = [(r, "") for r in requirements]
    extras_seen: set[tuple[str, str]] = set()
    while wanted:
        requirement, extra = wanted.pop()
        if requirement.marker is not None and not requirement.marker.evaluate({"extra": extra}):
            continue
        key = canonicalize_name(requirement.name)
        distribution = metadata.distribution(requirement.name)
        found[key] = f"{distribution.metadata['Name']}=={distribution.version}"
        for each in ["", *sorted(requirement.extras)]:
            if (key, each) in extras_seen:
                continue
            extras_seen.add((key, each))
            for line in distribution.requires or []:
                wanted.append((Requirement(line), each))
    return found


def lock_lines(requirements: list[Requirement]) -> list[str]:
    pins = closure(requirements)
    return [pins[key] for key in sorted(pins, key=str.lower)]


def main() -> int:
    sys.stdout.write("".join(f"{line}\n" for line in lock_lines(runtime_requirements())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
