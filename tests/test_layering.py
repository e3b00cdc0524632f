"""The layering the architecture promises, read from the source with ``ast`` (nothing is imported).

- ``core/`` is the shared kernel: it imports no app of ours, and names one app's model by its label (the
  outbox row's case, ``elections.Case``).
- every ``law/`` module is plain Python: no Django, no DRF, no Celery, and no app module outside ``law/``.
- apps depend downhill only (ARCHITECTURE.md): a lower app never imports a higher one.
- no app registers into a higher one's admin pages: each model's admin is registered once, in one place.
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
    "staff",
]
EVERY_APP_BELOW_THE_DESKS = {
    "access",
    "elections",
    "challenges",
    "objections",
    "proceedings",
    "filings",
    "notes",
    "public_record",
}
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
    "stats": EVERY_APP_BELOW_THE_DESKS,
    # The counsel desk and the staff desk, side by side: pages over every app's exports; nothing imports them
    # (and neither imports the other).
    "desk": EVERY_APP_BELOW_THE_DESKS | {"stats"},
    "staff": EVERY_APP_BELOW_THE_DESKS | {"stats"},
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


def registrations(path: Path) -> list[str]:
    """The models ``path`` registers with the admin site, and those it takes back (``admin.site.unregister``)."""
    tree = ast.parse(path.read_text(), filename=str(path))
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute):
            target = ast.unparse(node.func)
            if target in {"admin.register", "admin.site.register", "admin.site.unregister"} and node.args:
                found.append(f"{target}({ast.unparse(node.args[0])})")
    return found


def test_each_model_is_registered_with_the_admin_once_and_never_taken_back() -> None:
    """A page registered again from above (the case page re-registered downhill, admins re-registered in a
    loop) hides whichever additions the chain forgot; the staff app composes such pages and registers them
    once. (A third-party admin we replace, the token proxy, is the one unregister: access/admin.py.)"""
    seen: dict[str, str] = {}
    wrong = []
    for app in APPS:
        for path in sources(app):
            for call in registrations(path):
                where = str(path.relative_to(ROOT))
                model = call[call.index("(") + 1 : -1]
                if call.startswith("admin.site.unregister") and model != "TokenProxy":
                    wrong.append(f"{where}: {call}")
                elif not call.startswith("admin.site.unregister") and model in seen:
                    wrong.append(f"{where}: {call}, registered already in {seen[model]}")
                else:
                    seen.setdefault(model, where)
    assert len(seen) >= 20
    assert not wrong, "\n".join(wrong)


def test_no_module_checks_itself_with_an_assert_when_imported() -> None:
    """``python -O`` drops every ``assert``: a check made when a module is imported would vanish in
    production without a word. (Inside functions an assert narrows a type for mypy; that is not a check.)"""
    wrong = [
        f"{path.relative_to(ROOT)}:{node.lineno}"
        for app in APPS
        for path in sources(app)
        for node in ast.parse(path.read_text(), filename=str(path)).body
        if isinstance(node, ast.Assert)
    ]
    assert not wrong, "\n".join(wrong)


def test_core_names_one_model_of_an_app_by_its_label_and_no_other() -> None:
    """A model reference by label ("app.Model") climbs as an import would; core has the one ARCHITECTURE.md
    states (the notification's case), so that staff find a case's notices."""
    labels = set()
    for path in sources("core"):
        for node in ast.walk(ast.parse(path.read_text(), filename=str(path))):
            if isinstance(node, ast.Constant) and isinstance(node.value, str):
                app, _, model = node.value.partition(".")
                if app in APPS and app != "core" and model[:1].isupper() and model.isidentifier():
                    labels.add(f"{path.relative_to(ROOT)}: {node.value}")
    assert labels == {"core/models.py: elections.Case"}
