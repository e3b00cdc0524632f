"""The code's revision in the read cache's tags (core/api/conditional.py): a deploy that changes a module or a
template makes new tags; a revision the deploy names is taken as it is."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest
from django.test import override_settings

from core.api.conditional import code_revision


@pytest.fixture
def tree(tmp_path: Path) -> Iterator[Path]:
    app = tmp_path / "app"
    (app / "templates" / "app").mkdir(parents=True)
    (app / "migrations").mkdir()
    (app / "__init__.py").write_text("")
    (app / "views.py").write_text("ANSWER = 1\n")
    (app / "templates" / "app" / "page.html").write_text("<p>{{ answer }}</p>\n")
    (app / "migrations" / "0001_initial.py").write_text("")
    (tmp_path / ".venv").mkdir()  # no __init__.py: never walked
    code_revision.cache_clear()
    with override_settings(BASE_DIR=tmp_path, CODE_REVISION=""):
        yield app
    code_revision.cache_clear()


def _after(change: Path, text: str) -> str:
    before = code_revision()
    change.write_text(text)
    stat = change.stat()
    os.utime(change, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))  # a later deploy
    code_revision.cache_clear()
    after = code_revision()
    assert after != before
    return after


def test_a_changed_module_or_template_makes_a_new_revision(tree: Path) -> None:
    _after(tree / "views.py", "ANSWER = 2\n")
    _after(tree / "templates" / "app" / "page.html", "<p>{{ answer }}!</p>\n")


def test_a_migration_is_not_the_rendering_code(tree: Path) -> None:
    before = code_revision()
    (tree / "migrations" / "0002_more.py").write_text("")
    code_revision.cache_clear()
    assert code_revision() == before


def test_a_revision_named_by_the_deploy_is_taken_as_it_is(tree: Path) -> None:
    with override_settings(CODE_REVISION="9543af6"):
        code_revision.cache_clear()
        assert code_revision() == "9543af6"
