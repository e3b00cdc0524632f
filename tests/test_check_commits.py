"""tools/check_commits.py (make lint): commit subjects after the commit that adds the rule, in real git
repositories built here — a clone, a shallow clone, and a branch that never had the rule."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import check_commits  # noqa: E402

pytestmark = pytest.mark.skipif(shutil.which("git") is None, reason="needs git")


@pytest.mark.parametrize(
    ("subject", "second", "expected"),
    [
        ("docs: move the README's reference into a MkDocs site", "", []),
        ("proceedings/law: refuse a certification while challenges are pending", None, []),
        ("core, access: name the throttle's scope", "", []),
        ("docs: " + "x" * 67, "", ["subject is 73 characters (at most 72)"]),
        ("README: name the two commands", "", []),
        ("docs:no space after the colon", "", ["not 'area: imperative summary'"]),
        ("Review of the admin: two words before the colon", "", ["not 'area: imperative summary'"]),
        ("docs: the body starts at once", "and no blank line", ["line after the subject is not blank"]),
    ],
)
def test_a_subject_is_area_colon_summary_in_at_most_72_characters_then_a_blank_line(
    subject: str, second: str | None, expected: list[str]
) -> None:
    found = check_commits.problems(subject, second)
    assert len(found) == len(expected), found
    for problem, words in zip(found, expected, strict=True):
        assert words in problem


def _git(repo: Path, *args: str) -> str:
    return subprocess.run(
        ["git", "-c", "user.name=t", "-c", "user.email=t@example.org", *args],
        cwd=repo,
        capture_output=True,
        text=True,
        check=True,
    ).stdout


def _commit(repo: Path, message: str, path: str = "file.txt") -> None:
    file = repo / path
    file.parent.mkdir(parents=True, exist_ok=True)
    file.write_text(file.read_text() + message if file.exists() else message)
    _git(repo, "add", path)
    _git(repo, "commit", "-q", "-m", message)


def _history(repo: Path) -> None:
    _git(repo, "init", "-q", "-b", "main")
    _commit(repo, "An old subject, long and unformatted, from before the rule was written down at all")
    _commit(
        repo, "tools: check commit subjects\n\nWhy: a history a reader can follow.", check_commits.RULE_FILE
    )
    _commit(repo, "docs: write the body\n\nBecause.")
    _commit(repo, "Fixed stuff")


def test_only_the_commits_after_the_rule_are_checked(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _history(repo)
    commits = check_commits.commits_to_check(repo)
    assert len(commits) == 2
    report = check_commits.check(repo, commits)
    assert len(report) == 1 and "'Fixed stuff'" in report[0]
    every = check_commits.check(repo, check_commits.commits_to_check(repo, every=True))
    assert len({line.split()[0] for line in every}) == 2  # --all: the old subject too


def test_a_fresh_clone_and_a_shallow_one_check_what_they_hold_after_the_rule(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _history(repo)
    clone = tmp_path / "clone"
    _git(tmp_path, "clone", "-q", str(repo), str(clone))
    assert len(check_commits.check(clone, check_commits.commits_to_check(clone))) == 1
    shallow = tmp_path / "shallow"
    _git(tmp_path, "clone", "-q", "--depth", "2", f"file://{repo}", str(shallow))
    # The shallow clone holds 'docs: write the body' (its oldest, standing for the rule) and 'Fixed stuff'.
    commits = check_commits.commits_to_check(shallow)
    assert len(commits) == 1 and "'Fixed stuff'" in check_commits.check(shallow, commits)[0]
    single = tmp_path / "single"
    _git(tmp_path, "clone", "-q", "--depth", "1", f"file://{repo}", str(single))
    assert check_commits.commits_to_check(single) == []


def test_a_history_without_the_rule_or_without_git_is_not_checked(tmp_path: Path) -> None:
    repo = tmp_path / "repo"
    repo.mkdir()
    _git(repo, "init", "-q", "-b", "main")
    _commit(repo, "Anything at all, as before the rule")
    assert check_commits.commits_to_check(repo) == []
    assert check_commits.commits_to_check(tmp_path / "not-a-repository") == []


@pytest.mark.parametrize(
    ("message", "expected"),
    [
        ("staff: move the work queue\n\nWhy it moved.\n# Please enter the commit message\n", []),
        ("# git's help first\n\nstaff: move the work queue\n", []),
        ("Moved the work queue\n", ["not 'area: imperative summary'"]),
        ("staff: move the work queue\nwhy, on the second line\n", ["line after the subject is not blank"]),
        ("Merge branch 'staff-floor'\n", []),
        ("# only comments: git aborts the commit\n", []),
    ],
)
def test_the_commit_msg_hook_checks_the_message_it_is_handed(
    tmp_path: Path, message: str, expected: list[str]
) -> None:
    path = tmp_path / "COMMIT_EDITMSG"
    path.write_text(message)
    run = subprocess.run(
        [sys.executable, str(ROOT / "tools" / "check_commits.py"), str(path)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert run.returncode == (1 if expected else 0), run.stderr
    for words in expected:
        assert words in run.stderr
