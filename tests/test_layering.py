"""The layering the architecture promises, read from the source with ``ast`` (nothing is imported).

- ``core/`` is the shared kernel: it imports no app of ours.
- every ``law/`` module is plain Python: no Django, no DRF, no Celery, and no app module outside ``law/``.
- apps depend downhill only (ARCHITECTURE.md): a lower app never imports a higher one.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
APPS = [
    "core",
    "access",
    "elections",
    "challenges",
    "objections",
    "proceedings",
    "filings",
    "notes",
    "public_record",
    "stats",
    "desk",
]
# What each app may import, besides itself, core and third-party code.
MAY_IMPORT = {
    "core": set(),
    "access": set(),
    "elections": {"access"},
    "challenges": {"access", "elections"},
    "objections": {"access", "elections"},  # beside challenges, not above it
    "proceedings": {"access", "elections", "challenges", "objections"},
    "filings": {"access", "elections", "challenges", "objections", "proceedings"},
    "notes": {"access", "elections", "challenges", "objections", "proceedings", "filings"},
    "public_record": {"access", "elections", "challenges", "objections", "proceedings", "filings"},
    # What to expect: figures read from the record the apps below hold (and the import brings in).
    "stats": {
        "access",
        "elections",
        "challenges",
        "objections",
        "proceedings",
        "filings",
        "notes",
        "public_record",
    },
    # The counsel desk: pages over every app's selectors and services; nothing imports it.
    "desk": {
        "access",
        "elections",
        "challenges",
        "objections",
        "proceedings",
        "filings",
        "notes",
        "public_record",
        "stats",
    },
}
FRAMEWORKS = ("django", "rest_framework", "celery", "simple_history", "drf_spectacular", "django_filters")


def imported_modules(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(), filename=str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            found.add(node.module)
    return found


def sources(app: str) -> list[Path]:
    return [p for p in (ROOT / app).rglob("*.py") if "migrations" not in p.parts]


def law_modules() -> list[Path]:
    return sorted(p for app in APPS for p in sources(app) if "law" in p.relative_to(ROOT).parts[:-1])


@pytest.mark.parametrize("app", APPS)
def test_apps_import_downhill_only(app: str) -> None:
    wrong = []
    for path in sources(app):
        for module in imported_modules(path):
            top = module.split(".")[0]
            if top in APPS and top not in {app, "core"} and top not in MAY_IMPORT[app]:
                wrong.append(f"{path.relative_to(ROOT)} imports {module}")
    assert not wrong, "\n".join(wrong)


def test_core_imports_no_app() -> None:
    wrong = [
        f"{path.relative_to(ROOT)} imports {module}"
        for path in sources("core")
        for module in imported_modules(path)
        if module.split(".")[0] in set(APPS) - {"core"}
    ]
    assert not wrong, "\n".join(wrong)


def test_there_is_law_to_check() -> None:
    assert len(law_modules()) >= 10


@pytest.mark.parametrize("path", law_modules(), ids=lambda p: str(p.relative_to(ROOT)))
def test_law_is_plain_python(path: Path) -> None:
    wrong = []
    for module in imported_modules(path):
        top = module.split(".")[0]
        if top in FRAMEWORKS:
            wrong.append(module)
        elif top in APPS and ".law" not in module and top != "core":
            wrong.append(module)  # an app's models, services or API: the law may read only other law
    assert not wrong, f"{path.relative_to(ROOT)} imports {wrong}"
